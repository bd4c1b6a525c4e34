/**
 * Issue 24 §2: course reviews and ratings, real. Eligibility (enrolled, the creator's share of the
 * course done, not the creator), one review per student (edits allowed), the average shown only
 * from three reviews up on every surface (join page, its JSON-LD, My Courses, the school page),
 * the creator's one reply, "helpful" marks and their sort, a report upheld by an admin hiding the
 * review (and taking it out of the average), the Smart Alert and the analytics tab.
 */
import {
  type CourseReviews,
  type CreatorAlerts,
  type CreatorReviewAnalytics,
  type CreatorReviews,
  type ErrorBody,
  type JoinCourse,
  REVIEW_MESSAGES,
  type Review,
} from "@academy/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, emailOutbox, schools } from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import { joinPageHead } from "../src/features/enrolments/enrolments.service.ts";
import {
  createTestContext,
  enrolTwoFactor,
  lessonIdsOf,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  textLessonsDraft,
} from "./harness.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

let ctx: TestContext;
let creator: Account;
let courseId: string;
let lessonIds: string[];

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}
async function reviewsOf(who: Account | null, query = "") {
  const response = await call(who, "GET", `/api/courses/${courseId}/reviews${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseReviews;
}
async function review(who: Account, rating: number, body = "") {
  return call(who, "PUT", `/api/courses/${courseId}/reviews/mine`, { rating, body });
}

/** A new student enrolled in the course who studied its first `lessons` lessons through the player API. */
async function studentWho(name: string, lessons: number): Promise<Account> {
  const student = await signUpAndSignIn(ctx, { name });
  expect((await call(student, "POST", `/api/courses/${courseId}/enroll`, {})).status).toBeLessThan(300);
  for (const lessonId of lessonIds.slice(0, lessons)) {
    for (const event of ["open", "complete"]) {
      const done = await call(student, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, {
        event,
      });
      expect(done.status, await done.clone().text()).toBe(200);
    }
  }
  return student;
}

const FOUR_LESSONS = textLessonsDraft("Phở from scratch", ["Bones", "Spices", "Noodles", "Serving"]);

let ana: Account; // 50 % done
let binh: Account; // 25 % done
let outsider: Account; // not enrolled

beforeAll(async () => {
  ctx = await createTestContext();
  creator = await signUpAndSignIn(ctx, { name: "Lan Nguyen" });
  courseId = await publishCourse(ctx, creator.cookie, FOUR_LESSONS);
  lessonIds = await lessonIdsOf(ctx, courseId);
  expect(lessonIds).toHaveLength(4);
  [ana, binh, outsider] = await Promise.all([
    studentWho("Ana Tran", 2),
    studentWho("Binh Le", 1),
    signUpAndSignIn(ctx, { name: "Out Sider" }),
  ]);
}, 120_000);
afterAll(() => ctx?.close());

describe("who may review (issue 24 §2)", () => {
  it("tells each viewer why not, and the server refuses them", async () => {
    expect((await reviewsOf(null)).eligibility.blockedBy).toBe("sign_in");
    expect((await review(outsider, 5)).status).toBe(403);
    expect((await errorOf(await review(outsider, 5))).message).toBe(REVIEW_MESSAGES.notEnrolled);
    expect((await reviewsOf(outsider)).eligibility).toEqual({
      blockedBy: "not_enrolled",
      progress: null,
      minProgress: 30,
    });

    const early = await review(binh, 5);
    expect(early.status).toBe(403);
    expect((await errorOf(early)).message).toBe(REVIEW_MESSAGES.notEnoughProgress);
    expect((await reviewsOf(binh)).eligibility).toEqual({
      blockedBy: "progress",
      progress: 25,
      minProgress: 30,
    });

    const own = await review(creator, 5);
    expect(own.status).toBe(403);
    expect((await errorOf(own)).message).toBe(REVIEW_MESSAGES.ownCourse);
    expect((await reviewsOf(creator)).viewerIsCreator).toBe(true);

    expect((await reviewsOf(ana)).eligibility.blockedBy).toBeNull();
    expect((await call(null, "PUT", `/api/courses/${courseId}/reviews/mine`, { rating: 4 })).status).toBe(
      401,
    );
    expect((await call(ana, "PUT", "/api/courses/nope/reviews/mine", { rating: 4 })).status).toBe(404);
  });

  it("validates the stars and the text", async () => {
    for (const rating of [0, 6, 2.5, "5"]) {
      const bad = await review(ana, rating as number);
      expect(bad.status, String(rating)).toBe(400);
      expect((await errorOf(bad)).message).toBe(REVIEW_MESSAGES.rating);
    }
    const long = await review(ana, 4, "x".repeat(2001));
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe(REVIEW_MESSAGES.bodyTooLong);
    expect((await reviewsOf(ana)).mine).toBeNull();
  });

  it("follows the share the creator sets", async () => {
    const set = (minProgress: number, who = creator) =>
      call(who, "PATCH", `/api/courses/${courseId}/review-settings`, { minProgress });
    expect((await set(20, ana)).status).toBe(404);
    expect((await set(101)).status).toBe(400);
    expect((await set(20)).status).toBe(200);
    expect((await reviewsOf(binh)).eligibility).toMatchObject({ blockedBy: null, minProgress: 20 });
    expect((await set(30)).status).toBe(200);
    expect((await reviewsOf(binh)).eligibility.blockedBy).toBe("progress");
  });
});

describe("one review per student, the average from three reviews up", () => {
  let chi: Account;
  let dung: Account;

  it("writes once and edits after", async () => {
    const first = await review(ana, 5, "Rõ ràng, dễ làm theo.");
    expect(first.status).toBe(200);
    const written = (await first.json()) as Review;
    expect(written).toMatchObject({ rating: 5, body: "Rõ ràng, dễ làm theo.", own: true, editedAt: null });
    const again = (await (await review(ana, 4, "Rõ ràng.")).json()) as Review;
    expect(again.id).toBe(written.id);
    expect(again.rating).toBe(4);
    expect(again.editedAt).not.toBeNull();
    const list = await reviewsOf(null);
    expect(list.total).toBe(1);
    expect(list.reviews.map((r) => [r.authorName, r.rating])).toEqual([["Ana Tran", 4]]);
    expect(list.rating).toBeNull();
  });

  it("shows no average anywhere below three reviews, and the same one everywhere from three", async () => {
    [chi, dung] = await Promise.all([studentWho("Chi Pham", 2), studentWho("Dung Vo", 4)]);
    expect((await review(chi, 3)).status).toBe(200);

    const join = async () =>
      (await (await call(null, "GET", `/api/public/courses/${courseId}`)).json()) as JoinCourse;
    const myCourses = async () =>
      (
        (await (await call(creator, "GET", "/api/courses")).json()) as {
          items: Array<{ id: string; rating: unknown }>;
        }
      ).items.find((c) => c.id === courseId)?.rating;
    const [school] = await ctx.runtime.db
      .select({ slug: schools.slug })
      .from(schools)
      .where(eq(schools.creator_id, creator.userId));
    // School pages are cached for 10 s per address: each check reads another address (a search).
    const schoolPage = async (q: string) =>
      (await call(null, "GET", `/s/${school.slug}?q=${encodeURIComponent(q)}`)).text();
    const head = async () => joinPageHead(ctx.runtime.db, "http://localhost:3000", courseId);

    // Two reviews (4 and 3 stars): nothing shown.
    expect((await reviewsOf(null)).rating).toBeNull();
    expect(await join()).toMatchObject({ rating: 0, ratingCount: 0 });
    expect(await myCourses()).toBeNull();
    expect(await schoolPage("Phở")).not.toContain("★");
    expect(JSON.stringify((await head())?.jsonLd)).not.toContain("AggregateRating");

    // The third (5 stars): (4 + 3 + 5) / 3 = 4.0 on every surface.
    expect((await review(dung, 5, "Tuyệt vời")).status).toBe(200);
    expect((await reviewsOf(null)).rating).toEqual({ average: 4, count: 3 });
    expect(await join()).toMatchObject({ rating: 4, ratingCount: 3 });
    expect(await myCourses()).toEqual({ average: 4, count: 3 });
    expect(await schoolPage("scratch")).toContain("★ 4,0 (3 đánh giá)"); // the school page speaks Vietnamese by default
    expect((await head())?.jsonLd).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 3, bestRating: 5 },
    });

    // An edit moves the average at once: (4 + 1 + 5) / 3 = 3.3.
    expect((await review(chi, 1, "Không như mong đợi")).status).toBe(200);
    expect((await reviewsOf(null)).rating).toEqual({ average: 3.3, count: 3 });
    const [stored] = await ctx.runtime.db
      .select({ rating: courses.rating, count: courses.rating_count, total: courses.rating_total })
      .from(courses)
      .where(eq(courses.id, courseId));
    expect(stored).toMatchObject({ count: 3, total: 10 });
    expect(stored.rating).toBeCloseTo(10 / 3, 5);
  });

  it("sorts by most helpful, counts each person's mark once, and refuses marking one's own", async () => {
    const list = await reviewsOf(null);
    const anaReview = list.reviews.find((r) => r.authorName === "Ana Tran") as Review;
    const mark = (who: Account, helpful: boolean) =>
      call(who, "POST", `/api/reviews/${anaReview.id}/helpful`, { helpful });
    expect((await mark(ana, true)).status).toBe(403);
    expect(await (await mark(dung, true)).json()).toEqual({ helpfulCount: 1, votedHelpful: true });
    expect(await (await mark(dung, true)).json()).toEqual({ helpfulCount: 1, votedHelpful: true });
    expect(await (await mark(outsider, true)).json()).toEqual({ helpfulCount: 2, votedHelpful: true });
    // Newest first by default (Ana's is the oldest); most helpful puts hers first.
    expect((await reviewsOf(null)).reviews.at(-1)?.id).toBe(anaReview.id);
    const helpful = await reviewsOf(dung, "?sort=helpful");
    expect(helpful.reviews[0]).toMatchObject({ id: anaReview.id, helpfulCount: 2, votedHelpful: true });
    expect(await (await mark(outsider, false)).json()).toEqual({ helpfulCount: 1, votedHelpful: false });
    expect((await call(null, "GET", `/api/courses/${courseId}/reviews?sort=best`)).status).toBe(400);
  });

  it("lets the creator reply once, publicly", async () => {
    const [target] = (await reviewsOf(null)).reviews.filter((r) => r.rating === 1);
    const reply = (who: Account, body: string) =>
      call(who, "POST", `/api/reviews/${target.id}/reply`, { body });
    expect((await reply(ana, "Not mine to answer")).status).toBe(403);
    expect((await reply(creator, "   ")).status).toBe(400);
    const first = await reply(creator, "Cảm ơn bạn, mình sẽ quay lại video phần nước dùng.");
    expect(first.status).toBe(200);
    const again = await reply(creator, "A second reply");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(REVIEW_MESSAGES.alreadyReplied);
    const shown = (await reviewsOf(null)).reviews.find((r) => r.id === target.id);
    expect(shown?.reply?.body).toBe("Cảm ơn bạn, mình sẽ quay lại video phần nước dùng.");

    const inbox = (await (
      await call(creator, "GET", "/api/reviews/creator?filter=unanswered")
    ).json()) as CreatorReviews;
    expect(inbox.reviews.map((r) => r.rating).sort()).toEqual([4, 5]);
    expect(inbox.reviews[0].courseTitle).toBe("Phở from scratch");
    expect((await call(ana, "GET", `/api/reviews/creator?courseId=${courseId}`)).status).toBe(404);
  });

  it("raises a Smart Alert for a 1–2 star review and feeds the analytics tab", async () => {
    // Analytics counts days in the creator's zone (Asia/Ho_Chi_Minh), not in UTC.
    const vietnamDay = (offset: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(
        new Date(Date.now() + offset * 86_400_000),
      );
    const [from, today] = [vietnamDay(-29), vietnamDay(0)];
    const alerts = (await (
      await call(creator, "GET", `/api/analytics/creator/alerts?from=${from}&to=${today}`)
    ).json()) as CreatorAlerts;
    expect(alerts.lowReviews).toHaveLength(1);
    expect(alerts.lowReviews[0]).toMatchObject({ rating: 1, courseTitle: "Phở from scratch", replied: true });

    const tab = (await (
      await call(creator, "GET", `/api/analytics/creator/reviews?from=${from}&to=${today}`)
    ).json()) as CreatorReviewAnalytics;
    expect(tab.courses).toEqual([
      { courseId, courseTitle: "Phở from scratch", average: 3.33, count: 3, minProgress: 30 },
    ]);
    expect(tab.period).toEqual({ average: 3.33, count: 3 });
    expect(tab.trend).toHaveLength(30);
    expect(tab.trend.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it("hides a review when an admin upholds a report: out of the average, kept for its author, who is told", async () => {
    const admin = await signUpAndSignIn(ctx, { name: "Ada Admin" });
    await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" });
    await enrolTwoFactor(ctx, admin);
    const [target] = (await reviewsOf(null)).reviews.filter((r) => r.rating === 1);
    const reported = await call(creator, "POST", "/api/reports", {
      targetType: "course_review",
      targetId: target.id,
      reason: "inappropriate",
    });
    expect(reported.status).toBeLessThan(300);
    const { reports } = (await (await call(admin, "GET", "/api/admin/reports?status=pending")).json()) as {
      reports: Array<{
        id: string;
        targetType: string;
        targetTitle: string | null;
        ownerEmail: string | null;
      }>;
    };
    const report = reports.find((r) => r.targetType === "course_review");
    expect(report?.targetTitle).toBe("Phở from scratch · ★ · Không như mong đợi");
    expect(report?.ownerEmail).toBe(chi.email.toLowerCase());
    expect(
      (await call(admin, "POST", `/api/admin/reports/${report?.id}/review`, { decision: "rejected" })).status,
    ).toBeLessThan(300);

    const after = await reviewsOf(null);
    expect(after.reviews.map((r) => r.id)).not.toContain(target.id);
    expect(after.total).toBe(2);
    expect(after.rating).toBeNull(); // two visible reviews: below the minimum again
    expect((await reviewsOf(chi)).mine).toMatchObject({ id: target.id, status: "hidden" });
    const mail = await ctx.runtime.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, chi.email.toLowerCase()),
          eq(emailOutbox.template, "moderation-decision"),
        ),
      );
    expect(mail).toHaveLength(1);
    expect((await call(dung, "POST", `/api/reviews/${target.id}/helpful`, { helpful: true })).status).toBe(
      404,
    );
  });
});
