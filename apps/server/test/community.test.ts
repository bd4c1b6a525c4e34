import {
  type AchievementList,
  achievementListSchema,
  COMMUNITY_MESSAGES,
  type DiscussionDetail,
  type DiscussionList,
  discussionDetailSchema,
  discussionListSchema,
  type ErrorBody,
  POST_MAX_LENGTH,
  POST_RATE_LIMIT_MAX,
  replySchema,
} from "@academy/shared";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  achievementAwards,
  contentReports,
  type discussionReplies,
  discussions,
  discussionUpvotes,
  emailOutbox,
  enrollments,
  profiles,
} from "../src/db/schema/index.ts";
import { sendReplyDigests } from "../src/features/community/reply-digests.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { readEvents } from "./messaging-helpers.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator of course A and B
let dan: Account; // another creator (course D)
let stu: Account; // student enrolled in A
let sam: Account; // student enrolled in A
let una: Account; // student enrolled nowhere
let bea: Account; // student enrolled in B only (other course, same school)
let courseA: string;
let courseB: string;
let courseD: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function enrol(who: Account, id: string) {
  const response = await call(who, "POST", `/api/courses/${id}/enroll`);
  if (response.status !== 200) throw new Error(`enrol failed: ${response.status} ${await response.text()}`);
}

async function start(who: Account, input: Record<string, unknown>): Promise<DiscussionDetail> {
  const response = await call(who, "POST", "/api/community/discussions", input);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return discussionDetailSchema.parse(await response.json());
}

async function list(who: Account, query = ""): Promise<DiscussionList> {
  const response = await call(who, "GET", `/api/community/discussions${query}`);
  expect(response.status).toBe(200);
  return discussionListSchema.parse(await response.json());
}

