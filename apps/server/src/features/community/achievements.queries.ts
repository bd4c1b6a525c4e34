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

/** The user's awards with their date and, while shared, the public page's id (issue 27 §4). */
export async function listAwards(db: Executor, userId: string) {
  return rowsOf<{ achievement: string; awarded_at: string; share_id: string | null }>(
    await db.execute(
      sql`select a.achievement, ${iso(sql`a.awarded_at`)} as awarded_at, s.share_id
          from achievement_awards a
          left join achievement_shares s on s.user_id = a.user_id and s.achievement = a.achievement
          where a.user_id = ${userId}`,
    ),
  );
}

/**
 * Shares an award (issue 27 §4): inserts the share with `shareId` unless the user already shares
 * it. @returns the share id in force, or null when the user has not earned the achievement.
 */
export async function insertShare(
  db: Executor,
  userId: string,
  achievement: string,
  shareId: string,
): Promise<string | null> {
  const result = await db.execute(sql`
    with award as (
      select user_id, achievement from achievement_awards where user_id = ${userId} and achievement = ${achievement}
    ), inserted as (
      insert into achievement_shares (share_id, user_id, achievement)
      select ${shareId}, user_id, achievement from award
      on conflict (user_id, achievement) do nothing
      returning share_id
    )
    select share_id from inserted
    union all
    select s.share_id from achievement_shares s join award a using (user_id, achievement)`);
  return rowsOf<{ share_id: string }>(result)[0]?.share_id ?? null;
}

/** Stops sharing (idempotent). @returns whether a share was deleted. */
export async function deleteShare(db: Executor, userId: string, achievement: string): Promise<boolean> {
  const result = await db.execute(sql`
    delete from achievement_shares where user_id = ${userId} and achievement = ${achievement} returning share_id`);
  return rowsOf(result).length > 0;
}

/**
 * A shared award by its public id: the achievement, the date, and the owner's display name,
 * language and time zone (nothing else of theirs). Undefined when not shared (or never was).
 */
export async function findShare(db: Executor, shareId: string) {
  const result = await db.execute(sql`
    select s.share_id, s.achievement, ${iso(sql`a.awarded_at`)} as awarded_at,
           p.full_name, p.locale, p.time_zone
    from achievement_shares s
    join achievement_awards a on a.user_id = s.user_id and a.achievement = s.achievement
    left join profiles p on p.user_id = s.user_id
    where s.share_id = ${shareId}`);
  return rowsOf<{
    share_id: string;
    achievement: string;
    awarded_at: string;
    full_name: string | null;
    locale: string | null;
    time_zone: string | null;
  }>(result)[0];
}
