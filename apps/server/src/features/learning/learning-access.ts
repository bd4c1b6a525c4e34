import {
  DRIP_MESSAGES,
  LEARNING_MESSAGES,
  lockedUntil,
  type SectionRelease,
  safeTimeZone,
} from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import {
  type EnrolmentRow,
  findCourseForPlayer,
  findEnrolmentOfStudent,
  findLessonOfCourse,
  type LessonRow,
} from "./learning.queries.ts";

// Who may learn what (001 §6 Student) and whether a lesson has opened (issue 27 §1): the checks
// every player read and progress or quiz write makes first.

/**
 * What the learning services need besides the database: the app's origin (certificate links) and
 * whether study time is capped by wall-clock time since the lesson was opened (issue 16 item 6;
 * default true, LEARNING_TIME_CAP=false turns it off outside production).
 */
export interface LearningDeps {
  db: Db;
  appUrl: string;
  capTime?: boolean;
  /** Writes the `certificate_issued` notification (issue 27 §2). */
  mailer: Mailer;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LESSON_NOT_FOUND = "Lesson not found.";

/**
 * Access to the player (001 §6 Student: "must be enrolled to open the lesson player"): the
 * acting user's own enrolment with payment_status completed. Only enrolled students get in; the
 * course's creator too only through an enrolment of their own (a creator who enrols gets access
 * like a student). An enrolment keeps access when the course is unpublished later.
 * @throws AppError NOT_FOUND (courseNotAvailable) unknown or malformed course id;
 *   FORBIDDEN (notEnrolled) no enrolment, payment pending or cancelled.
 */
export async function enrolledAccess(db: Executor, actor: SessionUser, courseId: string, lock = false) {
  const course = UUID.test(courseId) ? await findCourseForPlayer(db, courseId) : undefined;
  if (!course) throw new AppError("NOT_FOUND", LEARNING_MESSAGES.courseNotAvailable);
  const enrolment = await findEnrolmentOfStudent(db, actor.id, course.id, lock);
  if (enrolment?.payment_status !== "completed")
    throw new AppError("FORBIDDEN", LEARNING_MESSAGES.notEnrolled);
  return { course, enrolment };
}

/** The drip rule of a lesson (its section's, copied at publish; issue 27 §1). */
export function releaseOfLesson(
  lesson: Pick<LessonRow, "release_after_days" | "release_on">,
): SectionRelease | null {
  if (lesson.release_after_days) return { kind: "days", days: lesson.release_after_days };
  if (lesson.release_on) return { kind: "date", date: lesson.release_on };
  return null;
}

/** The enrolment's start for drip schedules: when it became paid/active (else its enrolment date). */
export function enrolmentStart(enrolment: Pick<EnrolmentRow, "access_started_at" | "enrollment_date">): Date {
  return enrolment.access_started_at ?? enrolment.enrollment_date;
}

/**
 * When a lesson opens for this enrolment, or null when it is open at `now` (issue 27 §1: the
 * shared rule `lockedUntil`, in the school's time zone).
 */
export function lessonLockedUntil(
  lesson: LessonRow,
  enrolment: EnrolmentRow,
  timeZone: string | null,
  now = new Date(),
): Date | null {
  return lockedUntil(releaseOfLesson(lesson), enrolmentStart(enrolment), safeTimeZone(timeZone), now);
}

/**
 * Refuses a lesson that has not opened yet for this enrolment (issue 27 §1): its content, progress
 * and quiz. @throws AppError FORBIDDEN "This lesson is not open yet. It opens at <ISO instant>."
 */
export function assertLessonOpen(lesson: LessonRow, enrolment: EnrolmentRow, timeZone: string | null): void {
  const until = lessonLockedUntil(lesson, enrolment, timeZone);
  if (until)
    throw new AppError("FORBIDDEN", `${DRIP_MESSAGES.lessonLocked} It opens at ${until.toISOString()}.`, [
      { path: "opensAt", message: until.toISOString() },
    ]);
}

/** A published lesson of the course. @throws AppError NOT_FOUND (another course's lesson, unknown id). */
export async function lessonOfCourse(db: Executor, courseId: string, lessonId: string): Promise<LessonRow> {
  const lesson = UUID.test(lessonId) ? await findLessonOfCourse(db, courseId, lessonId) : undefined;
  if (!lesson) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
  return lesson;
}
