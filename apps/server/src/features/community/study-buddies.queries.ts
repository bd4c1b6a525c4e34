import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Study buddy queries (issue 13 §5; decision 0188). Live links are those pending or accepted; at
 * most one per pair (buddy_links_live_pair_key).
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The two ids in order (buddy_links.pair_low < pair_high). */
export const pairOf = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export interface PreferenceRow {
  user_id: string;
  visible: boolean;
  course_ids: string[];
  goals: string[];
  availability: string[];
  language: "any" | "vi" | "en";
  time_zone: string;
  level: "beginner" | "intermediate" | "advanced" | null;
  study_style: "visual" | "auditory" | "kinesthetic" | "reading" | null;
}

/** The user's saved preferences, or undefined. */
export async function findPreferences(db: Executor, userId: string): Promise<PreferenceRow | undefined> {
  const result = await db.execute(sql`
    select user_id, visible, course_ids::text[] as course_ids, goals, availability, language, time_zone,
           level, study_style
      from buddy_preferences where user_id = ${userId}`);
  return rowsOf<PreferenceRow>(result)[0];
}

/** The user's courses with an enrolment that is not cancelled, by title. */
export async function enrolledCourses(
  db: Executor,
  userId: string,
): Promise<Array<{ id: string; title: string }>> {
  const result = await db.execute(sql`
    select co.id, co.title from enrollments e join courses co on co.id = e.course_id
     where e.student_id = ${userId} and e.payment_status <> 'cancelled'
     order by co.title, co.id`);
  return rowsOf<{ id: string; title: string }>(result);
}

/** Inserts or replaces the user's preferences. */
export async function upsertPreferences(db: Executor, row: PreferenceRow): Promise<void> {
  await db.execute(sql`
    insert into buddy_preferences (user_id, visible, course_ids, goals, availability, language, time_zone,
                                   level, study_style, updated_at)
    values (${row.user_id}, ${row.visible}, ${`{${row.course_ids.join(",")}}`}::uuid[],
            ${`{${row.goals.join(",")}}`}::text[], ${`{${row.availability.join(",")}}`}::text[],
            ${row.language}, ${row.time_zone}, ${row.level}, ${row.study_style}, now())
    on conflict (user_id) do update set visible = excluded.visible, course_ids = excluded.course_ids,
      goals = excluded.goals, availability = excluded.availability, language = excluded.language,
      time_zone = excluded.time_zone, level = excluded.level, study_style = excluded.study_style,
      updated_at = now()`);
}

