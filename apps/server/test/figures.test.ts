/**
 * Issue 24 §5: one figure, one definition. A student signs up, studies, and every screen's API
 * gives the same study time and streak (the student dashboard, My Learning Analytics, Community ›
 * Achievements); every creator screen gives the same number of students (Student Management,
 * Analytics, the public join page), where a payment still pending is not a student and a deleted
 * account no longer counts; Smart Alerts' drop-off counts only students inactive for 7 days.
 */
import { type CreatorAlerts, type CreatorOverview, studyMinutes } from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, lessonProgress, profiles } from "../src/db/schema/index.ts";
import {
  createTestContext,
  lessonIdsOf,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  textLessonsDraft,
} from "./harness.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

let ctx: TestContext;
let creator: Account;
let ana: Account;
let binh: Account;
let chi: Account;
let freeCourse: string;
let paidCourse: string;
let lessonIds: string[];

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function body<T>(who: Account | null, pathname: string): Promise<T> {
  const response = await call(who, "GET", pathname);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}
async function progress(who: Account, lessonId: string, event: string, timeSpentDelta = 0) {
  const response = await call(who, "POST", `/api/learn/${freeCourse}/lessons/${lessonId}/progress`, {
    event,
    timeSpentDelta,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}
/** Opens a lesson ten minutes ago (the server caps study time by the time since opening). */
async function openedAgo(who: Account, lessonId: string) {
  await progress(who, lessonId, "open");
  await ctx.runtime.db
    .update(lessonProgress)
    .set({ opened_at: sql`now() - interval '10 minutes'` })
    .where(and(eq(lessonProgress.student_id, who.userId), eq(lessonProgress.lesson_id, lessonId)));
}
/** Today in Asia/Ho_Chi_Minh (analytics days are the creator's local days). */
const todayInVietnam = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh", dateStyle: "short" }).format(new Date());

const THREE_LESSONS = textLessonsDraft("Phở from scratch", ["Bones", "Spices", "Noodles"]);

beforeAll(async () => {
  ctx = await createTestContext();
  creator = await signUpAndSignIn(ctx, { name: "Lan Nguyen" });
  freeCourse = await publishCourse(ctx, creator.cookie, THREE_LESSONS);
  paidCourse = await publishCourse(ctx, creator.cookie, oneLessonDraft("Bánh mì", { price: 199_000 }));
  lessonIds = await lessonIdsOf(ctx, freeCourse);
  [ana, binh, chi] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Ana Tran" }),
    signUpAndSignIn(ctx, { name: "Binh Le" }),
    signUpAndSignIn(ctx, { name: "Chi Pham" }),
  ]);
  for (const who of [ana, binh, chi]) {
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
  }
  for (const who of [ana, chi])
    expect((await call(who, "POST", `/api/courses/${freeCourse}/enroll`, {})).status).toBeLessThan(300);
  // Binh asks to buy the paid course: a payment pending, not a student yet.
  expect(
    (await call(binh, "POST", `/api/courses/${paidCourse}/enroll`, { contact: true })).status,
  ).toBeLessThan(300);
}, 120_000);
afterAll(() => ctx?.close());

describe("one figure, one definition (issue 24 §5)", () => {
  it("a student's study time and streak are the same on the dashboard, My Analytics and Achievements", async () => {
    await openedAgo(ana, lessonIds[0]);
    await progress(ana, lessonIds[0], "time", 150);
    await progress(ana, lessonIds[0], "complete");

    const dashboard = await body<{ role: string; stats: { studySeconds: number } }>(ana, "/api/dashboard");
    const mine = await body<{ cards: { totalSeconds: number; currentStreak: number; bestStreak: number } }>(
      ana,
      "/api/analytics/me",
    );
    const achievements = await body<{ streakDays: number }>(ana, "/api/community/achievements");

    expect(dashboard.role).toBe("student");
    expect(dashboard.stats.studySeconds).toBe(150);
    expect(mine.cards.totalSeconds).toBe(150);
    // Shown everywhere as the same whole minutes: 150 s → 3 min (rounded).
    expect(studyMinutes(dashboard.stats.studySeconds)).toBe(3);
    // One day with more than a minute: a streak of 1, on both screens that show it.
    expect(mine.cards.currentStreak).toBe(1);
    expect(achievements.streakDays).toBe(1);

    // A student who only opened a lesson (under a minute) has no streak day on either screen.
    await progress(chi, lessonIds[0], "open");
    const chiMine = await body<{ cards: { totalSeconds: number; currentStreak: number } }>(
      chi,
      "/api/analytics/me",
    );
    const chiAchievements = await body<{ streakDays: number }>(chi, "/api/community/achievements");
    const chiDashboard = await body<{ stats: { studySeconds: number } }>(chi, "/api/dashboard");
    expect([chiMine.cards.currentStreak, chiAchievements.streakDays]).toEqual([0, 0]);
    expect(chiDashboard.stats.studySeconds).toBe(chiMine.cards.totalSeconds);
  });

  it("the creator's students are the same number in Student Management, Analytics and on the join page", async () => {
    const today = todayInVietnam();
    const students = async () => {
      const stats = await body<{ totalStudents: number; pendingPayments: number }>(
        creator,
        "/api/students/stats",
      );
      const overview = await body<CreatorOverview>(
        creator,
        `/api/analytics/creator/overview?from=${today}&to=${today}`,
      );
      const free = await body<{ studentCount: number }>(null, `/api/public/courses/${freeCourse}`);
      const paid = await body<{ studentCount: number }>(null, `/api/public/courses/${paidCourse}`);
      return {
        management: stats.totalStudents,
        analytics: overview.cards.totalStudents.value,
        public: free.studentCount + paid.studentCount,
        pending: stats.pendingPayments,
      };
    };
    // Ana and Chi (free course); Binh's payment is pending: not a student anywhere.
    expect(await students()).toEqual({ management: 2, analytics: 2, public: 2, pending: 1 });

    // Chi deletes her account: every screen drops her at once.
    const deleted = await call(chi, "DELETE", "/api/account", { password: chi.password });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect(await students()).toEqual({ management: 1, analytics: 1, public: 1, pending: 1 });
  });

  it("Smart Alerts count a student as stopped at a lesson only after 7 days without study", async () => {
    const alerts = async () =>
      (
        await body<CreatorAlerts>(
          creator,
          `/api/analytics/creator/alerts?from=${todayInVietnam()}&to=${todayInVietnam()}`,
        )
      ).dropOffLessons.map((l) => [l.lessonTitle, l.stopped]);
    // Ana finished lesson 1 and studies now: nobody has stopped yet.
    expect(await alerts()).toEqual([]);
    await ctx.runtime.db
      .update(enrollments)
      .set({ last_accessed: sql`now() - interval '8 days'` })
      .where(and(eq(enrollments.student_id, ana.userId), eq(enrollments.course_id, freeCourse)));
    // Eight days away: she stopped at "Bones", the furthest lesson she reached.
    expect(await alerts()).toEqual([["Bones", 1]]);
  });
});
