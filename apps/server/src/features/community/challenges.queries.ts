import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * SQL of challenges (issue 13 §6; decision 0191). A participant's progress is computed from real
 * learning data in their own profiles.time_zone:
 * - lessons: lessons of the challenge's course completed (lesson_progress.completed_at) on a local
 *   day between starts_on and ends_on (inclusive);
 * - hours: seconds of the learning_activity rollup of the course on those local days (the rollup's
 *   day is already the student's local day of each event).
 * Only participants who still hold a non-cancelled enrolment in the course count.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The user's time zone (profiles.time_zone; the platform default when missing). */
export const zoneOf = (userId: SQL | string) =>
  sql`coalesce((select time_zone from profiles where user_id = ${userId}), 'Asia/Ho_Chi_Minh')`;

/** SQL: the participant `p`'s progress in the challenge `ch` (lessons, or seconds); `pz` is their zone. */
const progressOf = sql`case when ch.goal_kind = 'lessons' then
    (select count(*) from lesson_progress lp join enrollments e on e.id = lp.enrollment_id
      where lp.student_id = p.user_id and e.course_id = ch.course_id and lp.is_completed and lp.completed_at is not null
        and (lp.completed_at at time zone pz.zone)::date between ch.starts_on and ch.ends_on)
  else
    (select coalesce(sum(la.seconds), 0) from learning_activity la
      where la.student_id = p.user_id and la.course_id = ch.course_id and la.day between ch.starts_on and ch.ends_on)
  end`;
/** SQL: the goal in the progress's unit (lessons, or seconds). */
const targetOf = sql`(case when ch.goal_kind = 'lessons' then ch.goal_target else ch.goal_target * 3600 end)`;
const activeMember = sql`exists (select 1 from enrollments e where e.course_id = ch.course_id and e.student_id = p.user_id and e.payment_status <> 'cancelled')`;

export interface ChallengeRow {
  id: string;
  course_id: string;
  course_title: string;
  creator_id: string;
  title: string;
  description: string;
  goal_kind: "lessons" | "hours";
  goal_target: number;
  starts_on: string;
  ends_on: string;
  today: string;
  participant_count: number | string;
  completed_count: number | string;
  joined: boolean;
  hide_name: boolean | null;
  completed_at: string | null;
}

const challengeColumns = (userId: string) => sql`
  ch.id, ch.course_id, c.title as course_title, ch.creator_id, ch.title, ch.description, ch.goal_kind, ch.goal_target,
  to_char(ch.starts_on, 'YYYY-MM-DD') as starts_on, to_char(ch.ends_on, 'YYYY-MM-DD') as ends_on,
  to_char((now() at time zone ${zoneOf(userId)})::date, 'YYYY-MM-DD') as today,
  (select count(*) from challenge_participants p where p.challenge_id = ch.id and ${activeMember}) as participant_count,
  (select count(*) from challenge_participants p where p.challenge_id = ch.id and p.completed_at is not null and ${activeMember}) as completed_count,
  (me.user_id is not null) as joined, me.hide_name, ${iso(sql`me.completed_at`)} as completed_at`;

const challengeJoins = (userId: string) => sql`
  from challenges ch join courses c on c.id = ch.course_id
  left join challenge_participants me on me.challenge_id = ch.id and me.user_id = ${userId}`;

/** Challenges of the courses the user created or holds a non-cancelled enrolment in; running first, then upcoming, then ended. */
export async function listChallengeRows(
  db: Executor,
  userId: string,
  courseId?: string,
): Promise<ChallengeRow[]> {
  return rowsOf<ChallengeRow>(
    await db.execute(sql`
      select ${challengeColumns(userId)} ${challengeJoins(userId)}
      where (c.creator_id = ${userId} or exists (select 1 from enrollments e where e.course_id = ch.course_id
               and e.student_id = ${userId} and e.payment_status <> 'cancelled'))
        ${courseId ? sql`and ch.course_id = ${courseId}` : sql``}
      order by (ch.ends_on < (now() at time zone ${zoneOf(userId)})::date) asc, ch.starts_on asc, ch.created_at desc
      limit 200`),
  );
}

/** One challenge (no access check), or undefined. */
export async function findChallengeRow(
  db: Executor,
  userId: string,
  id: string,
): Promise<ChallengeRow | undefined> {
  return rowsOf<ChallengeRow>(
    await db.execute(sql`select ${challengeColumns(userId)} ${challengeJoins(userId)} where ch.id = ${id}`),
  )[0];
}

export async function insertChallenge(
  tx: Executor,
  v: {
    courseId: string;
    creatorId: string;
    title: string;
    description: string;
    goalKind: string;
    goalTarget: number;
    startsOn: string;
    endsOn: string;
  },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into challenges (course_id, creator_id, title, description, goal_kind, goal_target, starts_on, ends_on)
    values (${v.courseId}, ${v.creatorId}, ${v.title}, ${v.description}, ${v.goalKind}, ${v.goalTarget}, ${v.startsOn}, ${v.endsOn})
    returning id`);
  return rowsOf<{ id: string }>(result)[0].id;
}

export async function deleteChallengeRow(tx: Executor, id: string) {
  await tx.execute(sql`delete from challenges where id = ${id}`);
}

/** Joins (insert-if-absent); a second join only updates hide_name. */
export async function upsertParticipant(
  tx: Executor,
  challengeId: string,
  userId: string,
  hideName: boolean,
) {
  await tx.execute(sql`
    insert into challenge_participants (challenge_id, user_id, hide_name) values (${challengeId}, ${userId}, ${hideName})
    on conflict (challenge_id, user_id) do update set hide_name = excluded.hide_name`);
}

/** @returns whether a row was deleted. */
export async function deleteParticipant(tx: Executor, challengeId: string, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    delete from challenge_participants where challenge_id = ${challengeId} and user_id = ${userId} returning user_id`);
  return rowsOf(result).length > 0;
}

