import {
  type CourseDraftInput,
  DEFAULT_PASS_MARK,
  type ErrorBody,
  LEARNING_MESSAGES,
  type PlayerCourse,
  playerCourseSchema,
  progressResultSchema,
  quizResultSchema,
  VIDEO_END_PROGRESS,
} from "@academy/shared";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificates, enrollments, lessonProgress, lessons, profiles } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // the creator (not enrolled in her own course at first)
let stu: Account; // the student under test
let sam: Account; // a second enrolled student
let una: Account; // signed in, not enrolled
let pia: Account; // pending payment
let con: Account; // completes every lesson at once

let courseId: string; // text, video, quiz
let otherCourseId: string; // another course of cara's, with a quiz whose pass mark is 60
let paidCourseId: string;
let textId: string;
let videoId: string;
let quizId: string;
let otherLessonId: string; // a text lesson of the other course
let otherQuizId: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
/** Every response body the student saw before submitting a quiz (must never hold the answer key). */
const seenBeforeSubmission: string[] = [];

const QUESTIONS = [
  {
    id: "q1",
    question: "How do you say hello?",
    choices: ["Xin chào", "Tạm biệt", "Cảm ơn"],
    correctIndex: 0,
  },
  { id: "q2", question: "How do you say thank you?", choices: ["Xin lỗi", "Cảm ơn"], correctIndex: 1 },
  { id: "q3", question: "How do you say goodbye?", choices: ["Vâng", "Không", "Tạm biệt"], correctIndex: 2 },
];
const ALL_RIGHT = { q1: 0, q2: 1, q3: 2 };
const TWO_RIGHT = { q1: 0, q2: 1, q3: 0 };

function call(who: Account | null, method: "GET" | "POST", pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function publish(who: Account, input: CourseDraftInput): Promise<string> {
  const response = await call(who, "POST", "/api/courses/publish", input);
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { courseId: string }).courseId;
}

async function enrol(who: Account, id: string, body?: { contact: true }) {
  const response = await call(who, "POST", `/api/courses/${id}/enroll`, body);
  if (response.status !== 200) throw new Error(`enrol failed: ${response.status} ${await response.text()}`);
}

async function lessonIds(id: string): Promise<string[]> {
  const rows = await ctx.runtime.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.course_id, id))
    .orderBy(asc(lessons.order_index));
  return rows.map((r) => r.id);
}

/** GET /api/learn/{courseId} as `who`: 200, checked against the contract; the raw text is remembered. */
async function player(who: Account, id = courseId): Promise<PlayerCourse> {
  const response = await call(who, "GET", `/api/learn/${id}`);
  expect(response.status).toBe(200);
  const raw = await response.text();
  seenBeforeSubmission.push(raw);
  return playerCourseSchema.parse(JSON.parse(raw));
}

/** A progress event as `who`: 200, checked against the contract; the raw text is remembered. */
async function progress(
  who: Account,
  lessonId: string,
  event: "open" | "complete" | "video-ended" | "time",
  timeSpentDelta?: number,
  id = courseId,
) {
  const response = await call(who, "POST", `/api/learn/${id}/lessons/${lessonId}/progress`, {
    event,
    ...(timeSpentDelta === undefined ? {} : { timeSpentDelta }),
  });
  const raw = await response.text();
  if (response.status !== 200) throw new Error(`progress failed: ${response.status} ${raw}`);
  seenBeforeSubmission.push(raw);
  return progressResultSchema.parse(JSON.parse(raw));
}

async function quiz(who: Account, lessonId: string, answers: Record<string, number>, id = courseId) {
  const response = await call(who, "POST", `/api/learn/${id}/lessons/${lessonId}/quiz`, { answers });
  expect(response.status).toBe(200);
  const raw = await response.text();
  return { raw, body: quizResultSchema.parse(JSON.parse(raw)) };
}

async function enrolmentOf(who: Account, id = courseId) {
  const [row] = await ctx.runtime.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.student_id, who.userId), eq(enrollments.course_id, id)));
  return row;
}

async function progressRow(who: Account, lessonId: string) {
  const [row] = await ctx.runtime.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.student_id, who.userId), eq(lessonProgress.lesson_id, lessonId)));
  return row;
}

async function progressRowCount(who: Account): Promise<number> {
  const [{ n }] = await ctx.runtime.db
    .select({ n: count() })
    .from(lessonProgress)
    .where(eq(lessonProgress.student_id, who.userId));
  return Number(n);
}

