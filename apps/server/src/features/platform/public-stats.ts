import { PUBLIC_STAT_KEYS, type PublicStatKey, type PublicStats } from "@academy/shared";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { getPlatformSettings } from "../../lib/platform-settings.ts";

/** How long the counted figures are reused (they are four counts over whole tables). */
export const PUBLIC_STATS_CACHE_MS = 5 * 60_000;

type Counts = Record<PublicStatKey, number>;

/**
 * The real platform figures (issue 24 §1), counted from the database: creators with a published
 * course, published courses, students (distinct people with a completed enrolment — paid or free)
 * and certificates issued.
 */
export async function countPlatformFigures(db: Executor): Promise<Counts> {
  const [row] = (
    (await db.execute(sql`
      select (select count(distinct creator_id) from courses where is_published) as creators,
             (select count(*) from courses where is_published) as courses,
             (select count(distinct student_id) from enrollments where payment_status = 'completed') as students,
             (select count(*) from certificates) as certificates`)) as unknown as {
      rows: Record<PublicStatKey, string | number>[];
    }
  ).rows;
  return Object.fromEntries(PUBLIC_STAT_KEYS.map((k) => [k, Number(row?.[k] ?? 0)])) as Counts;
}

/**
 * What the home page may show (GET /api/public-stats): the figures (counted at most every
 * PUBLIC_STATS_CACHE_MS, one count in flight) that reached the admin's current
 * `publicStatsMinimum`, in PUBLIC_STAT_KEYS order — none below it, never an invented one.
 */
export function publicStatsReader(db: Executor, now: () => number = Date.now) {
  let cached: { at: number; value: Promise<Counts> } | undefined;
  return async (): Promise<PublicStats> => {
    if (!cached || now() - cached.at > PUBLIC_STATS_CACHE_MS) {
      const value = countPlatformFigures(db);
      cached = { at: now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    const [counts, settings] = await Promise.all([cached.value, getPlatformSettings(db)]);
    return {
      figures: PUBLIC_STAT_KEYS.map((key) => ({ key, value: counts[key] })).filter(
        (f) => f.value >= settings.publicStatsMinimum,
      ),
    };
  };
}
