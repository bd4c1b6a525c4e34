import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface GroupRow {
  id: string;
  course_id: string;
  course_title: string;
  course_creator_id: string;
  owner_id: string;
  name: string;
  description: string;
  capacity: number;
  member_count: number;
  visibility: "open" | "invite";
  invite_token: string;
  is_member: boolean;
  created_at: string;
  next_id: string | null;
  next_title: string | null;
  next_starts_at: string | null;
  next_duration: number | null;
  next_link: string | null;
}

const groupSelect = (userId: string) => sql`
  select g.id, g.course_id, c.title as course_title, c.creator_id as course_creator_id, g.owner_id, g.name,
    g.description, g.capacity, g.member_count, g.visibility, g.invite_token, ${iso(sql`g.created_at`)} as created_at,
    exists (select 1 from study_group_members m where m.group_id = g.id and m.user_id = ${userId}) as is_member,
    n.id as next_id, n.title as next_title, ${iso(sql`n.starts_at`)} as next_starts_at,
    n.duration_minutes as next_duration, n.link as next_link
  from study_groups g
  join courses c on c.id = g.course_id
  left join lateral (
    select s.* from study_group_sessions s
    where s.group_id = g.id and s.starts_at + make_interval(mins => s.duration_minutes) > now()
    order by s.starts_at asc limit 1
  ) n on true`;

/** Groups of the courses the user created or holds a non-cancelled enrolment in (newest first, at most 200). */
export async function listGroupRows(db: Executor, userId: string, courseId?: string) {
  return rowsOf<GroupRow>(
    await db.execute(sql`${groupSelect(userId)}
      where (c.creator_id = ${userId} or exists (select 1 from enrollments e where e.course_id = g.course_id
             and e.student_id = ${userId} and e.payment_status <> 'cancelled'))
        ${courseId ? sql`and g.course_id = ${courseId}` : sql``}
      order by g.created_at desc limit 200`),
  );
}

export async function findGroupRow(db: Executor, userId: string, groupId: string) {
  return rowsOf<GroupRow>(await db.execute(sql`${groupSelect(userId)} where g.id = ${groupId}`))[0];
}

/** Inserts a group with its owner as the first member (member_count 1). @returns the id. */
export async function insertGroup(
  tx: Executor,
  v: {
    courseId: string;
    ownerId: string;
    name: string;
    description: string;
    capacity: number;
    visibility: string;
    inviteToken: string;
  },
) {
  const result = await tx.execute(sql`
    insert into study_groups (course_id, owner_id, name, description, capacity, visibility, invite_token, member_count)
    values (${v.courseId}, ${v.ownerId}, ${v.name}, ${v.description}, ${v.capacity}, ${v.visibility}, ${v.inviteToken}, 1)
    returning id`);
  const id = rowsOf<{ id: string }>(result)[0].id;
  await tx.execute(sql`insert into study_group_members (group_id, user_id) values (${id}, ${v.ownerId})`);
  return id;
}

/** Locks the group row (FOR UPDATE) for a membership change; returns capacity, count and access fields. */
export async function lockGroup(tx: Executor, groupId: string) {
  const result = await tx.execute(sql`
    select id, course_id, owner_id, capacity, member_count, visibility, invite_token from study_groups
    where id = ${groupId} for update`);
  return rowsOf<{
    id: string;
    course_id: string;
    owner_id: string;
    capacity: number;
    member_count: number;
    visibility: string;
    invite_token: string;
  }>(result)[0];
}

/** Adds a member (no-op when already one) and counts them; the caller holds the group's row lock. @returns true when added. */
export async function addMember(tx: Executor, groupId: string, userId: string): Promise<boolean> {
  const inserted = rowsOf(
    await tx.execute(sql`
      insert into study_group_members (group_id, user_id) values (${groupId}, ${userId})
      on conflict do nothing returning user_id`),
  ).length;
  if (inserted)
    await tx.execute(sql`update study_groups set member_count = member_count + 1 where id = ${groupId}`);
  return inserted > 0;
}

