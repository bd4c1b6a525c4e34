import {
  COMMUNITY_MESSAGES,
  type CommunitySpaces,
  type CreateDiscussionInput,
  DISCUSSION_COUNT_CAP,
  type DiscussionDetail,
  type DiscussionList,
  type DiscussionSummary,
  type discussionListQuerySchema,
  EDIT_WINDOW_MINUTES,
  likePattern,
  type ModerationInput,
  POST_RATE_LIMIT_MAX,
  POST_RATE_LIMIT_WINDOW_SECONDS,
  type Reply,
  type ReplyInput,
  type UpdateDiscussionInput,
  type UpvoteResult,
} from "@academy/shared";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { type NotifyDeps, notify } from "../notifications/notifications.service.ts";
import { UUID, visibleDiscussion, visibleReply } from "./community.access.ts";
import {
  canUseCourse,
  canUseSchool,
  type DiscussionRow,
  deleteDiscussionRow,
  deleteReplyRow,
  findCourse,
  findGroupCourse,
  findReply,
  hidePostRow,
  insertDiscussion,
  insertReply,
  isCreatorRole,
  isGroupMember,
  listDiscussionRows,
  listReplyRows,
  listSpaces,
  lockAndCountRecentPosts,
  notifyCommunity,
  type ReplyRow,
  recordDiscussionView,
  setAnswer,
  setModeration,
  setUpvote,
  threadPeople,
  updateDiscussionContent,
  updateReplyContent,
} from "./community.queries.ts";
import { renderPostMarkdown } from "./markdown.ts";
import { closeReports } from "./reports.queries.ts";

/** Replies one thread page returns (oldest first). */
export const REPLIES_MAX = 500;

function toSummary(row: Omit<DiscussionRow, "body" | "body_html">): DiscussionSummary {
  return {
    id: row.id,
    title: row.title,
    tags: row.tags ?? [],
    author: { id: row.author_id, name: row.author_name },
    courseId: row.course_id,
    courseTitle: row.course_title,
    creatorId: row.creator_id,
    schoolName: row.school_name,
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    solved: row.answer_reply_id !== null,
    hidden: Boolean(row.hidden),
    replyCount: Number(row.reply_count),
    upvoteCount: Number(row.upvote_count),
    upvoted: Boolean(row.upvoted),
    viewCount: Number(row.view_count ?? 0),
    lastActivityAt: row.last_activity_at,
    createdAt: row.created_at,
  };
}

/**
 * The spaces the caller can post in (000 §2 "Start a Discussion" course select; filters):
 * courses they created or are enrolled in, and the schools of those courses (their own school
 * for a creator).
 */
export async function getSpaces(db: Db, actor: SessionUser): Promise<CommunitySpaces> {
  const { courses, schools } = await listSpaces(db, actor.id);
  return {
    courses: courses.map((c) => ({ id: c.id, title: c.title, creatorId: c.creator_id })),
    schools: schools.map((s) => ({ creatorId: s.creator_id, name: s.name })),
    isCreator: await isCreatorRole(db, actor.id),
  };
}

/**
 * The discussions visible to the caller (000 §2 Discussions): search over title and tags ignoring
 * case and accents, filters (course, school, tag, unanswered = no answer and no reply, mine,
 * pinned, solved = an answer is marked; issue 27 §4),
 * sorts (newest, upvoted, active = last activity), pinned first, pages of `pageSize` (default 20).
 * `total` is exact up to DISCUSSION_COUNT_CAP; beyond it, total = the cap and totalCapped = true
 * (decision 0193). The page's items are always exact.
 */
export async function listDiscussions(
  db: Db,
  actor: SessionUser,
  query: z.output<typeof discussionListQuerySchema>,
): Promise<DiscussionList> {
  const search = query.search?.trim() ? likePattern(query.search) : undefined;
  const courseChecked = Boolean(
    query.courseId &&
      !query.groupId &&
      UUID.test(query.courseId) &&
      (await canUseCourse(db, actor.id, query.courseId)),
  );
  const { rows, total, totalCapped } = await listDiscussionRows(db, {
    courseChecked,
    userId: actor.id,
    search,
    courseId: query.courseId,
    creatorId: query.creatorId,
    groupId: query.groupId,
    tag: query.tag || undefined,
    unanswered: query.unanswered,
    mine: query.mine,
    pinned: query.pinned,
    solved: query.solved,
    sort: query.sort,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    editMinutes: EDIT_WINDOW_MINUTES,
    countCap: DISCUSSION_COUNT_CAP,
  });
  return { items: rows.map(toSummary), total, totalCapped, page: query.page, pageSize: query.pageSize };
}

