import { type ProgressEvent, VIDEO_END_PROGRESS } from "@academy/shared";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import {
  addTimeSpent,
  cappedTimeDelta,
  findLessonProgress,
  saveVideoPosition as saveVideoPositionRow,
  setLastLesson,
  upsertLessonProgress,
} from "./learning.queries.ts";
import {
  assertLessonOpen,
  enrolledAccess,
  type LearningDeps,
  lessonOfCourse,
  UUID,
} from "./learning-access.ts";
import { EVENT_KIND } from "./learning-events.queries.ts";
import { storedQuestions } from "./lesson-content.ts";
import {
  applyProgress,
  assertMayComplete,
  learningEvent,
  type ProgressResult,
  toEnrolment,
  toLessonProgress,
} from "./lesson-progress.ts";

/** Refusal of Mark Complete on a quiz lesson. */
export const QUIZ_COMPLETE_BY_PASSING = "Pass the quiz to complete this lesson.";

/**
 * A progress event from the player (001 §4, §9; issue 4 "Progress"): open (resume point:
 * enrollments.last_lesson_id and last_accessed), complete (Mark Complete: 100, completed),
 * video-ended (max(progress, 90), not completed) or time (time only). Every event adds
 * `timeSpentDelta` seconds (0–3600) to time_spent, capped so a lesson's time never exceeds the
 * wall-clock time since its first open (issue 16 item 6; nothing is counted before an open).
 * complete needs an earlier open (and for an uploaded video its end or its length: assertMayComplete). One transaction; upsert on
 * (enrollment_id, lesson_id). The enrolment is the acting user's own (looked up by the session).
 * Also accepts bodies sent by navigator.sendBeacon when the student leaves.
 * @returns the lesson's progress and the enrolment (progress percent, completion, certificate).
 * @throws AppError NOT_FOUND (unknown course; LESSON_NOT_FOUND for a lesson of another course),
 *   FORBIDDEN (notEnrolled), VALIDATION_FAILED (complete on a quiz with questions; openFirst;
 *   watchVideoFirst, readFirst: a text lesson before its reading time).
 */
export async function recordProgress(
  deps: LearningDeps,
  actor: SessionUser,
  courseId: string,
  lessonId: string,
  input: ProgressEvent,
): Promise<ProgressResult> {
  if (input.event === "time" && UUID.test(courseId) && UUID.test(lessonId)) {
    // The player reports time every 30 s per student: one statement, no lock, no transaction.
    const done = await addTimeSpent(deps.db, {
      studentId: actor.id,
      courseId,
      lessonId,
      delta: input.timeSpentDelta ?? 0,
      cap: deps.capTime ?? true,
    });
    if (done) return { lesson: toLessonProgress(done.progress), enrolment: toEnrolment(done.enrolment) };
    // Otherwise fall through: the checks below say why (unknown course, not enrolled, other lesson).
  }
  if (input.event !== "complete") {
    // open, video-ended and time never complete a lesson, so the enrolment's progress cannot
    // change: no transaction and no lock on the enrolment (the player sends these every 30 s).
    const { course, enrolment } = await enrolledAccess(deps.db, actor, courseId);
    const lesson = await lessonOfCourse(deps.db, course.id, lessonId);
    assertLessonOpen(lesson, enrolment, course.timeZone); // issue 27 §1
    const now = new Date();
    // issue 12: one transaction with the learning event (no lock on the enrolment).
    return deps.db.transaction(async (tx) => {
      const before = await findLessonProgress(tx, enrolment.id, lesson.id);
      const seconds = cappedTimeDelta(before, input.timeSpentDelta ?? 0, now, deps.capTime ?? true);
      const lessonRow = await upsertLessonProgress(tx, {
        enrollmentId: enrolment.id,
        lessonId: lesson.id,
        studentId: actor.id,
        event: input.event,
        timeSpentDelta: seconds,
        videoEndProgress: VIDEO_END_PROGRESS,
        now,
      });
      const current =
        input.event === "open" ? await setLastLesson(tx, enrolment.id, lesson.id, now) : enrolment;
      await learningEvent(tx, actor, enrolment, lesson, EVENT_KIND[input.event], seconds, now);
      return { lesson: toLessonProgress(lessonRow), enrolment: toEnrolment(current) };
    });
  }
  return deps.db.transaction(async (tx) => {
    const { course, enrolment } = await enrolledAccess(tx, actor, courseId, true);
    const lesson = await lessonOfCourse(tx, course.id, lessonId);
    assertLessonOpen(lesson, enrolment, course.timeZone); // issue 27 §1
    // A quiz lesson is completed by passing the quiz (issue 4), not by Mark Complete — unless it
    // was published without questions (before issue 17): then Mark Complete completes it.
    if (input.event === "complete" && lesson.content_type === "quiz" && storedQuestions(lesson).length > 0) {
      throw new AppError("VALIDATION_FAILED", QUIZ_COMPLETE_BY_PASSING);
    }
    const now = new Date();
    const before = await findLessonProgress(tx, enrolment.id, lesson.id);
    const seconds = cappedTimeDelta(before, input.timeSpentDelta ?? 0, now, deps.capTime ?? true);
    assertMayComplete(lesson, before, seconds); // issue 16 item 6
    const result = await applyProgress(tx, deps, actor, enrolment, lesson, input.event, seconds);
    await learningEvent(tx, actor, enrolment, lesson, "complete", seconds); // issue 12
    return result;
  });
}

/**
 * Saves where the acting student stopped in a video lesson (issue 26 item 3: resume on any
 * device), in seconds; sent every ~5 s while playing and on leave (sendBeacon). Returned as
 * `progress.position` by getPlayerCourse.
 * @throws AppError NOT_FOUND (course, lesson), FORBIDDEN (notEnrolled), VALIDATION_FAILED (not a video lesson).
 */
export async function saveVideoPosition(
  deps: LearningDeps,
  actor: SessionUser,
  courseId: string,
  lessonId: string,
  seconds: number,
): Promise<void> {
  const { course, enrolment } = await enrolledAccess(deps.db, actor, courseId);
  const lesson = await lessonOfCourse(deps.db, course.id, lessonId);
  if (lesson.content_type !== "video") throw new AppError("VALIDATION_FAILED", "This lesson is not a video.");
  await saveVideoPositionRow(deps.db, {
    enrollmentId: enrolment.id,
    lessonId: lesson.id,
    studentId: actor.id,
    seconds: Math.round(seconds * 10) / 10,
  });
}