/** Removes a member and uncounts them; the caller holds the group's row lock. @returns true when removed. */
export async function removeMember(tx: Executor, groupId: string, userId: string): Promise<boolean> {
  const deleted = rowsOf(
    await tx.execute(sql`
      delete from study_group_members where group_id = ${groupId} and user_id = ${userId} returning user_id`),
  ).length;
  if (deleted)
    await tx.execute(sql`update study_groups set member_count = member_count - 1 where id = ${groupId}`);
  return deleted > 0;
}

export async function isMember(db: Executor, groupId: string, userId: string) {
  return (
    rowsOf(
      await db.execute(
        sql`select 1 from study_group_members where group_id = ${groupId} and user_id = ${userId}`,
      ),
    ).length > 0
  );
}

export async function deleteGroupRow(tx: Executor, groupId: string) {
  await tx.execute(sql`delete from study_groups where id = ${groupId}`);
}

export async function listMemberRows(db: Executor, groupId: string) {
  return rowsOf<{ id: string; name: string | null; joined_at: string }>(
    await db.execute(sql`
      select m.user_id as id, p.full_name as name, ${iso(sql`m.joined_at`)} as joined_at
      from study_group_members m left join profiles p on p.user_id = m.user_id
      where m.group_id = ${groupId} order by m.joined_at asc`),
  );
}

export interface SessionRow {
  id: string;
  group_id: string;
  title: string;
  starts_at: string;
  duration_minutes: number;
  link: string | null;
}

/** Sessions not yet over, soonest first (at most 50). */
export async function listSessionRows(db: Executor, groupId: string) {
  return rowsOf<SessionRow>(
    await db.execute(sql`
      select id, group_id, title, ${iso(sql`starts_at`)} as starts_at, duration_minutes, link from study_group_sessions
      where group_id = ${groupId} and starts_at + make_interval(mins => duration_minutes) > now()
      order by starts_at asc limit 50`),
  );
}

export async function insertSession(
  db: Executor,
  v: {
    groupId: string;
    title: string;
    startsAt: string;
    durationMinutes: number;
    link: string | null;
    createdBy: string;
  },
) {
  const result = await db.execute(sql`
    insert into study_group_sessions (group_id, title, starts_at, duration_minutes, link, created_by)
    values (${v.groupId}, ${v.title}, ${v.startsAt}, ${v.durationMinutes}, ${v.link}, ${v.createdBy})
    returning id, group_id, title, ${iso(sql`starts_at`)} as starts_at, duration_minutes, link`);
  return rowsOf<SessionRow>(result)[0];
}

export async function findSessionRow(db: Executor, sessionId: string) {
  return rowsOf<SessionRow & { group_name: string; course_id: string; course_title: string }>(
    await db.execute(sql`
      select s.id, s.group_id, s.title, ${iso(sql`s.starts_at`)} as starts_at, s.duration_minutes, s.link,
        g.name as group_name, g.course_id, c.title as course_title
      from study_group_sessions s join study_groups g on g.id = s.group_id join courses c on c.id = g.course_id
      where s.id = ${sessionId}`),
  )[0];
}

/** True when the user created the course or holds a non-cancelled enrolment in it. */
export async function canUseCourse(db: Executor, userId: string, courseId: string) {
  const result = await db.execute(sql`
    select (exists (select 1 from courses where id = ${courseId} and creator_id = ${userId})
      or exists (select 1 from enrollments e where e.course_id = ${courseId} and e.student_id = ${userId}
                 and e.payment_status <> 'cancelled')) as ok`);
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}

/** The members of a group (ids), for notifications (issue 27 §2). */
export async function memberIds(db: Executor, groupId: string): Promise<string[]> {
  const result = await db.execute(sql`select user_id from study_group_members where group_id = ${groupId}`);
  return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
}
