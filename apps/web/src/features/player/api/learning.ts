import type { PlayerCourse, ProgressEvent, QuizResult } from "@academy/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/lib/api-client";

/** Query keys of the lesson player. */
export const playerKeys = {
  course: (courseId: string) => ["learn", courseId] as const,
};

/** The progress of one lesson and of the enrolment, as POST …/progress and the quiz answer them. */
export type ProgressResult = QuizResult["progress"];

/**
 * GET /api/learn/{courseId}: the course, the student's enrolment and the published lessons (quiz
 * questions without their answers). 401 signed out, 403 not enrolled or payment pending, 404 unknown.
 * Client errors are not retried (they will not change by asking again).
 */
export function playerCourseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: playerKeys.course(courseId),
    queryFn: (): Promise<PlayerCourse> => unwrap(api.learn[":courseId"].$get({ param: { courseId } })),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** The address of a lesson's progress endpoint (also used by navigator.sendBeacon). */
export function progressUrl(courseId: string, lessonId: string): string {
  return `/api/learn/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/progress`;
}

/**
 * POST /api/learn/{courseId}/lessons/{lessonId}/progress (spec 001 §4): open, complete (100),
 * video-ended (90, not completed) or time; timeSpentDelta in seconds (0–3600).
 * @throws ApiError on failure (the caller queues and retries; the student never sees it).
 */
export function postProgress(
  courseId: string,
  lessonId: string,
  body: { event: ProgressEvent["event"]; timeSpentDelta: number },
): Promise<ProgressResult> {
  return unwrap(
    api.learn[":courseId"].lessons[":lessonId"].progress.$post({ param: { courseId, lessonId }, json: body }),
  );
}

/**
 * POST /api/learn/{courseId}/lessons/{lessonId}/quiz: grades the answers on the server (questionId →
 * chosen index) and returns the score, the pass mark, each question's correct answer and the new progress.
 * @throws ApiError on failure.
 */
export function submitQuiz(
  courseId: string,
  lessonId: string,
  answers: Record<string, number>,
): Promise<QuizResult> {
  return unwrap(
    api.learn[":courseId"].lessons[":lessonId"].quiz.$post({
      param: { courseId, lessonId },
      json: { answers },
    }),
  );
}

/** The PDF of a certificate, from its public page address (/certificates/{id} → /api/certificates/{id}/pdf). */
export function certificatePdfUrl(certificateUrl: string): string | undefined {
  const id = /\/certificates\/([^/?#]+)\/?(?:[?#].*)?$/.exec(certificateUrl)?.[1];
  return id ? `/api/certificates/${id}/pdf` : undefined;
}

/** The address of a lesson's resume-position endpoint (also used by navigator.sendBeacon). */
export function positionUrl(courseId: string, lessonId: string): string {
  return `/api/learn/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/position`;
}

/**
 * Saves where the student stopped in a video lesson (POST …/position, seconds; issue 26). With
 * `leaving`, uses navigator.sendBeacon (page hidden or closed) and falls back to a keepalive fetch.
 * Failures are ignored: the next save (every ~5 s) repeats it.
 */
export function savePosition(courseId: string, lessonId: string, seconds: number, leaving = false): void {
  const url = positionUrl(courseId, lessonId);
  const body = JSON.stringify({ seconds: Math.max(0, Math.round(seconds * 10) / 10) });
  if (
    leaving &&
    typeof navigator !== "undefined" &&
    navigator.sendBeacon?.(url, new Blob([body], { type: "application/json" }))
  )
    return;
  void fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}
