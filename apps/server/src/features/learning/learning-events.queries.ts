import { type SQL, sql } from "drizzle-orm";
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
 * The rollup upserts of one appended event, as CTEs to put after a CTE named `ev` that returns
 * (student_id, course_id, seconds, occurred_at) — starting with a comma: adds the seconds and one
 * event to learning_activity's row of the student's local day and hour, to learning_days' row of
 * that local day and to creator_learning_days' row of the course's creator, day and student
 * (profiles.time_zone, default Asia/Ho_Chi_Minh; DESIGN §7). Part of one statement, so the event
 * and its rollups are written together.
 */
const ROLLUP_CTES: SQL = sql`,
  loc as (
    select ev.student_id, ev.course_id, co.creator_id, ev.seconds,
           ev.occurred_at at time zone coalesce(p.time_zone, 'Asia/Ho_Chi_Minh') as local
      from ev left join profiles p on p.user_id = ev.student_id
      left join courses co on co.id = ev.course_id
  ),
  roll as (
    insert into learning_activity (student_id, course_id, day, hour, seconds, events)
    select student_id, course_id, local::date, extract(hour from local)::smallint, seconds, 1 from loc
    on conflict (student_id, course_id, day, hour)
      do update set seconds = learning_activity.seconds + excluded.seconds,
                    events = learning_activity.events + 1
    returning 1
  ),
  roll_day as (
    insert into learning_days (student_id, course_id, day, seconds, events)
    select student_id, course_id, local::date, seconds, 1 from loc
    on conflict (student_id, course_id, day)
      do update set seconds = learning_days.seconds + excluded.seconds,
                    events = learning_days.events + 1
    returning 1
  ),
  roll_creator as (
    insert into creator_learning_days (creator_id, day, student_id, seconds, events)
    select creator_id, local::date, student_id, seconds, 1 from loc where creator_id is not null
    on conflict (creator_id, day, student_id)
      do update set seconds = creator_learning_days.seconds + excluded.seconds,
                    events = creator_learning_days.events + 1
    returning 1
  )`;

/**
 * Appends one learning event and updates its hourly and daily rollups in one statement (run it in the
 * transaction of the progress or quiz write it records).
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
    with ev as (
      insert into learning_events
        (enrollment_id, student_id, course_id, lesson_id, kind, seconds, score, passed, occurred_at)
      values (${input.enrollmentId}, ${input.studentId}, ${input.courseId}, ${input.lessonId}, ${input.kind},
              ${seconds}::int, ${input.score ?? null}::int,
              ${input.passed === undefined ? null : input.passed ? 1 : 0}::smallint, ${at}::timestamptz)
      returning student_id, course_id, seconds, occurred_at
    )
    ${ROLLUP_CTES}
    select 1`);
}

/**
 * CTEs to append after the `up` CTE of the one-statement "time" write (addTimeSpent): a 'time'
 * event for the upserted progress row, and its hourly and daily rollups (CTEs ev, loc, roll, roll_day, roll_creator). `up` must return enrollment_id.
 */
export function timeEventCtes(input: {
  studentId: string;
  courseId: string;
  lessonId: string;
  /** Seconds as a number, or an SQL expression (the capped time of addTimeSpent). */
  seconds: number | SQL;
}): SQL {
  return sql`,
    ev as (
      insert into learning_events (enrollment_id, student_id, course_id, lesson_id, kind, seconds)
      select up.enrollment_id, ${input.studentId}, ${input.courseId}::uuid, ${input.lessonId}::uuid, 'time', (${input.seconds})::int
        from up
      returning student_id, course_id, seconds, occurred_at
    )${ROLLUP_CTES}`;
}
