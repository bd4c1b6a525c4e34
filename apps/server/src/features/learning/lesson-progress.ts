import {
  enrolmentProgress,
  isCourseComplete,
  LEARNING_MESSAGES,
  type PlayerCourse,
  type PlayerLesson,
  type progressResultSchema,
  VIDEO_END_PROGRESS,
} from "@academy/shared";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { issueCertificate } from "../certificates/certificates.service.ts";
import { notify } from "../notifications/notifications.service.ts";
import {
  type EnrolmentRow,
  type LessonProgressRow,
  type LessonRow,
  lessonCounts,
  type ProgressWrite,
  setEnrolmentCertificate,
  setLastLesson,
  updateEnrolmentProgress,
  upsertLessonProgress,
} from "./learning.queries.ts";
import { appendLearningEvent } from "./learning-events.queries.ts";
import { isUploadedVideo, requiredReadingSeconds } from "./lesson-content.ts";

// Writing a lesson's progress (shared by progress events and quiz submissions): when a lesson may
// complete, the enrolment's recomputation with its certificate, the learning event, and the rows as
// the player's DTOs.

export type ProgressResult = z.infer<typeof progressResultSchema>;

/**
 * Issue 16 item 6: a lesson is completed only after an `open` event of it; an uploaded video also
 * after a video-ended event (progress ≥ VIDEO_END_PROGRESS) or study time of at least its
 * duration (minutes; a video without duration needs the video-ended event). Issue 25 item 5
 * (#6): a text lesson also needs recorded study time (time_spent + this report's capped seconds)
 * of at least requiredReadingSeconds.
 * @throws AppError VALIDATION_FAILED (openFirst, watchVideoFirst, readFirst).
 */
export function assertMayComplete(
  lesson: LessonRow,
  row: LessonProgressRow | undefined,
  addedSeconds = 0,
): void {
  if (!row?.opened_at) throw new AppError("VALIDATION_FAILED", LEARNING_MESSAGES.openFirst);
  if (row.is_completed) return;
  if (row.time_spent + addedSeconds < requiredReadingSeconds(lesson))
    throw new AppError("VALIDATION_FAILED", LEARNING_MESSAGES.readFirst);
  if (!isUploadedVideo(lesson)) return;
  const watched = row.progress >= VIDEO_END_PROGRESS;
  const minutes = lesson.duration ?? 0;
  const sat = minutes > 0 && row.time_spent + addedSeconds >= minutes * 60;
  if (!watched && !sat) throw new AppError("VALIDATION_FAILED", LEARNING_MESSAGES.watchVideoFirst);
}

/** A lesson_progress row as the player's `progress` (zeros and nulls when there is none; seconds, percent). */
export function toLessonProgress(
  row:
    | (Pick<LessonProgressRow, "is_completed" | "progress" | "time_spent" | "completed_at"> &
        Partial<Pick<LessonProgressRow, "video_position">>)
    | undefined,
): PlayerLesson["progress"] {
  return {
    position: row?.video_position ?? null,
    isCompleted: row?.is_completed ?? false,
    progress: row?.progress ?? 0,
    timeSpent: row?.time_spent ?? 0,
    completedAt: row?.completed_at?.toISOString() ?? null,
  };
}

/** An enrolment row as the player's `enrolment` (progress in percent, ISO dates). */
export function toEnrolment(
  row: Pick<
    EnrolmentRow,
    | "id"
    | "progress"
    | "is_completed"
    | "completion_date"
    | "certificate_issued"
    | "certificate_url"
    | "last_lesson_id"
  >,
): PlayerCourse["enrolment"] {
  return {
    id: row.id,
    progress: row.progress,
    isCompleted: row.is_completed,
    completionDate: row.completion_date?.toISOString() ?? null,
    certificateIssued: row.certificate_issued,
    certificateUrl: row.certificate_url,
    lastLessonId: row.last_lesson_id,
  };
}

/**
 * Writes one progress event of the acting student's enrolment and recomputes the enrolment
 * (001 §4 Enrolment and Lesson progress). Runs inside the caller's transaction, with the
 * enrolment row locked. The enrolment's progress = share of completed published lessons
 * (enrolmentProgress); when every lesson is complete (isCourseComplete): is_completed,
 * completion_date (first time only), and the certificate is issued once (certificate_issued,
 * certificate_url). A completed enrolment is not reopened by later changes.
 */
export async function applyProgress(
  tx: Executor,
  deps: { appUrl: string; mailer: Mailer },
  actor: SessionUser,
  enrolment: EnrolmentRow,
  lesson: LessonRow,
  event: ProgressWrite,
  timeSpentDelta: number,
): Promise<ProgressResult> {
  const now = new Date();
  const lessonRow = await upsertLessonProgress(tx, {
    enrollmentId: enrolment.id,
    lessonId: lesson.id,
    studentId: actor.id,
    event,
    timeSpentDelta,
    videoEndProgress: VIDEO_END_PROGRESS,
    now,
  });
  let current = enrolment;
  if (event === "open") current = await setLastLesson(tx, enrolment.id, lesson.id, now);
  const { total, completed } = await lessonCounts(tx, enrolment.id, lesson.course_id);
  const progress = enrolmentProgress(completed, total);
  const complete = isCourseComplete(completed, total);
  if (progress !== current.progress || (complete && !current.is_completed))
    current = await updateEnrolmentProgress(tx, enrolment.id, progress, complete ? now : undefined);
  if ((complete || current.is_completed) && !current.certificate_issued) {
    const certificate = await issueCertificate(tx, { enrollmentId: enrolment.id, appUrl: deps.appUrl });
    current = await setEnrolmentCertificate(tx, enrolment.id, certificate.url);
    // issue 27 §2: the student hears about it (bell, and e-mail by preference).
    await notify(
      tx,
      {
        userIds: [actor.id],
        type: "certificate_issued",
        data: { courseTitle: certificate.courseTitle },
        link: certificate.url,
      },
      { mailer: deps.mailer, appUrl: deps.appUrl },
    );
  }
  return { lesson: toLessonProgress(lessonRow), enrolment: toEnrolment(current) };
}

// --- issue 12: learning events (append-only, same transaction as the write they record) ---
/** Appends the learning event of a progress or quiz write (issue 12 §1; rollups: decision 0214). */
export function learningEvent(
  tx: Executor,
  actor: SessionUser,
  enrolment: EnrolmentRow,
  lesson: LessonRow,
  kind: Parameters<typeof appendLearningEvent>[1]["kind"],
  seconds: number,
  occurredAt?: Date,
  quiz?: { score: number; passed: boolean },
): Promise<void> {
  return appendLearningEvent(tx, {
    enrollmentId: enrolment.id,
    studentId: actor.id,
    courseId: lesson.course_id,
    lessonId: lesson.id,
    kind,
    seconds,
    occurredAt,
    score: quiz?.score,
    passed: quiz?.passed,
  });
}
// --- end issue 12 ---
