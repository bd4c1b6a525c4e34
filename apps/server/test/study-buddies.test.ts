import {
  BUDDY_MESSAGES,
  BUDDY_PENDING_MAX,
  BUDDY_REQUESTS_PER_DAY,
  type BuddyBlockList,
  type BuddyLink,
  type BuddyOverview,
  type BuddyPreferences,
  type BuddySuggestionList,
  buddyLinkSchema,
  buddyOverviewSchema,
  buddySuggestionListSchema,
  type ConversationList,
  type ErrorBody,
  MESSAGING_MESSAGES,
  type MessageList,
} from "@academy/shared";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buddyLinks, conversations, emailOutbox, enrollments, user } from "../src/db/schema/index.ts";
import { pairOf } from "../src/features/community/study-buddies.queries.ts";
import { sendUnreadNudges } from "../src/features/messaging/messaging.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  TEST_ORIGIN,
  type TestContext,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator
let ann: Account; // A + B, evenings, vi
let ben: Account; // A + B, evenings, vi — best match for ann
let cat: Account; // A only, mornings — weaker match
let dao: Account; // A, but speaks en only while ann wants vi
let eve: Account; // course C only (no shared course with ann)
let fay: Account; // A, opted out
let gil: Account; // A, blocked by ann later
let courseA: string;
let courseB: string;
let courseC: string;

const HCM = "Asia/Ho_Chi_Minh";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
/** A response body parsed as JSON, typed by the caller. */
async function bodyOf<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}
async function enrol(who: Account, id: string) {
  const response = await call(who, "POST", `/api/courses/${id}/enroll`);
  if (response.status !== 200) throw new Error(`enrol failed: ${response.status} ${await response.text()}`);
}
async function prefs(who: Account, input: Record<string, unknown>) {
  const response = await call(who, "PUT", "/api/study-buddies/preferences", { timeZone: HCM, ...input });
  if (response.status !== 200) throw new Error(`prefs failed: ${response.status} ${await response.text()}`);
}
async function suggestions(who: Account): Promise<BuddySuggestionList> {
  const response = await call(who, "GET", "/api/study-buddies/suggestions");
  expect(response.status).toBe(200);
  return buddySuggestionListSchema.parse(await response.json());
}
async function overview(who: Account): Promise<BuddyOverview> {
  const response = await call(who, "GET", "/api/study-buddies");
  expect(response.status).toBe(200);
  return buddyOverviewSchema.parse(await response.json());
}
async function request(from: Account, to: Account): Promise<BuddyLink> {
  const response = await call(from, "POST", "/api/study-buddies/requests", {
    userId: to.userId,
    note: "Hi!",
  });
  if (response.status !== 201) throw new Error(`request failed: ${response.status} ${await response.text()}`);
  return buddyLinkSchema.parse(await response.json());
}
/** A bare user (no session) enrolled in `courseId` with visible preferences: a request target. */
async function visibleStudent(name: string, courseId: string): Promise<string> {
  const id = `u-${name}-${Math.random().toString(36).slice(2)}`;
  await ctx.runtime.db.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified: true });
  await ctx.runtime.db.insert(enrollments).values({ course_id: courseId, student_id: id });
  await ctx.runtime.db.execute(
    sql`insert into buddy_preferences (user_id, visible, time_zone) values (${id}, true, 'UTC')`,
  );
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  ann = await signUpAndSignIn(ctx, { name: "Ann" });
  ben = await signUpAndSignIn(ctx, { name: "Ben" });
  cat = await signUpAndSignIn(ctx, { name: "Cat" });
  dao = await signUpAndSignIn(ctx, { name: "Dao" });
  eve = await signUpAndSignIn(ctx, { name: "Eve" });
  fay = await signUpAndSignIn(ctx, { name: "Fay" });
  gil = await signUpAndSignIn(ctx, { name: "Gil" });
  courseA = await publishCourse(ctx, cara.cookie, oneLessonDraft("Course A"));
  courseB = await publishCourse(ctx, cara.cookie, oneLessonDraft("Course B"));
  courseC = await publishCourse(ctx, cara.cookie, oneLessonDraft("Course C"));
  for (const who of [ann, ben, cat, dao, fay, gil]) await enrol(who, courseA);
  for (const who of [ann, ben]) await enrol(who, courseB);
  await enrol(eve, courseC);
  const evenings = ["mon:evening", "tue:evening", "wed:evening"];
  await prefs(ann, {
    visible: true,
    goals: ["exam-prep", "practice"],
    availability: evenings,
    language: "vi",
  });
  await prefs(ben, { visible: true, goals: ["exam-prep"], availability: evenings, language: "vi" });
  await prefs(cat, { visible: true, goals: ["practice"], availability: ["mon:morning"], language: "any" });
  await prefs(dao, { visible: true, availability: evenings, language: "en" });
  await prefs(eve, { visible: true, availability: evenings });
  await prefs(fay, { visible: false, availability: evenings, language: "vi" });
  await prefs(gil, { visible: true, availability: ["mon:evening"], language: "vi" });
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe("preferences", () => {
  it("start hidden with the student's courses, and refuse a course, slot or time zone that is not valid", async () => {
    const fresh = await signUpAndSignIn(ctx, { name: "Fresh" });
    await enrol(fresh, courseA);
    const got = await call(fresh, "GET", "/api/study-buddies/preferences");
    const body = await bodyOf<BuddyPreferences>(got);
    expect(body).toMatchObject({ visible: false, saved: false, timeZone: null });
    expect(body.courses).toEqual([{ id: courseA, title: "Course A" }]);
    const notMine = await call(fresh, "PUT", "/api/study-buddies/preferences", {
      visible: true,
      courseIds: [courseC],
      timeZone: HCM,
    });
    expect(notMine.status).toBe(400);
    expect((await errorOf(notMine)).message).toBe(BUDDY_MESSAGES.courseInvalid);
    const badZone = await call(fresh, "PUT", "/api/study-buddies/preferences", {
      visible: true,
      timeZone: "Mars/Base",
    });
    expect(badZone.status).toBe(400);
    const badSlot = await call(fresh, "PUT", "/api/study-buddies/preferences", {
      visible: true,
      timeZone: HCM,
      availability: ["mon:lunch"],
    });
    expect(badSlot.status).toBe(400);
    expect(
      (await bodyOf<BuddyPreferences>(await call(fresh, "GET", "/api/study-buddies/preferences"))).saved,
    ).toBe(false);
    expect((await call(null, "GET", "/api/study-buddies/preferences")).status).toBe(401);
  });
});