/** Takes the caller's posting lock and refuses a post over POST_RATE_LIMIT_MAX per minute. */
async function checkRate(tx: Executor, userId: string) {
  const recent = await lockAndCountRecentPosts(tx, userId, POST_RATE_LIMIT_WINDOW_SECONDS);
  if (recent >= POST_RATE_LIMIT_MAX) throw new AppError("RATE_LIMITED", COMMUNITY_MESSAGES.rateLimited);
}

/**
 * Start a Discussion (000 §2, §8): in a course the caller created or is enrolled in, or in a
 * school they belong to. The body is markdown, rendered and sanitised here; tags are normalised
 * by the shared schema. Rate limited (10 posts a minute per user, counted in the database).
 * @returns the new discussion as the caller sees it.
 * @throws AppError NOT_FOUND (unknown course), FORBIDDEN (not a member), RATE_LIMITED.
 */
export async function createDiscussion(
  db: Db,
  actor: SessionUser,
  input: CreateDiscussionInput,
): Promise<DiscussionDetail> {
  let creatorId: string;
  let courseId: string | null = null;
  let groupId: string | null = null;
  if (input.groupId) {
    const group = await findGroupCourse(db, input.groupId);
    if (!group) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.notFound);
    const member =
      group.creator_id === actor.id ||
      ((await canUseCourse(db, actor.id, group.course_id)) && (await isGroupMember(db, group.id, actor.id)));
    if (!member) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.noAccess);
    creatorId = group.creator_id;
    courseId = group.course_id;
    groupId = group.id;
  } else if (input.courseId) {
    const course = await findCourse(db, input.courseId);
    if (!course) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.courseNotFound);
    if (!(await canUseCourse(db, actor.id, course.id)))
      throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.noAccess);
    creatorId = course.creator_id;
    courseId = course.id;
  } else {
    creatorId = input.creatorId as string;
    if (!(await canUseSchool(db, actor.id, creatorId)))
      throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.noAccess);
    if (creatorId === actor.id && !(await isCreatorRole(db, actor.id)))
      throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.noAccess);
  }
  const id = await db.transaction(async (tx) => {
    await checkRate(tx, actor.id);
    const newId = await insertDiscussion(tx, {
      creatorId,
      courseId,
      groupId,
      authorId: actor.id,
      title: input.title,
      body: input.body,
      bodyHtml: renderPostMarkdown(input.body),
      tags: input.tags,
    });
    await notifyCommunity(tx, { t: "discussion", d: newId });
    return newId;
  });
  return getDiscussion(db, actor, id);
}

function toReply(row: ReplyRow, actor: SessionUser, moderator: boolean, answerId: string | null): Reply {
  const own = row.author_id === actor.id;
  return {
    id: row.id,
    discussionId: row.discussion_id,
    author: { id: row.author_id, name: row.author_name },
    body: row.body,
    bodyHtml: row.body_html,
    isAnswer: answerId === row.id,
    hidden: Boolean(row.hidden),
    canEdit: own && Boolean(row.editable),
    canDelete: own || moderator,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Opening a thread (GET /community/discussions/{id}; issue 27 §4, decision 0233): checks access
 * like getDiscussion, counts the caller's view once per person (never the author's; reloads and
 * later visits do not count again), then returns the discussion with the new count.
 * @throws AppError NOT_FOUND, FORBIDDEN (no access).
 */
export async function viewDiscussion(db: Db, actor: SessionUser, id: string): Promise<DiscussionDetail> {
  const row = await visibleDiscussion(db, actor, id);
  if (row.author_id !== actor.id) await recordDiscussionView(db, row.id, actor.id);
  return getDiscussion(db, actor, id);
}

/**
 * One discussion with its replies (oldest first, at most 500) and what the caller may do.
 * @throws AppError NOT_FOUND, FORBIDDEN (no access).
 */
export async function getDiscussion(db: Db, actor: SessionUser, id: string): Promise<DiscussionDetail> {
  const row = await visibleDiscussion(db, actor, id);
  const moderator = row.creator_id === actor.id;
  const own = row.author_id === actor.id;
  const replies = await listReplyRows(db, row.id, EDIT_WINDOW_MINUTES, REPLIES_MAX, {
    userId: actor.id,
    seesHidden: moderator,
  });
  return {
    ...toSummary(row),
    body: row.body,
    bodyHtml: row.body_html,
    answerReplyId: row.answer_reply_id,
    replies: replies.map((r) => toReply(r, actor, moderator, row.answer_reply_id)),
    canModerate: moderator,
    canEdit: own && Boolean(row.editable),
    canDelete: own || moderator,
    canMarkAnswer: moderator || own,
    canReply: !row.is_locked || moderator,
    updatedAt: row.updated_at,
  };
}

/**
 * The author edits their discussion within 15 minutes of posting (issue 13 §2).
 * @throws AppError NOT_FOUND, FORBIDDEN (no access, not the author, or the window is over).
 */
export async function updateDiscussion(
  db: Db,
  actor: SessionUser,
  id: string,
  input: UpdateDiscussionInput,
): Promise<DiscussionDetail> {
  const row = await visibleDiscussion(db, actor, id);
  if (row.author_id !== actor.id) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notAuthor);
  if (!row.editable) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.editWindowOver);
  await db.transaction(async (tx) => {
    await updateDiscussionContent(tx, row.id, {
      title: input.title,
      body: input.body,
      bodyHtml: renderPostMarkdown(input.body),
      tags: input.tags,
    });
    await notifyCommunity(tx, { t: "discussion", d: row.id });
  });
  return getDiscussion(db, actor, id);
}

