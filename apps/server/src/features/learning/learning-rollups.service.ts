import { type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { PLAN_PER_RUN } from "../../db/pglite-statements.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";

/**
 * The rollup applier (decision 0214): learning events are appended with the progress or quiz write
 * they record (learning-events.queries.ts); their rollups — learning_activity (student, course,
 * local day, local hour), learning_days (student, course, local day) and creator_learning_days
 * (creator, local day, student) — are folded in here, in batches, by one statement.
 *
 * What is applied is tracked by a snapshot, not by an id: learning_rollup_state.applied is the
 * snapshot of the last pass, and an event is applied exactly when the transaction that wrote it
 * (learning_events.tx) is visible in that snapshot. Ids are drawn at insert and committed in
 * another order, so "every id up to N" could skip an event committed after a larger one; a
 * transaction's visibility never goes back, so each event is folded in exactly once.
 *
 * The same statement keeps the totals the creator pages read (decision 0216): course_day_totals,
 * creator_day_totals, course_hour_totals (sums over students), learning_quiz_best (per
 * enrolment and quiz, the best score and whether one passed) and course_learners (each student
 * who studied a course, decision 0241).
 *
 * Days and hours are the student's local ones (profiles.time_zone when the pass runs, default
 * Asia/Ho_Chi_Minh; DESIGN §7): a time-zone change applies pending events first
 * (saveTimeZone's caller), so events keep the zone they were written in.
 */

/** How often the server's worker folds new events into the rollups (the rollups' staleness bound). */
export const LEARNING_ROLLUP_INTERVAL_MS = 1000;

/**
 * One pass: folds every committed event not yet applied into the three rollups and stores the
 * pass's snapshot, in one transaction that holds learning_rollup_state's row (one pass at a time
 * across server instances).
 * @param mode "wait": wait for a pass running elsewhere, then run (a read that must see every
 *   committed event); "skip": return 0 at once when another pass holds the row (the worker).
 * @returns how many events were applied.
 */
export async function applyLearningRollups(db: Db, mode: "wait" | "skip" = "wait"): Promise<number> {
  const state = await readState(db);
  if (!state.behind && !(await anyPending(db, state))) return 0;
  return db.transaction(
    async (tx) => {
      // Lock first, in its own statement: the pass's statement below then takes its snapshot after
      // any other pass committed, so the stored snapshots only move forward.
      const [st] = await stateRows(
        tx,
        sql`select ${stateColumns} from learning_rollup_state where id = 1 for update ${mode === "skip" ? sql`skip locked` : sql``}`,
      );
      if (!st) return 0;
      const result = (await tx.execute(sql`${sql.raw(PLAN_PER_RUN)}
        with ev as (
          select e.enrollment_id, e.student_id, e.course_id, co.creator_id, e.lesson_id, e.kind, e.seconds,
                 e.score, e.passed, e.occurred_at at time zone coalesce(p.time_zone, 'Asia/Ho_Chi_Minh') as local
            from learning_events e
            -- Events of a deleted enrolment are not folded (they were deleted with it, decision 0216).
            join enrollments en on en.id = e.enrollment_id
            join courses co on co.id = e.course_id
            left join profiles p on p.user_id = e.student_id
           where ${unapplied(st)}
        ),
        roll as (
          insert into learning_activity (student_id, course_id, day, hour, seconds, events)
          select student_id, course_id, local::date, extract(hour from local)::smallint, sum(seconds), count(*)
            from ev group by 1, 2, 3, 4
          on conflict (student_id, course_id, day, hour)
            do update set seconds = learning_activity.seconds + excluded.seconds,
                          events = learning_activity.events + excluded.events
          returning 1
        ),
        roll_day as (
          insert into learning_days (student_id, course_id, day, seconds, events)
          select student_id, course_id, local::date, sum(seconds), count(*) from ev group by 1, 2, 3
          on conflict (student_id, course_id, day)
            do update set seconds = learning_days.seconds + excluded.seconds,
                          events = learning_days.events + excluded.events
          -- xmax = 0: the row was inserted (a student's first activity in the course that day).
          returning course_id, day, (xmax = 0) as fresh
        ),
        -- Each student who studied the course, once (decision 0241): the Performance tab's learners.
        learners as (
          insert into course_learners (course_id, student_id)
          select distinct course_id, student_id from ev where seconds > 0
          on conflict do nothing
          returning 1
        ),
        roll_creator as (
          insert into creator_learning_days (creator_id, day, student_id, seconds, events)
          select creator_id, local::date, student_id, sum(seconds), count(*) from ev group by 1, 2, 3
          on conflict (creator_id, day, student_id)
            do update set seconds = creator_learning_days.seconds + excluded.seconds,
                          events = creator_learning_days.events + excluded.events
          returning creator_id, day, (xmax = 0) as fresh
        ),
        -- The totals (decision 0216): new active students from the rollups' inserted rows, seconds
        -- and events from the events themselves.
        course_days as (${dayTotals("course_day_totals", "course_id", "roll_day")}),
        creator_days as (${dayTotals("creator_day_totals", "creator_id", "roll_creator")}),
        course_hours as (
          insert into course_hour_totals (course_id, day, hour, seconds)
          select course_id, local::date, extract(hour from local)::smallint, sum(seconds) from ev group by 1, 2, 3
          on conflict (course_id, day, hour)
            do update set seconds = course_hour_totals.seconds + excluded.seconds
          returning 1
        ),
        quiz as (
          insert into learning_quiz_best (enrollment_id, lesson_id, course_id, student_id, score, passed)
          select ev.enrollment_id, ev.lesson_id, ev.course_id, ev.student_id, max(ev.score), max(ev.passed)
            from ev join lessons l on l.id = ev.lesson_id
           where ev.kind = 'quiz'
           group by 1, 2, 3, 4
          on conflict (enrollment_id, lesson_id)
            do update set score = greatest(learning_quiz_best.score, excluded.score),
                          passed = greatest(learning_quiz_best.passed, excluded.passed)
          returning 1
        ),
        done as (
          update learning_rollup_state set applied = pg_current_snapshot(), applied_at = now() where id = 1
          returning 1
        )
        select (select count(*) from ev)::int as events,
               (select count(*) from roll) + (select count(*) from roll_day)
                 + (select count(*) from roll_creator) + (select count(*) from course_days)
                 + (select count(*) from creator_days) + (select count(*) from course_hours)
                 + (select count(*) from quiz) + (select count(*) from learners)
                 + (select count(*) from done) as written`)) as unknown as {
        rows: Array<{ events: number }>;
      };
      if (st.behind) {
        // The stored snapshot is ahead of this cluster's transaction ids: the database was restored
        // from a logical dump into another cluster. The events the old snapshot did not see are
        // folded in above; the old clusters' ids are then cleared so none is compared with this
        // cluster's ids (they would look pending, or applied, by accident).
        await tx.execute(sql`update learning_events set tx = null where tx is not null`);
      }
      return Number(result.rows[0]?.events ?? 0);
    },
    { isolationLevel: "read committed" },
  );
}

/**
 * The upsert of a per-day total (decision 0216) inside the pass's statement: seconds and events
 * from the pass's events (CTE `ev`), new active students from the rows the per-student rollup
 * upsert `roll` inserted (its `fresh` column), per `key` and local day.
 */
function dayTotals(
  table: "course_day_totals" | "creator_day_totals",
  key: "course_id" | "creator_id",
  roll: string,
): SQL {
  const [t, k, r] = [sql.raw(table), sql.raw(key), sql.raw(roll)];
  return sql`
          insert into ${t} (${k}, day, students, seconds, events)
          select g.${k}, g.day, coalesce(f.students, 0), g.seconds, g.events
            from (select ${k}, local::date as day, sum(seconds) as seconds, count(*) as events
                    from ev group by 1, 2) g
            left join (select ${k}, day, count(*) filter (where fresh) as students
                         from ${r} group by 1, 2) f on f.${k} = g.${k} and f.day = g.day
          on conflict (${k}, day)
            do update set students = ${t}.students + excluded.students,
                          seconds = ${t}.seconds + excluded.seconds,
                          events = ${t}.events + excluded.events
          returning 1`;
}

interface State {
  /** The stored snapshot, as text (xmin:xmax:xip,…). */
  applied: string;
  /** Its xmin: every transaction before it is visible in it or aborted. */
  xmin: string;
  /** Its xmax is past this cluster's next transaction id (restored into another cluster). */
  behind: boolean;
}

const stateColumns = sql`applied::text as applied, pg_snapshot_xmin(applied)::text as xmin,
  pg_snapshot_xmax(applied) > pg_snapshot_xmax(pg_current_snapshot()) as behind`;

async function stateRows(db: Executor, query: SQL): Promise<State[]> {
  return ((await db.execute(query)) as unknown as { rows: State[] }).rows;
}

async function readState(db: Db): Promise<State> {
  const [st] = await stateRows(db, sql`select ${stateColumns} from learning_rollup_state where id = 1`);
  if (!st) throw new Error("learning_rollup_state has no row (migration 0214 not applied?)");
  return st;
}

/**
 * Events written by transactions the stored snapshot does not see. The bounds are values bound to
 * the statement, not columns of a joined row, so the planner estimates `tx >= xmin` from the
 * column's statistics and the index's actual end and scans learning_events_tx_idx (a join's
 * generic estimate scanned the whole table).
 */
const unapplied = (st: State) =>
  sql`e.tx >= ${st.xmin}::xid8 and not pg_visible_in_snapshot(e.tx, ${st.applied}::pg_snapshot)`;

/** Whether a committed event is not in the rollups yet (no lock: one indexed look). */
async function anyPending(db: Db, st: State): Promise<boolean> {
  const result = (await db.execute(
    // Planned for its watermark on every run: a prepared generic plan guesses a third of the
    // events qualify and scanned them all when none did (PGlite, decision 0242).
    sql`${sql.raw(PLAN_PER_RUN)} select exists (select 1 from learning_events e where ${unapplied(st)}) as pending`,
  )) as unknown as { rows: Array<{ pending: boolean }> };
  return result.rows[0]?.pending === true;
}

/**
 * The server's rollup worker: a pass every `intervalMs` (skipped while the previous one runs or
 * another instance holds the row). Errors are logged; the next pass retries (nothing is marked
 * applied by a failed pass).
 */
export function createLearningRollupWorker(
  deps: { db: Db; logger?: { error(obj: unknown, msg: string): void } },
  intervalMs = LEARNING_ROLLUP_INTERVAL_MS,
) {
  return createIntervalWorker(
    () => applyLearningRollups(deps.db, "skip"),
    intervalMs,
    (error) => deps.logger?.error({ err: error }, "learning rollups failed"),
    "learning-rollups",
  );
}
