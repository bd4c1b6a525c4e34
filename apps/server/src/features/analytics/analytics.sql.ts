import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { PLAN_PER_RUN } from "../../db/pglite-statements.ts";

// Types and SQL helpers shared by the analytics queries (analytics, insights and student queries).

/** A creator's scope: their courses, optionally one course. */
export interface Scope {
  creatorId: string;
  courseId: string | null;
  timeZone: string;
}

/** A local-date range [from, to] (both included) with its previous period of equal length. */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  // Planned for its values on every run: a prepared generic plan of these reports was 2–4× slower
  // on PGlite (decision 0242).
  const result = (await db.execute(sql`${sql.raw(PLAN_PER_RUN)} ${query}`)) as unknown as { rows: T[] };
  return result.rows;
}

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Start of local day `d` in zone `tz`, as timestamptz SQL. */
export const startOf = (d: string, tz: string) => sql`((${d}::date)::timestamp at time zone ${tz})`;

/** Start of the local day after `d` (the exclusive end of a range ending on `d`). */
export const endOf = (d: string, tz: string) => sql`(((${d}::date + 1))::timestamp at time zone ${tz})`;

export const scopedCourses = (s: Scope) =>
  sql`select id, title from courses where creator_id = ${s.creatorId} and (${s.courseId}::uuid is null or id = ${s.courseId}::uuid)`;