async function rowCount(table: typeof discussions | typeof discussionReplies | typeof contentReports) {
  const [{ n }] = await ctx.runtime.db.select({ n: count() }).from(table);
  return Number(n);
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Teacher Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Nguyễn Văn Đức" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
  una = await signUpAndSignIn(ctx, { name: "Student Una" });
  bea = await signUpAndSignIn(ctx, { name: "Student Bea" });
  for (const who of [stu, sam, una, bea])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
  courseA = await publishCourse(ctx, cara.cookie, oneLessonDraft("Tiếng Việt cơ bản"));
  courseB = await publishCourse(ctx, cara.cookie, oneLessonDraft("Business English"));
  courseD = await publishCourse(ctx, dan.cookie, oneLessonDraft("Dan's Guitar"));
  await enrol(stu, courseA);
  await enrol(sam, courseA);
  await enrol(bea, courseB);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("Start a Discussion (000 §2, §8)", () => {
  it("rejects blank title or content with the spec's text and writes nothing", async () => {
    const before = await rowCount(discussions);
    for (const body of [
      { title: "  ", body: "Hello", courseId: courseA },
      { title: "Hello", body: "   ", courseId: courseA },
      { title: "Hello", courseId: courseA },
    ]) {
      const response = await call(stu, "POST", "/api/community/discussions", body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(COMMUNITY_MESSAGES.fillTitleAndContent);
    }
    expect(await rowCount(discussions)).toBe(before);
  });

  it("accepts a body of exactly 10,000 characters and refuses 10,001, a NUL character and a 100,000-character title", async () => {
    const atLimit = await start(stu, {
      title: "Long one",
      body: "a".repeat(POST_MAX_LENGTH),
      courseId: courseA,
    });
    expect(atLimit.body).toHaveLength(POST_MAX_LENGTH);
    const before = await rowCount(discussions);
    const over = await call(stu, "POST", "/api/community/discussions", {
      title: "Too long",
      body: "a".repeat(POST_MAX_LENGTH + 1),
      courseId: courseA,
    });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toBe(COMMUNITY_MESSAGES.bodyTooLong);
    const nul = await call(stu, "POST", "/api/community/discussions", {
      title: "a\u0000b",
      body: "x",
      courseId: courseA,
    });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe(COMMUNITY_MESSAGES.nulCharacter);
    const huge = await call(stu, "POST", "/api/community/discussions", {
      title: "t".repeat(100_000),
      body: "x",
      courseId: courseA,
    });
    expect(huge.status).toBe(400);
    expect((await errorOf(huge)).message).toBe(COMMUNITY_MESSAGES.titleTooLong);
    expect(await rowCount(discussions)).toBe(before);
  });

  it("renders markdown and strips scripts on the server; normalises tags", async () => {
    const d = await start(sam, {
      title: "Markdown test",
      body: "**bold** <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.com)",
      tags: [" Grammar ", "grammar", "Tones", ""],
      courseId: courseA,
    });
    expect(d.bodyHtml).toContain("<strong>bold</strong>");
    expect(d.bodyHtml).not.toContain("<script");
    expect(d.bodyHtml).not.toContain("javascript:");
    expect(d.bodyHtml).toContain('href="https://example.com"');
    expect(d.tags).toEqual(["grammar", "tones"]);
  });
});

describe("authorization matrix", () => {
  let courseThread: DiscussionDetail;
  let schoolThread: DiscussionDetail;
  beforeAll(async () => {
    courseThread = await start(stu, { title: "Course A question", body: "Body", courseId: courseA });
    schoolThread = await start(cara, { title: "School news", body: "Welcome all", creatorId: cara.userId });
  });

  it("anonymous gets 401 on every route", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/community/discussions"],
      ["POST", "/api/community/discussions", { title: "x", body: "y", courseId: courseA }],
      ["GET", `/api/community/discussions/${courseThread.id}`],
      ["POST", `/api/community/discussions/${courseThread.id}/replies`, { body: "hi" }],
      ["PUT", `/api/community/discussions/${courseThread.id}/upvote`, { upvoted: true }],
      [
        "POST",
        "/api/community/reports",
        { targetType: "discussion", targetId: courseThread.id, reason: "spam" },
      ],
      ["GET", "/api/community/reports"],
      ["GET", "/api/community/achievements"],
      ["GET", "/api/community/spaces"],
    ];
    for (const [method, path, json] of routes)
      expect((await call(null, method, path, json)).status).toBe(401);
  });

  it("a non-enrolled student, a student of another course and another creator cannot read, post, reply, upvote or report in a course", async () => {
    for (const who of [una, bea, dan]) {
      expect((await call(who, "GET", `/api/community/discussions/${courseThread.id}`)).status).toBe(403);
      const post = await call(who, "POST", "/api/community/discussions", {
        title: "x",
        body: "y",
        courseId: courseA,
      });
      expect(post.status).toBe(403);
      expect((await errorOf(post)).message).toBe(COMMUNITY_MESSAGES.noAccess);
      expect(
        (await call(who, "POST", `/api/community/discussions/${courseThread.id}/replies`, { body: "hi" }))
          .status,
      ).toBe(403);
      expect(
        (await call(who, "PUT", `/api/community/discussions/${courseThread.id}/upvote`, { upvoted: true }))
          .status,
      ).toBe(403);
      expect(
        (
          await call(who, "POST", "/api/community/reports", {
            targetType: "discussion",
            targetId: courseThread.id,
            reason: "x",
          })
        ).status,
      ).toBe(403);
      expect((await list(who, `?courseId=${courseA}`)).items.map((d) => d.id)).not.toContain(courseThread.id);
    }
  });

  it("school discussions: students of any course of the school can read; other creators and unenrolled students cannot", async () => {
    expect((await call(bea, "GET", `/api/community/discussions/${schoolThread.id}`)).status).toBe(200);
    expect((await call(stu, "GET", `/api/community/discussions/${schoolThread.id}`)).status).toBe(200);
    expect((await call(una, "GET", `/api/community/discussions/${schoolThread.id}`)).status).toBe(403);
    expect((await call(dan, "GET", `/api/community/discussions/${schoolThread.id}`)).status).toBe(403);
    const studentSchool = await call(una, "POST", "/api/community/discussions", {
      title: "x",
      body: "y",
      creatorId: cara.userId,
    });
    expect(studentSchool.status).toBe(403);
  });

  it("only the owner creator moderates; the author of a thread may not pin; another creator may not", async () => {
    for (const who of [stu, sam]) {
      const response = await call(who, "POST", `/api/community/discussions/${courseThread.id}/moderation`, {
        pinned: true,
      });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe(COMMUNITY_MESSAGES.notModerator);
    }
    const pinned = await call(cara, "POST", `/api/community/discussions/${courseThread.id}/moderation`, {
      pinned: true,
      locked: true,
    });
    expect(pinned.status).toBe(200);
    expect(discussionDetailSchema.parse(await pinned.json())).toMatchObject({
      isPinned: true,
      isLocked: true,
    });
    // Locked: students cannot reply, the creator can.
    const locked = await call(sam, "POST", `/api/community/discussions/${courseThread.id}/replies`, {
      body: "late",
    });
    expect(locked.status).toBe(403);
    expect((await errorOf(locked)).message).toBe(COMMUNITY_MESSAGES.locked);
    expect(
      (
        await call(cara, "POST", `/api/community/discussions/${courseThread.id}/replies`, {
          body: "Closing.",
        })
      ).status,
    ).toBe(201);
    await call(cara, "POST", `/api/community/discussions/${courseThread.id}/moderation`, { locked: false });
  });

  it("only the author edits, within 15 minutes", async () => {
    const other = await call(sam, "PATCH", `/api/community/discussions/${courseThread.id}`, {
      title: "x",
      body: "y",
      tags: [],
    });
    expect(other.status).toBe(403);
    expect((await errorOf(other)).message).toBe(COMMUNITY_MESSAGES.notAuthor);
    const own = await call(stu, "PATCH", `/api/community/discussions/${courseThread.id}`, {
      title: "Edited",
      body: "New *body*",
      tags: ["x"],
    });
    expect(own.status).toBe(200);
    expect(discussionDetailSchema.parse(await own.json())).toMatchObject({
      title: "Edited",
      bodyHtml: "<p>New <em>body</em></p>",
    });
    await ctx.runtime.db
      .update(discussions)
      .set({ created_at: sql`now() - interval '16 minutes'` })
      .where(eq(discussions.id, courseThread.id));
    const late = await call(stu, "PATCH", `/api/community/discussions/${courseThread.id}`, {
      title: "Late",
      body: "b",
      tags: [],
    });
    expect(late.status).toBe(403);
    expect((await errorOf(late)).message).toBe(COMMUNITY_MESSAGES.editWindowOver);
  });

  it("a removed member loses access at once", async () => {
    const temp = await signUpAndSignIn(ctx, { name: "Temp" });
    await enrol(temp, courseA);
    expect((await call(temp, "GET", `/api/community/discussions/${courseThread.id}`)).status).toBe(200);
    await ctx.runtime.db
      .update(enrollments)
      .set({ payment_status: "cancelled" })
      .where(and(eq(enrollments.student_id, temp.userId), eq(enrollments.course_id, courseA)));
    expect((await call(temp, "GET", `/api/community/discussions/${courseThread.id}`)).status).toBe(403);
    expect(
      (await call(temp, "POST", `/api/community/discussions/${courseThread.id}/replies`, { body: "hi" }))
        .status,
    ).toBe(403);
  });

  it("spaces list only own and enrolled courses; nobody posts in another creator's course", async () => {
    const spaces = (await (await call(stu, "GET", "/api/community/spaces")).json()) as {
      courses: { id: string }[];
      isCreator: boolean;
    };
    expect(spaces.courses.map((c) => c.id)).toEqual([courseA]);
    expect(spaces.isCreator).toBe(false);
    const danSpaces = (await (await call(dan, "GET", "/api/community/spaces")).json()) as {
      courses: { id: string }[];
    };
    expect(danSpaces.courses.map((c) => c.id)).toEqual([courseD]);
    for (const who of [stu, cara]) {
      const post = await call(who, "POST", "/api/community/discussions", {
        title: "x",
        body: "y",
        courseId: courseD,
      });
      expect(post.status).toBe(403);
    }
    const unknown = await call(stu, "POST", "/api/community/discussions", {
      title: "x",
      body: "y",
      courseId: UNKNOWN_ID,
    });
    expect(unknown.status).toBe(404);
  });

  it("unknown and malformed ids answer 404", async () => {
    expect((await call(stu, "GET", `/api/community/discussions/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await call(stu, "GET", "/api/community/discussions/not-a-uuid")).status).toBe(404);
  });
});

describe("list: search, filters, sorts, pagination", () => {
  it("finds by title or tag ignoring accents and case; filters by course, tag, unanswered, mine; sorts", async () => {
    const a = await start(sam, {
      title: "Cách phát âm dấu hỏi",
      body: "?",
      tags: ["phát âm"],
      courseId: courseA,
    });
    const b = await start(stu, { title: "Homework 2", body: "?", tags: ["bài tập"], courseId: courseA });
    const c = await start(bea, { title: "Business emails", body: "?", tags: ["writing"], courseId: courseB });
    expect((await list(stu, "?search=cach%20phat%20am")).items.map((d) => d.id)).toEqual([a.id]);
    expect((await list(stu, "?search=BAI%20TAP")).items.map((d) => d.id)).toEqual([b.id]);
    expect((await list(stu, "?search=zzzz")).total).toBe(0);
    expect((await list(stu, "?search=100%25")).total).toBe(0);
    expect((await list(cara, `?courseId=${courseB}`)).items.map((d) => d.id)).toEqual([c.id]);
    expect((await list(stu, `?tag=${encodeURIComponent("phát âm")}`)).items.map((d) => d.id)).toEqual([a.id]);
    const mine = await list(sam, "?mine=true");
    expect(mine.items.every((d) => d.author.id === sam.userId)).toBe(true);
    expect(mine.items.map((d) => d.id)).toContain(a.id);
    // Students of course A never see course B's threads.
    expect((await list(stu)).items.map((d) => d.id)).not.toContain(c.id);

    await call(stu, "POST", `/api/community/discussions/${a.id}/replies`, { body: "Try this." });
    const unanswered = await list(stu, "?unanswered=true&pageSize=50");
    expect(unanswered.items.map((d) => d.id)).toContain(b.id);
    expect(unanswered.items.map((d) => d.id)).not.toContain(a.id);

    await call(sam, "PUT", `/api/community/discussions/${b.id}/upvote`, { upvoted: true });
    const upvoted = await list(stu, "?sort=upvoted&pageSize=50");
    const unpinned = upvoted.items.filter((d) => !d.isPinned);
    expect(unpinned[0].id).toBe(b.id);
    const active = await list(stu, "?sort=active&pageSize=50");
    expect(active.items.filter((d) => !d.isPinned)[0].id).toBe(a.id);
    const newest = await list(stu, "?sort=newest&pageSize=50");
    expect(newest.items.filter((d) => !d.isPinned)[0].id).toBe(b.id);
  });

  it("paginates with a stable total", async () => {
    const all = await list(cara, "?pageSize=50");
    const page1 = await list(cara, "?pageSize=2&page=1&sort=newest");
    const page2 = await list(cara, "?pageSize=2&page=2&sort=newest");
    expect(page1.total).toBe(all.total);
    expect(page1.items).toHaveLength(2);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect(page2.items[0].id).not.toBe(page1.items[1].id);
    const bad = await call(cara, "GET", "/api/community/discussions?pageSize=1000");
    expect(bad.status).toBe(400);
  });
});

describe("upvotes", () => {
  it("count once per user, toggle off, and stay exact under concurrency", async () => {
    const d = await start(stu, { title: "Race", body: "go", courseId: courseA });
    const voters = [stu, sam, cara];
    // Each voter sends the same upvote five times at once.
    const responses = await Promise.all(
      voters.flatMap((who) =>
        Array.from({ length: 5 }, () =>
          call(who, "PUT", `/api/community/discussions/${d.id}/upvote`, { upvoted: true }),
        ),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const [row] = await ctx.runtime.db.select().from(discussions).where(eq(discussions.id, d.id));
    expect(row.upvote_count).toBe(3);
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(discussionUpvotes)
      .where(eq(discussionUpvotes.discussion_id, d.id));
    expect(Number(n)).toBe(3);
    await Promise.all(
      Array.from({ length: 4 }, () =>
        call(sam, "PUT", `/api/community/discussions/${d.id}/upvote`, { upvoted: false }),
      ),
    );
    const detail = discussionDetailSchema.parse(
      await (await call(sam, "GET", `/api/community/discussions/${d.id}`)).json(),
    );
    expect(detail).toMatchObject({ upvoteCount: 2, upvoted: false });
  });
});

describe("replies, answers, live events, reports, digest", () => {
  it("a reply appears live on the thread's stream and the author marks the answer", async () => {
    const d = await start(stu, { title: "Live?", body: "Watch this", courseId: courseA });
    const response = await call(stu, "GET", `/api/community/discussions/${d.id}/events`);
    expect(response.status).toBe(200);
    if (!response.body) throw new Error("no body");
    const stream = readEvents(response.body);
    await stream.waitFor((events) => events.some((e) => e.event === "ready"));
    const replied = await call(sam, "POST", `/api/community/discussions/${d.id}/replies`, {
      body: "Here is **how**",
    });
    expect(replied.status).toBe(201);
    const reply = replySchema.parse(await replied.json());
    await stream.waitFor((list) => list.some((e) => e.event === "reply"));
    expect(stream.events.find((e) => e.event === "reply")?.data).toMatchObject({
      discussionId: d.id,
      replyId: reply.id,
    });
    stream.close();

    // Another enrolled student cannot mark the answer; the thread author can.
    expect(
      (await call(bea, "PUT", `/api/community/discussions/${d.id}/answer`, { replyId: reply.id })).status,
    ).toBe(403);
    const marked = await call(stu, "PUT", `/api/community/discussions/${d.id}/answer`, { replyId: reply.id });
    expect(marked.status).toBe(200);
    const detail = discussionDetailSchema.parse(await marked.json());
    expect(detail.solved).toBe(true);
    expect(detail.replies.find((r) => r.id === reply.id)?.isAnswer).toBe(true);
    // A reply of another thread cannot be the answer.
    const other = await start(sam, { title: "Other", body: "x", courseId: courseA });
    const wrong = await call(stu, "PUT", `/api/community/discussions/${other.id}/answer`, {
      replyId: reply.id,
    });
    expect(wrong.status).toBe(403);
    const wrong2 = await call(sam, "PUT", `/api/community/discussions/${other.id}/answer`, {
      replyId: reply.id,
    });
    expect(wrong2.status).toBe(400);
  });

  it("reports land in the owner's queue only; the owner hides the post; reports are once per user", async () => {
    const d = await start(sam, { title: "Buy cheap watches", body: "spam", courseId: courseA });
    const report = await call(stu, "POST", "/api/community/reports", {
      targetType: "discussion",
      targetId: d.id,
      reason: "Spam",
    });
    expect(report.status).toBe(201);
    const again = await call(stu, "POST", "/api/community/reports", {
      targetType: "discussion",
      targetId: d.id,
      reason: "Spam",
    });
    expect(again.status).toBe(409);
    const blank = await call(stu, "POST", "/api/community/reports", {
      targetType: "discussion",
      targetId: d.id,
      reason: " ",
    });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toBe(COMMUNITY_MESSAGES.reportReasonEmpty);
    const [row] = await ctx.runtime.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.target_id, d.id));
    expect(row).toMatchObject({
      target_type: "discussion",
      owner_id: cara.userId,
      reporter_id: stu.userId,
      status: "pending",
    });

    const danQueue = (await (await call(dan, "GET", "/api/community/reports")).json()) as {
      reports: { id: string }[];
    };
    expect(danQueue.reports.map((r) => r.id)).not.toContain(row.id);
    const caraQueue = (await (await call(cara, "GET", "/api/community/reports")).json()) as {
      reports: { id: string; title: string }[];
    };
    expect(caraQueue.reports.find((r) => r.id === row.id)?.title).toBe("Buy cheap watches");
    for (const who of [dan, stu, sam])
      expect(
        (await call(who, "POST", `/api/community/reports/${row.id}/resolve`, { action: "hide" })).status,
      ).toBe(403);
    // The old "remove" is no longer a creator's action: nothing is deleted from the queue.
    expect(
      (await call(cara, "POST", `/api/community/reports/${row.id}/resolve`, { action: "remove" })).status,
    ).toBe(400);
    const resolved = await call(cara, "POST", `/api/community/reports/${row.id}/resolve`, {
      action: "hide",
    });
    expect(resolved.status).toBe(200);
    // Hidden, not deleted (issue 24 §4): gone for other students (thread and list), kept for its
    // author (marked hidden) and the school's creator.
    expect((await call(stu, "GET", `/api/community/discussions/${d.id}`)).status).toBe(404);
    expect((await list(stu, `?courseId=${courseA}`)).items.map((x) => x.id)).not.toContain(d.id);
    const own = await call(sam, "GET", `/api/community/discussions/${d.id}`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { hidden: boolean }).hidden).toBe(true);
    const mine = (await list(sam, `?courseId=${courseA}`)).items.find((x) => x.id === d.id);
    expect(mine?.hidden).toBe(true);
    expect((await call(cara, "GET", `/api/community/discussions/${d.id}`)).status).toBe(200);
    expect(await rowCount(discussions)).toBeGreaterThan(0);
    const [kept] = await ctx.runtime.db.select().from(discussions).where(eq(discussions.id, d.id));
    expect(kept.hidden_at).toBeInstanceOf(Date);
    const [after] = await ctx.runtime.db.select().from(contentReports).where(eq(contentReports.id, row.id));
    expect(after.status).toBe("rejected");
  });

  it("a hidden reply leaves the thread and its count for others, not for its author (issue 24 §4)", async () => {
    const d = await start(stu, { title: "Which pen?", body: "Any advice?", courseId: courseA });
    const good = await call(cara, "POST", `/api/community/discussions/${d.id}/replies`, {
      body: "A fountain pen.",
    });
    expect(good.status).toBe(201);
    const spam = await call(sam, "POST", `/api/community/discussions/${d.id}/replies`, {
      body: "Buy watches",
    });
    const spamId = ((await spam.json()) as { id: string }).id;
    expect(
      (
        await call(stu, "POST", "/api/community/reports", {
          targetType: "discussion_reply",
          targetId: spamId,
          reason: "Spam",
        })
      ).status,
    ).toBe(201);
    const [report] = await ctx.runtime.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.target_id, spamId));
    expect(
      (await call(cara, "POST", `/api/community/reports/${report.id}/resolve`, { action: "hide" })).status,
    ).toBe(200);
    const seenBy = async (who: Account) => {
      const response = await call(who, "GET", `/api/community/discussions/${d.id}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        replyCount: number;
        replies: Array<{ body: string; hidden: boolean }>;
      };
      return { count: body.replyCount, replies: body.replies.map((r) => [r.body, r.hidden]) };
    };
    expect(await seenBy(stu)).toEqual({ count: 1, replies: [["A fountain pen.", false]] });
    expect(await seenBy(sam)).toEqual({
      count: 1,
      replies: [
        ["A fountain pen.", false],
        ["Buy watches", true],
      ],
    });
    // Another student cannot edit or delete it (not found for them); its author deleting the
    // hidden reply does not uncount it a second time.
    expect((await call(stu, "DELETE", `/api/community/replies/${spamId}`)).status).toBe(404);
    expect((await call(sam, "DELETE", `/api/community/replies/${spamId}`)).status).toBeLessThan(300);
    expect((await seenBy(stu)).count).toBe(1);
  });

  it("the thread author gets at most one reply digest an hour, and none when turned off", async () => {
    const d = await start(stu, { title: "Digest me", body: "x", courseId: courseA });
    await call(sam, "POST", `/api/community/discussions/${d.id}/replies`, { body: "one" });
    await call(sam, "POST", `/api/community/discussions/${d.id}/replies`, { body: "two" });
    const deps = { db: ctx.runtime.db, mailer: ctx.runtime.mailer, appUrl: "http://localhost:3000" };
    const mails = async (to: string) =>
      (await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, to))).filter(
        (m) => m.template === "reply-digest",
      );
    await sendReplyDigests(deps);
    const first = await mails(stu.email);
    expect(first).toHaveLength(1);
    await call(sam, "POST", `/api/community/discussions/${d.id}/replies`, { body: "three" });
    await sendReplyDigests(deps);
    expect(await mails(stu.email)).toHaveLength(1);

    // Opt-out: a student who turned reply e-mails off gets replies but no e-mail.
    const quiet = await signUpAndSignIn(ctx, { name: "Quiet Student" });
    await enrol(quiet, courseA);
    expect((await call(quiet, "PUT", "/api/community/preferences", { replyEmails: false })).status).toBe(200);
    expect(await (await call(quiet, "GET", "/api/community/preferences")).json()).toEqual({
      replyEmails: false,
    });
    const s = await start(quiet, { title: "No mail please", body: "x", courseId: courseA });
    await call(stu, "POST", `/api/community/discussions/${s.id}/replies`, { body: "hi" });
    await sendReplyDigests(deps);
    expect(await mails(quiet.email)).toHaveLength(0);
  });

  it("limits posting to 10 a minute per user (counted in the database)", async () => {
    const poster = await signUpAndSignIn(ctx, { name: "Fast Poster" });
    await enrol(poster, courseA);
    const results = await Promise.all(
      Array.from({ length: POST_RATE_LIMIT_MAX + 3 }, (_, i) =>
        call(poster, "POST", "/api/community/discussions", {
          title: `Post ${i}`,
          body: "b",
          courseId: courseA,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(POST_RATE_LIMIT_MAX);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(3);
    expect((await errorOf(limited[0])).message).toBe(COMMUNITY_MESSAGES.rateLimited);
  });
});

describe("achievements (one rule set, awarded once)", () => {
  const achievements = async (who: Account): Promise<AchievementList> => {
    const response = await call(who, "GET", "/api/community/achievements");
    expect(response.status).toBe(200);
    return achievementListSchema.parse(await response.json());
  };

  it("awards from real data once, keeps the first date, and the dashboard counts the same awards", async () => {
    const learner = await signUpAndSignIn(ctx, { name: "Learner" });
    await ctx.runtime.db
      .update(profiles)
      .set({ role: "student" })
      .where(eq(profiles.user_id, learner.userId));
    const before = await achievements(learner);
    expect(before.earnedCount).toBe(0);
    await enrol(learner, courseA);
    const first = await achievements(learner);
    expect(first.newlyEarned).toEqual(["firstSteps"]);
    const firstSteps = first.achievements.find((a) => a.id === "firstSteps");
    expect(firstSteps?.earned).toBe(true);
    const again = await achievements(learner);
    expect(again.newlyEarned).toEqual([]);
    expect(again.achievements.find((a) => a.id === "firstSteps")?.earnedAt).toBe(firstSteps?.earnedAt);
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(achievementAwards)
      .where(eq(achievementAwards.user_id, learner.userId));
    expect(Number(n)).toBe(1);
    const dashboard = (await (await call(learner, "GET", "/api/dashboard")).json()) as {
      stats: { achievements: number };
    };
    expect(dashboard.stats.achievements).toBe(again.earnedCount);
  });

  it("Helper counts replies marked as the answer (3 needed)", async () => {
    const helperProgress = async () =>
      (await achievements(sam)).achievements.find((a) => a.id === "helper")?.current;
    const beforeCount = (await helperProgress()) ?? 0;
    const d = await start(stu, { title: "Help me", body: "x", courseId: courseA });
    const reply = replySchema.parse(
      await (
        await call(sam, "POST", `/api/community/discussions/${d.id}/replies`, { body: "Answer" })
      ).json(),
    );
    await call(cara, "PUT", `/api/community/discussions/${d.id}/answer`, { replyId: reply.id });
    expect(await helperProgress()).toBe(beforeCount + 1);
  });
});
