import { randomUUID } from "node:crypto";
import { dashboardSchema, type ErrorBody } from "@academy/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments, lessonProgress, lessons, orders, profiles } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

const DAY_MS = 86_400_000;

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // the creator under test
let dan: Account; // another creator
let sam: Account; // enrols in their courses

beforeAll(async () => {
  ctx = await createTestContext();
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
});
afterAll(async () => {
  await ctx?.close();
});

/** GET /api/dashboard as `who`, checked against the shared contract. */
async function dashboard(who: Account) {
  const response = await ctx.request("/api/dashboard", { cookie: who.cookie });
  expect(response.status).toBe(200);
  return dashboardSchema.parse(await response.json());
}

async function creatorDashboard(who: Account) {
  const body = await dashboard(who);
  if (body.role !== "creator") throw new Error(`expected a creator dashboard, got ${body.role}`);
  return body;
}

async function insertCourse(creatorId: string, title: string, published = false) {
  const [row] = await ctx.runtime.db
    .insert(courses)
    .values({ creator_id: creatorId, title, slug: `course-${randomUUID()}`, is_published: published })
    .returning();
  return row;
}

let courseA: typeof courses.$inferSelect;
let courseB: typeof courses.$inferSelect;
let enrolmentA: typeof enrollments.$inferSelect;
let enrolmentB: typeof enrollments.$inferSelect;

/** A paid order for an enrolment (earnings come from paid orders, issue 11 §8). */
async function paidOrder(courseId: string, studentId: string, enrollmentId: string, amount: number) {
  await ctx.runtime.db.insert(orders).values({
    reference: Math.random().toString(36).slice(2, 10).toUpperCase(),
    course_id: courseId,
    student_id: studentId,
    enrollment_id: enrollmentId,
    list_amount: amount,
    amount,
    currency: "VND",
    status: "paid",
    provider: "manual",
    expires_at: new Date(Date.now() + DAY_MS),
    paid_at: new Date(),
  });
}

describe("GET /api/dashboard for creators (spec 000 §2, §4 setup progress)", () => {
  it("refuses an anonymous visitor with 401", async () => {
    const response = await ctx.request("/api/dashboard");
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe("UNAUTHORIZED");
  });

  it("shows a new creator 20% setup, zero figures and no activity", async () => {
    expect(await creatorDashboard(cara)).toEqual({
      role: "creator",
      setupProgress: 20,
      checklist: { hasCourse: false, hasPublishedCourse: false, hasEnrolledStudent: false, hasSchool: false },
      stats: {
        totalCourses: 0,
        publishedCourses: 0,
        students: 0,
        earnings: 0,
        earningsByCurrency: [],
        growth: null,
        newEnrolments30d: 0,
      },
      recentActivity: [],
    });
  });

  it("reaches 50% once the creator has a course", async () => {
    courseA = await insertCourse(cara.userId, "Vietnamese Cooking Basics");
    const body = await creatorDashboard(cara);
    expect(body.setupProgress).toBe(50);
    expect(body.checklist).toMatchObject({ hasCourse: true, hasPublishedCourse: false });
    expect(body.stats).toMatchObject({ totalCourses: 1, publishedCourses: 0, students: 0 });
  });

  it("reaches 80% once a course is published", async () => {
    await ctx.runtime.db.update(courses).set({ is_published: true }).where(eq(courses.id, courseA.id));
    const body = await creatorDashboard(cara);
    expect(body.setupProgress).toBe(80);
    expect(body.stats).toMatchObject({ totalCourses: 1, publishedCourses: 1, students: 0 });
  });

  it("reaches 100% with an enrolled student, who shows in the recent activity", async () => {
    [enrolmentA] = await ctx.runtime.db
      .insert(enrollments)
      .values({
        course_id: courseA.id,
        student_id: sam.userId,
        enrollment_date: new Date(Date.now() - 3 * DAY_MS),
        payment_status: "completed",
        payment_amount: 1_990_000,
        progress: 40,
      })
      .returning();
    await paidOrder(courseA.id, sam.userId, enrolmentA.id, 1_990_000);
    const body = await creatorDashboard(cara);
    expect(body.setupProgress).toBe(100);
    expect(body.checklist.hasEnrolledStudent).toBe(true);
    expect(body.stats).toEqual({
      totalCourses: 1,
      publishedCourses: 1,
      students: 1,
      earnings: 1_990_000,
      earningsByCurrency: [{ currency: "VND", amount: 1_990_000 }],
      growth: null,
      newEnrolments30d: 1,
    });
    expect(body.recentActivity).toEqual([
      {
        kind: "enrolment",
        studentName: "Student Sam",
        courseTitle: "Vietnamese Cooking Basics",
        at: enrolmentA.enrollment_date.toISOString(),
      },
    ]);
  });

  it("never shows one creator another creator's courses, students or activity", async () => {
    courseB = await insertCourse(dan.userId, "Guitar for Beginners", true);
    const completedAt = new Date(Date.now() - 60_000);
    [enrolmentB] = await ctx.runtime.db
      .insert(enrollments)
      .values({
        course_id: courseB.id,
        student_id: sam.userId,
        enrollment_date: new Date(Date.now() - DAY_MS),
        payment_status: "completed",
        payment_amount: 500_000,
        progress: 100,
        is_completed: true,
        completion_date: completedAt,
      })
      .returning();
    await paidOrder(courseB.id, sam.userId, enrolmentB.id, 500_000);
    // Cara enrols in Dan's course as a learner, 45 days ago (the 30 days before the last 30).
    const caraEnrolledAt = new Date(Date.now() - 45 * DAY_MS);
    await ctx.runtime.db
      .insert(enrollments)
      .values({ course_id: courseB.id, student_id: cara.userId, enrollment_date: caraEnrolledAt });

    const caras = await creatorDashboard(cara);
    expect(caras.stats).toEqual({
      totalCourses: 1,
      publishedCourses: 1,
      students: 1,
      earnings: 1_990_000,
      earningsByCurrency: [{ currency: "VND", amount: 1_990_000 }],
      growth: null,
      newEnrolments30d: 1,
    });
    expect(caras.recentActivity.map((a) => a.courseTitle)).toEqual(["Vietnamese Cooking Basics"]);

    const dans = await creatorDashboard(dan);
    expect(dans.setupProgress).toBe(100);
    expect(dans.stats).toEqual({
      totalCourses: 1,
      publishedCourses: 1,
      students: 2,
      earnings: 500_000,
      earningsByCurrency: [{ currency: "VND", amount: 500_000 }],
      growth: 0,
      newEnrolments30d: 1,
    });
    expect(dans.recentActivity).toEqual([
      {
        kind: "completion",
        studentName: "Student Sam",
        courseTitle: "Guitar for Beginners",
        at: completedAt.toISOString(),
      },
      {
        kind: "enrolment",
        studentName: "Creator Cara",
        courseTitle: "Guitar for Beginners",
        at: caraEnrolledAt.toISOString(),
      },
    ]);
  });

  it("keeps a learner whose role is creator on the creator dashboard (enrolling does not change the role)", async () => {
    const body = await dashboard(sam);
    expect(body.role).toBe("creator");
  });
});