/** SQL: `a` or `b` has blocked the other. */
const blockedEitherWay = (a: unknown, b: unknown) => sql`exists (select 1 from user_blocks ub
   where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;

export interface CandidateRow extends PreferenceRow {
  name: string | null;
  avatar_url: string | null;
  shared: Array<{ id: string; title: string }>;
}

/**
 * Students who could be suggested to `userId`: opted in (visible), enrolled (not cancelled) in one
 * of `courseIds` that they also chose (or chose none), neither blocked by nor blocking the user, no
 * live link with the user, and not having declined the user's request in the last `cooldownDays`.
 * Each with the shared courses. At most `limit` rows (ranking is the caller's).
 */
export async function listCandidates(
  db: Executor,
  userId: string,
  courseIds: string[],
  opts: { cooldownDays: number; limit: number },
): Promise<CandidateRow[]> {
  if (courseIds.length === 0) return [];
  const result = await db.execute(sql`
    select p.user_id, p.visible, p.course_ids::text[] as course_ids, p.goals, p.availability, p.language,
           p.time_zone, p.level, p.study_style, pr.full_name as name, pr.avatar_url,
           json_agg(json_build_object('id', co.id, 'title', co.title) order by co.title, co.id) as shared
      from buddy_preferences p
      join enrollments e on e.student_id = p.user_id and e.payment_status <> 'cancelled'
       and e.course_id = any(${`{${courseIds.join(",")}}`}::uuid[])
       and (cardinality(p.course_ids) = 0 or e.course_id = any(p.course_ids))
      join courses co on co.id = e.course_id
      left join profiles pr on pr.user_id = p.user_id
     where p.visible and p.user_id <> ${userId}
       and not ${blockedEitherWay(userId, sql`p.user_id`)}
       and not exists (select 1 from buddy_links l
             where l.pair_low = least(${userId}::text, p.user_id) and l.pair_high = greatest(${userId}::text, p.user_id)
               and (l.status in ('pending', 'accepted')
                    or (l.status = 'declined' and l.requester_id = ${userId}
                        and l.responded_at > now() - make_interval(days => ${opts.cooldownDays}))))
     group by p.user_id, pr.full_name, pr.avatar_url
     order by p.user_id
     limit ${opts.limit}`);
  return rowsOf<CandidateRow>(result);
}

/** Courses both users take (enrolments not cancelled), by title. */
export async function sharedCourses(
  db: Executor,
  a: string,
  b: string,
): Promise<Array<{ id: string; title: string }>> {
  const result = await db.execute(sql`
    select co.id, co.title from courses co
     where exists (select 1 from enrollments e where e.course_id = co.id and e.student_id = ${a} and e.payment_status <> 'cancelled')
       and exists (select 1 from enrollments e where e.course_id = co.id and e.student_id = ${b} and e.payment_status <> 'cancelled')
     order by co.title, co.id`);
  return rowsOf<{ id: string; title: string }>(result);
}

/** True when either user blocked the other. */
export async function isBlocked(db: Executor, a: string, b: string): Promise<boolean> {
  const result = await db.execute(sql`select ${blockedEitherWay(a, b)} as blocked`);
  return Boolean(rowsOf<{ blocked: boolean }>(result)[0]?.blocked);
}

/** A transaction-level advisory lock on the user's buddy requests (the limits are then exact). */
export async function lockRequester(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`buddy:${userId}`}, 0))`);
}

