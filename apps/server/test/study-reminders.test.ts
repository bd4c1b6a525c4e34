/**
 * Issue 27 §3: study reminders. A student sets a weekly goal (minutes) and a reminder time (HH:MM
 * in their time zone); the job (run with a fake clock here) sends one reminder a local day when
 * they are behind — by e-mail through the outbox and by Web Push to a fake push service on
 * 127.0.0.1 — and never before the reminder time, never twice, never when the goal is met.
 */
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { studyMinutes } from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
// web-push's own encryption library, used here as the browser would to decrypt the message.
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  learningDays,
  lessonProgress,
  profiles,
  pushSubscriptions,
  studyReminderDays,
} from "../src/db/schema/index.ts";
import { signUnsubscribeToken } from "../src/email/unsubscribe.ts";
import { EnvError, loadEnv, resolveVapidKeys } from "../src/env.ts";
import { sendStudyReminders } from "../src/features/study-reminders/study-reminders.service.ts";
import {
  createTestContext,
  lessonIdsOf,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  textLessonsDraft,
} from "./harness.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

let ctx: TestContext;
let creator: Account;
let vn: Account; // Asia/Ho_Chi_Minh (UTC+7), reminder 19:00, behind
let ny: Account; // America/New_York (UTC−5 in December), reminder 08:30, behind
let done: Account; // Asia/Ho_Chi_Minh, goal already met this week
let other: Account;
let courseId: string;
let lessonIds: string[];

interface PushRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}
let pushServer: Server;
let pushBase: string;
const pushRequests: PushRequest[] = [];

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

/** A browser's push keys: the P-256 key pair and auth secret it would hand the push service. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

async function outboxFor(email: string) {
  return ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, email.toLowerCase()), eq(emailOutbox.template, "study-reminder")));
}

const run = (iso: string) =>
  sendStudyReminders({
    db: ctx.runtime.db,
    mailer: ctx.runtime.mailer,
    appUrl: "https://academy.test",
    vapid: ctx.runtime.vapid,
    now: () => new Date(iso),
  });

async function studied(who: Account, day: string, minutes: number) {
  await ctx.runtime.db
    .insert(learningDays)
    .values({ student_id: who.userId, course_id: courseId, day, seconds: minutes * 60, events: 1 });
}

beforeAll(async () => {
  ctx = await createTestContext();
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      pushRequests.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith("/gone") ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, "127.0.0.1", resolve));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  creator = await signUpAndSignIn(ctx, { name: "Lan Nguyen" });
  courseId = await publishCourse(
    ctx,
    creator.cookie,
    textLessonsDraft("Phở from scratch", ["Bones", "Spices"]),
  );
  lessonIds = await lessonIdsOf(ctx, courseId);
  [vn, ny, done, other] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Vy Tran" }),
    signUpAndSignIn(ctx, { name: "Nora Young" }),
    signUpAndSignIn(ctx, { name: "Dung Pham" }),
    signUpAndSignIn(ctx, { name: "Olga Ivanova" }),
  ]);
  for (const who of [vn, ny, done, other]) {
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
    expect((await call(who, "POST", `/api/courses/${courseId}/enroll`, {})).status).toBeLessThan(300);
  }
  await ctx.runtime.db
    .update(profiles)
    .set({ time_zone: "America/New_York", locale: "en" })
    .where(eq(profiles.user_id, ny.userId));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => pushServer.close(resolve));
  await ctx?.close();
});

/** The harness's AUTH_SECRET (apps/server/test/harness.ts), which signs unsubscribe links. */
const HARNESS_SECRET = "test-secret-test-secret-test-secret-0123456789";

