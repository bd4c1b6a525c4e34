import {
  BUDDY_MESSAGES,
  type BuddySuggestionList,
  buddyMatchPercent,
  buddyMaxScore,
  buddySuggestionListSchema,
  type Conversation,
  type ConversationList,
  conversationListSchema,
  type DiscussionDetail,
  type DiscussionList,
  type ErrorBody,
  type Message,
  type MessageList,
} from "@academy/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlineAmong } from "../src/features/messaging/messaging.service.ts";
import { createMessagingHub } from "../src/features/messaging/messaging.stream.ts";
import { createLogger } from "../src/lib/logger.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { readEvents } from "./messaging-helpers.ts";

/**
 * Issue 27 §4 (decision 0233): the community rows the 11-28 audit found partial — discussions'
 * Pinned / Solved filters and view counts, the Messages tab's Unread / High Priority filters and the
 * sender's priority flag (through academy_send_message), and study buddies' level, study style,
 * % match (the ranking score normalised) and online dot (presence across two instances' hubs).
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator
let ann: Account;
let ben: Account;
let cat: Account;
let courseA: string;

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  ann = await signUpAndSignIn(ctx, { name: "Ann" });
  ben = await signUpAndSignIn(ctx, { name: "Ben" });
  cat = await signUpAndSignIn(ctx, { name: "Cat" });
  courseA = await publishCourse(ctx, cara.cookie, oneLessonDraft("Course A"));
  for (const who of [ann, ben, cat]) await ok(await call(who, "POST", `/api/courses/${courseA}/enroll`));
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe("discussions: Pinned and Solved filters, view counts", () => {
  let pinnedId: string;
  let solvedId: string;
  let plainId: string;

  beforeAll(async () => {
    const create = async (who: Account, title: string) =>
      (
        await ok<DiscussionDetail>(
          await call(who, "POST", "/api/community/discussions", {
            courseId: courseA,
            title,
            body: "Body",
            tags: [],
          }),
          201,
        )
      ).id;
    pinnedId = await create(ann, "Pinned thread");
    solvedId = await create(ann, "Solved thread");
    plainId = await create(ben, "Plain thread");
    await ok(await call(cara, "POST", `/api/community/discussions/${pinnedId}/moderation`, { pinned: true }));
    const reply = await ok<{ id: string }>(
      await call(ben, "POST", `/api/community/discussions/${solvedId}/replies`, { body: "Answer" }),
      201,
    );
    await ok(await call(ann, "PUT", `/api/community/discussions/${solvedId}/answer`, { replyId: reply.id }));
  });

  const list = async (who: Account, query: string) =>
    ok<DiscussionList>(await call(who, "GET", `/api/community/discussions?courseId=${courseA}&${query}`));

  it("Pinned lists only pinned threads and Solved only threads with a marked answer, server-side with the pagination's total", async () => {
    const pinned = await list(cat, "pinned=true");
    expect(pinned.items.map((i) => i.id)).toEqual([pinnedId]);
    expect(pinned.total).toBe(1);
    const solved = await list(cat, "solved=true");
    expect(solved.items.map((i) => i.id)).toEqual([solvedId]);
    expect(solved.items[0].solved).toBe(true);
    expect(solved.total).toBe(1);
    const all = await list(cat, "pageSize=2&page=2");
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(1);
    expect((await list(cat, "pinned=true&solved=true")).items).toEqual([]);
  });

  it("counts a view once per signed-in person, never the author's, and shows it on the list and the thread", async () => {
    const open = (who: Account) =>
      call(who, "GET", `/api/community/discussions/${plainId}`).then((r) => ok<DiscussionDetail>(r));
    // The author's own views do not count.
    expect((await open(ben)).viewCount).toBe(0);
    // Cat opens it twice (a reload): one view.
    expect((await open(cat)).viewCount).toBe(1);
    expect((await open(cat)).viewCount).toBe(1);
    // Concurrent opens by one person still count once.
    await Promise.all([open(ann), open(ann), open(ann)]);
    const thread = await open(cara);
    expect(thread.viewCount).toBe(3);
    const item = (await list(cat, "")).items.find((i) => i.id === plainId);
    expect(item?.viewCount).toBe(3);
    const rows = await ctx.runtime.db.execute(
      sql`select count(*)::int as n from discussion_views where discussion_id = ${plainId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(3);
  });

  it("a person who cannot see the thread adds no view", async () => {
    const outsider = await signUpAndSignIn(ctx, { name: "Outsider" });
    const before = (await list(cat, "")).items.find((i) => i.id === pinnedId)?.viewCount;
    const response = await call(outsider, "GET", `/api/community/discussions/${pinnedId}`);
    expect(response.status).toBe(403);
    expect((await list(cat, "")).items.find((i) => i.id === pinnedId)?.viewCount).toBe(before);
  });
});

describe("messages: priority flag and the Unread / High Priority filters", () => {
  let annConv: Conversation;
  let benConv: Conversation;
  let catConv: Conversation;

  const send = (who: Account, id: string, content: string, priority?: "normal" | "high") =>
    call(who, "POST", `/api/conversations/${id}/messages`, priority ? { content, priority } : { content });
  const conversations = async (who: Account, filter?: string) =>
    conversationListSchema.parse(
      await ok<ConversationList>(
        await call(who, "GET", `/api/conversations${filter ? `?filter=${filter}` : ""}`),
      ),
    ).conversations;

  beforeAll(async () => {
    const start = async (who: Account) =>
      (
        await ok<{ conversation: Conversation }>(
          await call(who, "POST", "/api/conversations", { courseId: courseA }),
        )
      ).conversation;
    annConv = await start(ann);
    benConv = await start(ben);
    catConv = await start(cat);
  });

  it("stores the sender's priority through academy_send_message and returns it on the message", async () => {
    const high = await ok<Message>(await send(ann, annConv.id, "Urgent: the quiz is broken", "high"), 201);
    expect(high.priority).toBe("high");
    const normal = await ok<Message>(await send(ben, benConv.id, "Thanks for the course"), 201);
    expect(normal.priority).toBe("normal");
    await ok<Message>(await send(cat, catConv.id, "Hello", "normal"), 201);
    const page = await ok<MessageList>(await call(cara, "GET", `/api/conversations/${annConv.id}/messages`));
    expect(page.messages.map((m) => m.priority)).toEqual(["high"]);
    // Through the function: the row holds the flag.
    const rows = await ctx.runtime.db.execute(sql`select priority from messages where id = ${high.id}`);
    expect((rows as unknown as { rows: { priority: string }[] }).rows[0].priority).toBe("high");
  });

  it("refuses an unknown priority with a 400 and writes nothing", async () => {
    const before = await ctx.runtime.db.execute(sql`select count(*)::int as n from messages`);
    const response = await send(ann, annConv.id, "x", "urgent" as "high");
    expect(response.status).toBe(400);
    const after = await ctx.runtime.db.execute(sql`select count(*)::int as n from messages`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0].n).toBe(
      (before as unknown as { rows: { n: number }[] }).rows[0].n,
    );
  });

  it("Unread lists conversations with unread messages from the other party; High Priority those with an unread high one", async () => {
    const all = await conversations(cara);
    expect(all.map((c) => c.id).sort()).toEqual([annConv.id, benConv.id, catConv.id].sort());
    const unread = await conversations(cara, "unread");
    expect(unread.map((c) => c.id).sort()).toEqual([annConv.id, benConv.id, catConv.id].sort());
    const high = await conversations(cara, "high");
    expect(high.map((c) => c.id)).toEqual([annConv.id]);
    expect(high[0].unreadHighCount).toBe(1);
    expect(high[0].hasHighPriority).toBe(true);
    expect(all.find((c) => c.id === benConv.id)?.hasHighPriority).toBe(false);
    // The sender's own high-priority message is not "unread" for them.
    expect(await conversations(ann, "high")).toEqual([]);
    expect(await conversations(ann, "unread")).toEqual([]);
    // Reading it clears both filters for the reader.
    await ok(await call(cara, "POST", `/api/conversations/${annConv.id}/read`));
    expect(await conversations(cara, "high")).toEqual([]);
    expect((await conversations(cara, "unread")).map((c) => c.id).sort()).toEqual(
      [benConv.id, catConv.id].sort(),
    );
    // The badge stays on the conversation (a high-priority message is in it), read or not.
    expect((await conversations(cara)).find((c) => c.id === annConv.id)?.hasHighPriority).toBe(true);
  });

  it("a high-priority message reaches the other party's event stream with its flag", async () => {
    const controller = new AbortController();
    const response = await ctx.request("/api/messaging/events", {
      cookie: cara.cookie,
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const events = readEvents(response.body as ReadableStream<Uint8Array>);
    await events.waitFor((all) => all.some((e) => e.event === "ready"));
    const sent = await ok<Message>(await send(ben, benConv.id, "Please look at this today", "high"), 201);
    await events.waitFor((all) =>
      all.some((e) => e.data.type === "message" && e.data.message.id === sent.id),
    );
    const got = events.events.find((e) => e.data.type === "message" && e.data.message.id === sent.id);
    expect(got?.data.type === "message" && got.data.message.priority).toBe("high");
    controller.abort();
  });

  it("the filter is validated by the shared schema", async () => {
    const response = await call(cara, "GET", "/api/conversations?filter=urgent");
    expect(response.status).toBe(400);
  });
});

describe("study buddies: level, study style, % match and presence", () => {
  const prefs = (who: Account, input: Record<string, unknown>) =>
    call(who, "PUT", "/api/study-buddies/preferences", { timeZone: "Asia/Ho_Chi_Minh", ...input });
  const suggestions = async (who: Account): Promise<BuddySuggestionList> =>
    buddySuggestionListSchema.parse(await ok(await call(who, "GET", "/api/study-buddies/suggestions")));

  beforeAll(async () => {
    const evenings = ["mon:evening", "tue:evening"];
    await ok(
      await prefs(ann, {
        visible: true,
        goals: ["exam-prep"],
        availability: evenings,
        language: "vi",
        level: "beginner",
        studyStyle: "visual",
      }),
    );
    // Ben and Cat differ only in study style: Ben's matches Ann's, so Ben ranks first.
    await ok(
      await prefs(ben, {
        visible: true,
        goals: ["exam-prep"],
        availability: evenings,
        language: "vi",
        level: "advanced",
        studyStyle: "visual",
      }),
    );
    await ok(
      await prefs(cat, {
        visible: true,
        goals: ["exam-prep"],
        availability: evenings,
        language: "vi",
        studyStyle: "reading",
      }),
    );
  });

  it("validates the study style and the level (400 with the message, nothing saved)", async () => {
    const bad = await prefs(ann, { visible: true, studyStyle: "videos" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(((await bad.json()) as ErrorBody).error)).toContain(
      BUDDY_MESSAGES.studyStyleInvalid,
    );
    const badLevel = await prefs(ann, { visible: true, level: "expert" });
    expect(badLevel.status).toBe(400);
    const saved = await ok<{ studyStyle: string; level: string }>(
      await call(ann, "GET", "/api/study-buddies/preferences"),
    );
    expect(saved.studyStyle).toBe("visual");
    expect(saved.level).toBe("beginner");
  });

  it("the study style counts in the score, and % match is that score normalised (same order)", async () => {
    const list = await suggestions(ann);
    expect(list.suggestions.map((s) => s.user.id)).toEqual([ben.userId, cat.userId]);
    const [b, c] = list.suggestions;
    expect(b.sameStyle).toBe(true);
    expect(c.sameStyle).toBe(false);
    expect(b.score - c.score).toBe(3);
    expect(b.level).toBe("advanced");
    expect(b.studyStyle).toBe("visual");
    expect(c.level).toBeNull();
    // Ann: 1 course, 2 slots (12 h), 1 goal, vi, a style → best possible 10 + 12 + 3 + 2 + 3 = 30.
    const max = buddyMaxScore({
      courseCount: 1,
      slotCount: 2,
      goalCount: 1,
      language: "vi",
      studyStyle: "visual",
    });
    expect(max).toBe(30);
    // Ben matches on everything: 100 %; Cat on all but style: 27/30 = 90 %.
    expect(b.score).toBe(30);
    expect(b.matchPercent).toBe(100);
    expect(c.matchPercent).toBe(buddyMatchPercent(c.score, max));
    expect(c.matchPercent).toBe(90);
    for (let i = 1; i < list.suggestions.length; i++)
      expect(list.suggestions[i - 1].matchPercent).toBeGreaterThanOrEqual(list.suggestions[i].matchPercent);
  });

  it("online while an app event stream is open on either of two instances; offline when closed or stale", async () => {
    const logger = createLogger("silent");
    // A second instance's hub on the same database (its own instance id), beside the app's own.
    const other = createMessagingHub({ db: ctx.runtime.db, bus: ctx.runtime.realtime, logger });
    try {
      expect((await suggestions(ann)).suggestions.every((s) => !s.online)).toBe(true);

      // Ben opens the app on instance 1 (the app's hub, over HTTP).
      const controller = new AbortController();
      const response = await ctx.request("/api/messaging/events", {
        cookie: ben.cookie,
        signal: controller.signal,
      });
      const events = readEvents(response.body as ReadableStream<Uint8Array>);
      await events.waitFor((all) => all.some((e) => e.event === "ready"));
      await expect
        .poll(async () => (await onlineAmong(ctx.runtime.db, [ben.userId])).has(ben.userId))
        .toBe(true);
      const list = await suggestions(ann);
      expect(list.suggestions.find((s) => s.user.id === ben.userId)?.online).toBe(true);
      expect(list.suggestions.find((s) => s.user.id === cat.userId)?.online).toBe(false);

      // Cat opens it on instance 2.
      const catAbort = new AbortController();
      const stream = other.open(cat.userId, undefined, catAbort.signal);
      const catEvents = readEvents(stream);
      await catEvents.waitFor((all) => all.some((e) => e.event === "ready"));
      await other.presenceSettled();
      expect((await onlineAmong(ctx.runtime.db, [cat.userId])).has(cat.userId)).toBe(true);

      // Ben closes the app: offline at once (his row on instance 1 is removed).
      controller.abort();
      await expect
        .poll(async () => (await onlineAmong(ctx.runtime.db, [ben.userId])).has(ben.userId))
        .toBe(false);
      expect((await suggestions(ann)).suggestions.find((s) => s.user.id === ben.userId)?.online).toBe(false);

      // Instance 2 "crashes" (no delete, no heartbeat): Cat's row goes stale and counts offline after 60 s.
      await ctx.runtime.db.execute(
        sql`update user_presence set seen_at = now() - interval '61 seconds' where instance_id = ${other.instanceId}`,
      );
      expect((await onlineAmong(ctx.runtime.db, [cat.userId])).has(cat.userId)).toBe(false);
      catAbort.abort();
    } finally {
      other.close();
      await other.presenceSettled();
    }
    const left = await ctx.runtime.db.execute(
      sql`select count(*)::int as n from user_presence where instance_id = ${other.instanceId}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("the heartbeat keeps a long-open stream online (seen_at refreshed)", async () => {
    const logger = createLogger("silent");
    const hub = createMessagingHub({
      db: ctx.runtime.db,
      bus: ctx.runtime.realtime,
      logger,
      presenceRefreshMs: 50,
    });
    const abort = new AbortController();
    try {
      const events = readEvents(hub.open(ann.userId, undefined, abort.signal));
      await events.waitFor((all) => all.some((e) => e.event === "ready"));
      await hub.presenceSettled();
      await ctx.runtime.db.execute(
        sql`update user_presence set seen_at = now() - interval '61 seconds' where instance_id = ${hub.instanceId}`,
      );
      expect((await onlineAmong(ctx.runtime.db, [ann.userId])).has(ann.userId)).toBe(false);
      await expect
        .poll(async () => (await onlineAmong(ctx.runtime.db, [ann.userId])).has(ann.userId))
        .toBe(true);
    } finally {
      abort.abort();
      hub.close();
      await hub.presenceSettled();
    }
  });
});