/** The user's pending requests and requests sent in the last 24 hours. */
export async function requestCounts(
  db: Executor,
  userId: string,
): Promise<{ pending: number; today: number }> {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where created_at > now() - interval '24 hours')::int as today
      from buddy_links where requester_id = ${userId}`);
  const row = rowsOf<{ pending: number; today: number }>(result)[0];
  return { pending: Number(row?.pending ?? 0), today: Number(row?.today ?? 0) };
}

/** True when `addressee` declined a request from `requester` in the last `days` days. */
export async function declinedRecently(db: Executor, requester: string, addressee: string, days: number) {
  const result = await db.execute(sql`
    select 1 as x from buddy_links where requester_id = ${requester} and addressee_id = ${addressee}
       and status = 'declined' and responded_at > now() - make_interval(days => ${days}) limit 1`);
  return rowsOf(result).length > 0;
}

export interface LinkRow {
  id: string;
  requester_id: string;
  addressee_id: string;
  pair_low: string;
  pair_high: string;
  status: "pending" | "accepted" | "declined" | "cancelled" | "removed";
  note: string | null;
  created_at: Date | string;
  responded_at: Date | string | null;
}

/** Inserts a pending request unless the pair has a live link. Returns the row, or undefined. */
export async function insertRequest(
  db: Executor,
  input: { requester: string; addressee: string; note: string | null },
): Promise<LinkRow | undefined> {
  const [low, high] = pairOf(input.requester, input.addressee);
  const result = await db.execute(sql`
    insert into buddy_links (requester_id, addressee_id, pair_low, pair_high, status, note)
    values (${input.requester}, ${input.addressee}, ${low}, ${high}, 'pending', ${input.note})
    on conflict (pair_low, pair_high) where status in ('pending', 'accepted') do nothing
    returning *`);
  return rowsOf<LinkRow>(result)[0];
}

/** One link, or undefined. */
export async function findLink(db: Executor, id: string): Promise<LinkRow | undefined> {
  return rowsOf<LinkRow>(await db.execute(sql`select * from buddy_links where id = ${id}`))[0];
}

/**
 * Moves the link from `from` to `to` in one statement (so of two racing callers exactly one
 * succeeds), when `actorColumn` is the caller. Returns the updated row, or undefined.
 */
export async function transition(
  db: Executor,
  input: {
    id: string;
    actor: string;
    actorColumn: "requester" | "addressee" | "either";
    from: LinkRow["status"];
    to: LinkRow["status"];
  },
): Promise<LinkRow | undefined> {
  const who =
    input.actorColumn === "requester"
      ? sql`requester_id = ${input.actor}`
      : input.actorColumn === "addressee"
        ? sql`addressee_id = ${input.actor}`
        : sql`(requester_id = ${input.actor} or addressee_id = ${input.actor})`;
  const result = await db.execute(sql`
    update buddy_links set status = ${input.to}, responded_at = now()
     where id = ${input.id} and status = ${input.from} and ${who}
    returning *`);
  return rowsOf<LinkRow>(result)[0];
}

export interface OverviewRow extends LinkRow {
  other_id: string;
  other_name: string | null;
  other_avatar: string | null;
  conversation_id: string | null;
}

/** The user's live links (pending either way, accepted) with the other person and the buddies' conversation. */
export async function listLiveLinks(db: Executor, userId: string): Promise<OverviewRow[]> {
  const result = await db.execute(sql`
    select l.*, o.id as other_id, pr.full_name as other_name, pr.avatar_url as other_avatar,
           (select c.id from conversations c where c.kind = 'buddy' and c.teacher_id = l.pair_low
              and c.student_id = l.pair_high) as conversation_id
      from buddy_links l
      cross join lateral (select case when l.requester_id = ${userId} then l.addressee_id else l.requester_id end as id) o
      left join profiles pr on pr.user_id = o.id
     where (l.requester_id = ${userId} or l.addressee_id = ${userId}) and l.status in ('pending', 'accepted')
     order by coalesce(l.responded_at, l.created_at) desc, l.id`);
  return rowsOf<OverviewRow>(result);
}

/** Whether the user exists. */
export async function userExists(db: Executor, id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 as x from "user" where id = ${id}`)).length > 0;
}

/** The addressee's e-mail address, locale and name, and the requester's name (the request e-mail). */
export async function requestEmailFacts(db: Executor, addressee: string, requester: string) {
  const result = await db.execute(sql`
    select u.email, pr.locale, pr.full_name as recipient_name,
           (select full_name from profiles where user_id = ${requester}) as requester_name
      from "user" u left join profiles pr on pr.user_id = u.id where u.id = ${addressee}`);
  return rowsOf<{
    email: string;
    locale: "en" | "vi" | null;
    recipient_name: string | null;
    requester_name: string | null;
  }>(result)[0];
}

/** Blocks `blocked` for `blocker` (idempotent) and ends their live link (pending: cancelled; accepted: removed). */
export async function insertBlock(db: Executor, blocker: string, blocked: string): Promise<void> {
  const [low, high] = pairOf(blocker, blocked);
  await db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id) values (${blocker}, ${blocked}) on conflict do nothing`);
  await db.execute(sql`
    update buddy_links set status = case when status = 'accepted' then 'removed' else 'cancelled' end,
           responded_at = now()
     where pair_low = ${low} and pair_high = ${high} and status in ('pending', 'accepted')`);
}

/** Removes the block (idempotent). */
export async function deleteBlock(db: Executor, blocker: string, blocked: string): Promise<void> {
  await db.execute(sql`delete from user_blocks where blocker_id = ${blocker} and blocked_id = ${blocked}`);
}

/** The people the user blocked, newest first. */
export async function listBlocks(db: Executor, blocker: string) {
  const result = await db.execute(sql`
    select b.blocked_id as id, pr.full_name as name, pr.avatar_url
      from user_blocks b left join profiles pr on pr.user_id = b.blocked_id
     where b.blocker_id = ${blocker} order by b.created_at desc`);
  return rowsOf<{ id: string; name: string | null; avatar_url: string | null }>(result);
}
