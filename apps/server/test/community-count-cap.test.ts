import { DISCUSSION_COUNT_CAP, type DiscussionList, discussionListSchema } from "@academy/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../src/db/schema/index.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

/**
 * The discussion list's capped count (issue 13 "100,000 posts" targets; decision 0193): the total
 * is exact up to DISCUSSION_COUNT_CAP, then reported as the cap with totalCapped; the page's items
 * stay exact (same order, same rows) whatever the count.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account;
let stu: Account;
let courseA: string;

async function list(who: Account, query: string): Promise<DiscussionList> {
  const response = await ctx.request(`/api/community/discussions${query}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return discussionListSchema.parse(await response.json());
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
  courseA = await publishCourse(ctx, cara.cookie, oneLessonDraft("Tiếng Việt"));
  const enrol = await ctx.request(`/api/courses/${courseA}/enroll`, { method: "POST", cookie: stu.cookie });
  expect(enrol.status).toBe(200);
  // CAP + 5 discussions: i = 1..CAP+5, last activity i minutes ago (1 is the most active);
  // every 1000th is titled "Phát âm" (CAP/1000 of them, accent-insensitive search target).
  await ctx.runtime.db.execute(sql`
    insert into discussions (creator_id, course_id, author_id, title, body, body_html, last_activity_at, created_at)
    select ${cara.userId}, ${courseA}::uuid, ${stu.userId},
      case when i % 1000 = 0 then 'Phát âm ' || i else 'Bài ' || i end, 'x', '<p>x</p>',
      now() - make_interval(mins => i::int), now() - make_interval(mins => i::int)
    from generate_series(1, ${DISCUSSION_COUNT_CAP + 5}) as i`);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe("capped count, exact items (decision 0193)", () => {
  it("reports the cap with totalCapped beyond it; the first and a later page hold exactly the expected rows", async () => {
    const first = await list(stu, `?courseId=${courseA}&sort=active&page=1`);
    expect(first.total).toBe(DISCUSSION_COUNT_CAP);
    expect(first.totalCapped).toBe(true);
    expect(first.items.map((d) => d.title).slice(0, 3)).toEqual(["Bài 1", "Bài 2", "Bài 3"]);
    expect(first.items).toHaveLength(20);
    // Page 501 is past the cap (rows 10,001–10,005 exist): still exact.
    const past = await list(stu, `?courseId=${courseA}&sort=newest&page=501`);
    expect(past.items.map((d) => d.title)).toEqual([
      "Bài 10001",
      "Bài 10002",
      "Bài 10003",
      "Bài 10004",
      "Bài 10005",
    ]);
    expect(past.totalCapped).toBe(true);
  });

  it("below the cap the total is exact and not capped (search, other sorts, all spaces)", async () => {
    const search = await list(stu, `?courseId=${courseA}&search=${encodeURIComponent("phat am")}`);
    expect(search.total).toBe(DISCUSSION_COUNT_CAP / 1000);
    expect(search.totalCapped).toBe(false);
    expect(search.items.map((d) => d.title).slice(0, 2)).toEqual(["Phát âm 1000", "Phát âm 2000"]);
    const upvoted = await list(stu, `?courseId=${courseA}&sort=upvoted&search=${encodeURIComponent("PHÁT")}`);
    expect(upvoted.total).toBe(DISCUSSION_COUNT_CAP / 1000);
    const all = await list(stu, "?sort=active&pageSize=5");
    expect(all.total).toBe(DISCUSSION_COUNT_CAP);
    expect(all.totalCapped).toBe(true);
    expect(all.items.map((d) => d.title)).toEqual(["Bài 1", "Bài 2", "Bài 3", "Bài 4", "Bài 5"]);
  });
});
