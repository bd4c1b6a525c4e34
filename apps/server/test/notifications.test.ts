/**
 * Issue 27 §2: the notification centre. `notify` fans out in one statement honouring each
 * person's preference, NOTIFYs the bell live over the messaging stream, and writes the e-mail of
 * types without one of their own; the wired events create the right notification; read markers,
 * pagination and permissions; one-click unsubscribe (RFC 8058) and its headers over SMTP.
 */
import { randomUUID } from "node:crypto";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationList,
  type NotificationPreferences,
} from "@academy/shared";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, notificationPreferences, notifications, orders, user } from "../src/db/schema/index.ts";
import { createMailer } from "../src/email/mailer.ts";
import { signUnsubscribeToken } from "../src/email/unsubscribe.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import { sendReplyDigests } from "../src/features/community/reply-digests.service.ts";
import {
  drainNotificationFanouts,
  NOTIFY_FANOUT_CHUNK,
  notify,
  pendingFanoutRecipients,
} from "../src/features/notifications/notifications.service.ts";
import { createLogger } from "../src/lib/logger.ts";
import {
  createTestContext,
  enrolTwoFactor,
  lessonIdsOf,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { readEvents } from "./messaging-helpers.ts";
import { startSmtpServer } from "./smtp.ts";
import { sellCourse } from "./support/sell.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let creator: Account;
let stu: Account;
let sam: Account;
let courseId: string;

const SECRET = "test-secret-test-secret-test-secret-0123456789";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function ok<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await response;
  expect(r.status, await r.clone().text()).toBe(status);
  return (await r.json()) as T;
}
const deps = () => ({ mailer: ctx.runtime.mailer, appUrl: ctx.runtime.env.appUrl });
const list = (who: Account, query = "") =>
  ok<NotificationList>(call(who, "GET", `/api/notifications${query}`));
const unread = async (who: Account) =>
  (await ok<{ unread: number }>(call(who, "GET", "/api/notifications/unread"))).unread;
async function newest(who: Account, type: string): Promise<Notification | undefined> {
  return (await list(who)).items.find((n) => n.type === type);
}
async function setChannel(who: Account, type: string, channel: string) {
  await ok(call(who, "PUT", "/api/notifications/preferences", { preferences: [{ type, channel }] }));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  creator = await signUpAndSignIn(ctx, { name: "Lan Nguyen" });
  [stu, sam] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Stu Tran" }),
    signUpAndSignIn(ctx, { name: "Sam Le" }),
  ]);
  courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Phở at home"));
  for (const who of [stu, sam])
    expect((await call(who, "POST", `/api/courses/${courseId}/enroll`)).status).toBe(200);
}, 120_000);
afterAll(() => ctx?.close());

