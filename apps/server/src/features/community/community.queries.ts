import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/** The NOTIFY channel of community events (payload: CommunityNotification as JSON). */
export const COMMUNITY_CHANNEL = "academy_community";
/** What goes through NOTIFY: ids only; receivers refetch. */
export interface CommunityNotification {
  t: "reply" | "discussion";
  d: string;
  r?: string;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL: true when `userId` holds a non-cancelled enrolment in the course `courseId` (an SQL expression). */
const enrolledIn = (userId: string, courseId: SQL) =>
  sql`exists (select 1 from enrollments e where e.course_id = ${courseId} and e.student_id = ${userId} and e.payment_status <> 'cancelled')`;
/** SQL: true when `userId` holds a non-cancelled enrolment in any course of the creator `creatorId`. */
const studentOfSchool = (userId: string, creatorId: SQL) =>
  sql`exists (select 1 from enrollments e join courses c on c.id = e.course_id where c.creator_id = ${creatorId} and e.student_id = ${userId} and e.payment_status <> 'cancelled')`;

/** SQL: the discussion row `d` is visible to `userId` (its school's creator, or a member of its course/school). */
export const visibleTo = (userId: string) =>
  sql`(d.creator_id = ${userId}
    or (d.group_id is null and d.course_id is not null and ${enrolledIn(userId, sql`d.course_id`)})
    or (d.group_id is null and d.course_id is null and ${studentOfSchool(userId, sql`d.creator_id`)})
    or (d.group_id is not null and ${enrolledIn(userId, sql`d.course_id`)}
        and exists (select 1 from study_group_members m where m.group_id = d.group_id and m.user_id = ${userId})))`;

export interface CourseRef {
  id: string;
  creator_id: string;
  title: string;
}

export async function findCourse(db: Executor, courseId: string): Promise<CourseRef | undefined> {
  const result = await db.execute(sql`select id, creator_id, title from courses where id = ${courseId}`);
  return rowsOf<CourseRef>(result)[0];
}

/** True when the user may read and post in the course's discussions (its creator or enrolled). */
export async function canUseCourse(db: Executor, userId: string, courseId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select (exists (select 1 from courses where id = ${courseId} and creator_id = ${userId}) or ${enrolledIn(userId, sql`${courseId}::uuid`)}) as ok`,
  );
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}

/** True when the user may read and post in the school of `creatorId` (the creator or a student of one of its courses). */
export async function canUseSchool(db: Executor, userId: string, creatorId: string): Promise<boolean> {
  if (userId === creatorId) return true;
  const result = await db.execute(sql`select ${studentOfSchool(userId, sql`${creatorId}`)} as ok`);
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}

/** True when `userId` is a member of the study group. */
export async function isGroupMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from study_group_members where group_id = ${groupId} and user_id = ${userId}`,
  );
  return rowsOf(result).length > 0;
}

/** The study group's course and the course's creator, or undefined. */
export async function findGroupCourse(db: Executor, groupId: string) {
  const result = await db.execute(
    sql`select g.id, g.course_id, c.creator_id from study_groups g join courses c on c.id = g.course_id where g.id = ${groupId}`,
  );
  return rowsOf<{ id: string; course_id: string; creator_id: string }>(result)[0];
}

