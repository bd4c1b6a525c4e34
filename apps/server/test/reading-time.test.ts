import {
  type ErrorBody,
  LEARNING_MESSAGES,
  MAX_READING_SECONDS,
  playerCourseSchema,
  progressResultSchema,
  readingSeconds,
} from "@academy/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, lessonProgress, lessons, profiles } from "../src/db/schema/index.ts";
import { createTestContext, publishCourse, signUpAndSignIn, type TestContext } from "./harness.ts";

/**
 * Issue 25 item 5, security finding #6: a text lesson is completed only after its reading time
 * (20% of its words at 250 wpm, at most 5 minutes) in recorded study time, so a free course's
 * certificate cannot be had with an open and a complete a second apart. Study time stays capped by
 * the wall-clock time since the open (the default), so the student cannot simply claim it.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account;
let stu: Account;
let courseId: string;
let readId: string; // 1,000 words: 48 s
let longId: string; // 10,000 words: capped at 300 s

const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i % 50}`).join(" ")}</p>`;
const READ_HTML = words(1000);
const LONG_HTML = words(10_000);

const post = (lessonId: string, body: unknown) =>
  ctx.request(`/api/learn/${courseId}/lessons/${lessonId}/progress`, {
    method: "POST",
    cookie: stu.cookie,
    json: body,
  });

async function progress(lessonId: string, body: { event: string; timeSpentDelta?: number }) {
  const response = await post(lessonId, body);
  const raw = await response.text();
  if (response.status !== 200) throw new Error(`progress failed: ${response.status} ${raw}`);
  return progressResultSchema.parse(JSON.parse(raw));
}

async function row(lessonId: string) {
  const [r] = await ctx.runtime.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.student_id, stu.userId), eq(lessonProgress.lesson_id, lessonId)));
  return r;
}

/** Moves the lesson's first open `seconds` into the past (as if the student had been reading). */
async function openedAgo(lessonId: string, seconds: number) {
  await ctx.runtime.db
    .update(lessonProgress)
    .set({ opened_at: sql`now() - make_interval(secs => ${seconds})` })
    .where(and(eq(lessonProgress.student_id, stu.userId), eq(lessonProgress.lesson_id, lessonId)));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
  courseId = await publishCourse(ctx, cara.cookie, {
    title: "Free reading",
    description: "A free course of two text lessons.",
    outline: [
      {
        id: "s1",
        title: "All",
        lessons: [
          { id: "l1", title: "Read", type: "text", duration: 5, content: { type: "text", html: READ_HTML } },
          { id: "l2", title: "Long", type: "text", duration: 30, content: { type: "text", html: LONG_HTML } },
        ],
      },
    ],
  });
  [readId, longId] = (
    await ctx.runtime.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.course_id, courseId))
      .orderBy(asc(lessons.order_index))
  ).map((r) => r.id);
  const enrol = await ctx.request(`/api/courses/${courseId}/enroll`, {
    method: "POST",
    cookie: stu.cookie,
    json: {},
  });
  expect(enrol.status).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

describe("reading time rule", () => {
  it("is 20% of the words at 250 wpm, whole seconds, at most 5 minutes", () => {
    expect(readingSeconds("<p>Read.</p>")).toBe(0);
    expect(readingSeconds(READ_HTML)).toBe(48);
    expect(readingSeconds(words(2500))).toBe(120);
    expect(readingSeconds(LONG_HTML)).toBe(MAX_READING_SECONDS);
    expect(readingSeconds("<p>a <b>b</b>&nbsp;c</p>".repeat(100))).toBe(14); // 300 words; tags are not words
  });
});

describe("a text lesson completes after its reading time (finding #6)", () => {
  it("tells the player each text lesson's reading time", async () => {
    const response = await ctx.request(`/api/learn/${courseId}`, { cookie: stu.cookie });
    expect(response.status).toBe(200);
    const course = playerCourseSchema.parse(await response.json());
    const seconds = course.lessons.map((l) => (l.content.type === "text" ? l.content.readingSeconds : -1));
    expect(seconds).toEqual([48, 300]);
  });

  it("refuses the audit's open + complete a second apart: 400, nothing completed, no certificate", async () => {
    await progress(readId, { event: "open" });
    await progress(longId, { event: "open" });
    for (const id of [readId, longId]) {
      // The claimed 600 s are capped by the wall-clock time since the open (0–1 s here).
      const response = await post(id, { event: "complete", timeSpentDelta: 600 });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toBe(LEARNING_MESSAGES.readFirst);
      expect((await row(id)).is_completed).toBe(false);
    }
    const [enrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.student_id, stu.userId), eq(enrollments.course_id, courseId)));
    expect(enrolment.certificate_issued).toBe(false);
    expect(enrolment.is_completed).toBe(false);
  });

  it("completes once the recorded time reaches the reading time (time reports and the complete's own delta)", async () => {
    await openedAgo(readId, 120);
    expect((await progress(readId, { event: "time", timeSpentDelta: 40 })).lesson.timeSpent).toBe(40);
    const early = await post(readId, { event: "complete", timeSpentDelta: 7 }); // 47 s: one short
    expect(early.status).toBe(400);
    expect((await row(readId)).is_completed).toBe(false);
    const done = await progress(readId, { event: "complete", timeSpentDelta: 8 });
    expect(done.lesson).toMatchObject({ isCompleted: true });
    expect(done.lesson.timeSpent).toBeGreaterThanOrEqual(48);
  });

  it("needs at most 5 minutes for a very long lesson, then issues the certificate", async () => {
    await openedAgo(longId, 400);
    await progress(longId, { event: "time", timeSpentDelta: 299 });
    expect((await post(longId, { event: "complete" })).status).toBe(400);
    const done = await progress(longId, { event: "complete", timeSpentDelta: 1 });
    expect(done.lesson.isCompleted).toBe(true);
    expect(done.enrolment).toMatchObject({ isCompleted: true, certificateIssued: true });
  });
});
