/**
 * Issue 27 §4 (decision 0234): sharing an earned achievement on a public page with an Open Graph
 * image; the Admin Panel's Content Library (every course, landing page and material with a review
 * status); the web app's analytics record sent in batches to /api/learning/client-events.
 */

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CLIENT_EVENT_BATCH_MAX,
  CLIENT_EVENT_BATCHES_PER_WINDOW,
  type ErrorBody,
  type LibraryList,
  MODERATION_MESSAGES,
  type PublicAchievement,
  resolveSeo,
  resolveStyles,
} from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import {
  achievementAwards,
  clientEvents,
  courses,
  emailOutbox,
  materials,
  profiles,
} from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import {
  createTestContext,
  enrolTwoFactor,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  TEST_ORIGIN,
  type TestContext,
} from "./harness.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let admin: Account;
let creator: Account;
let student: Account;

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, creator, student] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Ada Admin" }),
    signUpAndSignIn(ctx, { name: "Cao Thị Hương" }),
    signUpAndSignIn(ctx, { name: "Nguyễn Văn Bình" }),
  ]);
  expect(await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" })).toBe(
    "changed",
  );
  await enrolTwoFactor(ctx, admin);
  await ctx.runtime.db.update(profiles).set({ locale: "vi" }).where(eq(profiles.user_id, creator.userId));
  await ctx.runtime.db.update(profiles).set({ locale: "en" }).where(eq(profiles.user_id, student.userId));
}, 60_000);
afterAll(() => ctx?.close());

describe("achievement sharing", () => {
  let webDist: string;
  let app: ReturnType<typeof createApp>["app"];
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "academy-web-"));
    writeFileSync(
      path.join(webDist, "index.html"),
      '<!doctype html><html><head><title>Academy</title><meta name="description" content="Courses" /></head><body><div id="root"></div></body></html>',
    );
    app = createApp(ctx.runtime, { webDist }).app;
    await ctx.runtime.db.insert(achievementAwards).values({
      user_id: student.userId,
      achievement: "firstSteps",
      awarded_at: new Date("2026-11-20T03:00:00Z"),
    });
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it("refuses an achievement not earned, or unknown, and needs a session", async () => {
    const notEarned = await call(student, "POST", "/api/community/achievements/speedLearner/share");
    expect(notEarned.status).toBe(404);
    expect((await errorOf(notEarned)).reason).toBe("community.achievementNotEarned");
    expect((await call(student, "POST", "/api/community/achievements/nope/share")).status).toBe(404);
    expect((await call(null, "POST", "/api/community/achievements/firstSteps/share")).status).toBe(401);
  });

  it("shares on a public page with nothing private, an OG head and a 1200×630 PNG; stopping 404s it", async () => {
    const shared = await call(student, "POST", "/api/community/achievements/firstSteps/share");
    expect(shared.status).toBe(200);
    const { shareId, url } = (await shared.json()) as { shareId: string; url: string };
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`${TEST_ORIGIN}/achievements/${shareId}`);
    // Idempotent: sharing again gives the same page.
    const again = (await (
      await call(student, "POST", "/api/community/achievements/firstSteps/share")
    ).json()) as {
      shareId: string;
    };
    expect(again.shareId).toBe(shareId);
    // The owner's list carries the id.
    const list = (await (await call(student, "GET", "/api/community/achievements")).json()) as {
      achievements: { id: string; shareId: string | null }[];
    };
    expect(list.achievements.find((a) => a.id === "firstSteps")?.shareId).toBe(shareId);
    expect(list.achievements.find((a) => a.id === "earlyBird")?.shareId).toBeNull();

    // The public API: anyone, nothing private.
    const pub = await call(null, "GET", `/api/achievements/${shareId}`);
    expect(pub.status).toBe(200);
    const page = (await pub.json()) as PublicAchievement;
    expect(page).toEqual({
      shareId,
      achievement: "firstSteps",
      displayName: "Nguyễn Văn Bình",
      earnedAt: "2026-11-20T03:00:00.000Z",
      platformName: "Academy",
      imageUrl: `${TEST_ORIGIN}/api/achievements/${shareId}/image.png`,
    });
    const raw = JSON.stringify(page);
    expect(raw).not.toContain(student.email);
    expect(raw).not.toContain(student.userId);

    // The server-rendered head.
    const html = await (await app.request(`${TEST_ORIGIN}/achievements/${shareId}`)).text();
    expect(html).toContain("<title>Nguyễn Văn Bình earned “First Steps” — Academy</title>");
    expect(html).toContain(
      `<meta property="og:image" content="${TEST_ORIGIN}/api/achievements/${shareId}/image.png" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/achievements/${shareId}" />`);
    expect(html).toContain("20 November 2026");
    expect(html).not.toContain(student.email);
    expect(html).not.toContain(student.userId);
    // In the sharer's language.
    await ctx.runtime.db.update(profiles).set({ locale: "vi" }).where(eq(profiles.user_id, student.userId));
    const vi = await (await app.request(`${TEST_ORIGIN}/achievements/${shareId}`)).text();
    expect(vi).toContain("<title>Nguyễn Văn Bình đạt thành tích “Bước đầu tiên” — Academy</title>");
    expect(vi).toContain("20 tháng 11, 2026");
    await ctx.runtime.db.update(profiles).set({ locale: "en" }).where(eq(profiles.user_id, student.userId));

    // The image: a valid PNG of 1200×630.
    const image = await call(null, "GET", `/api/achievements/${shareId}/image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);

    // Stop sharing: everything 404s, the page too.
    expect((await call(student, "DELETE", "/api/community/achievements/firstSteps/share")).status).toBe(204);
    expect((await call(null, "GET", `/api/achievements/${shareId}`)).status).toBe(404);
    expect((await call(null, "GET", `/api/achievements/${shareId}/image.png`)).status).toBe(404);
    const gone = await app.request(`${TEST_ORIGIN}/achievements/${shareId}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain("Nguyễn Văn Bình");
    // Sharing again makes a new id; the old link stays dead.
    const renewed = (await (
      await call(student, "POST", "/api/community/achievements/firstSteps/share")
    ).json()) as {
      shareId: string;
    };
    expect(renewed.shareId).not.toBe(shareId);
    expect((await call(null, "GET", `/api/achievements/${shareId}`)).status).toBe(404);
  });

  it("another person cannot stop someone else's share", async () => {
    const { shareId } = (await (
      await call(student, "POST", "/api/community/achievements/firstSteps/share")
    ).json()) as {
      shareId: string;
    };
    expect((await call(creator, "DELETE", "/api/community/achievements/firstSteps/share")).status).toBe(204);
    expect((await call(null, "GET", `/api/achievements/${shareId}`)).status).toBe(200);
  });
});