/** True when `userId` is a creator (or admin) per profiles.role. */
export async function isCreatorRole(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select role from profiles where user_id = ${userId}`);
  const role = rowsOf<{ role: string }>(result)[0]?.role;
  return role === "creator" || role === "admin";
}

/** The courses the user can post in (own or enrolled) and the schools (own, or of an enrolled course). */
export async function listSpaces(db: Executor, userId: string) {
  const courses = rowsOf<{ id: string; title: string; creator_id: string }>(
    await db.execute(sql`
      select c.id, c.title, c.creator_id from courses c
      where c.creator_id = ${userId} or ${enrolledIn(userId, sql`c.id`)}
      order by c.title asc limit 500`),
  );
  const schools = rowsOf<{ creator_id: string; name: string }>(
    await db.execute(sql`
      select x.creator_id, coalesce(s.name, p.full_name, 'School') as name
      from (select ${userId}::text as creator_id where exists (select 1 from profiles where user_id = ${userId} and role in ('creator', 'admin'))
            union select distinct c.creator_id from courses c where ${enrolledIn(userId, sql`c.id`)}) x
      left join schools s on s.creator_id = x.creator_id
      left join profiles p on p.user_id = x.creator_id
      order by 2 asc`),
  );
  return { courses, schools };
}

export async function schoolName(db: Executor, creatorId: string): Promise<string | null> {
  const result = await db.execute(
    sql`select coalesce(s.name, p.full_name) as name from profiles p left join schools s on s.creator_id = p.user_id where p.user_id = ${creatorId}`,
  );
  return rowsOf<{ name: string | null }>(result)[0]?.name ?? null;
}

/**
 * Takes the user's posting lock (transaction advisory lock) and counts their discussions and
 * replies of the last `windowSeconds`: concurrent posts of one user are counted one after another.
 */
export async function lockAndCountRecentPosts(
  tx: Executor,
  userId: string,
  windowSeconds: number,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('community-post:' || ${userId}))`);
  const result = await tx.execute(sql`
    select (select count(*) from discussions where author_id = ${userId} and created_at > now() - make_interval(secs => ${windowSeconds}))
         + (select count(*) from discussion_replies where author_id = ${userId} and created_at > now() - make_interval(secs => ${windowSeconds})) as n`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

export interface DiscussionRow {
  id: string;
  creator_id: string;
  course_id: string | null;
  group_id: string | null;
  course_title: string | null;
  school_name: string | null;
  author_id: string;
  author_name: string | null;
  title: string;
  body: string;
  body_html: string;
  tags: string[];
  is_pinned: boolean;
  is_locked: boolean;
  answer_reply_id: string | null;
  upvote_count: number;
  reply_count: number;
  view_count: number;
  /** Hidden by a moderator (issue 24 §4): shown to its author and the school's creator only. */
  hidden: boolean;
  upvoted: boolean;
  last_activity_at: string;
  created_at: string;
  updated_at: string;
  editable: boolean;
}

const discussionColumns = (userId: string, editMinutes: number) => sql`
  d.id, d.creator_id, d.course_id, d.group_id, c.title as course_title, coalesce(s.name, cp.full_name) as school_name,
  d.author_id, ap.full_name as author_name, d.title, d.tags, d.is_pinned, d.is_locked, d.answer_reply_id,
  d.upvote_count, d.reply_count, d.view_count, (d.hidden_at is not null) as hidden,
  exists (select 1 from discussion_upvotes u where u.discussion_id = d.id and u.user_id = ${userId}) as upvoted,
  ${iso(sql`d.last_activity_at`)} as last_activity_at, ${iso(sql`d.created_at`)} as created_at,
  ${iso(sql`d.updated_at`)} as updated_at,
  (d.created_at > now() - make_interval(mins => ${editMinutes})) as editable`;

const discussionJoins = sql`
  from discussions d
  left join courses c on c.id = d.course_id
  left join schools s on s.creator_id = d.creator_id
  left join profiles cp on cp.user_id = d.creator_id
  left join profiles ap on ap.user_id = d.author_id`;

export interface ListFilter {
  userId: string;
  search?: string;
  courseId?: string;
  creatorId?: string;
  groupId?: string;
  tag?: string;
  unanswered: boolean;
  mine: boolean;
  pinned?: boolean;
  solved?: boolean;
  sort: "newest" | "upvoted" | "active";
  limit: number;
  offset: number;
  editMinutes: number;
  /** Count matches up to this many; more is reported as totalCapped (decision 0193). */
  countCap: number;
}

/** A page of the discussions visible to the user, with the total matching the filters. */
export async function listDiscussionRows(db: Executor, f: ListFilter & { courseChecked?: boolean }) {
  // courseChecked: the service has checked the caller's access to f.courseId, so the per-row
  // visibility test is not needed (course discussions outside groups are visible to all members).
  const conditions: SQL[] = f.courseChecked && f.courseId && !f.groupId ? [] : [visibleTo(f.userId)];
  conditions.push(f.groupId ? sql`d.group_id = ${f.groupId}` : sql`d.group_id is null`);
  // A hidden discussion (issue 24 §4) stays in its author's list only.
  conditions.push(sql`(d.hidden_at is null or d.author_id = ${f.userId})`);
  if (f.courseId) conditions.push(sql`d.course_id = ${f.courseId}`);
  if (f.creatorId) conditions.push(sql`d.creator_id = ${f.creatorId} and d.course_id is null`);
  if (f.tag) conditions.push(sql`d.tags @> array[${f.tag}]::text[]`);
  if (f.unanswered) conditions.push(sql`d.answer_reply_id is null and d.reply_count = 0`);
  if (f.mine) conditions.push(sql`d.author_id = ${f.userId}`);
  if (f.pinned) conditions.push(sql`d.is_pinned`);
  if (f.solved) conditions.push(sql`d.answer_reply_id is not null`);
  if (f.search) conditions.push(sql`d.search_fold like ${f.search} escape '\\'`);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  // "nulls last" (the columns are not null, so the order is the same) matches the per-course
  // indexes' key order, so each sort's first page is an index scan (decision 0193).
  const order =
    f.sort === "newest"
      ? sql`d.is_pinned desc nulls last, d.created_at desc nulls last, d.id desc nulls last`
      : f.sort === "upvoted"
        ? sql`d.is_pinned desc nulls last, d.upvote_count desc nulls last, d.last_activity_at desc nulls last, d.id desc nulls last`
        : sql`d.is_pinned desc nulls last, d.last_activity_at desc nulls last, d.id desc nulls last`;
  const rows = rowsOf<Omit<DiscussionRow, "body" | "body_html">>(
    await db.execute(sql`
      select ${discussionColumns(f.userId, f.editMinutes)} ${discussionJoins}
      where ${where} order by ${order} limit ${f.limit} offset ${f.offset}`),
  );
  // Capped count (decision 0193): counting stops after `countCap` + 1 matches, so a course with
  // 100,000 posts costs at most that many index entries; below the cap the total is exact.
  const total = rowsOf<{ n: string | number }>(
    await db.execute(
      sql`select count(*) as n from (select 1 from discussions d where ${where} limit ${f.countCap + 1}) x`,
    ),
  )[0];
  const n = Number(total?.n ?? 0);
  return { rows, total: Math.min(n, f.countCap), totalCapped: n > f.countCap };
}

/**
 * Counts a view of the discussion by `userId` unless they are its author or have viewed it before
 * (issue 27 §4, decision 0233): inserts the discussion_views row and, only when it was new,
 * increments view_count — one statement, so concurrent opens by one person count once.
 * @returns true when this call counted a view.
 */
export async function recordDiscussionView(
  db: Executor,
  discussionId: string,
  userId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    with seen as (
      insert into discussion_views (discussion_id, user_id)
      select d.id, ${userId} from discussions d where d.id = ${discussionId} and d.author_id <> ${userId}
      on conflict (discussion_id, user_id) do nothing
      returning discussion_id)
    update discussions set view_count = view_count + 1
     where id in (select discussion_id from seen)
    returning id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

/** One discussion (any visibility; the service checks access), or undefined. */
export async function findDiscussion(
  db: Executor,
  id: string,
  userId: string,
  editMinutes: number,
): Promise<DiscussionRow | undefined> {
  const result = await db.execute(sql`
    select ${discussionColumns(userId, editMinutes)}, d.body, d.body_html ${discussionJoins} where d.id = ${id}`);
  return rowsOf<DiscussionRow>(result)[0];
}

export interface ReplyRow {
  id: string;
  discussion_id: string;
  author_id: string;
  /** Hidden by a moderator (issue 24 §4). */
  hidden: boolean;
  author_name: string | null;
  body: string;
  body_html: string;
  created_at: string;
  updated_at: string;
  editable: boolean;
}

/**
 * The discussion's replies, oldest first (at most `limit`). A hidden reply (issue 24 §4) is listed
 * for its author and, when `seesHidden` (the school's creator), for the moderator only.
 */
export async function listReplyRows(
  db: Executor,
  discussionId: string,
  editMinutes: number,
  limit: number,
  viewer: { userId: string; seesHidden: boolean },
) {
  const visible = viewer.seesHidden
    ? sql`true`
    : sql`(r.hidden_at is null or r.author_id = ${viewer.userId})`;
  return rowsOf<ReplyRow>(
    await db.execute(sql`
      select r.id, r.discussion_id, r.author_id, (r.hidden_at is not null) as hidden, p.full_name as author_name, r.body, r.body_html,
        ${iso(sql`r.created_at`)} as created_at, ${iso(sql`r.updated_at`)} as updated_at,
        (r.created_at > now() - make_interval(mins => ${editMinutes})) as editable
      from discussion_replies r left join profiles p on p.user_id = r.author_id
      where r.discussion_id = ${discussionId} and ${visible} order by r.created_at asc, r.id asc limit ${limit}`),
  );
}

/** The reply with its discussion's creator, course and author, or undefined. */
export async function findReply(db: Executor, replyId: string, editMinutes: number) {
  const result = await db.execute(sql`
    select r.id, r.discussion_id, r.author_id, r.body, (r.hidden_at is not null) as hidden,
      (r.created_at > now() - make_interval(mins => ${editMinutes})) as editable,
      d.creator_id, d.course_id, d.author_id as discussion_author_id, d.title as discussion_title
    from discussion_replies r join discussions d on d.id = r.discussion_id where r.id = ${replyId}`);
  return rowsOf<{
    id: string;
    discussion_id: string;
    author_id: string;
    body: string;
    hidden: boolean;
    editable: boolean;
    creator_id: string;
    course_id: string | null;
    discussion_author_id: string;
    discussion_title: string;
  }>(result)[0];
}

export async function insertDiscussion(
  tx: Executor,
  v: {
    creatorId: string;
    courseId: string | null;
    groupId?: string | null;
    authorId: string;
    title: string;
    body: string;
    bodyHtml: string;
    tags: string[];
  },
): Promise<string> {
  const tagsArray = v.tags.length
    ? sql`array[${sql.join(
        v.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  const result = await tx.execute(sql`
    insert into discussions (creator_id, course_id, group_id, author_id, title, body, body_html, tags, tags_text)
    values (${v.creatorId}, ${v.courseId}, ${v.groupId ?? null}, ${v.authorId}, ${v.title}, ${v.body}, ${v.bodyHtml}, ${tagsArray}, ${v.tags.join(" ")})
    returning id`);
  return rowsOf<{ id: string }>(result)[0].id;
}

export async function updateDiscussionContent(
  tx: Executor,
  id: string,
  v: { title: string; body: string; bodyHtml: string; tags: string[] },
) {
  const tagsArray = v.tags.length
    ? sql`array[${sql.join(
        v.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  await tx.execute(sql`
    update discussions set title = ${v.title}, body = ${v.body}, body_html = ${v.bodyHtml}, tags = ${tagsArray},
      tags_text = ${v.tags.join(" ")}, updated_at = now() where id = ${id}`);
}

export async function setModeration(tx: Executor, id: string, v: { pinned?: boolean; locked?: boolean }) {
  const sets: SQL[] = [];
  if (v.pinned !== undefined) sets.push(sql`is_pinned = ${v.pinned}`);
  if (v.locked !== undefined) sets.push(sql`is_locked = ${v.locked}`);
  await tx.execute(sql`update discussions set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function setAnswer(tx: Executor, id: string, replyId: string | null) {
  await tx.execute(sql`update discussions set answer_reply_id = ${replyId} where id = ${id}`);
}

export async function deleteDiscussionRow(tx: Executor, id: string) {
  await tx.execute(sql`delete from discussions where id = ${id}`);
}

/**
 * Inserts a reply, counts it on the discussion (reply_count + 1, last_activity_at) and NOTIFYs
 * the community channel, in the caller's transaction. @returns the reply id.
 */
export async function insertReply(
  tx: Executor,
  v: { discussionId: string; authorId: string; body: string; bodyHtml: string },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into discussion_replies (discussion_id, author_id, body, body_html)
    values (${v.discussionId}, ${v.authorId}, ${v.body}, ${v.bodyHtml}) returning id`);
  const id = rowsOf<{ id: string }>(result)[0].id;
  await tx.execute(
    sql`update discussions set reply_count = reply_count + 1, last_activity_at = now() where id = ${v.discussionId}`,
  );
  await notifyCommunity(tx, { t: "reply", d: v.discussionId, r: id });
  return id;
}

export async function updateReplyContent(tx: Executor, id: string, v: { body: string; bodyHtml: string }) {
  await tx.execute(
    sql`update discussion_replies set body = ${v.body}, body_html = ${v.bodyHtml}, updated_at = now() where id = ${id}`,
  );
}

/**
 * Hides a discussion or a reply for a moderator's "Hide" (issue 24 §4): only its author still
 * sees it. A hidden reply is uncounted from reply_count and cleared as the accepted answer; the
 * community channel is told. Idempotent (a second hide changes nothing).
 */
export async function hidePostRow(tx: Executor, type: "discussion" | "discussion_reply", id: string) {
  if (type === "discussion") {
    const hidden = await tx.execute(
      sql`update discussions set hidden_at = now() where id = ${id} and hidden_at is null returning id`,
    );
    if (rowsOf(hidden).length > 0) await notifyCommunity(tx, { t: "discussion", d: id });
    return;
  }
  const rows = rowsOf<{ discussion_id: string }>(
    await tx.execute(sql`
      update discussion_replies set hidden_at = now() where id = ${id} and hidden_at is null
      returning discussion_id`),
  );
  if (!rows[0]) return;
  await tx.execute(sql`
    update discussions set reply_count = greatest(reply_count - 1, 0),
      answer_reply_id = case when answer_reply_id = ${id} then null else answer_reply_id end
    where id = ${rows[0].discussion_id}`);
  await notifyCommunity(tx, { t: "discussion", d: rows[0].discussion_id });
}

/** Deletes a reply, uncounts it (unless it was hidden, so already uncounted) and clears it as the answer. */
export async function deleteReplyRow(tx: Executor, id: string, discussionId: string) {
  const result = await tx.execute(
    sql`delete from discussion_replies where id = ${id} returning (hidden_at is not null) as hidden`,
  );
  const deleted = rowsOf<{ hidden: boolean }>(result)[0];
  if (!deleted) return;
  await tx.execute(sql`
    update discussions set reply_count = greatest(reply_count - ${deleted.hidden ? 0 : 1}, 0),
      answer_reply_id = case when answer_reply_id = ${id} then null else answer_reply_id end
    where id = ${discussionId}`);
  await notifyCommunity(tx, { t: "discussion", d: discussionId });
}

/**
 * Sets the user's upvote on a discussion: insert-if-absent (+1 only when inserted) or
 * delete-if-present (−1 only when deleted), one atomic update each. @returns the new count.
 */
export async function setUpvote(tx: Executor, discussionId: string, userId: string, upvoted: boolean) {
  const changed = upvoted
    ? rowsOf(
        await tx.execute(sql`
          insert into discussion_upvotes (discussion_id, user_id) values (${discussionId}, ${userId})
          on conflict do nothing returning user_id`),
      ).length
    : -rowsOf(
        await tx.execute(sql`
          delete from discussion_upvotes where discussion_id = ${discussionId} and user_id = ${userId} returning user_id`),
      ).length;
  const result = await tx.execute(sql`
    update discussions set upvote_count = upvote_count + ${changed} where id = ${discussionId} returning upvote_count`);
  return Number(rowsOf<{ upvote_count: number }>(result)[0]?.upvote_count ?? 0);
}

export async function notifyCommunity(tx: Executor, payload: CommunityNotification) {
  await tx.execute(sql`select pg_notify(${COMMUNITY_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * The people of a thread who can be @mentioned in it (issue 27 §2): its author, everyone who
 * replied, and the school's creator, with their names (only those who have one).
 */
export async function threadPeople(
  db: Executor,
  discussionId: string,
): Promise<Array<{ id: string; name: string }>> {
  const result = await db.execute(sql`
    select p.user_id as id, p.full_name as name from profiles p
     where p.full_name is not null and length(trim(p.full_name)) > 0
       and p.user_id in (
         select author_id from discussions where id = ${discussionId}
         union select creator_id from discussions where id = ${discussionId}
         union select author_id from discussion_replies where discussion_id = ${discussionId})`);
  return rowsOf<{ id: string; name: string }>(result);
}
