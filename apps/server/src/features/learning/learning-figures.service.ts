import { streaks } from "@academy/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { applyLearningRollups } from "./learning-rollups.service.ts";

/** A student's study time and streak, as every screen shows them (issue 24 §5, decision 0229). */
export interface StudentLearningFigures {
  /** The student's IANA time zone (profiles.time_zone): days and weeks are local to it. */
  timeZone: string;
  /** Today's local day, YYYY-MM-DD. */
  today: string;
  /** The local Monday of this ISO week, YYYY-MM-DD. */
  weekStart: string;
  /** Local days with their study seconds (all courses), ascending. */
  days: Array<{ day: string; seconds: number }>;
  /** Study seconds in total and in this ISO week (seconds; screens round to minutes). */
  totalSeconds: number;
  weekSeconds: number;
  /** Current and best streak in local days (≥ 60 s a day). */
  currentStreak: number;
  bestStreak: number;
}

/**
 * The one definition of a student's study time and streak (issue 24 §5, decision 0229), read by
 * the student dashboard, My Learning Analytics and Community › Achievements alike: the learning
 * rollup (`learning_days`, local days in the student's time zone, all their courses, kept when
 * they leave a course) after applying pending rollups; streaks by `streaks` (packages/shared).
 */
export async function studentLearningFigures(db: Db, studentId: string): Promise<StudentLearningFigures> {
  await applyLearningRollups(db);
  const result = await db.execute(sql`
    with tz as (select coalesce((select time_zone from profiles where user_id = ${studentId}), 'Asia/Ho_Chi_Minh') as name)
    select (select name from tz) as time_zone,
      to_char((now() at time zone (select name from tz))::date, 'YYYY-MM-DD') as today,
      to_char(date_trunc('week', now() at time zone (select name from tz))::date, 'YYYY-MM-DD') as week_start,
      coalesce((select json_agg(json_build_object('day', d.day, 'seconds', d.seconds) order by d.day)
         from (select to_char(day, 'YYYY-MM-DD') as day, sum(seconds)::int as seconds
                 from learning_days where student_id = ${studentId} group by day) d), '[]'::json) as days`);
  const row = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]))[0] as {
    time_zone: string;
    today: string;
    week_start: string;
    days: Array<{ day: string; seconds: number }> | string;
  };
  const days = (typeof row.days === "string" ? JSON.parse(row.days) : row.days) as Array<{
    day: string;
    seconds: number;
  }>;
  const totalSeconds = days.reduce((sum, d) => sum + Number(d.seconds), 0);
  const weekSeconds = days
    .filter((d) => d.day >= row.week_start && d.day <= row.today)
    .reduce((sum, d) => sum + Number(d.seconds), 0);
  const { current, best } = streaks(days, row.today);
  return {
    timeZone: row.time_zone,
    today: row.today,
    weekStart: row.week_start,
    days: days.map((d) => ({ day: d.day, seconds: Number(d.seconds) })),
    totalSeconds,
    weekSeconds,
    currentStreak: current,
    bestStreak: best,
  };
}