describe("Content Library", () => {
  let courseId: string;
  let pageId: string;
  let materialId: string;

  beforeAll(async () => {
    courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Tiếng Việt giao tiếp"));
    const created = await call(creator, "POST", "/api/landing-pages", {
      title: "Trang Phở Hà Nội",
      description: "",
      slug: `pho-${randomUUID().slice(0, 8)}`,
      courseId: null,
      templateId: null,
      contentData: { sections: [] },
      styleData: resolveStyles({}),
      seoData: resolveSeo({}),
      isPublished: true,
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    pageId = ((await created.json()) as { id: string }).id;
    const [material] = await ctx.runtime.db
      .insert(materials)
      .values({ creator_id: creator.userId, title: "Bài tập Đọc hiểu", type: "quiz" })
      .returning({ id: materials.id });
    materialId = material.id;
  });

  async function library(query: string): Promise<LibraryList> {
    const response = await call(admin, "GET", `/api/admin/library?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as LibraryList;
  }

  it("refuses non-admins and admins without two-factor", async () => {
    for (const who of [null, creator, student]) {
      expect([401, 403]).toContain((await call(who, "GET", "/api/admin/library")).status);
      expect([401, 403]).toContain(
        (await call(who, "POST", `/api/admin/library/course/${courseId}/review`, { decision: "approved" }))
          .status,
      );
    }
    expect((await call(creator, "GET", "/api/admin/library")).status).toBe(403);
    const noTwoFactor = await signUpAndSignIn(ctx, { name: "New Admin" });
    await setAdminByEmail(ctx.runtime.db, noTwoFactor.email, true, { id: null, email: "test" });
    const refused = await call(noTwoFactor, "GET", "/api/admin/library");
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("TWO_FACTOR_REQUIRED");
  });

  it("lists all three kinds as pending, with type, status and accent-insensitive search", async () => {
    const all = await library("search=tieng viet");
    expect(all.items.map((i) => [i.type, i.title, i.status])).toEqual([
      ["course", "Tiếng Việt giao tiếp", "pending"],
    ]);
    expect((await library("type=landing_page&search=pho")).items.map((i) => i.id)).toEqual([pageId]);
    const mats = await library("type=material&search=doc hieu");
    expect(mats.items).toHaveLength(1);
    expect(mats.items[0]).toMatchObject({
      id: materialId,
      materialType: "quiz",
      link: null,
      ownerName: "Cao Thị Hương",
    });
    // The owner's name finds all three.
    const byOwner = await library("search=cao thi huong");
    expect(new Set(byOwner.items.map((i) => i.type))).toEqual(
      new Set(["course", "landing_page", "material"]),
    );
    expect((await library("status=approved&search=cao thi huong")).total).toBe(0);
  });

  it("paginates 20 a page", async () => {
    await ctx.runtime.db.insert(materials).values(
      Array.from({ length: 21 }, (_, i) => ({
        creator_id: creator.userId,
        title: `Pager ${i}`,
        type: "worksheet",
      })),
    );
    const first = await library("type=material&search=pager");
    expect(first.total).toBe(21);
    expect(first.items).toHaveLength(20);
    const second = await library("type=material&search=pager&page=2");
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(21);
    expect((await library("type=material&search=pager&page=3")).total).toBe(21);
  });

  it("reject needs a reason, takes the course down, e-mails the owner in Vietnamese; approve lets it go live again", async () => {
    const noReason = await call(admin, "POST", `/api/admin/library/course/${courseId}/review`, {
      decision: "rejected",
    });
    expect(noReason.status).toBe(400);
    const rejected = await call(admin, "POST", `/api/admin/library/course/${courseId}/review`, {
      decision: "rejected",
      reason: "Nội dung sao chép",
    });
    expect(rejected.status, await rejected.clone().text()).toBe(204);
    const [course] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course.is_published).toBe(false);
    expect(course.taken_down_at).not.toBeNull();
    const item = (await library("type=course&search=tieng viet")).items[0];
    expect(item).toMatchObject({ status: "rejected", rejectReason: "Nội dung sao chép", takenDown: true });
    const mails = await ctx.runtime.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, creator.email.toLowerCase()),
          eq(emailOutbox.template, "content-review"),
        ),
      );
    expect(mails.map((m) => m.subject)).toEqual(["Khóa học của bạn bị từ chối"]);
    expect(mails[0].text).toContain("Nội dung sao chép");
    // The owner cannot publish it.
    const goLive = await call(creator, "PATCH", `/api/courses/${courseId}`, { isPublished: true });
    expect(goLive.status).toBe(403);
    expect((await errorOf(goLive)).message).toBe(MODERATION_MESSAGES.courseTakenDown);
    // Approve: the take-down is lifted, the owner may publish, the status is approved.
    expect(
      (await call(admin, "POST", `/api/admin/library/course/${courseId}/review`, { decision: "approved" }))
        .status,
    ).toBe(204);
    expect((await library("type=course&search=tieng viet")).items[0]).toMatchObject({
      status: "approved",
      takenDown: false,
      rejectReason: null,
    });
    const republished = await call(creator, "PATCH", `/api/courses/${courseId}`, { isPublished: true });
    expect(republished.status, await republished.clone().text()).toBe(200);
    // Publishing again is a change after the decision: pending review again, and still live.
    expect((await library("type=course&search=tieng viet")).items[0]).toMatchObject({
      status: "pending",
      published: true,
    });
  });

  it("a rejected material is no longer a lesson resource; approving brings it back", async () => {
    expect(
      (
        await call(admin, "POST", `/api/admin/library/material/${materialId}/review`, {
          decision: "rejected",
          reason: "Sai đáp án",
        })
      ).status,
    ).toBe(204);
    const [row] = await ctx.runtime.db.select().from(materials).where(eq(materials.id, materialId));
    expect(row.taken_down_at).not.toBeNull();
    expect((await library("type=material&search=doc hieu")).items[0]).toMatchObject({
      status: "rejected",
      published: false,
    });
    await call(admin, "POST", `/api/admin/library/material/${materialId}/review`, { decision: "approved" });
    const [after] = await ctx.runtime.db.select().from(materials).where(eq(materials.id, materialId));
    expect(after.taken_down_at).toBeNull();
  });

  it("answers 404 for content that does not exist and audits decisions", async () => {
    const missing = await call(admin, "POST", `/api/admin/library/landing_page/${randomUUID()}/review`, {
      decision: "approved",
    });
    expect(missing.status).toBe(404);
    const audited = await ctx.runtime.db.execute(
      sql`select action from admin_audit_log where target_id = ${courseId} order by created_at`,
    );
    expect((audited as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      "library.reject",
      "library.approve",
    ]);
  });
});

describe("client analytics events", () => {
  const event = (name = "lesson_opened", id: string = randomUUID()) => ({
    id,
    name,
    properties: { courseId: "c1", path: "/learn/c1" },
    timestamp: new Date().toISOString(),
  });

  it("needs a session and validates names, sizes and batch caps", async () => {
    expect((await call(null, "POST", "/api/learning/client-events", { events: [event()] })).status).toBe(401);
    expect(
      (await call(student, "POST", "/api/learning/client-events", { events: [event("made_up")] })).status,
    ).toBe(400);
    expect((await call(student, "POST", "/api/learning/client-events", { events: [] })).status).toBe(400);
    const tooMany = Array.from({ length: CLIENT_EVENT_BATCH_MAX + 1 }, () => event());
    expect((await call(student, "POST", "/api/learning/client-events", { events: tooMany })).status).toBe(
      400,
    );
    const big = {
      ...event(),
      properties: {
        a: "x".repeat(500),
        b: "x".repeat(500),
        c: "x".repeat(500),
        d: "x".repeat(500),
        e: "x".repeat(500),
      },
    };
    expect((await call(student, "POST", "/api/learning/client-events", { events: [big] })).status).toBe(400);
    const rows = await ctx.runtime.db
      .select()
      .from(clientEvents)
      .where(eq(clientEvents.user_id, student.userId));
    expect(rows).toHaveLength(0);
  });

  it("stores a batch and de-duplicates by the client's id", async () => {
    const batch = [event("lesson_opened"), event("video_played"), event("quiz_submitted")];
    const first = await call(student, "POST", "/api/learning/client-events", { events: batch });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ accepted: 3, duplicates: 0 });
    const again = await call(student, "POST", "/api/learning/client-events", {
      events: [...batch, batch[0], event()],
    });
    expect(await again.json()).toEqual({ accepted: 1, duplicates: 4 });
    const rows = await ctx.runtime.db
      .select()
      .from(clientEvents)
      .where(eq(clientEvents.user_id, student.userId));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.client_event_id === batch[1].id)).toMatchObject({
      name: "video_played",
      properties: { courseId: "c1", path: "/learn/c1" },
    });
    // The same id from another account is that account's own event.
    expect(
      await (await call(creator, "POST", "/api/learning/client-events", { events: [batch[0]] })).json(),
    ).toEqual({
      accepted: 1,
      duplicates: 0,
    });
  });

  it("never adds to learning_events (no double counting with progress calls)", async () => {
    const before = await ctx.runtime.db.execute(sql`select count(*)::int as n from learning_events`);
    await call(student, "POST", "/api/learning/client-events", { events: [event("lesson_completed")] });
    const after = await ctx.runtime.db.execute(sql`select count(*)::int as n from learning_events`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0].n).toBe(
      (before as unknown as { rows: { n: number }[] }).rows[0].n,
    );
  });

  it("rate-limits batches per account", async () => {
    const fresh = await signUpAndSignIn(ctx, { name: "Rate Limited" });
    for (let i = 0; i < CLIENT_EVENT_BATCHES_PER_WINDOW; i++) {
      const ok = await call(fresh, "POST", "/api/learning/client-events", { events: [event()] });
      expect(ok.status).toBe(200);
    }
    const refused = await call(fresh, "POST", "/api/learning/client-events", { events: [event()] });
    expect(refused.status).toBe(429);
  });
});