describe("suggestions", () => {
  it("are empty until the student opts in", async () => {
    expect(await suggestions(fay)).toEqual({ optedIn: false, suggestions: [] });
  });

  it("rank shared courses, overlapping hours, shared goals and language, and explain them", async () => {
    const list = await suggestions(ann);
    const names = list.suggestions.map((s) => s.user.name);
    // ben: 2 courses, 18 h overlap, 1 goal, same language; gil: 1 course, 6 h, same language; cat: 1 course, 0 h, 1 goal.
    expect(names).toEqual(["Ben", "Gil", "Cat"]);
    const bestMatch = list.suggestions[0];
    expect(bestMatch.sharedCourses.map((c) => c.title)).toEqual(["Course A", "Course B"]);
    expect(bestMatch.overlapHours).toBe(18);
    expect(bestMatch.sharedGoals).toEqual(["exam-prep"]);
    expect(bestMatch.sameLanguage).toBe(true);
    expect(list.suggestions[2].overlapHours).toBe(0);
  });

  it("never show a student who opted out, takes no shared course, speaks another language, or is blocked either way", async () => {
    const ids = (await suggestions(ann)).suggestions.map((s) => s.user.id);
    expect(ids).not.toContain(fay.userId);
    expect(ids).not.toContain(eve.userId);
    expect(ids).not.toContain(dao.userId);
    expect(ids).not.toContain(ann.userId);
    // gil blocks ann: neither sees the other any more.
    expect((await call(gil, "POST", "/api/study-buddies/blocks", { userId: ann.userId })).status).toBe(200);
    expect((await suggestions(ann)).suggestions.map((s) => s.user.id)).not.toContain(gil.userId);
    expect((await suggestions(gil)).suggestions.map((s) => s.user.id)).not.toContain(ann.userId);
    const refused = await call(ann, "POST", "/api/study-buddies/requests", { userId: gil.userId });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(BUDDY_MESSAGES.unavailable);
    const blocks = await bodyOf<BuddyBlockList>(await call(gil, "GET", "/api/study-buddies/blocks"));
    expect(blocks.blocked.map((b: { id: string }) => b.id)).toEqual([ann.userId]);
    expect((await call(gil, "DELETE", `/api/study-buddies/blocks/${ann.userId}`)).status).toBe(200);
    expect((await suggestions(ann)).suggestions.map((s) => s.user.id)).toContain(gil.userId);
  });
});

