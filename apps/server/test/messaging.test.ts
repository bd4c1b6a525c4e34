import {
  type Conversation,
  type ConversationList,
  conversationListSchema,
  type ErrorBody,
  MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
  type Message,
  messageListSchema,
  messageSchema,
  readMarkerSchema,
  startConversationResultSchema,
} from "@academy/shared";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversations,
  emailOutbox,
  messageParticipants,
  messages,
  profiles,
} from "../src/db/schema/index.ts";
import { sendUnreadNudges } from "../src/features/messaging/messaging.service.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";
import { readEvents } from "./messaging-helpers.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator of both courses
let dan: Account; // another creator
let stu: Account; // student, enrolled in course A
let sam: Account; // student, enrolled in course A and B
let una: Account; // signed in, not enrolled anywhere
let courseA: string;
let courseB: string;
let convStu: Conversation; // cara ↔ stu about course A

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const RATE_LIMIT = 20;

function call(
  who: Account | null,
  method: "GET" | "POST",
  pathname: string,
  json?: unknown,
  headers?: Record<string, string>,
) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json, headers });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function publish(who: Account, title: string): Promise<string> {
  const response = await call(who, "POST", "/api/courses/publish", {
    title,
    description: "A course.",
    outline: [
      {
        id: "s1",
        title: "One",
        lessons: [
          {
            id: "l1",
            title: "Hello",
            type: "text",
            duration: 5,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
    ],
  });
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { courseId: string }).courseId;
}

async function enrol(who: Account, id: string) {
  const response = await call(who, "POST", `/api/courses/${id}/enroll`);
  if (response.status !== 200) throw new Error(`enrol failed: ${response.status} ${await response.text()}`);
}

async function start(who: Account, courseId: string, studentId?: string) {
  const response = await call(who, "POST", "/api/conversations", { courseId, studentId });
  expect(response.status).toBe(200);
  return startConversationResultSchema.parse(await response.json());
}

async function send(who: Account, conversationId: string, content: string): Promise<Message> {
  const response = await call(who, "POST", `/api/conversations/${conversationId}/messages`, { content });
  if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`);
  return messageSchema.parse(await response.json());
}

async function list(who: Account, query = ""): Promise<ConversationList> {
  const response = await call(who, "GET", `/api/conversations${query}`);
  expect(response.status).toBe(200);
  return conversationListSchema.parse(await response.json());
}

async function unreadTotal(who: Account): Promise<number> {
  const response = await call(who, "GET", "/api/messaging/unread");
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

async function openStream(who: Account, lastEventId?: string) {
  const response = await call(
    who,
    "GET",
    "/api/messaging/events",
    undefined,
    lastEventId ? { "last-event-id": lastEventId } : {},
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  if (!response.body) throw new Error("no body");
  const stream = readEvents(response.body);
  await stream.waitFor((events) => events.some((e) => e.event === "ready"));
  return stream;
}

async function messageCount(conversationId: string): Promise<number> {
  const [{ n }] = await ctx.runtime.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.conversation_id, conversationId));
  return Number(n);
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", MESSAGE_RATE_LIMIT_MAX: String(RATE_LIMIT) });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Teacher Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Nguyễn Văn Đức" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
  una = await signUpAndSignIn(ctx, { name: "Student Una" });
  for (const who of [stu, sam, una])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
  courseA = await publish(cara, "Tiếng Việt cơ bản");
  courseB = await publish(cara, "Business English");
  await enrol(stu, courseA);
  await enrol(sam, courseA);
  await enrol(sam, courseB);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("starting a conversation", () => {
  it("a student starts one with the course's creator from the course; again opens the same one", async () => {
    const first = await start(stu, courseA);
    expect(first.created).toBe(true);
    expect(first.conversation).toMatchObject({
      courseId: courseA,
      courseTitle: "Tiếng Việt cơ bản",
      teacherId: cara.userId,
      studentId: stu.userId,
      myRole: "student",
      otherParty: { id: cara.userId, name: "Teacher Cara" },
      lastMessageAt: null,
      unreadCount: 0,
    });
    const again = await start(stu, courseA);
    expect(again).toMatchObject({ created: false, conversation: { id: first.conversation.id } });
    // The creator opening it for the same student finds the same conversation (one per course and student).
    const fromCreator = await start(cara, courseA, stu.userId);
    expect(fromCreator.created).toBe(false);
    expect(fromCreator.conversation).toMatchObject({ id: first.conversation.id, myRole: "teacher" });
    expect(fromCreator.conversation.otherParty).toMatchObject({ id: stu.userId, name: "Nguyễn Văn Đức" });
    const rows = await ctx.runtime.db
      .select()
      .from(messageParticipants)
      .where(eq(messageParticipants.conversation_id, first.conversation.id));
    expect(rows.map((r) => r.user_id).sort()).toEqual([cara.userId, stu.userId].sort());
    convStu = first.conversation;
  });

  it("the creator starts one with an enrolled student (Student Management)", async () => {
    const result = await start(cara, courseB, sam.userId);
    expect(result).toMatchObject({
      created: true,
      conversation: { studentId: sam.userId, courseId: courseB },
    });
    // Opened and left empty, it is not listed (issue 17 item 10); it is found by id.
    expect((await list(cara)).conversations.map((c) => c.id)).not.toContain(result.conversation.id);
    expect((await call(cara, "GET", `/api/conversations/${result.conversation.id}`)).status).toBe(200);
    await send(cara, result.conversation.id, "Chào Sam!");
    await send(stu, convStu.id, "Chào cô!");
    expect((await list(cara)).conversations.map((c) => c.id)).toContain(result.conversation.id);
  });

  it("refuses anonymous, unenrolled students, other creators, unenrolled targets and oneself", async () => {
    expect((await call(null, "POST", "/api/conversations", { courseId: courseA })).status).toBe(401);

    const notEnrolled = await call(una, "POST", "/api/conversations", { courseId: courseA });
    expect(notEnrolled.status).toBe(403);
    expect((await errorOf(notEnrolled)).message).toBe(MESSAGING_MESSAGES.studentNotEnrolled);

    const otherCreator = await call(dan, "POST", "/api/conversations", {
      courseId: courseA,
      studentId: stu.userId,
    });
    expect(otherCreator.status).toBe(403);
    expect((await errorOf(otherCreator)).message).toBe(MESSAGING_MESSAGES.notYourCourse);

    const targetNotEnrolled = await call(cara, "POST", "/api/conversations", {
      courseId: courseB,
      studentId: stu.userId,
    });
    expect(targetNotEnrolled.status).toBe(403);
    expect((await errorOf(targetNotEnrolled)).message).toBe(MESSAGING_MESSAGES.notEnrolled);

    const self = await call(cara, "POST", "/api/conversations", { courseId: courseA });
    expect(self.status).toBe(400);
    expect((await errorOf(self)).message).toBe(MESSAGING_MESSAGES.selfConversation);

    const unknown = await call(stu, "POST", "/api/conversations", { courseId: UNKNOWN_ID });
    expect(unknown.status).toBe(404);
    const bad = await call(stu, "POST", "/api/conversations", { courseId: "nope" });
    expect(bad.status).toBe(400);

    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.course_id, courseA));
    expect(Number(n)).toBe(1);
  });
});

describe("participant-only access on every endpoint", () => {
  const endpoints = (id: string) =>
    [
      ["GET", `/api/conversations/${id}`, undefined],
      ["GET", `/api/conversations/${id}/messages`, undefined],
      ["POST", `/api/conversations/${id}/messages`, { content: "hello" }],
      ["POST", `/api/conversations/${id}/read`, undefined],
    ] as const;

  it("anonymous → 401; another student, another creator → 403 and nothing written; unknown → 404", async () => {
    const before = await messageCount(convStu.id);
    for (const [method, path, body] of endpoints(convStu.id)) {
      expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
      for (const outsider of [una, sam, dan]) {
        const response = await call(outsider, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect((await errorOf(response)).message).toBe(MESSAGING_MESSAGES.notParticipant);
      }
    }
    for (const [method, path, body] of endpoints(UNKNOWN_ID))
      expect((await call(stu, method, path, body)).status).toBe(404);
    for (const [method, path, body] of endpoints("not-a-uuid"))
      expect((await call(stu, method, path, body)).status).toBe(404);
    expect(await messageCount(convStu.id)).toBe(before);
    const markers = await ctx.runtime.db
      .select()
      .from(messageParticipants)
      .where(
        and(eq(messageParticipants.conversation_id, convStu.id), eq(messageParticipants.user_id, una.userId)),
      );
    expect(markers).toEqual([]);
    for (const path of ["/api/conversations", "/api/messaging/unread", "/api/messaging/events"])
      expect((await call(null, "GET", path)).status).toBe(401);
  });

  it("lists show only the caller's own conversations", async () => {
    expect((await list(una)).conversations).toEqual([]);
    expect((await list(dan)).conversations).toEqual([]);
    expect((await list(stu)).conversations.map((c) => c.id)).toEqual([convStu.id]);
    expect((await list(cara)).conversations).toHaveLength(2);
  });

  it("both participants read and write", async () => {
    for (const who of [cara, stu]) {
      for (const [method, path, body] of endpoints(convStu.id)) {
        const response = await call(who, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(method === "POST" && body ? 201 : 200);
      }
    }
  });
});

describe("messages", () => {
  it("are trimmed, never blank, at most 5,000 characters; nothing written on bad input", async () => {
    const before = await messageCount(convStu.id);
    const trimmed = await send(stu, convStu.id, "  \n Xin chào cô! \n\t ");
    expect(trimmed.content).toBe("Xin chào cô!");

    for (const content of ["", "   ", "\n\t "]) {
      const response = await call(stu, "POST", `/api/conversations/${convStu.id}/messages`, { content });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe("Please type a message.");
    }
    const tooLong = await call(stu, "POST", `/api/conversations/${convStu.id}/messages`, {
      content: "x".repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe("Messages can be at most 5000 characters.");
    const missing = await call(stu, "POST", `/api/conversations/${convStu.id}/messages`, {});
    expect(missing.status).toBe(400);
    expect(await messageCount(convStu.id)).toBe(before + 1);

    const longest = await send(stu, convStu.id, `  ${"y".repeat(MESSAGE_MAX_LENGTH)}  `);
    expect(longest.content).toHaveLength(MESSAGE_MAX_LENGTH);
    // Plain text, stored and returned as typed (the browser renders it escaped).
    const html = await send(stu, convStu.id, '<img src=x onerror="alert(1)"> & <b>bold</b>');
    expect(html.content).toBe('<img src=x onerror="alert(1)"> & <b>bold</b>');
  });

  it("are listed oldest first, paged from the newest", async () => {
    const sent: Message[] = [];
    for (let i = 1; i <= 5; i++) sent.push(await send(i % 2 ? cara : stu, convStu.id, `order ${i}`));
    const response = await call(stu, "GET", `/api/conversations/${convStu.id}/messages`);
    const all = messageListSchema.parse(await response.json());
    expect(all.hasMore).toBe(false);
    expect(all.messages.slice(-5).map((m) => m.content)).toEqual([
      "order 1",
      "order 2",
      "order 3",
      "order 4",
      "order 5",
    ]);
    const times = all.messages.map((m) => m.createdAt);
    expect([...times].sort()).toEqual(times);

    const page = messageListSchema.parse(
      await (await call(cara, "GET", `/api/conversations/${convStu.id}/messages?limit=2`)).json(),
    );
    expect(page.hasMore).toBe(true);
    expect(page.messages.map((m) => m.content)).toEqual(["order 4", "order 5"]);
    const earlier = messageListSchema.parse(
      await (
        await call(
          cara,
          "GET",
          `/api/conversations/${convStu.id}/messages?limit=2&before=${page.messages[0].id}`,
        )
      ).json(),
    );
    expect(earlier.messages.map((m) => m.content)).toEqual(["order 2", "order 3"]);
    expect((await call(cara, "GET", `/api/conversations/${convStu.id}/messages?limit=101`)).status).toBe(400);
  });

  it("sets last_message_at, and the list is ordered by it, newest first", async () => {
    const convSam = (await start(sam, courseA)).conversation;
    await send(sam, convSam.id, "Sam here");
    let caraList = await list(cara);
    expect(caraList.conversations[0].id).toBe(convSam.id);
    expect(caraList.conversations[0].lastMessagePreview).toBe("Sam here");
    const last = await send(stu, convStu.id, "Stu again");
    caraList = await list(cara);
    expect(caraList.conversations[0]).toMatchObject({ id: convStu.id, lastMessagePreview: "Stu again" });
    expect(new Date(caraList.conversations[0].lastMessageAt ?? 0).getTime()).toBe(
      new Date(last.createdAt).getTime(),
    );
    const keys = caraList.conversations.map((c) => c.lastMessageAt ?? c.createdAt);
    expect([...keys].sort().reverse()).toEqual(keys);
    // Paging: one at a time continues after the previous id.
    const first = await list(cara, "?limit=1");
    expect(first.hasMore).toBe(true);
    const second = await list(cara, `?limit=1&after=${first.conversations[0].id}`);
    expect(second.conversations[0].id).toBe(caraList.conversations[1].id);
  });

  it("rate limits sending per user with a clear message", async () => {
    const conv = (await start(sam, courseB)).conversation;
    const recent = await ctx.runtime.db
      .select({ n: count() })
      .from(messages)
      .where(
        and(eq(messages.sender_id, sam.userId), sql`${messages.created_at} > now() - interval '60 seconds'`),
      );
    for (let i = Number(recent[0].n); i < RATE_LIMIT; i++) await send(sam, conv.id, `burst ${i}`);
    const before = await messageCount(conv.id);
    const limited = await call(sam, "POST", `/api/conversations/${conv.id}/messages`, {
      content: "one more",
    });
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toMatchObject({
      code: "RATE_LIMITED",
      message: "You are sending messages too quickly. Please wait a minute and try again.",
    });
    expect(await messageCount(conv.id)).toBe(before);
    // Per user: the teacher can still answer.
    await send(cara, conv.id, "Slow down, Sam");
  });
});

describe("read markers and unread counts", () => {
  it("count the other party's messages after last_read_at; reading clears them", async () => {
    await call(cara, "POST", `/api/conversations/${convStu.id}/read`);
    await call(stu, "POST", `/api/conversations/${convStu.id}/read`);
    const caraBase = await unreadTotal(cara);
    const stuBase = await unreadTotal(stu);
    expect(stuBase).toBe(0);

    await send(stu, convStu.id, "one");
    await send(stu, convStu.id, "two");
    await send(stu, convStu.id, "three");
    await send(cara, convStu.id, "my own reply does not count for me");

    const forCara = (await list(cara)).conversations.find((c) => c.id === convStu.id);
    expect(forCara?.unreadCount).toBe(3);
    expect(await unreadTotal(cara)).toBe(caraBase + 3);
    expect((await list(stu)).conversations[0].unreadCount).toBe(1);
    expect(await unreadTotal(stu)).toBe(1);

    const marker = readMarkerSchema.parse(
      await (await call(cara, "POST", `/api/conversations/${convStu.id}/read`)).json(),
    );
    expect(marker.unreadTotal).toBe(caraBase);
    expect(await unreadTotal(cara)).toBe(caraBase);
    expect((await list(cara)).conversations.find((c) => c.id === convStu.id)?.unreadCount).toBe(0);
    // Stu's count is untouched by Cara reading.
    expect(await unreadTotal(stu)).toBe(1);

    await send(stu, convStu.id, "four");
    expect(await unreadTotal(cara)).toBe(caraBase + 1);
    // Reading twice never moves the marker backwards.
    const again = readMarkerSchema.parse(
      await (await call(cara, "POST", `/api/conversations/${convStu.id}/read`)).json(),
    );
    expect(new Date(again.lastReadAt).getTime()).toBeGreaterThanOrEqual(
      new Date(marker.lastReadAt).getTime(),
    );
    expect(again.unreadTotal).toBe(caraBase);
  });
});

describe("search", () => {
  it("matches the other party's name or the course title, ignoring case and accents", async () => {
    const byName = await list(cara, `?search=${encodeURIComponent("nguyen van duc")}`);
    expect(byName.conversations.map((c) => c.id)).toEqual([convStu.id]);
    const byUpper = await list(cara, `?search=${encodeURIComponent("ĐỨC")}`);
    expect(byUpper.conversations.map((c) => c.id)).toEqual([convStu.id]);
    const byCourse = await list(stu, `?search=${encodeURIComponent("TIENG VIET")}`);
    expect(byCourse.conversations.map((c) => c.id)).toEqual([convStu.id]);
    const byTeacher = await list(stu, "?search=cara");
    expect(byTeacher.conversations).toHaveLength(1);
    expect((await list(cara, "?search=business")).conversations.map((c) => c.courseTitle)).toEqual([
      "Business English",
    ]);
    expect((await list(cara, "?search=zzz")).conversations).toEqual([]);
    // Students are not found by their own name from their side.
    expect((await list(stu, `?search=${encodeURIComponent("duc")}`)).conversations).toEqual([]);
  });
});

describe("realtime stream", () => {
  it("refuses foreign origins and cross-site requests", async () => {
    const foreign = await ctx.app.request(`${TEST_ORIGIN}/api/messaging/events`, {
      headers: { origin: "https://evil.example", cookie: stu.cookie },
    });
    expect(foreign.status).toBe(403);
    const crossSite = await ctx.app.request(`${TEST_ORIGIN}/api/messaging/events`, {
      headers: { "sec-fetch-site": "cross-site", cookie: stu.cookie },
    });
    expect(crossSite.status).toBe(403);
  });

  it("delivers new messages and conversation events to both participants, not to others", async () => {
    const stuStream = await openStream(stu);
    const caraStream = await openStream(cara);
    const unaStream = await openStream(una);
    const message = await send(cara, convStu.id, "Live from Cara");
    for (const stream of [stuStream, caraStream])
      await stream.waitFor(() => stream.messageIds().includes(message.id));
    const event = stuStream.events.find((e) => e.data.type === "message");
    expect(event?.id).toBe(message.id);
    expect(event?.data).toEqual({ type: "message", message });

    await call(stu, "POST", `/api/conversations/${convStu.id}/read`);
    await stuStream.waitFor((events) =>
      events.some((e) => e.data.type === "conversation" && e.data.reason === "read"),
    );
    // Una is in no conversation: a message elsewhere never reaches her.
    await new Promise((r) => setTimeout(r, 100));
    expect(unaStream.messageIds()).toEqual([]);
    await Promise.all([stuStream.close(), caraStream.close(), unaStream.close()]);
  });

  it("delivers a message too large for the NOTIFY payload by loading it by id", async () => {
    const stuStream = await openStream(stu);
    // 5,000 three-byte characters: 15,000 bytes, over the 6,000 bytes sent inside the notification.
    const big = await send(cara, convStu.id, "ệ".repeat(MESSAGE_MAX_LENGTH));
    await stuStream.waitFor(() => stuStream.messageIds().includes(big.id));
    const event = stuStream.events.find((e) => e.data.type === "message" && e.data.message.id === big.id);
    expect(event?.data).toEqual({ type: "message", message: big });
    await stuStream.close();
  });

  it("a client disconnected while messages were sent gets each missed message exactly once after reconnecting", async () => {
    const first = await openStream(stu);
    const seen = await send(cara, convStu.id, "before the drop");
    await first.waitFor(() => first.messageIds().includes(seen.id));
    const cursor = first.events.filter((e) => e.id).at(-1)?.id;
    expect(cursor).toBe(seen.id);
    await first.close();

    const missed: Message[] = [];
    for (let i = 1; i <= 4; i++) missed.push(await send(i % 2 ? cara : stu, convStu.id, `while away ${i}`));

    const second = await openStream(stu, cursor);
    // The missed ones come first, in order, before "ready".
    const readyAt = second.events.findIndex((e) => e.event === "ready");
    expect(second.events.slice(0, readyAt).map((e) => e.id)).toEqual(missed.map((m) => m.id));
    const live = await send(cara, convStu.id, "after the reconnect");
    await second.waitFor(() => second.messageIds().includes(live.id));
    await new Promise((r) => setTimeout(r, 100));
    expect(second.messageIds()).toEqual([...missed.map((m) => m.id), live.id]);
    expect(second.messageIds()).not.toContain(seen.id);
    await second.close();
  });

  it("a client reconnecting with the ready event's cursor gets what was sent since", async () => {
    const conv = (await start(cara, courseA, sam.userId)).conversation;
    const samStream = await openStream(sam);
    const readyId = samStream.events.find((e) => e.event === "ready")?.id;
    expect(readyId).toBeTruthy();
    await samStream.close();
    const m = await send(cara, conv.id, "Hi Sam");
    const again = await openStream(sam, readyId);
    expect(again.messageIds()).toEqual([m.id]);
    await again.close();
  });
});

describe("e-mail nudge", () => {
  it("e-mails a participant who has not read a new message within 10 minutes, at most once per conversation per hour", async () => {
    const conv = (await start(cara, courseA, stu.userId)).conversation;
    await call(cara, "POST", `/api/conversations/${conv.id}/read`);
    await call(stu, "POST", `/api/conversations/${conv.id}/read`);
    const deps = { db: ctx.runtime.db, mailer: ctx.runtime.mailer, appUrl: TEST_ORIGIN };
    const mailsTo = async (email: string) =>
      (
        await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email.toLowerCase()))
      ).filter((m) => m.template === "unread-message");
    const age = async (minutes: number) => {
      await ctx.runtime.db.execute(
        sql`update messages set created_at = created_at - make_interval(mins => ${minutes}) where conversation_id = ${conv.id}`,
      );
      await ctx.runtime.db.execute(
        sql`update message_participants set last_read_at = last_read_at - make_interval(mins => ${minutes}),
              last_notified_at = last_notified_at - make_interval(mins => ${minutes})
             where conversation_id = ${conv.id}`,
      );
      await ctx.runtime.db.execute(
        sql`update conversations set last_message_at = last_message_at - make_interval(mins => ${minutes}) where id = ${conv.id}`,
      );
    };
    const before = (await mailsTo(cara.email)).length;

    await send(stu, conv.id, "Are you there?");
    await age(9);
    await sendUnreadNudges(deps);
    expect((await mailsTo(cara.email)).length).toBe(before); // 9 minutes: not yet

    await age(2);
    await sendUnreadNudges(deps);
    const mails = await mailsTo(cara.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.text).toContain(`${TEST_ORIGIN}/dashboard/community?conversation=${conv.id}`);
    expect(mails.at(-1)?.subject).toMatch(/Nguyễn Văn Đức/);
    expect((await mailsTo(stu.email)).length).toBe(0); // the sender is not nudged

    // Another unread message 30 minutes later: still within the hour, no second e-mail.
    await send(stu, conv.id, "Hello?");
    await age(30);
    await sendUnreadNudges(deps);
    expect((await mailsTo(cara.email)).length).toBe(before + 1);

    // After the hour, a new unread message nudges again.
    await age(31);
    await sendUnreadNudges(deps);
    expect((await mailsTo(cara.email)).length).toBe(before + 2);

    // Read messages never nudge.
    await call(cara, "POST", `/api/conversations/${conv.id}/read`);
    await send(cara, conv.id, "Sorry, I am here");
    await call(stu, "POST", `/api/conversations/${conv.id}/read`);
    await age(120);
    await sendUnreadNudges(deps);
    expect((await mailsTo(cara.email)).length).toBe(before + 2);
    expect((await mailsTo(stu.email)).length).toBe(0);
  });
});
