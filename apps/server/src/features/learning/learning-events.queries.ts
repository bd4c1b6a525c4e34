import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/** What a learning event records (issue 12 §1). */
export type LearningEventKind = "open" | "time" | "complete" | "video_end" | "quiz";

/** The player's progress events mapped to learning_events.kind. */
export const EVENT_KIND: Record<"open" | "complete" | "video-ended" | "time", LearningEventKind> = {
  open: "open",
  complete: "complete",
  "video-ended": "video_end",
  time: "time",
};

/**
 * Appends one learning event (run it in the transaction of the progress or quiz write it records).
 * Its rollups are folded in later, in batches, by the rollup applier (learning-rollups.service.ts,
 * decision 0214), which every analytics read runs first.
 * @param input seconds: study time the event added (negative or fractional values are truncated
 *   to whole seconds ≥ 0); score: quiz percent; passed: quiz passed.
 */
export async function appendLearningEvent(
  db: Executor,
  input: {
    enrollmentId: string;
    studentId: string;
    courseId: string;
    lessonId: string;
    kind: LearningEventKind;
    seconds: number;
    score?: number;
    passed?: boolean;
    occurredAt?: Date;
  },
): Promise<void> {
  const seconds = Math.max(0, Math.trunc(input.seconds));
  const at = (input.occurredAt ?? new Date()).toISOString();
  await db.execute(sql`
    insert into learning_events
      (enrollment_id, student_id, course_id, lesson_id, kind, seconds, score, passed, occurred_at)
    values (${input.enrollmentId}, ${input.studentId}, ${input.courseId}, ${input.lessonId}, ${input.kind},
            ${seconds}::int, ${input.score ?? null}::int,
            ${input.passed === undefined ? null : input.passed ? 1 : 0}::smallint, ${at}::timestamptz)`);
}
