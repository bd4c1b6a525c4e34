import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { iso, rowsOf } from "./community.queries.ts";

// SQL of achievements (issue 13 §4): the facts and the awards.

/**
 * The facts of the achievement rules for one user (see packages/shared rules/achievements.ts),
 * except study time and streak, which are the learning figures' (issue 24 §5).
 * Accepted answers count only replies to someone else's discussion: an author marking their own
 * reply as the answer earns nothing toward "helper" (issue 25 N14).
 */
export async function achievementFacts(db: Executor, userId: string, timeZone: string, fastDays: number) {
  const result = await db.execute(sql`
    select
      (select count(*) from enrollments where student_id = ${userId} and payment_status <> 'cancelled') as enrolments,
      (select count(*) from enrollments where student_id = ${userId} and is_completed and payment_status = 'completed') as completed_courses,
      (select count(*) from lesson_progress where student_id = ${userId} and is_completed and completed_at is not null
         and extract(hour from completed_at at time zone ${timeZone}) >= 5
         and extract(hour from completed_at at time zone ${timeZone}) < 8) as early_lessons,
      (select count(*) from certificates where student_id = ${userId}) as certificates,
      (select count(*) from enrollments where student_id = ${userId} and is_completed and completion_date is not null
         and completion_date <= enrollment_date + make_interval(days => ${fastDays})) as fast_completions,
      (select count(*) from discussions d join discussion_replies r on r.id = d.answer_reply_id
         where r.author_id = ${userId} and d.author_id <> r.author_id) as accepted_answers,
      (select count(*) from challenge_participants where user_id = ${userId} and completed_at is not null) as completed_challenges`);
  return rowsOf<Record<string, string | number>>(result)[0];
}

/** Inserts the awards not held yet (idempotent). @returns the achievements inserted now. */
export async function insertAwards(db: Executor, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const values = sql.join(
    ids.map((id) => sql`(${userId}, ${id})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into achievement_awards (user_id, achievement) values ${values}
    on conflict do nothing returning achievement`);
  return rowsOf<{ achievement: string }>(result).map((r) => r.achievement);
}

export async function listAwards(db: Executor, userId: string) {
  return rowsOf<{ achievement: string; awarded_at: string }>(
    await db.execute(
      sql`select achievement, ${iso(sql`awarded_at`)} as awarded_at from achievement_awards where user_id = ${userId}`,
    ),
  );
}