describe("study reminder settings", () => {
  it("needs a signed-in user", async () => {
    expect((await call(null, "GET", "/api/study-reminders")).status).toBe(401);
    const put = await call(null, "PUT", "/api/study-reminders", {
      weeklyGoalMinutes: 60,
      reminderTime: "19:00",
      emailEnabled: true,
      pushEnabled: false,
    });
    expect(put.status).toBe(401);
  });

  it("refuses a goal outside 30–1,200 minutes or off the 15-minute steps, and a bad time", async () => {
    const good = { weeklyGoalMinutes: 120, reminderTime: "19:00", emailEnabled: true, pushEnabled: false };
    for (const bad of [
      { ...good, weeklyGoalMinutes: 15 },
      { ...good, weeklyGoalMinutes: 1215 },
      { ...good, weeklyGoalMinutes: 100 },
      { ...good, weeklyGoalMinutes: 60.5 },
      { ...good, reminderTime: "24:00" },
      { ...good, reminderTime: "7:00" },
      { ...good, reminderTime: "07:60" },
      { weeklyGoalMinutes: 120, reminderTime: "19:00" },
    ]) {
      const response = await call(other, "PUT", "/api/study-reminders", bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      const error = ((await response.json()) as { error: { message: string } }).error;
      expect(error.message.length).toBeGreaterThan(0);
    }
    const goal = await call(other, "PUT", "/api/study-reminders", { ...good, weeklyGoalMinutes: 100 });
    expect(((await goal.json()) as { error: { reason?: string } }).error.reason).toBe("studyReminder.goal");
    // Nothing was saved by the refused requests.
    const state = (await (await call(other, "GET", "/api/study-reminders")).json()) as { settings: unknown };
    expect(state.settings).toBeNull();
  });

  it("saves and reads back only the caller's own settings", async () => {
    const saved = await call(other, "PUT", "/api/study-reminders", {
      weeklyGoalMinutes: 1200,
      reminderTime: "06:15",
      emailEnabled: false,
      pushEnabled: true,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const mine = (await (await call(other, "GET", "/api/study-reminders")).json()) as {
      settings: {
        weeklyGoalMinutes: number;
        reminderTime: string;
        emailEnabled: boolean;
        pushEnabled: boolean;
      };
    };
    expect(mine.settings).toEqual({
      weeklyGoalMinutes: 1200,
      reminderTime: "06:15",
      emailEnabled: false,
      pushEnabled: true,
    });
    const theirs = (await (await call(done, "GET", "/api/study-reminders")).json()) as { settings: unknown };
    expect(theirs.settings).toBeNull();
    // Turn "other" off again so the job below looks only at the students it is about.
    await call(other, "PUT", "/api/study-reminders", {
      weeklyGoalMinutes: 1200,
      reminderTime: "06:15",
      emailEnabled: false,
      pushEnabled: false,
    });
  });

  it("shows this week's minutes by the dashboard's study-time definition", async () => {
    const opened = await call(other, "POST", `/api/learn/${courseId}/lessons/${lessonIds[0]}/progress`, {
      event: "open",
      timeSpentDelta: 0,
    });
    expect(opened.status).toBe(200);
    await ctx.runtime.db
      .update(lessonProgress)
      .set({ opened_at: sql`now() - interval '10 minutes'` })
      .where(and(eq(lessonProgress.student_id, other.userId), eq(lessonProgress.lesson_id, lessonIds[0])));
    const time = await call(other, "POST", `/api/learn/${courseId}/lessons/${lessonIds[0]}/progress`, {
      event: "time",
      timeSpentDelta: 150,
    });
    expect(time.status).toBe(200);
    const dashboard = (await (await call(other, "GET", "/api/dashboard")).json()) as {
      stats: { studySeconds: number };
    };
    const state = (await (await call(other, "GET", "/api/study-reminders")).json()) as {
      weekMinutes: number;
      dueMinutes: number;
      isoWeekday: number;
    };
    expect(dashboard.stats.studySeconds).toBe(150);
    expect(state.weekMinutes).toBe(studyMinutes(dashboard.stats.studySeconds));
    expect(state.weekMinutes).toBe(3);
    expect(state.dueMinutes).toBe(Math.ceil((1200 * state.isoWeekday) / 7));
  });

  it("one-click unsubscribe from a reminder e-mail turns the reminder's e-mail off", async () => {
    const put = await call(other, "PUT", "/api/study-reminders", {
      weeklyGoalMinutes: 300,
      reminderTime: "07:00",
      emailEnabled: true,
      pushEnabled: false,
    });
    expect(put.status).toBe(200);
    const token = signUnsubscribeToken(HARNESS_SECRET, other.userId, "study_reminder");
    const done = await ctx.request(`/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    const read = (await (await call(other, "GET", "/api/study-reminders")).json()) as {
      settings: { emailEnabled: boolean; weeklyGoalMinutes: number };
    };
    expect(read.settings).toMatchObject({ emailEnabled: false, weeklyGoalMinutes: 300 });
  });

  it("stores a browser's push subscription for its own user; others cannot remove it", async () => {
    const key = await call(null, "GET", "/api/study-reminders/vapid-public-key");
    expect(key.status).toBe(200);
    expect(((await key.json()) as { publicKey: string }).publicKey).toBe(ctx.runtime.vapid.publicKey);
    const keys = browserKeys();
    const endpoint = `${pushBase}/perm-check`;
    expect(
      (await call(done, "POST", "/api/study-reminders/push-subscriptions", { endpoint, keys: keys.json }))
        .status,
    ).toBe(204);
    // Neither an http endpoint off this machine nor junk keys are accepted.
    const remote = await call(done, "POST", "/api/study-reminders/push-subscriptions", {
      endpoint: "http://push.example.com/x",
      keys: keys.json,
    });
    expect(remote.status).toBe(400);
    expect(
      (await call(done, "POST", "/api/study-reminders/push-subscriptions", { endpoint, keys: {} })).status,
    ).toBe(400);
    expect(
      (await call(other, "DELETE", "/api/study-reminders/push-subscriptions", { endpoint })).status,
    ).toBe(204);
    const kept = await ctx.runtime.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(kept.map((s) => s.user_id)).toEqual([done.userId]);
    expect((await call(done, "DELETE", "/api/study-reminders/push-subscriptions", { endpoint })).status).toBe(
      204,
    );
    const gone = await ctx.runtime.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(gone).toHaveLength(0);
  });
});

describe("the reminder job (fake clock)", () => {
  let vnKeys: ReturnType<typeof browserKeys>;

  beforeAll(async () => {
    // Week of Monday 30 November 2026; "today" is Wednesday 2 December (weekday 3).
    const settings = (goal: number, time: string, push: boolean) => ({
      weeklyGoalMinutes: goal,
      reminderTime: time,
      emailEnabled: true,
      pushEnabled: push,
    });
    // vn: goal 150 min → 65 min due by the end of Wednesday; studied 200 min last Sunday (another
    // week) and 20 min on Monday → behind.
    expect((await call(vn, "PUT", "/api/study-reminders", settings(150, "19:00", true))).status).toBe(200);
    await studied(vn, "2026-11-29", 200);
    await studied(vn, "2026-11-30", 20);
    // ny: goal 75 min → 33 due; studied 10 → behind. E-mail only.
    expect((await call(ny, "PUT", "/api/study-reminders", settings(75, "08:30", false))).status).toBe(200);
    await studied(ny, "2026-12-01", 10);
    // done: goal 60 min, already studied 60 this week → never reminded this week.
    expect((await call(done, "PUT", "/api/study-reminders", settings(60, "19:00", true))).status).toBe(200);
    await studied(done, "2026-11-30", 60);
    vnKeys = browserKeys();
    for (const endpoint of [`${pushBase}/vn-phone`, `${pushBase}/gone-laptop`]) {
      const r = await call(vn, "POST", "/api/study-reminders/push-subscriptions", {
        endpoint,
        keys: vnKeys.json,
      });
      expect(r.status).toBe(204);
    }
    const doneKeys = browserKeys();
    await call(done, "POST", "/api/study-reminders/push-subscriptions", {
      endpoint: `${pushBase}/done-phone`,
      keys: doneKeys.json,
    });
  });

  it("sends nothing before the reminder time", async () => {
    // 11:59 UTC = 18:59 in Ho Chi Minh City, 06:59 in New York.
    expect(await run("2026-12-02T11:59:00Z")).toBe(0);
    expect(await outboxFor(vn.email)).toHaveLength(0);
    expect(pushRequests).toHaveLength(0);
  });

  it("sends one reminder at the reminder time: e-mail and Web Push, encrypted and VAPID-signed", async () => {
    expect(await run("2026-12-02T12:00:00Z")).toBe(1); // 19:00 in Ho Chi Minh City: vn only
    const mails = await outboxFor(vn.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Dành vài phút học hôm nay nhé");
    expect(mails[0].text).toContain("Tuần này bạn đã học 20 phút trên mục tiêu 2 giờ 30 phút.");
    expect(mails[0].text).toContain(`https://academy.test/learn/${courseId}`);
    expect(mails[0].text).toContain("https://academy.test/dashboard#study-reminders");
    // Non-essential: it carries one-click unsubscribe (RFC 8058).
    expect(mails[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[0].headers?.["List-Unsubscribe"]).toMatch(
      /^<https?:\/\/[^/]+\/unsubscribe\/[\w-]+\.study_reminder\.[\w-]+>$/,
    );
    expect(await outboxFor(ny.email)).toHaveLength(0);
    expect(await outboxFor(done.email)).toHaveLength(0);

    const phone = pushRequests.filter((r) => r.path === "/vn-phone");
    expect(phone).toHaveLength(1);
    const [request] = phone;
    expect(request.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${ctx.runtime.vapid.publicKey}$`),
    );
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.body.toString("utf8")).not.toContain("Phở");
    const plain = ece.decrypt(request.body, {
      version: "aes128gcm",
      privateKey: vnKeys.ecdh,
      authSecret: vnKeys.auth.toString("base64url"),
    });
    expect(JSON.parse(plain.toString("utf8"))).toEqual({
      title: "Đến giờ học rồi",
      body: 'Tuần này: 20/150 phút. Học tiếp "Phở from scratch".',
      url: `/learn/${courseId}`,
      tag: "study-reminder",
    });
    // The push service answered 410 for the laptop: that subscription is removed, the phone's kept.
    expect(pushRequests.filter((r) => r.path === "/gone-laptop")).toHaveLength(1);
    const left = await ctx.runtime.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, vn.userId));
    expect(left.map((s) => s.endpoint)).toEqual([`${pushBase}/vn-phone`]);
    // done met the goal: nothing, and the day is recorded as on track.
    expect(pushRequests.filter((r) => r.path === "/done-phone")).toHaveLength(0);
    const [doneDay] = await ctx.runtime.db
      .select()
      .from(studyReminderDays)
      .where(eq(studyReminderDays.user_id, done.userId));
    expect(doneDay).toMatchObject({ local_date: "2026-12-02", outcome: "on_track", week_minutes: 60 });
  });

  it("sends at most one a day, even with two runs at once and a late run", async () => {
    const [a, b] = await Promise.all([run("2026-12-02T12:05:00Z"), run("2026-12-02T12:05:00Z")]);
    expect(a + b).toBe(0);
    expect(await run("2026-12-02T13:29:00Z")).toBe(0); // 20:29 in Ho Chi Minh City, 08:29 in New York
    expect(await outboxFor(vn.email)).toHaveLength(1);
    expect(pushRequests.filter((r) => r.path === "/vn-phone")).toHaveLength(1);
  });

  it("uses each student's own time zone", async () => {
    expect(await run("2026-12-02T13:29:00Z")).toBe(0); // 08:29 in New York
    expect(await outboxFor(ny.email)).toHaveLength(0);
    expect(await run("2026-12-02T13:30:00Z")).toBe(1); // 08:30 in New York
    const mails = await outboxFor(ny.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("A few minutes of study today?");
    expect(mails[0].text).toContain("This week you have studied 10 min of your 1 h 15 min goal.");
    // A late run the same day (23:59 in Ho Chi Minh City, 11:59 in New York) sends nothing more.
    expect(await run("2026-12-02T16:59:00Z")).toBe(0);
    expect(await outboxFor(ny.email)).toHaveLength(1);
    expect(await outboxFor(vn.email)).toHaveLength(1);
  });

  it("two concurrent runs at the reminder time send exactly one", async () => {
    // Thursday 3 December, 19:00 in Ho Chi Minh City: the next day, vn is reminded again — once.
    const [a, b] = await Promise.all([run("2026-12-03T12:00:00Z"), run("2026-12-03T12:00:00Z")]);
    expect(a + b).toBe(1);
    expect(await outboxFor(vn.email)).toHaveLength(2);
    expect(pushRequests.filter((r) => r.path === "/vn-phone")).toHaveLength(2);
    const days = await ctx.runtime.db
      .select({ day: studyReminderDays.local_date, outcome: studyReminderDays.outcome })
      .from(studyReminderDays)
      .where(eq(studyReminderDays.user_id, vn.userId))
      .orderBy(studyReminderDays.local_date);
    expect(days).toEqual([
      { day: "2026-12-02", outcome: "sent" },
      { day: "2026-12-03", outcome: "sent" },
    ]);
  });

  it("sends nothing once the goal is met, and nothing with both channels off", async () => {
    await studied(vn, "2026-12-04", 130); // Friday: 150 of 150 minutes
    expect(await run("2026-12-04T12:00:00Z")).toBe(0);
    expect(await outboxFor(vn.email)).toHaveLength(2);
    await call(ny, "PUT", "/api/study-reminders", {
      weeklyGoalMinutes: 75,
      reminderTime: "08:30",
      emailEnabled: false,
      pushEnabled: false,
    });
    expect(await run("2026-12-04T13:30:00Z")).toBe(0);
    expect(await outboxFor(ny.email)).toHaveLength(1);
  });
});

describe("VAPID keys", () => {
  it("are generated once into DATA_DIR, or taken from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-vapid-"));
    const env = loadEnv({ DATA_DIR: dataDir, MAIL_FROM: "Academy <hello@academy.test>" });
    let generated = 0;
    const generate = () => {
      generated += 1;
      return { publicKey: "P".repeat(87), privateKey: "k".repeat(43) };
    };
    const first = resolveVapidKeys(env, generate);
    const again = resolveVapidKeys(env, generate);
    expect(generated).toBe(1);
    expect(again).toEqual(first);
    expect(first.subject).toBe("mailto:hello@academy.test");
    const file = path.join(dataDir, "vapid-keys.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const fromEnv = loadEnv({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: "Q".repeat(87),
      VAPID_PRIVATE_KEY: "z".repeat(43),
      VAPID_SUBJECT: "https://academy.test/contact",
    });
    expect(resolveVapidKeys(fromEnv, generate)).toEqual({
      publicKey: "Q".repeat(87),
      privateKey: "z".repeat(43),
      subject: "https://academy.test/contact",
    });
    expect(generated).toBe(1);
  });

  it("refuses one key without the other and a subject that is neither mailto: nor https", () => {
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: "Q".repeat(87) })).toThrow(EnvError);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: "Q".repeat(87), VAPID_PRIVATE_KEY: "short" })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => loadEnv({ VAPID_SUBJECT: "http://academy.test" })).toThrow(/VAPID_SUBJECT/);
  });
});