beforeAll(async () => {
  // Time is asserted as reported here; the wall-clock cap (issue 16 item 6) is tested in
  // learning-integrity.test.ts.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", LEARNING_TIME_CAP: "false" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
  una = await signUpAndSignIn(ctx, { name: "Student Una" });
  pia = await signUpAndSignIn(ctx, { name: "Student Pia" });
  con = await signUpAndSignIn(ctx, { name: "Student Con" });
  for (const who of [stu, sam, una, pia, con])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));

  courseId = await publish(cara, {
    title: "Tiếng Việt 101",
    description: "Your first Vietnamese words.",
    estimatedDuration: 1,
    outline: [
      {
        id: "s1",
        title: "Basics",
        lessons: [
          {
            id: "l1",
            title: "Xin chào",
            type: "text",
            duration: 10,
            content: { type: "text", html: "<p>Say <strong>xin chào</strong>.</p>" },
          },
          {
            id: "l2",
            title: "Watch and repeat",
            type: "video",
            duration: 20,
            content: { type: "video", source: "youtube", url: "https://youtu.be/dQw4w9WgXcQ" },
          },
        ],
      },
      {
        id: "s2",
        title: "Check yourself",
        // No pass mark given: the default 70% applies.
        lessons: [
          {
            id: "l3",
            title: "Words quiz",
            type: "quiz",
            duration: 5,
            content: { type: "quiz", questions: QUESTIONS },
          },
        ],
      },
    ],
  });
  [textId, videoId, quizId] = await lessonIds(courseId);

  otherCourseId = await publish(cara, {
    title: "Tiếng Việt 102",
    description: "More words.",
    outline: [
      {
        id: "s1",
        title: "More",
        lessons: [
          {
            id: "l1",
            title: "Numbers",
            type: "text",
            duration: 10,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
          {
            id: "l2",
            title: "Easy quiz",
            type: "quiz",
            duration: 5,
            content: { type: "quiz", passMark: 60, questions: QUESTIONS },
          },
        ],
      },
    ],
  });
  [otherLessonId, otherQuizId] = await lessonIds(otherCourseId);
  paidCourseId = await publish(cara, {
    title: "Tiếng Việt Pro",
    description: "Paid.",
    price: 1_990_000,
    outline: [
      {
        id: "s1",
        title: "Pro",
        lessons: [
          {
            id: "l1",
            title: "Pro lesson",
            type: "text",
            duration: 5,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
    ],
  });

  await enrol(stu, courseId);
  await enrol(sam, courseId);
  await enrol(con, courseId);
  await enrol(stu, otherCourseId);
  // No payment method yet: "Message teacher" makes the pending enrolment (issue 11 §2).
  await enrol(pia, paidCourseId, { contact: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/learn/{courseId} (001 §2 Lesson player, §6 Student)", () => {
  it("refuses an anonymous visitor with 401", async () => {
    const response = await call(null, "GET", `/api/learn/${courseId}`);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("UNAUTHORIZED");
  });

  it("answers 'You are not enrolled in this course.' (403) without an enrolment, also to the creator", async () => {
    for (const who of [una, cara]) {
      const response = await call(who, "GET", `/api/learn/${courseId}`);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: "FORBIDDEN",
        message: LEARNING_MESSAGES.notEnrolled,
      });
    }
  });

  it("answers 403 for a pending or cancelled enrolment", async () => {
    const pending = await call(pia, "GET", `/api/learn/${paidCourseId}`);
    expect(pending.status).toBe(403);
    expect((await errorOf(pending)).message).toBe(LEARNING_MESSAGES.notEnrolled);
    await ctx.runtime.db
      .update(enrollments)
      .set({ payment_status: "cancelled" })
      .where(eq(enrollments.student_id, pia.userId));
    const cancelled = await call(pia, "GET", `/api/learn/${paidCourseId}`);
    expect(cancelled.status).toBe(403);
    expect((await errorOf(cancelled)).message).toBe(LEARNING_MESSAGES.notEnrolled);
    await ctx.runtime.db
      .update(enrollments)
      .set({ payment_status: "pending" })
      .where(eq(enrollments.student_id, pia.userId));
  });

  it("answers 404 for an unknown or malformed course id", async () => {
    for (const id of [UNKNOWN_ID, "nope"]) {
      const response = await call(stu, "GET", `/api/learn/${id}`);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
  });

  it("gives an enrolled student the lessons in order, with content, sections and zero progress", async () => {
    const body = await player(stu);
    const enrolment = await enrolmentOf(stu);
    expect(body.course).toEqual({
      id: courseId,
      title: "Tiếng Việt 101",
      thumbnailUrl: null,
      creatorId: cara.userId,
      // The school's time zone (issue 27 §1: dates of drip-locked lessons).
      timeZone: "Asia/Ho_Chi_Minh",
    });
    expect(body.enrolment).toEqual({
      id: enrolment.id,
      progress: 0,
      isCompleted: false,
      completionDate: null,
      certificateIssued: false,
      certificateUrl: null,
      lastLessonId: null,
    });
    // position: the video resume point (issue 26, item 3), none before the student plays.
    const zero = { isCompleted: false, progress: 0, timeSpent: 0, completedAt: null, position: null };
    expect(body.lessons).toEqual([
      {
        id: textId,
        title: "Xin chào",
        section: "Basics",
        orderIndex: 0,
        type: "text",
        duration: 10,
        content: { type: "text", html: "<p>Say <strong>xin chào</strong>.</p>", readingSeconds: 0 },
        progress: zero,
        resources: [],
        opensAt: null,
      },
      {
        id: videoId,
        title: "Watch and repeat",
        section: "Basics",
        orderIndex: 1,
        type: "video",
        duration: 20,
        // The builder stores YouTube links in their canonical form.
        // A YouTube link has no HLS stream (issue 26, item 5: it plays as before).
        content: {
          type: "video",
          source: "youtube",
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          stream: null,
        },
        progress: zero,
        resources: [],
        opensAt: null,
      },
      {
        id: quizId,
        title: "Words quiz",
        section: "Check yourself",
        orderIndex: 2,
        type: "quiz",
        duration: 5,
        content: {
          type: "quiz",
          passMark: DEFAULT_PASS_MARK,
          questions: QUESTIONS.map(({ id, question, choices }) => ({ id, question, choices })),
        },
        progress: zero,
        resources: [],
        opensAt: null,
      },
    ]);
  });

  it("never sends the quiz answer key to the player", async () => {
    const response = await call(stu, "GET", `/api/learn/${courseId}`);
    const raw = await response.text();
    expect(raw).toContain("How do you say hello?");
    expect(raw).not.toContain("correctIndex");
  });
});

describe("POST /api/learn/{courseId}/lessons/{lessonId}/progress (001 §4, §9)", () => {
  it("remembers the last lesson opened (resume)", async () => {
    const first = await progress(stu, videoId, "open");
    expect(first.enrolment.lastLessonId).toBe(videoId);
    expect(first.lesson).toEqual({
      isCompleted: false,
      progress: 0,
      timeSpent: 0,
      completedAt: null,
      position: null,
    });
    const second = await progress(stu, textId, "open");
    expect(second.enrolment.lastLessonId).toBe(textId);
    expect((await player(stu)).enrolment.lastLessonId).toBe(textId);
    const row = await enrolmentOf(stu);
    expect(row.last_lesson_id).toBe(textId);
    expect(row.last_accessed).toBeInstanceOf(Date);
  });

  it("Mark Complete sets 100 and the enrolment to 1 of 3 lessons (33%)", async () => {
    const result = await progress(stu, textId, "complete", 40);
    expect(result.lesson).toMatchObject({ isCompleted: true, progress: 100, timeSpent: 40 });
    expect(result.lesson.completedAt).not.toBeNull();
    expect(result.enrolment).toMatchObject({ progress: 33, isCompleted: false, certificateIssued: false });
    expect((await enrolmentOf(stu)).progress).toBe(33);
  });

  it("keeps the first completed_at when a lesson is completed again", async () => {
    const before = await progressRow(stu, textId);
    await new Promise((r) => setTimeout(r, 5));
    const again = await progress(stu, textId, "complete");
    expect(again.lesson.completedAt).toBe(before.completed_at?.toISOString());
    expect(again.enrolment.progress).toBe(33);
  });

  it("records 90 without completing when a video reaches its end", async () => {
    const result = await progress(stu, videoId, "video-ended", 120);
    expect(result.lesson).toMatchObject({ isCompleted: false, progress: VIDEO_END_PROGRESS, timeSpent: 120 });
    expect(result.enrolment.progress).toBe(33);
    const row = await progressRow(stu, videoId);
    expect(row).toMatchObject({ progress: 90, is_completed: false, completed_at: null });
  });

  it("adds time on a lesson to time_spent (seconds), with every kind of event", async () => {
    await progress(stu, videoId, "time", 30);
    await progress(stu, videoId, "time", 45);
    const result = await progress(stu, videoId, "open", 5);
    expect(result.lesson.timeSpent).toBe(120 + 30 + 45 + 5);
    expect((await progressRow(stu, videoId)).time_spent).toBe(200);
    // "time" changes nothing but the time.
    const timeOnly = await progress(stu, videoId, "time");
    expect(timeOnly.lesson).toMatchObject({ progress: 90, isCompleted: false, timeSpent: 200 });
    expect((await player(stu)).lessons[1].progress.timeSpent).toBe(200);
  });

  it("accepts a beacon sent when the student leaves (no Origin header, JSON Blob body)", async () => {
    const blob = new Blob([JSON.stringify({ event: "time", timeSpentDelta: 15 })], {
      type: "application/json",
    });
    const response = await ctx.app.request(
      `${TEST_ORIGIN}/api/learn/${courseId}/lessons/${videoId}/progress`,
      {
        method: "POST",
        headers: { cookie: stu.cookie, "content-type": blob.type },
        body: await blob.arrayBuffer(),
      },
    );
    expect(response.status).toBe(200);
    seenBeforeSubmission.push(await response.clone().text());
    expect(progressResultSchema.parse(await response.json()).lesson.timeSpent).toBe(215);
  });

  it("keeps a video-ended lesson at 100 once completed", async () => {
    const completed = await progress(stu, videoId, "complete");
    expect(completed.lesson).toMatchObject({ progress: 100, isCompleted: true });
    expect(completed.enrolment.progress).toBe(67);
    const ended = await progress(stu, videoId, "video-ended");
    expect(ended.lesson).toMatchObject({ progress: 100, isCompleted: true });
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const before = await progressRow(stu, textId);
    for (const body of [
      { event: "time", timeSpentDelta: 3601 },
      { event: "time", timeSpentDelta: -1 },
      { event: "time", timeSpentDelta: 1.5 },
      { event: "finish" },
      {},
    ]) {
      const response = await call(stu, "POST", `/api/learn/${courseId}/lessons/${textId}/progress`, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
    }
    expect(await progressRow(stu, textId)).toEqual(before);
  });

  it("answers 404 for a lesson of another course, an unknown or malformed lesson id", async () => {
    for (const lessonId of [otherLessonId, UNKNOWN_ID, "nope"]) {
      const response = await call(stu, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, {
        event: "complete",
      });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    // stu is enrolled in the other course too, but the lesson was not written through this one.
    expect(await progressRow(stu, otherLessonId)).toBeUndefined();
  });

  it("refuses anonymous, not enrolled and pending students and writes nothing", async () => {
    const anonymous = await call(null, "POST", `/api/learn/${courseId}/lessons/${textId}/progress`, {
      event: "complete",
    });
    expect(anonymous.status).toBe(401);
    for (const [who, id, lessonId] of [
      [una, courseId, textId],
      [cara, courseId, textId],
      [pia, paidCourseId, (await lessonIds(paidCourseId))[0]],
    ] as const) {
      const response = await call(who, "POST", `/api/learn/${id}/lessons/${lessonId}/progress`, {
        event: "complete",
        timeSpentDelta: 10,
      });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe(LEARNING_MESSAGES.notEnrolled);
      expect(await progressRowCount(who)).toBe(0);
    }
  });

  it("refuses Mark Complete on a quiz lesson: passing the quiz completes it", async () => {
    const response = await call(sam, "POST", `/api/learn/${courseId}/lessons/${quizId}/progress`, {
      event: "complete",
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("Pass the quiz to complete this lesson.");
    expect((await progressRow(sam, quizId))?.is_completed ?? false).toBe(false);
  });

  it("keeps each student's progress their own", async () => {
    const before = await enrolmentOf(stu);
    // sam sees only his own (empty) progress…
    const samView = await player(sam);
    expect(samView.enrolment.id).not.toBe(before.id);
    expect(samView.enrolment.progress).toBe(0);
    expect(samView.lessons.every((l) => l.progress.progress === 0 && l.progress.timeSpent === 0)).toBe(true);
    // …and his writes go to his own enrolment.
    await progress(sam, textId, "open");
    const samWrite = await progress(sam, textId, "complete", 7);
    expect(samWrite.enrolment.id).toBe((await enrolmentOf(sam)).id);
    expect(samWrite.lesson.timeSpent).toBe(7);
    const after = await enrolmentOf(stu);
    expect(after).toEqual(before);
    expect((await progressRow(stu, textId)).time_spent).toBe(40);
  });
});

describe("POST /api/learn/{courseId}/lessons/{lessonId}/quiz (graded on the server)", () => {
  it("sent no answer key in any response before submission", () => {
    expect(seenBeforeSubmission.length).toBeGreaterThan(10);
    for (const raw of seenBeforeSubmission) expect(raw).not.toContain("correctIndex");
  });

  it("fails 2 of 3 correct (67%) against the default pass mark of 70, completing nothing", async () => {
    await progress(stu, quizId, "open");
    const { body } = await quiz(stu, quizId, TWO_RIGHT);
    expect(body).toMatchObject({ score: 67, passMark: 70, passed: false, correct: 2, total: 3 });
    // issue 16 item 6: a failed attempt does not reveal the answer key (default: after 3 failures).
    expect(body).toMatchObject({ answersRevealed: false, failedAttempts: 1, attemptsUntilReveal: 2 });
    expect(body.results).toEqual({
      q1: { chosen: 0, correctIndex: null, isCorrect: true },
      q2: { chosen: 1, correctIndex: null, isCorrect: true },
      q3: { chosen: 0, correctIndex: null, isCorrect: false },
    });
    expect(body.progress.lesson.isCompleted).toBe(false);
    expect(body.progress.enrolment.progress).toBe(67);
    const row = await progressRow(stu, quizId);
    expect(row?.is_completed ?? false).toBe(false);
  });

  it("counts an unanswered question as wrong", async () => {
    const { body } = await quiz(stu, quizId, { q1: 0 });
    expect(body).toMatchObject({ score: 33, passed: false, correct: 1, total: 3 });
    expect(body.results.q2).toEqual({ chosen: null, correctIndex: null, isCorrect: false });
    expect(body).toMatchObject({ answersRevealed: false, failedAttempts: 2, attemptsUntilReveal: 1 });
  });

  it("passes a retake with 3 of 3, which completes the lesson and the course with a certificate", async () => {
    const { body } = await quiz(stu, quizId, ALL_RIGHT);
    expect(body).toMatchObject({ score: 100, passMark: 70, passed: true, correct: 3, total: 3 });
    // A passed attempt reveals the answers.
    expect(body).toMatchObject({ answersRevealed: true, attemptsUntilReveal: null });
    expect(body.results.q3).toEqual({ chosen: 2, correctIndex: 2, isCorrect: true });
    expect(body.progress.lesson).toMatchObject({ isCompleted: true, progress: 100 });
    expect(body.progress.enrolment).toMatchObject({
      progress: 100,
      isCompleted: true,
      certificateIssued: true,
    });
    expect(body.progress.enrolment.completionDate).not.toBeNull();
    expect(body.progress.enrolment.certificateUrl).toMatch(/^\/certificates\/[0-9A-Z]+$/);

    const row = await enrolmentOf(stu);
    expect(row).toMatchObject({ progress: 100, is_completed: true, certificate_issued: true });
    expect(row.completion_date).toBeInstanceOf(Date);
    expect(row.certificate_url).toBe(body.progress.enrolment.certificateUrl);
    const issued = await ctx.runtime.db
      .select()
      .from(certificates)
      .where(eq(certificates.enrollment_id, row.id));
    expect(issued).toHaveLength(1);
    expect(`/certificates/${issued[0].id}`).toBe(row.certificate_url);
    expect(issued[0]).toMatchObject({ student_name: "Student Stu", course_title: "Tiếng Việt 101" });
  });

  it("keeps the completion date and the one certificate on later events and retakes", async () => {
    const before = await enrolmentOf(stu);
    await new Promise((r) => setTimeout(r, 5));
    const again = await progress(stu, textId, "complete", 3);
    expect(again.enrolment).toMatchObject({
      progress: 100,
      isCompleted: true,
      completionDate: before.completion_date?.toISOString(),
      certificateUrl: before.certificate_url,
    });
    // A failed retake does not undo the completion.
    const { body } = await quiz(stu, quizId, TWO_RIGHT);
    expect(body.passed).toBe(false);
    // The third failed attempt reveals the answers (default 3).
    expect(body).toMatchObject({ answersRevealed: true, failedAttempts: 3, attemptsUntilReveal: null });
    expect(body.results.q3).toEqual({ chosen: 0, correctIndex: 2, isCorrect: false });
    expect(body.progress.lesson.isCompleted).toBe(true);
    expect(body.progress.enrolment.isCompleted).toBe(true);
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(certificates)
      .where(eq(certificates.enrollment_id, before.id));
    expect(Number(n)).toBe(1);
    expect((await enrolmentOf(stu)).completion_date).toEqual(before.completion_date);
  });

  it("uses the creator's pass mark when set (60: 2 of 3 passes)", async () => {
    await progress(stu, otherQuizId, "open", undefined, otherCourseId);
    const { body } = await quiz(stu, otherQuizId, TWO_RIGHT, otherCourseId);
    expect(body).toMatchObject({ score: 67, passMark: 60, passed: true });
    expect(body.progress.lesson.isCompleted).toBe(true);
    expect(body.progress.enrolment).toMatchObject({ progress: 50, isCompleted: false });
  });

  it("refuses a lesson that is not a quiz with 400", async () => {
    const response = await call(stu, "POST", `/api/learn/${courseId}/lessons/${textId}/quiz`, {
      answers: {},
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("BAD_REQUEST");
  });

  it("refuses malformed answers with 400", async () => {
    for (const body of [{ answers: { q1: -1 } }, { answers: { q1: "0" } }, {}]) {
      const response = await call(stu, "POST", `/api/learn/${courseId}/lessons/${quizId}/quiz`, body);
      expect(response.status).toBe(400);
    }
  });

  it("refuses a quiz of another course, anonymous and not enrolled students", async () => {
    const foreign = await call(sam, "POST", `/api/learn/${courseId}/lessons/${otherQuizId}/quiz`, {
      answers: ALL_RIGHT,
    });
    expect(foreign.status).toBe(404);
    const anonymous = await call(null, "POST", `/api/learn/${courseId}/lessons/${quizId}/quiz`, {
      answers: ALL_RIGHT,
    });
    expect(anonymous.status).toBe(401);
    const stranger = await call(una, "POST", `/api/learn/${courseId}/lessons/${quizId}/quiz`, {
      answers: ALL_RIGHT,
    });
    expect(stranger.status).toBe(403);
    expect((await errorOf(stranger)).message).toBe(LEARNING_MESSAGES.notEnrolled);
    expect(await progressRowCount(una)).toBe(0);
  });
});

describe("course completion (001 §4: every lesson complete → completed, certificate)", () => {
  it("completes the enrolment through Mark Complete and a passed quiz, issuing one certificate", async () => {
    const results = [];
    for (const lessonId of [textId, videoId, quizId]) await progress(con, lessonId, "open");
    for (const lessonId of [textId, videoId]) results.push(await progress(con, lessonId, "complete"));
    expect(results.map((r) => r.enrolment.progress)).toEqual([33, 67]);
    const last = (await quiz(con, quizId, ALL_RIGHT)).body.progress;
    expect(last.enrolment).toMatchObject({ progress: 100, isCompleted: true, certificateIssued: true });
    expect(last.enrolment.certificateUrl).toMatch(/^\/certificates\//);
    const row = await enrolmentOf(con);
    expect(row).toMatchObject({ is_completed: true, certificate_issued: true, progress: 100 });
    expect(row.completion_date).not.toBeNull();
  });

  it("gets every concurrent completion right (one enrolment at a time)", async () => {
    const ids = await lessonIds(courseId);
    for (const lessonId of ids) await progress(sam, lessonId, "open");
    const responses = await Promise.all(
      ids.map((lessonId) =>
        lessonId === quizId
          ? call(sam, "POST", `/api/learn/${courseId}/lessons/${lessonId}/quiz`, { answers: ALL_RIGHT })
          : call(sam, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, { event: "complete" }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await enrolmentOf(sam);
    expect(row).toMatchObject({ progress: 100, is_completed: true, certificate_issued: true });
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(certificates)
      .where(eq(certificates.enrollment_id, row.id));
    expect(Number(n)).toBe(1);
  });
});