/**
 * Pin / lock (the school's creator only; issue 13 §2).
 * @throws AppError NOT_FOUND, FORBIDDEN (no access, not the creator).
 */
export async function moderateDiscussion(
  db: Db,
  actor: SessionUser,
  id: string,
  input: ModerationInput,
): Promise<DiscussionDetail> {
  const row = await visibleDiscussion(db, actor, id);
  if (row.creator_id !== actor.id) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notModerator);
  await db.transaction(async (tx) => {
    await setModeration(tx, row.id, input);
    await notifyCommunity(tx, { t: "discussion", d: row.id });
  });
  return getDiscussion(db, actor, id);
}

/**
 * Marks (or clears, replyId null) the reply that answers the discussion: the creator or the
 * discussion's author (issue 13 §2; Helper counts these).
 * @throws AppError NOT_FOUND, FORBIDDEN, BAD_REQUEST (reply of another discussion).
 */
export async function markAnswer(
  db: Db,
  actor: SessionUser,
  id: string,
  replyId: string | null,
): Promise<DiscussionDetail> {
  const row = await visibleDiscussion(db, actor, id);
  if (row.creator_id !== actor.id && row.author_id !== actor.id)
    throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notModerator);
  if (replyId) {
    const reply = await findReply(db, replyId, EDIT_WINDOW_MINUTES);
    if (!reply || reply.discussion_id !== row.id)
      throw new AppError("BAD_REQUEST", COMMUNITY_MESSAGES.replyNotInDiscussion);
  }
  await db.transaction(async (tx) => {
    await setAnswer(tx, row.id, replyId);
    await notifyCommunity(tx, { t: "discussion", d: row.id });
  });
  return getDiscussion(db, actor, id);
}

