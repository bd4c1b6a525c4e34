import {
  type ErrorBody,
  type InvitationResult,
  pendingInvitationListSchema,
  STUDENT_MESSAGES,
  type StudentDashboard,
} from "@academy/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments, lessonProgress, profiles } from "../src/db/schema/index.ts";
import {
  assignAndAccept,
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

/**
 * Issue 16 item 8: a student invited or assigned into a course can leave it; a creator lists
 * their pending invitations and revokes one.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator
let dan: Account; // another creator
let stu: Account; // assigned, then leaves
let sel: Account; // enrolled themselves
let courseId: string;
let secondId: string;

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}
async function enrolment(who: Account, id: string) {
  const [row] = await ctx.runtime.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.student_id, who.userId), eq(enrollments.course_id, id)));
  return row;
}
async function enrolmentCount(id: string) {
  const [row] = await ctx.runtime.db
    .select({ n: courses.enrollment_count })
    .from(courses)
    .where(eq(courses.id, id));
  return row.n;
}
async function myCourses(who: Account) {
  const response = await call(who, "GET", "/api/dashboard");
  expect(response.status).toBe(200);
  return ((await response.json()) as StudentDashboard).courses;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Stu" });
  sel = await signUpAndSignIn(ctx, { name: "Sel" });
  for (const who of [stu, sel])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
  courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Gỏi cuốn"));
  secondId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Chả giò"));
  await publishCourse(ctx, dan.cookie, oneLessonDraft("Dan's course"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("a student leaves a course they were assigned to", () => {
  it("shows the course as leavable, and leaving deletes the enrolment and its progress", async () => {
    await assignAndAccept(ctx, cara.cookie, stu, courseId);
    const before = await enrolmentCount(courseId);
    const [course] = await myCourses(stu);
    expect(course).toMatchObject({ courseId, canLeave: true });
    const learn = await call(stu, "GET", `/api/learn/${courseId}`);
    const lessonId = ((await learn.json()) as { lessons: Array<{ id: string }> }).lessons[0].id;
    expect(
      (await call(stu, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, { event: "open" }))
        .status,
    ).toBe(200);

    const left = await call(stu, "POST", `/api/courses/${courseId}/leave`);
    expect(left.status).toBe(204);
    expect(await enrolment(stu, courseId)).toBeUndefined();
    expect(
      await ctx.runtime.db.select().from(lessonProgress).where(eq(lessonProgress.student_id, stu.userId)),
    ).toEqual([]);
    expect(await enrolmentCount(courseId)).toBe(before - 1);
    expect(await myCourses(stu)).toEqual([]);
    expect((await call(stu, "GET", `/api/learn/${courseId}`)).status).toBe(403);
    // Leaving again: not enrolled.
    const again = await call(stu, "POST", `/api/courses/${courseId}/leave`);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(STUDENT_MESSAGES.leaveNotEnrolled);
    // The creator can assign the student again (an invitation, accepted again).
    await assignAndAccept(ctx, cara.cookie, stu, courseId);
    expect(await enrolment(stu, courseId)).toBeDefined();
  });

  it("refuses a self-enrolment (403), a course with a certificate (409), anonymous (401), a bad id (404)", async () => {
    expect((await call(sel, "POST", `/api/courses/${secondId}/enroll`)).status).toBe(200);
    expect((await myCourses(sel))[0]).toMatchObject({ courseId: secondId, canLeave: false });
    const self = await call(sel, "POST", `/api/courses/${secondId}/leave`);
    expect(self.status).toBe(403);
    expect((await errorOf(self)).message).toBe(STUDENT_MESSAGES.leaveNotAllowed);
    expect(await enrolment(sel, secondId)).toBeDefined();

    await ctx.runtime.db
      .update(enrollments)
      .set({ certificate_issued: true })
      .where(and(eq(enrollments.student_id, stu.userId), eq(enrollments.course_id, courseId)));
    expect((await myCourses(stu))[0]).toMatchObject({ canLeave: false });
    const done = await call(stu, "POST", `/api/courses/${courseId}/leave`);
    expect(done.status).toBe(409);
    expect((await errorOf(done)).message).toBe(STUDENT_MESSAGES.leaveCompleted);
    expect(await enrolment(stu, courseId)).toBeDefined();

    expect((await call(null, "POST", `/api/courses/${courseId}/leave`)).status).toBe(401);
    expect((await call(stu, "POST", "/api/courses/nope/leave")).status).toBe(404);
  });
});

describe("a creator lists and revokes pending invitations", () => {
  it("lists pending invitations with their courses, only the creator's own", async () => {
    const sent = await call(cara, "POST", "/api/invitations", {
      email: "guest@example.com",
      courseIds: [courseId, secondId],
    });
    expect(sent.status).toBe(201);
    const { invitationId } = (await sent.json()) as InvitationResult;
    const list = await call(cara, "GET", "/api/invitations");
    expect(list.status).toBe(200);
    const body = pendingInvitationListSchema.parse(await list.json());
    expect(body.invitations).toEqual([
      expect.objectContaining({
        id: invitationId,
        email: "guest@example.com",
        courseTitles: ["Gỏi cuốn", "Chả giò"],
      }),
    ]);
    const other = pendingInvitationListSchema.parse(
      await (await call(dan, "GET", "/api/invitations")).json(),
    );
    expect(other.invitations).toEqual([]);
    expect((await call(stu, "GET", "/api/invitations")).status).toBe(403);
    expect((await call(null, "GET", "/api/invitations")).status).toBe(401);

    // Another creator cannot revoke it; the owner can, once.
    expect((await call(dan, "POST", `/api/invitations/${invitationId}/revoke`)).status).toBe(404);
    expect((await call(cara, "POST", `/api/invitations/${invitationId}/revoke`)).status).toBe(204);
    expect((await call(cara, "POST", `/api/invitations/${invitationId}/revoke`)).status).toBe(404);
    const after = pendingInvitationListSchema.parse(
      await (await call(cara, "GET", "/api/invitations")).json(),
    );
    expect(after.invitations).toEqual([]);
  });
});