/** @returns whether the caller's row exists (and was updated). */
export async function setHideName(tx: Executor, challengeId: string, userId: string, hideName: boolean) {
  const result = await tx.execute(sql`
    update challenge_participants set hide_name = ${hideName} where challenge_id = ${challengeId} and user_id = ${userId}
    returning user_id`);
  return rowsOf(result).length > 0;
}

export interface StandingRow {
  user_id: string;
  name: string | null;
  hide_name: boolean;
  current: number | string;
  target: number | string;
  completed_at: string | null;
}

/**
 * Every active participant's progress in the challenge, best first: progress capped at the goal
 * (descending), then who completed first, then who joined first.
 */
export async function standingRows(db: Executor, challengeId: string): Promise<StandingRow[]> {
  return rowsOf<StandingRow>(
    await db.execute(sql`
      select s.user_id, s.name, s.hide_name, s.current, s.target, ${iso(sql`s.completed_at`)} as completed_at
      from (
        select p.user_id, pr.full_name as name, p.hide_name, p.joined_at, p.completed_at,
          ${progressOf} as current, ${targetOf} as target
        from challenge_participants p join challenges ch on ch.id = p.challenge_id
        cross join lateral (select ${zoneOf(sql`p.user_id`)} as zone) pz
        left join profiles pr on pr.user_id = p.user_id
        where p.challenge_id = ${challengeId} and ${activeMember}
      ) s
      order by least(s.current, s.target) desc, s.completed_at asc nulls last, s.joined_at asc, s.user_id asc`),
  );
}

/**
 * Marks completed (completed_at = now, once) every challenge of `userId` whose progress reached
 * the goal within its days. @returns how many were marked now.
 */
export async function settleCompletions(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(sql`
    update challenge_participants q set completed_at = now()
    from (
      select p.challenge_id, p.user_id from challenge_participants p join challenges ch on ch.id = p.challenge_id
      cross join lateral (select ${zoneOf(sql`p.user_id`)} as zone) pz
      where p.user_id = ${userId} and p.completed_at is null and ${activeMember}
        and ${progressOf} >= ${targetOf}
    ) done
    where q.challenge_id = done.challenge_id and q.user_id = done.user_id and q.completed_at is null
    returning q.challenge_id`);
  return rowsOf(result).length;
}

/** Challenge participants of the challenge who may have reached the goal (to settle them on read). */
export async function participantIds(db: Executor, challengeId: string): Promise<string[]> {
  return rowsOf<{ user_id: string }>(
    await db.execute(
      sql`select user_id from challenge_participants where challenge_id = ${challengeId} and completed_at is null`,
    ),
  ).map((r) => r.user_id);
}

/** Courses the user created (the courses they may set a challenge for), by title. */
export async function ownCourses(db: Executor, userId: string) {
  return rowsOf<{ id: string; title: string }>(
    await db.execute(
      sql`select id, title from courses where creator_id = ${userId} order by title asc limit 500`,
    ),
  );
}

/** True when the user holds a non-cancelled enrolment in the course. */
export async function isEnrolled(db: Executor, userId: string, courseId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from enrollments where course_id = ${courseId} and student_id = ${userId} and payment_status <> 'cancelled'`);
  return rowsOf(result).length > 0;
}

/**
 * The user's IANA time zone (profiles.time_zone), or undefined without a profile. Achievements
 * and challenges count local days and hours in it (decision 0191).
 */
export async function profileTimeZone(db: Executor, userId: string): Promise<string | undefined> {
  const result = await db.execute(sql`select time_zone from profiles where user_id = ${userId}`);
  return rowsOf<{ time_zone: string }>(result)[0]?.time_zone;
}