describe("GET /api/dashboard for students (spec 000 §2 student dashboard, §9)", () => {
  it("shows the student's courses newest first with real counts, rate and study time", async () => {
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, sam.userId));
    const [lessonA] = await ctx.runtime.db
      .insert(lessons)
      .values({ course_id: courseA.id, title: "Knife skills", slug: "knife-skills" })
      .returning();
    const [lessonB] = await ctx.runtime.db
      .insert(lessons)
      .values({ course_id: courseB.id, title: "Chords", slug: "chords" })
      .returning();
    await ctx.runtime.db.insert(lessonProgress).values([
      {
        enrollment_id: enrolmentA.id,
        lesson_id: lessonA.id,
        student_id: sam.userId,
        time_spent: 1200,
        progress: 40,
      },
      {
        enrollment_id: enrolmentB.id,
        lesson_id: lessonB.id,
        student_id: sam.userId,
        time_spent: 600,
        progress: 100,
      },
    ]);
    // Someone else's study time never counts for Sam.
    const [caraEnrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.student_id, cara.userId));
    await ctx.runtime.db.insert(lessonProgress).values({
      enrollment_id: caraEnrolment.id,
      lesson_id: lessonB.id,
      student_id: cara.userId,
      time_spent: 9999,
    });

    // Study time is the learning record's (issue 24 §5: the figure My Analytics and Achievements
    // show too): events of 1200 s and 600 s for Sam, 9999 s for Cara.
    const study = async (enrolment: { id: string; student_id: string; course_id: string }, seconds: number) =>
      ctx.runtime.db.execute(sql`
        insert into learning_events (enrollment_id, student_id, course_id, kind, seconds)
        values (${enrolment.id}, ${enrolment.student_id}, ${enrolment.course_id}, 'time', ${seconds})`);
    await study(enrolmentA, 1200);
    await study(enrolmentB, 600);
    await study(caraEnrolment, 9999);

    const body = await dashboard(sam);
    if (body.role !== "student") throw new Error("expected the student dashboard");
    expect(body.stats).toEqual({
      activeCourses: 1,
      completedCourses: 1,
      completionRate: 50,
      studySeconds: 1800,
      // First Steps, Course Master and Fast Learner (completed within 7 days of enrolling): issue 13 rules.
      achievements: 3,
    });
    expect(body.courses.map((c) => c.title)).toEqual(["Guitar for Beginners", "Vietnamese Cooking Basics"]);
    expect(body.courses[0]).toMatchObject({
      enrollmentId: enrolmentB.id,
      courseId: courseB.id,
      progress: 100,
      isCompleted: true,
      paymentStatus: "completed",
      enrollmentDate: enrolmentB.enrollment_date.toISOString(),
    });
    expect(body.courses[1]).toMatchObject({ enrollmentId: enrolmentA.id, progress: 40, isCompleted: false });
  });

  it("shows a student without enrolments zero figures and a 0% completion rate", async () => {
    const newcomer = await signUpAndSignIn(ctx, { name: "New Student" });
    await ctx.runtime.db
      .update(profiles)
      .set({ role: "student" })
      .where(eq(profiles.user_id, newcomer.userId));
    expect(await dashboard(newcomer)).toEqual({
      role: "student",
      stats: { activeCourses: 0, completedCourses: 0, completionRate: 0, studySeconds: 0, achievements: 0 },
      courses: [],
    });
  });
});
