import { enrolmentProgress, isCourseComplete, type PlayerCourse, VIDEO_END_PROGRESS } from "@academy/shared";
import type { ProgressEventName } from "./progress-queue";

type LessonProgress = PlayerCourse["lessons"][number]["progress"];
type Enrolment = PlayerCourse["enrolment"];

/** The server's answer to a progress report (POST …/progress, and `progress` of a quiz result). */
export interface ProgressAnswer {
  lesson: LessonProgress;
  enrolment: Enrolment;
}

/**
 * What the player shows right away for a report, before the server answers (spec 001 §4):
 * open → the resume point; complete → the lesson at 100 and completed, and the enrolment's percent
 * of completed lessons; video-ended → at least 90, not completed; time → nothing visible.
 */
export function applyLocalEvent(
  course: PlayerCourse,
  lessonId: string,
  event: ProgressEventName,
  now: Date = new Date(),
): PlayerCourse {
  if (!course.lessons.some((l) => l.id === lessonId)) return course;
  if (event === "time") return course;
  if (event === "open") {
    return course.enrolment.lastLessonId === lessonId
      ? course
      : { ...course, enrolment: { ...course.enrolment, lastLessonId: lessonId } };
  }
  const lessons = course.lessons.map((lesson) => {
    if (lesson.id !== lessonId) return lesson;
    const p = lesson.progress;
    if (event === "complete") {
      return p.isCompleted
        ? lesson
        : {
            ...lesson,
            progress: { ...p, isCompleted: true, progress: 100, completedAt: now.toISOString() },
          };
    }
    return p.progress >= VIDEO_END_PROGRESS
      ? lesson
      : { ...lesson, progress: { ...p, progress: VIDEO_END_PROGRESS } };
  });
  return { ...course, lessons, enrolment: withCompletion(course.enrolment, lessons, now) };
}

/** The enrolment's percent and completion from the lessons (kept once complete: 001 §4). */
function withCompletion(enrolment: Enrolment, lessons: PlayerCourse["lessons"], now: Date): Enrolment {
  const done = lessons.filter((l) => l.progress.isCompleted).length;
  const complete = enrolment.isCompleted || isCourseComplete(done, lessons.length);
  return {
    ...enrolment,
    progress: Math.max(enrolment.progress, enrolmentProgress(done, lessons.length)),
    isCompleted: complete,
    completionDate: enrolment.completionDate ?? (complete ? now.toISOString() : null),
  };
}

/**
 * Takes in the server's answer for a lesson without going back on what the student already sees
 * (an earlier report may be answered after a later one was shown): completion and progress only
 * grow; the certificate and the resume point come from the server.
 */
export function applyServerProgress(
  course: PlayerCourse,
  lessonId: string,
  answer: ProgressAnswer,
): PlayerCourse {
  const lessons = course.lessons.map((lesson) => {
    if (lesson.id !== lessonId) return lesson;
    const local = lesson.progress;
    const server = answer.lesson;
    return {
      ...lesson,
      progress: {
        isCompleted: local.isCompleted || server.isCompleted,
        progress: Math.max(local.progress, server.progress),
        timeSpent: Math.max(local.timeSpent, server.timeSpent),
        completedAt: server.completedAt ?? local.completedAt,
      },
    };
  });
  const local = course.enrolment;
  const server = answer.enrolment;
  return {
    ...course,
    lessons,
    enrolment: {
      ...server,
      progress: Math.max(local.progress, server.progress),
      isCompleted: local.isCompleted || server.isCompleted,
      completionDate: server.completionDate ?? local.completionDate,
      certificateIssued: local.certificateIssued || server.certificateIssued,
      certificateUrl: server.certificateUrl ?? local.certificateUrl,
      lastLessonId: local.lastLessonId ?? server.lastLessonId,
    },
  };
}