describe("types", () => {
  // The Drizzle schema builds these constraints from the shared lists; this reads the migrated
  // database, so a type or channel added in packages/shared without its migration fails here.
  it("the migrated database's check constraints list exactly the shared types and channels", async () => {
    const listed = async (name: string) => {
      const { rows } = (await ctx.runtime.db.execute(
        sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`,
      )) as unknown as { rows: Array<{ def: string }> };
      expect(rows).toHaveLength(1);
      return [...(rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    };
    expect(await listed("notifications_type_check")).toEqual([...NOTIFICATION_TYPES]);
    expect(await listed("notification_preferences_type_check")).toEqual([...NOTIFICATION_TYPES]);
    expect(await listed("notification_preferences_channel_check")).toEqual([...NOTIFICATION_CHANNELS]);
  });
});

/** Recipients `notify` writes in the caller's transaction; the worker writes the rest. */
const C = NOTIFY_FANOUT_CHUNK;

describe("notify: fan-out and preferences", () => {
  it("writes one row per recipient whose channel is not off, and e-mails only those on e-mail", async () => {
    const [a, b, c] = await Promise.all([signUpAndSignIn(ctx), signUpAndSignIn(ctx), signUpAndSignIn(ctx)]);
    await setChannel(b, "mention", "off");
    await setChannel(c, "mention", "in_app");
    const before = await ctx.runtime.db.select({ id: emailOutbox.id }).from(emailOutbox);
    const result = await ctx.runtime.db.transaction((tx) =>
      notify(
        tx,
        {
          userIds: [a.userId, b.userId, c.userId, a.userId, "no-such-user"],
          type: "mention",
          data: { actorName: "Lan", title: "Broth" },
          link: "/dashboard/community?discussion=x",
        },
        deps(),
      ),
    );
    expect(result).toEqual({ notified: 2, emailed: 1, queued: 0 });
    expect((await list(a)).items.map((n) => n.type)).toEqual(["mention"]);
    expect((await list(b)).items).toEqual([]);
    expect((await list(c)).items).toHaveLength(1);
    const mails = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.id} not in (${sql.join(
          before.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    expect(mails.map((m) => m.to_address)).toEqual([a.email.toLowerCase()]);
    expect(mails[0]!.template).toBe("notification");
    expect(mails[0]!.subject).toContain("Broth");
    expect(mails[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mails[0]!.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\/[^>]+>$/,
    );
  });

  it("rolls back with the transaction it was given", async () => {
    const a = await signUpAndSignIn(ctx);
    await expect(
      ctx.runtime.db.transaction(async (tx) => {
        await notify(tx, { userIds: [a.userId], type: "review", data: {}, link: "/dashboard" }, deps());
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await list(a)).items).toEqual([]);
  });

  it("collapse: one unread item per link", async () => {
    const a = await signUpAndSignIn(ctx);
    const once = () =>
      notify(
        ctx.runtime.db,
        { userIds: [a.userId], type: "message", data: {}, link: "/x", collapse: true },
        deps(),
      );
    expect((await once()).notified).toBe(1);
    expect((await once()).notified).toBe(0);
    await ok(call(a, "POST", "/api/notifications/read-all"));
    expect((await once()).notified).toBe(1);
  });

  async function fans(count: number): Promise<string[]> {
    const users = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      name: `Fan ${i}`,
      email: `fan-${randomUUID()}@example.com`,
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await ctx.runtime.db.insert(user).values(users);
    return users.map((u) => u.id);
  }
  async function notificationsOf(ids: string[]) {
    return ctx.runtime.db
      .select({ user_id: notifications.user_id, type: notifications.type })
      .from(notifications)
      .where(inArray(notifications.user_id, ids));
  }

  it("fans out to 2,000: the first NOTIFY_FANOUT_CHUNK in the caller's transaction, the rest by the worker a chunk at a time (decision 0237)", async () => {
    const ids = await fans(2000);
    // Off for 500 people across the first chunk and the queued part.
    await ctx.runtime.db
      .insert(notificationPreferences)
      .values(
        ids.slice(C - 100, C + 400).map((id) => ({ user_id: id, type: "announcement", channel: "off" })),
      );
    const result = await ctx.runtime.db.transaction((tx) =>
      notify(
        tx,
        {
          userIds: [...ids, ...ids.slice(0, 10)],
          type: "announcement",
          data: { title: "Live class" },
          link: "/learn/x",
        },
        deps(),
      ),
    );
    // announcement has its own e-mail (the course update): notify writes none.
    expect(result).toEqual({ notified: C - 100, emailed: 0, queued: 2000 - C });
    expect(await notificationsOf(ids)).toHaveLength(C - 100);
    expect(await pendingFanoutRecipients(ctx.runtime.db)).toBe(2000 - C);

    expect(await drainNotificationFanouts(ctx.runtime.db, deps())).toBe(2000 - C - 400);
    const rows = await notificationsOf(ids);
    expect(rows).toHaveLength(1500);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(1500);
    const off = new Set(ids.slice(C - 100, C + 400));
    expect(rows.some((r) => off.has(r.user_id))).toBe(false);
    expect(await pendingFanoutRecipients(ctx.runtime.db)).toBe(0);
    // Nothing left: a second pass writes nothing.
    expect(await drainNotificationFanouts(ctx.runtime.db, deps())).toBe(0);
  });

  it("queues nothing when the caller's transaction rolls back", async () => {
    const ids = await fans(700);
    await expect(
      ctx.runtime.db.transaction(async (tx) => {
        await notify(tx, { userIds: ids, type: "announcement", data: {}, link: "/learn/y" }, deps());
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await pendingFanoutRecipients(ctx.runtime.db)).toBe(0);
    expect(await notificationsOf(ids)).toHaveLength(0);
  });

  it("writes the queued part's e-mails and honours collapse in every chunk", async () => {
    const ids = await fans(600);
    // mention has the generic notification e-mail (default channel e-mail); the last 50 already
    // have an unread mention of this link, which `collapse` must not repeat.
    await ctx.runtime.db
      .insert(notifications)
      .values(ids.slice(550).map((id) => ({ user_id: id, type: "mention", data: {}, link: "/d/z" })));
    const before = await ctx.runtime.db.select({ id: emailOutbox.id }).from(emailOutbox);
    const result = await notify(
      ctx.runtime.db,
      { userIds: ids, type: "mention", data: { actorName: "Lan" }, link: "/d/z", collapse: true },
      deps(),
    );
    expect(result).toEqual({ notified: C, emailed: C, queued: 600 - C });
    expect(await drainNotificationFanouts(ctx.runtime.db, deps())).toBe(600 - C - 50);
    expect(await notificationsOf(ids)).toHaveLength(600);
    const after = await ctx.runtime.db.select({ id: emailOutbox.id }).from(emailOutbox);
    expect(after.length - before.length).toBe(550);
  });

  it("two workers draining at once write each recipient once", async () => {
    const ids = await fans(3000);
    await notify(ctx.runtime.db, { userIds: ids, type: "announcement", data: {}, link: "/learn/w" }, deps());
    const [first, second] = await Promise.all([
      drainNotificationFanouts(ctx.runtime.db, deps()),
      drainNotificationFanouts(ctx.runtime.db, deps()),
    ]);
    expect(first + second).toBe(3000 - C);
    const rows = await notificationsOf(ids);
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(3000);
  });
});

describe("live: the bell over the messaging stream", () => {
  it("a stream gets a notification frame for a small and for a large fan-out, and nobody else's", async () => {
    const a = await signUpAndSignIn(ctx);
    const controller = new AbortController();
    const response = await ctx.request("/api/messaging/events", {
      cookie: a.cookie,
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const stream = readEvents(response.body!);
    await stream.waitFor((events) => events.some((e) => e.event === "ready"));
    const count = () => stream.events.filter((e) => e.event === "notification").length;
    // Somebody else's notification: no frame.
    await notify(ctx.runtime.db, { userIds: [sam.userId], type: "review", data: {}, link: "/d" }, deps());
    await notify(ctx.runtime.db, { userIds: [a.userId], type: "review", data: {}, link: "/d" }, deps());
    await stream.waitFor(() => count() === 1);
    // More than 150 recipients: the NOTIFY carries the time, the hub finds a among them.
    const many = Array.from({ length: 200 }, () => ({
      id: randomUUID(),
      name: "x",
      email: `many-${randomUUID()}@example.com`,
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await ctx.runtime.db.insert(user).values(many);
    await notify(
      ctx.runtime.db,
      { userIds: [...many.map((u) => u.id), a.userId], type: "review", data: {}, link: "/d" },
      deps(),
    );
    await stream.waitFor(() => count() === 2);
    // Marking read in another tab tells this one.
    await ok(call(a, "POST", "/api/notifications/read-all"));
    await stream.waitFor(() => count() === 3);
    expect(await unread(a)).toBe(0);
    controller.abort();
  });
});

describe("list, read, read all, permission", () => {
  it("pages newest first with a cursor, marks one and all read, and never shows or marks another's", async () => {
    const a = await signUpAndSignIn(ctx);
    for (let i = 0; i < 5; i++)
      await notify(
        ctx.runtime.db,
        { userIds: [a.userId], type: "ticket_reply", data: { title: `T${i}` }, link: `/t/${i}` },
        deps(),
      );
    expect(await unread(a)).toBe(5);
    const first = await list(a, "?limit=2");
    expect(first.items.map((n) => n.data.title)).toEqual(["T4", "T3"]);
    const second = await list(a, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.data.title)).toEqual(["T2", "T1"]);
    const third = await list(a, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((n) => n.data.title)).toEqual(["T0"]);
    expect(third.nextCursor).toBeNull();
    expect((await call(a, "GET", "/api/notifications?cursor=garbage")).status).toBe(400);

    const target = first.items[0]!;
    // Another person can neither read nor mark it.
    expect((await list(sam)).items.some((n) => n.id === target.id)).toBe(false);
    expect((await call(sam, "POST", `/api/notifications/${target.id}/read`)).status).toBe(404);
    expect((await call(null, "GET", "/api/notifications")).status).toBe(401);
    expect((await call(null, "GET", "/api/notifications/unread")).status).toBe(401);
    expect(await unread(a)).toBe(5);

    expect(await ok(call(a, "POST", `/api/notifications/${target.id}/read`))).toEqual({ unread: 4 });
    expect((await list(a, "?limit=1")).items[0]!.readAt).not.toBeNull();
    expect((await call(a, "POST", `/api/notifications/${randomUUID()}/read`)).status).toBe(404);
    expect(await ok(call(a, "POST", "/api/notifications/read-all"))).toEqual({ unread: 0 });
    expect(await unread(a)).toBe(0);
  });

  it("preferences: every type with its default, saved choices, email refused for essential types", async () => {
    const a = await signUpAndSignIn(ctx);
    const prefs = await ok<NotificationPreferences>(call(a, "GET", "/api/notifications/preferences"));
    expect(prefs.preferences.map((p) => p.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(prefs.preferences.find((p) => p.type === "discussion_reply")?.channel).toBe("email");
    expect(prefs.preferences.find((p) => p.type === "order_paid")?.channel).toBe("in_app");
    const refused = await call(a, "PUT", "/api/notifications/preferences", {
      preferences: [{ type: "order_paid", channel: "email" }],
    });
    expect(refused.status).toBe(400);
    expect(
      (
        await call(a, "PUT", "/api/notifications/preferences", {
          preferences: [{ type: "nope", channel: "off" }],
        })
      ).status,
    ).toBe(400);
    await setChannel(a, "review", "off");
    const saved = await ok<NotificationPreferences>(call(a, "GET", "/api/notifications/preferences"));
    expect(saved.preferences.find((p) => p.type === "review")?.channel).toBe("off");
    expect(saved.preferences.find((p) => p.type === "order_paid")?.channel).toBe("in_app");
  });
});

describe("wired events", () => {
  it("a reply to a student's discussion and an @mention", async () => {
    const created = await ok<{ id: string }>(
      call(stu, "POST", "/api/community/discussions", { title: "Broth tips", body: "How long?", courseId }),
      201,
    );
    await ok(
      call(sam, "POST", `/api/community/discussions/${created.id}/replies`, { body: "First reply" }),
      201,
    );
    const reply = await newest(stu, "discussion_reply");
    expect(reply).toMatchObject({
      data: { actorName: "Sam Le", title: "Broth tips", excerpt: "First reply" },
      link: `/dashboard/community?tab=discussions&discussion=${created.id}`,
      readAt: null,
    });
    // Own replies notify nobody.
    const before = (await list(stu)).items.length;
    await ok(call(stu, "POST", `/api/community/discussions/${created.id}/replies`, { body: "Thanks" }), 201);
    expect((await list(stu)).items.length).toBe(before);
    // Sam is in the thread: the creator mentions him by name.
    await ok(
      call(creator, "POST", `/api/community/discussions/${created.id}/replies`, {
        body: "Good point @Sam Le!",
      }),
      201,
    );
    expect(await newest(sam, "mention")).toMatchObject({
      data: { actorName: "Lan Nguyen", title: "Broth tips" },
    });
  });

  it("a new message (one bell item per conversation while unread)", async () => {
    const conversation = await ok<{ conversation: { id: string } }>(
      call(stu, "POST", "/api/conversations", { courseId }),
    );
    const id = conversation.conversation.id;
    await ok(call(stu, "POST", `/api/conversations/${id}/messages`, { content: "Xin chào" }), 201);
    await ok(call(stu, "POST", `/api/conversations/${id}/messages`, { content: "Again" }), 201);
    const items = (await list(creator)).items.filter((n) => n.type === "message");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      data: { actorName: "Stu Tran", courseTitle: "Phở at home" },
      link: `/dashboard/community?tab=messages&conversation=${id}`,
    });
    // Written by the send itself (decision 0242): once read, the next message adds a new item; a
    // refused send (not a participant) adds none; with the type turned off, none either.
    await ok(call(creator, "POST", "/api/notifications/read-all"));
    expect(
      (await call(sam, "POST", `/api/conversations/${id}/messages`, { content: "Not mine" })).status,
    ).toBe(403);
    await ok(call(stu, "POST", `/api/conversations/${id}/messages`, { content: "Third" }), 201);
    const after = (await list(creator)).items.filter((n) => n.type === "message");
    expect(after).toHaveLength(2);
    expect(after.filter((n) => n.readAt === null)).toHaveLength(1);
    await ok(call(stu, "POST", "/api/notifications/read-all"));
    await setChannel(stu, "message", "off");
    await ok(call(creator, "POST", `/api/conversations/${id}/messages`, { content: "Hello back" }), 201);
    expect((await list(stu)).items.filter((n) => n.type === "message")).toHaveLength(0);
  });

  it("a student joins a study group: its owner hears", async () => {
    const group = await ok<{ id: string }>(
      call(stu, "POST", "/api/study-groups", { courseId, name: "Night owls", capacity: 5 }),
      201,
    );
    await ok(call(sam, "POST", `/api/study-groups/${group.id}/join`, {}));
    expect(await newest(stu, "study_group")).toMatchObject({
      data: { actorName: "Sam Le", title: "Night owls", event: "joined" },
      link: `/dashboard/community?tab=groups&group=${group.id}`,
    });
  });

  it("a new review tells the course's creator once (an edit does not)", async () => {
    await ok(call(creator, "PATCH", `/api/courses/${courseId}/review-settings`, { minProgress: 0 }));
    await ok(call(sam, "PUT", `/api/courses/${courseId}/reviews/mine`, { rating: 5, body: "Great" }));
    await ok(call(sam, "PUT", `/api/courses/${courseId}/reviews/mine`, { rating: 4, body: "Good" }));
    const reviews = (await list(creator)).items.filter((n) => n.type === "review");
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      data: { actorName: "Sam Le", courseTitle: "Phở at home", rating: 5 },
    });
  });

  it("completing the course issues the certificate and tells the student, linking to it", async () => {
    const [lessonId] = await lessonIdsOf(ctx, courseId);
    for (const event of ["open", "complete"])
      await ok(call(stu, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, { event }));
    const item = await newest(stu, "certificate_issued");
    expect(item?.data).toEqual({ courseTitle: "Phở at home" });
    expect(item?.link).toMatch(/^\/certificates\/[A-Z0-9-]+$/);
    // certificate_issued defaults to e-mail: the notification e-mail went out with unsubscribe.
    const [mail] = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to_address, stu.email.toLowerCase()), eq(emailOutbox.template, "notification")),
      )
      .orderBy(desc(emailOutbox.created_at))
      .limit(1);
    expect(mail?.headers?.["List-Unsubscribe"]).toContain("/unsubscribe/");
  });

  it("a course announcement: every student's bell; the e-mail only for those on e-mail, with unsubscribe", async () => {
    await setChannel(sam, "announcement", "in_app");
    const before = new Date();
    await ok(
      call(creator, "POST", "/api/courses/bulk", {
        action: "email",
        courseIds: [courseId],
        subject: "Live class Friday",
        message: "See you",
      }),
    );
    expect(await newest(stu, "announcement")).toMatchObject({ data: { title: "Live class Friday" } });
    expect(await newest(sam, "announcement")).toBeDefined();
    const mails = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "course-update"), sql`${emailOutbox.created_at} >= ${before}`));
    expect(mails.map((m) => m.to_address)).toEqual([stu.email.toLowerCase()]);
    expect(mails[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("more wired events", () => {
  it("a help-ticket reply tells the other side; a study-group session tells the other members", async () => {
    const sent = await ok<{ id: string }>(
      call(stu, "POST", "/api/help/contact-instructor", { subject: "Lesson 1", message: "Where?", courseId }),
      201,
    );
    await ok(call(creator, "POST", `/api/help/tickets/${sent.id}/replies`, { body: "Here." }), 201);
    expect(await newest(stu, "ticket_reply")).toMatchObject({
      data: { actorName: "Lan Nguyen", title: "Lesson 1" },
      link: `/dashboard/help?tab=tickets&ticket=${sent.id}`,
    });
    await ok(call(stu, "POST", `/api/help/tickets/${sent.id}/replies`, { body: "Thanks" }), 201);
    expect(await newest(creator, "ticket_reply")).toMatchObject({ data: { actorName: "Stu Tran" } });

    const group = await ok<{ id: string }>(
      call(sam, "POST", "/api/study-groups", { courseId, name: "Early birds", capacity: 5 }),
      201,
    );
    await ok(call(stu, "POST", `/api/study-groups/${group.id}/join`, {}));
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    await ok(
      call(sam, "POST", `/api/study-groups/${group.id}/sessions`, {
        title: "Tones",
        startsAt,
        durationMinutes: 30,
      }),
      201,
    );
    expect(await newest(stu, "study_group")).toMatchObject({
      data: { title: "Early birds", excerpt: "Tones", event: "session" },
    });
  });

  it("a buddy request (bell, and its own e-mail with unsubscribe) and its acceptance", async () => {
    for (const who of [stu, sam])
      await ok(
        call(who, "PUT", "/api/study-buddies/preferences", {
          visible: true,
          courseIds: [courseId],
          timeZone: "Asia/Ho_Chi_Minh",
        }),
      );
    const link = await ok<{ id: string }>(
      call(stu, "POST", "/api/study-buddies/requests", { userId: sam.userId }),
      201,
    );
    expect(await newest(sam, "buddy")).toMatchObject({
      data: { actorName: "Stu Tran", event: "request" },
      link: "/dashboard/community?tab=buddies",
    });
    const [mail] = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to_address, sam.email.toLowerCase()), eq(emailOutbox.template, "buddy-request")),
      )
      .limit(1);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Only one e-mail for the event: the notification e-mail is not written besides it.
    const generic = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to_address, sam.email.toLowerCase()), eq(emailOutbox.template, "notification")),
      );
    expect(generic.filter((m) => /study buddy|bạn học/i.test(m.subject))).toEqual([]);
    await ok(call(sam, "POST", `/api/study-buddies/requests/${link.id}/accept`));
    expect(await newest(stu, "buddy")).toMatchObject({ data: { actorName: "Sam Le", event: "accepted" } });
  });
});

describe("orders", () => {
  it("paid: the buyer's bell (a confirmation by hand tells the creator nothing); refunded: the buyer's", async () => {
    const paid = await publishCourse(
      ctx,
      creator.cookie,
      oneLessonDraft("Bánh mì bakery", { price: 490000, currency: "VND" }),
    );
    await sellCourse(ctx, creator.cookie, paid);
    const buyer = await signUpAndSignIn(ctx, { name: "Binh Buyer" });
    const enrolled = await ok<{ orderReference: string }>(
      call(buyer, "POST", `/api/courses/${paid}/enroll`, {}),
    );
    const ref = enrolled.orderReference;
    await ok(call(buyer, "POST", `/api/checkout/${ref}/method`, { method: "cash" }));
    await ok(call(buyer, "POST", `/api/checkout/${ref}/transferred`, {}));
    const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
    const creatorSalesBefore = (await list(creator)).items.filter((n) => n.type === "order_paid").length;
    await ok(call(creator, "POST", `/api/earnings/orders/${order!.id}/confirm`, {}));
    expect(await newest(buyer, "order_paid")).toMatchObject({
      data: { courseTitle: "Bánh mì bakery", reference: ref, event: "purchase" },
      link: "/dashboard/account#purchases",
    });
    expect((await list(creator)).items.filter((n) => n.type === "order_paid")).toHaveLength(
      creatorSalesBefore,
    );

    await ok(
      call(creator, "POST", `/api/earnings/orders/${order!.id}/refund`, {
        outside: true,
        reason: "Cash back",
      }),
    );
    expect(await newest(buyer, "order_refunded")).toMatchObject({
      data: { courseTitle: "Bánh mì bakery", reference: ref },
    });
  });
});

describe("moderation", () => {
  it("an admin's decision on a report tells the author (the decision e-mail stays)", async () => {
    const admin = await signUpAndSignIn(ctx, { name: "Ada Admin" });
    await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" });
    await enrolTwoFactor(ctx, admin);
    await ok(call(creator, "PATCH", `/api/courses/${courseId}/review-settings`, { minProgress: 0 }));
    const review = await ok<{ id: string }>(
      call(sam, "PUT", `/api/courses/${courseId}/reviews/mine`, { rating: 1, body: "Buy my course instead" }),
    );
    const reported = await call(stu, "POST", "/api/reports", {
      targetType: "course_review",
      targetId: review.id,
      reason: "spam",
    });
    expect(reported.status, await reported.clone().text()).toBeLessThan(300);
    const { reports } = await ok<{ reports: Array<{ id: string; targetId: string }> }>(
      call(admin, "GET", "/api/admin/reports?status=pending"),
    );
    const report = reports.find((r) => r.targetId === review.id);
    expect(report).toBeDefined();
    const decided = await call(admin, "POST", `/api/admin/reports/${report!.id}/review`, {
      decision: "rejected",
    });
    expect(decided.status).toBe(204);
    expect(await newest(sam, "moderation")).toMatchObject({
      data: { event: "hidden", reference: "course_review" },
      link: "/dashboard",
    });
    const decision = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, sam.email.toLowerCase()),
          eq(emailOutbox.template, "moderation-decision"),
        ),
      );
    expect(decision).toHaveLength(1);
    expect(decision[0]!.headers).toBeNull();
  });
});

describe("the reply digest honours the preference", () => {
  it("no digest for an author who turned discussion_reply e-mails off", async () => {
    const author = await signUpAndSignIn(ctx, { name: "Quiet Author" });
    expect((await call(author, "POST", `/api/courses/${courseId}/enroll`)).status).toBe(200);
    const d = await ok<{ id: string }>(
      call(author, "POST", "/api/community/discussions", { title: "Quiet", body: "q", courseId }),
      201,
    );
    await ok(call(sam, "POST", `/api/community/discussions/${d.id}/replies`, { body: "hello" }), 201);
    await setChannel(author, "discussion_reply", "in_app");
    await sendReplyDigests({
      db: ctx.runtime.db,
      mailer: ctx.runtime.mailer,
      appUrl: ctx.runtime.env.appUrl,
    });
    const digests = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to_address, author.email.toLowerCase()), eq(emailOutbox.template, "reply-digest")),
      );
    expect(digests).toEqual([]);
    // Still in the bell.
    expect(await newest(author, "discussion_reply")).toBeDefined();
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("GET shows the page in the person's language; POST turns that type's e-mail off; a tampered token does nothing", async () => {
    const a = await signUpAndSignIn(ctx);
    const token = signUnsubscribeToken(SECRET, a.userId, "discussion_reply");
    const page = await ctx.request(`/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="(en|vi)">/);
    expect(html).toContain('method="post"');

    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await ctx.request(`/unsubscribe/${tampered}`, { method: "POST" })).status).toBe(400);
    const otherType = signUnsubscribeToken("wrong-secret", a.userId, "discussion_reply");
    expect((await ctx.request(`/unsubscribe/${otherType}`, { method: "POST" })).status).toBe(400);
    // The signature covers the type: swapping it breaks the token.
    const swapped = token.replace(".discussion_reply.", ".mention.");
    expect((await ctx.request(`/unsubscribe/${swapped}`, { method: "POST" })).status).toBe(400);
    let prefs = await ok<NotificationPreferences>(call(a, "GET", "/api/notifications/preferences"));
    expect(prefs.preferences.find((p) => p.type === "discussion_reply")?.channel).toBe("email");

    // The mail provider's one-click POST: no cookie, no Origin, the RFC 8058 body.
    const done = await ctx.request(`/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    prefs = await ok<NotificationPreferences>(call(a, "GET", "/api/notifications/preferences"));
    expect(prefs.preferences.find((p) => p.type === "discussion_reply")?.channel).toBe("in_app");
    expect(prefs.preferences.find((p) => p.type === "mention")?.channel).toBe("email");
  });

  it("the page speaks Vietnamese to a Vietnamese account and English to an English one", async () => {
    const a = await signUpAndSignIn(ctx);
    await ctx.runtime.db.execute(sql`update profiles set locale = 'en' where user_id = ${a.userId}`);
    const en = await (
      await ctx.request(`/unsubscribe/${signUnsubscribeToken(SECRET, a.userId, "mention")}`)
    ).text();
    expect(en).toContain("Stop e-mails about “Mentions”?");
    await ctx.runtime.db.execute(sql`update profiles set locale = 'vi' where user_id = ${a.userId}`);
    const vi = await (
      await ctx.request(`/unsubscribe/${signUnsubscribeToken(SECRET, a.userId, "mention")}`)
    ).text();
    expect(vi).toContain("Ngừng nhận email về “Lượt nhắc đến bạn”?");
  });

  it("over SMTP: a non-essential e-mail carries List-Unsubscribe and List-Unsubscribe-Post; a receipt does not", async () => {
    const smtp = await startSmtpServer();
    try {
      const nodemailer = (await import("nodemailer")).default;
      const mailer = createMailer({
        db: ctx.runtime.db,
        from: "Academy <noreply@academy.test>",
        logger: createLogger("silent"),
        transport: nodemailer.createTransport(smtp.url),
        secret: SECRET,
        appUrl: ctx.runtime.env.appUrl,
      });
      const a = await signUpAndSignIn(ctx);
      await notify(
        ctx.runtime.db,
        { userIds: [a.userId], type: "mention", data: { actorName: "Lan", title: "Broth" }, link: "/d" },
        { mailer, appUrl: ctx.runtime.env.appUrl },
      );
      await mailer.send(ctx.runtime.db, {
        to: a.email,
        template: "order-receipt",
        subject: "Receipt",
        html: "<p>Receipt</p>",
        text: "Receipt",
      });
      await mailer.worker!.runOnce();
      const to = a.email.toLowerCase();
      const mine = smtp.received.filter((m) => m.to.includes(to));
      expect(mine).toHaveLength(2);
      const mention = mine.find((m) => !/Subject: Receipt/.test(m.raw))!;
      const receipt = mine.find((m) => /Subject: Receipt/.test(m.raw))!;
      const unfolded = mention.raw.replace(/\r?\n[ \t]+/g, " ");
      expect(unfolded).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\/[^>]+>$/m);
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(receipt.raw).not.toMatch(/List-Unsubscribe/i);
      // The link in the header works.
      const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(unfolded)![1]!;
      const res = await ctx.request(new URL(url).pathname, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
      const prefs = await ok<NotificationPreferences>(call(a, "GET", "/api/notifications/preferences"));
      expect(prefs.preferences.find((p) => p.type === "mention")?.channel).toBe("in_app");
      await mailer.worker!.stop();
    } finally {
      await smtp.close();
    }
  });
});