describe("requests", () => {
  it("need the sender to opt in and the receiver to be visible and share a course", async () => {
    const hidden = await call(fay, "POST", "/api/study-buddies/requests", { userId: ann.userId });
    expect(hidden.status).toBe(403);
    expect((await errorOf(hidden)).message).toBe(BUDDY_MESSAGES.optInFirst);
    for (const target of [fay, eve]) {
      const response = await call(ann, "POST", "/api/study-buddies/requests", { userId: target.userId });
      expect(response.status).toBe(403);
    }
    expect((await call(ann, "POST", "/api/study-buddies/requests", { userId: ann.userId })).status).toBe(400);
    expect((await call(ann, "POST", "/api/study-buddies/requests", { userId: "nobody" })).status).toBe(404);
  });

  it("ann asks ben: ben is e-mailed, a second request either way is refused, only ben may answer", async () => {
    const link = await request(ann, ben);
    expect(link).toMatchObject({ status: "pending", direction: "outgoing", note: "Hi!" });
    const mail = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to_address, ben.email.toLowerCase()), eq(emailOutbox.template, "buddy-request")),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("/dashboard/community?tab=buddies");
    for (const [from, to] of [
      [ann, ben],
      [ben, ann],
    ] as const) {
      const again = await call(from, "POST", "/api/study-buddies/requests", { userId: to.userId });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(BUDDY_MESSAGES.alreadyLinked);
    }
    expect((await overview(ben)).incoming.map((l) => l.id)).toEqual([link.id]);
    expect((await suggestions(ann)).suggestions.map((s) => s.user.id)).not.toContain(ben.userId);
    expect((await call(ann, "POST", `/api/study-buddies/requests/${link.id}/accept`)).status).toBe(403);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${link.id}/accept`)).status).toBe(404);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${link.id}/decline`)).status).toBe(404);
  });

  it("two accepts racing: exactly one succeeds, one link accepted, one conversation", async () => {
    const link = (await overview(ben)).incoming[0];
    const results = await Promise.all([
      call(ben, "POST", `/api/study-buddies/requests/${link.id}/accept`),
      call(ben, "POST", `/api/study-buddies/requests/${link.id}/accept`),
      call(ben, "POST", `/api/study-buddies/requests/${link.id}/accept`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const [low, high] = pairOf(ann.userId, ben.userId);
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(conversations)
      .where(
        and(
          eq(conversations.teacher_id, low),
          eq(conversations.student_id, high),
          eq(conversations.kind, "buddy"),
        ),
      );
    expect(Number(n)).toBe(1);
    const live = await ctx.runtime.db.select().from(buddyLinks).where(eq(buddyLinks.status, "accepted"));
    expect(live.map((l) => l.id)).toEqual([link.id]);
  });

  it("buddies message each other; strangers can't; removal closes the conversation for both", async () => {
    const link = (await overview(ann)).buddies[0];
    expect(link.other.id).toBe(ben.userId);
    const opened = await call(ann, "POST", `/api/study-buddies/${link.id}/conversation`);
    expect(opened.status).toBe(200);
    const { conversationId } = await bodyOf<{ conversationId: string }>(opened);
    expect(link.conversationId).toBe(conversationId);
    const sent = await call(ann, "POST", `/api/conversations/${conversationId}/messages`, {
      content: "Study at 8?",
    });
    expect(sent.status).toBe(201);
    const read = await call(ben, "GET", `/api/conversations/${conversationId}/messages`);
    expect((await bodyOf<MessageList>(read)).messages.map((m: { content: string }) => m.content)).toEqual([
      "Study at 8?",
    ]);
    const listed = await bodyOf<ConversationList>(await call(ben, "GET", "/api/conversations"));
    expect(listed.conversations[0]).toMatchObject({ id: conversationId, kind: "buddy", myRole: "student" });
    expect(listed.conversations[0].otherParty.id).toBe(ann.userId);
    // Not a participant: the course's creator and another student.
    for (const who of [cara, cat]) {
      const denied = await call(who, "POST", `/api/conversations/${conversationId}/messages`, {
        content: "hi",
      });
      expect(denied.status).toBe(403);
      expect((await call(who, "POST", `/api/study-buddies/${link.id}/conversation`)).status).toBe(404);
    }
    // A request that is still pending opens no conversation.
    const pending = await request(cat, ann);
    expect((await call(cat, "POST", `/api/study-buddies/${pending.id}/conversation`)).status).toBe(403);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${pending.id}/cancel`)).status).toBe(200);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${pending.id}/cancel`)).status).toBe(409);

    expect((await call(ben, "DELETE", `/api/study-buddies/${link.id}`)).status).toBe(200);
    for (const who of [ann, ben]) {
      const closed = await call(who, "POST", `/api/conversations/${conversationId}/messages`, {
        content: "still there?",
      });
      expect(closed.status).toBe(403);
      expect((await errorOf(closed)).message).toBe(MESSAGING_MESSAGES.notBuddies);
      expect((await call(who, "GET", `/api/conversations/${conversationId}/messages`)).status).toBe(403);
      const list = await bodyOf<ConversationList>(await call(who, "GET", "/api/conversations"));
      expect(list.conversations.map((c: { id: string }) => c.id)).not.toContain(conversationId);
      expect((await overview(who)).buddies).toEqual([]);
    }
    expect((await call(ann, "DELETE", `/api/study-buddies/${link.id}`)).status).toBe(409);
    // Ben never read "Study at 8?"; once they are no longer buddies no unread e-mail is sent for it.
    await ctx.runtime.db.execute(
      sql`update messages set created_at = created_at - interval '20 minutes' where conversation_id = ${conversationId}`,
    );
    await ctx.runtime.db.execute(
      sql`update conversations set last_message_at = last_message_at - interval '20 minutes' where id = ${conversationId}`,
    );
    await sendUnreadNudges({ db: ctx.runtime.db, mailer: ctx.runtime.mailer, appUrl: TEST_ORIGIN });
    const nudges = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to_address, ben.email.toLowerCase()), eq(emailOutbox.template, "unread-message")),
      );
    expect(nudges).toHaveLength(0);
  });

  it("a declined request can't be sent again for 30 days, and the decliner disappears from suggestions", async () => {
    const link = await request(gil, cat);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${link.id}/decline`)).status).toBe(200);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${link.id}/accept`)).status).toBe(409);
    const again = await call(gil, "POST", "/api/study-buddies/requests", { userId: cat.userId });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(BUDDY_MESSAGES.declinedRecently);
    expect((await suggestions(gil)).suggestions.map((s) => s.user.id)).not.toContain(cat.userId);
  });

  it("a block ends a buddyship at once", async () => {
    const link = await request(dao, cat);
    expect((await call(cat, "POST", `/api/study-buddies/requests/${link.id}/accept`)).status).toBe(200);
    const { conversationId } = await bodyOf<{ conversationId: string }>(
      await call(dao, "POST", `/api/study-buddies/${link.id}/conversation`),
    );
    expect((await call(cat, "POST", "/api/study-buddies/blocks", { userId: dao.userId })).status).toBe(200);
    expect(
      (await call(dao, "POST", `/api/conversations/${conversationId}/messages`, { content: "hey" })).status,
    ).toBe(403);
    expect((await overview(dao)).buddies).toEqual([]);
    expect((await call(cat, "POST", "/api/study-buddies/blocks", { userId: cat.userId })).status).toBe(400);
  });
});