/**
 * Deletes a discussion with its replies and upvotes: the school's creator or the author.
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function deleteDiscussion(db: Db, actor: SessionUser, id: string): Promise<void> {
  const row = await visibleDiscussion(db, actor, id);
  if (row.creator_id !== actor.id && row.author_id !== actor.id)
    throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notModerator);
  await db.transaction(async (tx) => {
    await deleteDiscussionRow(tx, row.id);
    await closeReports(tx, {
      targetType: "discussion",
      targetId: row.id,
      status: "rejected",
      reviewerId: actor.id,
    });
    await notifyCommunity(tx, { t: "discussion", d: row.id });
  });
}

/**
 * Sets the caller's upvote (`upvoted` true/false; the UI toggles): one per user and discussion,
 * the count exact under concurrency (insert-if-absent / delete-if-present with an atomic ±1).
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function setDiscussionUpvote(
  db: Db,
  actor: SessionUser,
  id: string,
  upvoted: boolean,
): Promise<UpvoteResult> {
  const row = await visibleDiscussion(db, actor, id);
  const upvoteCount = await db.transaction((tx) => setUpvote(tx, row.id, actor.id, upvoted));
  return { upvoted, upvoteCount };
}

/** Plain text of a markdown body, shortened for a notification (at most 140 characters). */
function excerptOf(markdown: string): string {
  const plain = markdown
    .replace(/[`*_>#~[\]()!-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
}

/**
 * The people a reply @mentions (issue 27 §2): `@` followed by the full name of someone in the
 * thread (its author, a replier, the school's creator), case-insensitive; never the writer.
 */
export function mentionedIn(
  body: string,
  people: Array<{ id: string; name: string }>,
  writerId: string,
): string[] {
  const text = body.toLocaleLowerCase("vi");
  return people
    .filter((p) => p.id !== writerId && text.includes(`@${p.name.trim().toLocaleLowerCase("vi")}`))
    .map((p) => p.id);
}

/**
 * Replies to a discussion (one level). A locked discussion takes replies from its creator only.
 * Writes the reply, counts it, and NOTIFYs the community channel (live replies) in one transaction;
 * the thread author's e-mail digest picks it up later (sendReplyDigests). In the same transaction
 * the thread's author gets a `discussion_reply` notification and the people @mentioned a
 * `mention` (issue 27 §2).
 * @throws AppError NOT_FOUND, FORBIDDEN (no access; locked), RATE_LIMITED.
 */
export async function createReply(
  db: Db,
  actor: SessionUser,
  id: string,
  input: ReplyInput,
  notifications: NotifyDeps,
): Promise<Reply> {
  const row = await visibleDiscussion(db, actor, id);
  const moderator = row.creator_id === actor.id;
  if (row.is_locked && !moderator) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.locked);
  const replyId = await db.transaction(async (tx) => {
    await checkRate(tx, actor.id);
    const newId = await insertReply(tx, {
      discussionId: row.id,
      authorId: actor.id,
      body: input.body,
      bodyHtml: renderPostMarkdown(input.body),
    });
    const link = `/dashboard/community?tab=discussions&discussion=${row.id}`;
    const data = { actorName: actor.name, title: row.title, excerpt: excerptOf(input.body) };
    if (row.author_id !== actor.id)
      await notify(tx, { userIds: [row.author_id], type: "discussion_reply", data, link }, notifications);
    const mentioned = input.body.includes("@")
      ? mentionedIn(input.body, await threadPeople(tx, row.id), actor.id).filter((u) => u !== row.author_id)
      : [];
    if (mentioned.length > 0)
      await notify(tx, { userIds: mentioned, type: "mention", data, link }, notifications);
    return newId;
  });
  const replies = await listReplyRows(db, row.id, EDIT_WINDOW_MINUTES, REPLIES_MAX, {
    userId: actor.id,
    seesHidden: moderator,
  });
  const created = replies.find((r) => r.id === replyId);
  if (!created) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.replyNotFound);
  return toReply(created, actor, moderator, row.answer_reply_id);
}

/**
 * The author edits their reply within 15 minutes of posting.
 * @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function updateReply(
  db: Db,
  actor: SessionUser,
  replyId: string,
  input: ReplyInput,
): Promise<Reply> {
  const { reply, discussion } = await visibleReply(db, actor, replyId);
  if (reply.author_id !== actor.id) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notAuthor);
  if (!reply.editable) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.editWindowOver);
  await db.transaction(async (tx) => {
    await updateReplyContent(tx, reply.id, { body: input.body, bodyHtml: renderPostMarkdown(input.body) });
    await notifyCommunity(tx, { t: "discussion", d: discussion.id });
  });
  const rows = await listReplyRows(db, discussion.id, EDIT_WINDOW_MINUTES, REPLIES_MAX, {
    userId: actor.id,
    seesHidden: discussion.creator_id === actor.id,
  });
  const updated = rows.find((r) => r.id === reply.id);
  if (!updated) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.replyNotFound);
  return toReply(updated, actor, discussion.creator_id === actor.id, discussion.answer_reply_id);
}

/**
 * Deletes a reply: its author or the school's creator. @throws AppError NOT_FOUND, FORBIDDEN.
 */
export async function deleteReply(db: Db, actor: SessionUser, replyId: string): Promise<void> {
  const { reply, discussion } = await visibleReply(db, actor, replyId);
  if (reply.author_id !== actor.id && discussion.creator_id !== actor.id)
    throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notModerator);
  await db.transaction(async (tx) => {
    await deleteReplyRow(tx, reply.id, discussion.id);
    await closeReports(tx, {
      targetType: "discussion_reply",
      targetId: reply.id,
      status: "rejected",
      reviewerId: actor.id,
    });
  });
}

/**
 * Hides a discussion or a reply for a moderator's "Hide" (issue 24 §4: the school's creator from
 * the moderation queue, or a platform admin): only its author (and the school's creator) still
 * sees it; a hidden reply leaves the reply count. Unknown ids and other types are ignored.
 */
export async function hideCommunityPost(tx: Executor, type: string, id: string): Promise<void> {
  if (!UUID.test(id) || (type !== "discussion" && type !== "discussion_reply")) return;
  await hidePostRow(tx, type, id);
}

/**
 * Deletes a discussion or a reply for a platform admin's "Remove" (issue 24 §4), with the
 * community's upkeep (reply count, accepted answer, live update). Unknown ids are ignored.
 * @param type "discussion" | "discussion_reply".
 */
export async function removeCommunityPost(tx: Executor, type: string, id: string): Promise<void> {
  if (!UUID.test(id)) return;
  if (type === "discussion") await deleteDiscussionRow(tx, id);
  else if (type === "discussion_reply") {
    const rows = (
      (await tx.execute(
        sql`select discussion_id from discussion_replies where id = ${id}::uuid`,
      )) as unknown as {
        rows: Array<{ discussion_id: string }>;
      }
    ).rows;
    if (rows[0]) await deleteReplyRow(tx, id, rows[0].discussion_id);
  }
}
