import type { PlayerCourse } from "@academy/shared";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { playerKeys, postProgress, progressUrl } from "../api/learning";
import { type ProgressEventName, ProgressQueue, type ProgressTask } from "../lib/progress-queue";
import { applyLocalEvent, applyServerProgress, type ProgressAnswer } from "../lib/progress-state";

/**
 * Sends the player's progress reports (spec 001 §4) through a retrying in-memory queue and keeps
 * the cached course in step: each report shows at once (applyLocalEvent) and the server's answer is
 * merged in (applyServerProgress). Failures are never shown (001 §8) and are retried.
 * A report refused for good reloads the course (undoing what was shown at once) and is handed to
 * `onRefused`.
 * @returns report(lessonId, event, seconds) and beacon(lessonId?, seconds?) — the latter hands the
 *   waiting reports (and the given seconds) to navigator.sendBeacon when the page is hidden or left.
 */
export function usePlayerProgress(
  courseId: string,
  /** Called when the server refuses a report for good (e.g. Mark Complete before the reading time). */
  onRefused?: (task: ProgressTask, error: unknown) => void,
) {
  const queryClient = useQueryClient();
  const refusedRef = React.useRef(onRefused);
  refusedRef.current = onRefused;

  const queue = React.useMemo(
    () =>
      new ProgressQueue<ProgressAnswer>({
        send: (task) =>
          postProgress(courseId, task.lessonId, { event: task.event, timeSpentDelta: task.timeSpentDelta }),
        onResult: (task, answer) => {
          queryClient.setQueryData<PlayerCourse>(playerKeys.course(courseId), (course) =>
            course ? applyServerProgress(course, task.lessonId, answer) : course,
          );
          // The student dashboard shows the enrolment's progress: refresh it when next shown.
          void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
        },
        onRefused: (task, error) => {
          // A refused completion was shown at once (applyLocalEvent): load the server's state again.
          if (task.event !== "time")
            void queryClient.invalidateQueries({ queryKey: playerKeys.course(courseId) });
          refusedRef.current?.(task, error);
        },
      }),
    [courseId, queryClient],
  );

  // The queue outlives the player on purpose: reports made while leaving it ("Back to dashboard")
  // are still delivered. Coming back online sends waiting reports at once.
  React.useEffect(() => {
    const online = () => queue.retryNow();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [queue]);

  const report = React.useCallback(
    (lessonId: string, event: ProgressEventName, seconds = 0) => {
      if (event !== "time") {
        queryClient.setQueryData<PlayerCourse>(playerKeys.course(courseId), (course) =>
          course ? applyLocalEvent(course, lessonId, event) : course,
        );
      }
      queue.push({ lessonId, event, timeSpentDelta: seconds });
    },
    [queue, queryClient, courseId],
  );

  const beacon = React.useCallback(
    (lessonId?: string, seconds = 0) => {
      const tasks = queue.drain();
      if (lessonId && seconds > 0) tasks.push({ lessonId, event: "time", timeSpentDelta: seconds });
      const left: ProgressTask[] = [];
      for (const task of tasks) if (!sendBeacon(courseId, task)) left.push(task);
      for (const task of left) queue.push(task);
    },
    [queue, courseId],
  );

  return { report, beacon, queue };
}

/** navigator.sendBeacon of one report as JSON (sent with the session cookie); false when refused. */
function sendBeacon(courseId: string, task: ProgressTask): boolean {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
  const body = { event: task.event, timeSpentDelta: task.timeSpentDelta };
  try {
    return navigator.sendBeacon(
      progressUrl(courseId, task.lessonId),
      new Blob([JSON.stringify(body)], { type: "application/json" }),
    );
  } catch {
    return false;
  }
}