describe("limits", () => {
  it(`at most ${BUDDY_PENDING_MAX} pending requests, exact when requests race`, async () => {
    const sender = await signUpAndSignIn(ctx, { name: "Spammy" });
    await enrol(sender, courseA);
    await prefs(sender, { visible: true });
    const targets: string[] = [];
    for (let i = 0; i < BUDDY_PENDING_MAX + 4; i += 1) targets.push(await visibleStudent(`t${i}`, courseA));
    for (const target of targets.slice(0, BUDDY_PENDING_MAX - 2)) {
      const response = await call(sender, "POST", "/api/study-buddies/requests", { userId: target });
      expect(response.status).toBe(201);
    }
    const racing = await Promise.all(
      targets
        .slice(BUDDY_PENDING_MAX - 2)
        .map((target) => call(sender, "POST", "/api/study-buddies/requests", { userId: target })),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = racing.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect((await errorOf(refused[0])).message).toBe(BUDDY_MESSAGES.tooManyPending);
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(buddyLinks)
      .where(and(eq(buddyLinks.requester_id, sender.userId), eq(buddyLinks.status, "pending")));
    expect(Number(n)).toBe(BUDDY_PENDING_MAX);
  });

  it(`at most ${BUDDY_REQUESTS_PER_DAY} requests in 24 hours, even when cancelled`, async () => {
    const sender = await signUpAndSignIn(ctx, { name: "Busy" });
    await enrol(sender, courseA);
    await prefs(sender, { visible: true });
    const target = await visibleStudent("target", courseA);
    const [low, high] = pairOf(sender.userId, target);
    await ctx.runtime.db.insert(buddyLinks).values(
      Array.from({ length: BUDDY_REQUESTS_PER_DAY }, () => ({
        requester_id: sender.userId,
        addressee_id: target,
        pair_low: low,
        pair_high: high,
        status: "cancelled",
      })),
    );
    const response = await call(sender, "POST", "/api/study-buddies/requests", { userId: target });
    expect(response.status).toBe(429);
    expect((await errorOf(response)).message).toBe(BUDDY_MESSAGES.tooManyToday);
  });
});
