import {
  type AchievementList,
  achievementProgress,
  achievementSummary,
  COMMUNITY_MESSAGES,
  type CommunityPreferences,
  type CommunitySpaces,
  type CreateDiscussionInput,
  DISCUSSION_COUNT_CAP,
  type DiscussionDetail,
  type DiscussionList,
  type DiscussionSummary,
  type discussionListQuerySchema,
  EDIT_WINDOW_MINUTES,
  FAST_LEARNER_DAYS,
  likePattern,
  type ModerationInput,
  POST_RATE_LIMIT_MAX,
  POST_RATE_LIMIT_WINDOW_SECONDS,
  REPLY_DIGEST_EVERY_MINUTES,
  type Reply,
  type ReplyInput,
  type Report,
  type ReportInput,
  streakDays,
  type UpdateDiscussionInput,
  type UpvoteResult,
} from "@academy/shared";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { replyDigestEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import type { Logger } from "../../lib/logger.ts";
import { applyLearningRollups } from "../learning/learning-rollups.service.ts";
import { profileTimeZone, settleCompletions } from "./challenges.queries.ts";
import {
  achievementFacts,
  canUseCourse,
  canUseSchool,
  claimDueDigests,
  closeReports,
  type DiscussionRow,
  deleteDiscussionRow,
  deleteReplyRow,
  findCourse,
  findDiscussion,
  findGroupCourse,
  findReply,
  findReport,
  getPreferences as getPreferenceRow,
  hasReported,
  insertAwards,
  insertDiscussion,
  insertReply,
  insertReport,
  isCreatorRole,
  isGroupMember,
  listAwards,
  listDiscussionRows,
  listPendingReports,
  listReplyRows,
  listSpaces,
  lockAndCountRecentPosts,
  notifyCommunity,
  type ReplyRow,
  type ReportRow,
  setAnswer,
  setModeration,
  setUpvote,
  updateDiscussionContent,
  updateReplyContent,
  upsertPreferences,
} from "./community.queries.ts";
import { renderPostMarkdown } from "./markdown.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Replies one thread page returns (oldest first). */
export const REPLIES_MAX = 500;
/**
 * The time zone achievements count days in when a user has no profile (DESIGN.md §7 default);
 * otherwise their profiles.time_zone (decision 0191).
 */
export const ACHIEVEMENT_TIME_ZONE = "Asia/Ho_Chi_Minh";

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
    replyCount: Number(row.reply_count),
    upvoteCount: Number(row.upvote_count),
    upvoted: Boolean(row.upvoted),
    lastActivityAt: row.last_activity_at,
    createdAt: row.created_at,
  };
}

/**
 * The discussion if `actor` may see it: its school's creator, or (course discussion) a student
 * enrolled in the course, or (school discussion) a student of one of the school's courses.
 * Checked on every call, so a removed member loses access at once (issue 13 §7).
 * @throws AppError NOT_FOUND (unknown or malformed id), FORBIDDEN (no access).
 */
async function visibleDiscussion(db: Executor, actor: SessionUser, id: string): Promise<DiscussionRow> {
  const row = UUID.test(id) ? await findDiscussion(db, id, actor.id, EDIT_WINDOW_MINUTES) : undefined;
  if (!row) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.notFound);
  const ok =
    row.creator_id === actor.id ||
    (row.group_id && row.course_id
      ? (await canUseCourse(db, actor.id, row.course_id)) && (await isGroupMember(db, row.group_id, actor.id))
      : row.course_id
        ? await canUseCourse(db, actor.id, row.course_id)
        : await canUseSchool(db, actor.id, row.creator_id));
  if (!ok) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.noAccess);
  return row;
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
 * case and accents, filters (course, school, tag, unanswered = no answer and no reply, mine),
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
    canEdit: own && Boolean(row.editable),
    canDelete: own || moderator,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * One discussion with its replies (oldest first, at most 500) and what the caller may do.
 * @throws AppError NOT_FOUND, FORBIDDEN (no access).
 */
export async function getDiscussion(db: Db, actor: SessionUser, id: string): Promise<DiscussionDetail> {
  const row = await visibleDiscussion(db, actor, id);
  const moderator = row.creator_id === actor.id;
  const own = row.author_id === actor.id;
  const replies = await listReplyRows(db, row.id, EDIT_WINDOW_MINUTES, REPLIES_MAX);
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

/**
 * Replies to a discussion (one level). A locked discussion takes replies from its creator only.
 * Writes the reply, counts it, and NOTIFYs the community channel (live replies) in one transaction;
 * the thread author's e-mail digest picks it up later (sendReplyDigests).
 * @throws AppError NOT_FOUND, FORBIDDEN (no access; locked), RATE_LIMITED.
 */
export async function createReply(db: Db, actor: SessionUser, id: string, input: ReplyInput): Promise<Reply> {
  const row = await visibleDiscussion(db, actor, id);
  const moderator = row.creator_id === actor.id;
  if (row.is_locked && !moderator) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.locked);
  const replyId = await db.transaction(async (tx) => {
    await checkRate(tx, actor.id);
    return insertReply(tx, {
      discussionId: row.id,
      authorId: actor.id,
      body: input.body,
      bodyHtml: renderPostMarkdown(input.body),
    });
  });
  const replies = await listReplyRows(db, row.id, EDIT_WINDOW_MINUTES, REPLIES_MAX);
  const created = replies.find((r) => r.id === replyId);
  if (!created) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.replyNotFound);
  return toReply(created, actor, moderator, row.answer_reply_id);
}

/** The reply and its discussion's access for the caller. @throws NOT_FOUND, FORBIDDEN. */
async function visibleReply(db: Db, actor: SessionUser, replyId: string) {
  const reply = UUID.test(replyId) ? await findReply(db, replyId, EDIT_WINDOW_MINUTES) : undefined;
  if (!reply) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.replyNotFound);
  const discussion = await visibleDiscussion(db, actor, reply.discussion_id);
  return { reply, discussion };
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
  const rows = await listReplyRows(db, discussion.id, EDIT_WINDOW_MINUTES, REPLIES_MAX);
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

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    discussionId: row.discussion_id,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author_id ? { id: row.author_id, name: row.author_name } : null,
    reporter: row.reporter_id ? { id: row.reporter_id, name: row.reporter_name } : null,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * Reports a discussion or reply (issue 13 §2): anyone who can see it; writes a pending
 * content_reports row whose owner_id is the school's creator (their moderation queue; issue 14's
 * Admin Panel reads the same table). One report per user and post.
 * @throws AppError NOT_FOUND, FORBIDDEN, CONFLICT (already reported).
 */
export async function reportPost(db: Db, actor: SessionUser, input: ReportInput): Promise<Report> {
  const ownerId =
    input.targetType === "discussion"
      ? (await visibleDiscussion(db, actor, input.targetId)).creator_id
      : (await visibleReply(db, actor, input.targetId)).discussion.creator_id;
  if (await hasReported(db, actor.id, input.targetType, input.targetId))
    throw new AppError("CONFLICT", COMMUNITY_MESSAGES.alreadyReported);
  const id = await insertReport(db, {
    targetType: input.targetType,
    targetId: input.targetId,
    ownerId,
    reporterId: actor.id,
    reason: input.reason,
  });
  const row = await findReport(db, id);
  if (!row) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.reportNotFound);
  return toReport(row);
}

/** The caller's moderation queue: pending reports of discussions and replies in their school. */
export async function listReports(db: Db, actor: SessionUser): Promise<{ reports: Report[] }> {
  return { reports: (await listPendingReports(db, actor.id)).map(toReport) };
}

/**
 * Decides a report (the owner only): keep → every pending report of that post approved;
 * remove → the post deleted and its reports rejected.
 * @throws AppError NOT_FOUND (unknown report), FORBIDDEN (not the owner).
 */
export async function resolveReport(
  db: Db,
  actor: SessionUser,
  id: string,
  action: "keep" | "remove",
): Promise<{ status: "approved" | "rejected" }> {
  const report = UUID.test(id) ? await findReport(db, id) : undefined;
  if (!report || (report.target_type !== "discussion" && report.target_type !== "discussion_reply"))
    throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.reportNotFound);
  if (report.owner_id !== actor.id) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notModerator);
  const status = action === "keep" ? "approved" : "rejected";
  await db.transaction(async (tx) => {
    if (action === "remove") {
      if (report.target_type === "discussion") {
        await deleteDiscussionRow(tx, report.target_id);
        await notifyCommunity(tx, { t: "discussion", d: report.target_id });
      } else if (report.discussion_id) await deleteReplyRow(tx, report.target_id, report.discussion_id);
    }
    await closeReports(tx, {
      targetType: report.target_type,
      targetId: report.target_id,
      status,
      reviewerId: actor.id,
    });
  });
  return { status };
}

/** The caller's community preferences (reply e-mails on by default). */
export async function getPreferences(db: Db, actor: SessionUser): Promise<CommunityPreferences> {
  const row = await getPreferenceRow(db, actor.id);
  return { replyEmails: row?.reply_emails ?? true };
}

/** Saves the caller's community preferences. */
export async function updatePreferences(
  db: Db,
  actor: SessionUser,
  input: CommunityPreferences,
): Promise<CommunityPreferences> {
  await upsertPreferences(db, actor.id, input.replyEmails);
  return input;
}

/**
 * The reply digest (issue 13 §2): every thread author with new replies by others, reply e-mails
 * on, and no digest in the last 60 minutes gets one e-mail (outbox, same transaction as the claim)
 * with the number of new replies and a link to the newest thread. Safe on several instances.
 * @returns how many e-mails were written.
 */
export async function sendReplyDigests(deps: { db: Db; mailer: Mailer; appUrl: string }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await claimDueDigests(tx, REPLY_DIGEST_EVERY_MINUTES, 200);
    for (const row of due) {
      await deps.mailer.send(tx, {
        to: row.email,
        ...replyDigestEmail({
          locale: row.locale ?? "vi",
          recipientName: row.name,
          replyCount: Number(row.reply_count),
          threadCount: Number(row.threads),
          discussionTitle: row.discussion_title,
          url: `${deps.appUrl}/dashboard/community?tab=discussions&discussion=${row.discussion_id}`,
          settingsUrl: `${deps.appUrl}/dashboard/community?tab=discussions`,
        }),
      });
    }
    return due.length;
  });
}

/** `sendReplyDigests` every `intervalMs`, one run at a time (createIntervalWorker; started by index.ts, stopped on shutdown). */
export function createReplyDigestWorker(deps: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  intervalMs: number;
}) {
  return createIntervalWorker(
    async () => {
      const sent = await sendReplyDigests(deps);
      if (sent > 0) deps.logger.info({ sent }, "reply digest e-mails queued");
    },
    deps.intervalMs,
    (error) => deps.logger.error({ err: error }, "reply digests failed"),
  );
}

/**
 * Computes the user's achievement facts from real data (enrolments, lesson_progress,
 * certificates, answers marked in discussions, completed challenges) with local days and hours in
 * the user's profiles.time_zone (decision 0191), awards every achievement the shared rules say is
 * met and not held yet (insert-if-absent: idempotent, the first date stays), and returns the list
 * (issue 13 §4). The student dashboard's count calls this too.
 */
export async function awardAchievements(db: Executor, userId: string): Promise<AchievementList> {
  // Challenges reached since the last look count now (issue 13 §6 badge, decision 0192).
  await settleCompletions(db, userId);
  const timeZone = (await profileTimeZone(db, userId)) ?? ACHIEVEMENT_TIME_ZONE;
  const { row, days } = await achievementFacts(db, userId, timeZone, FAST_LEARNER_DAYS);
  const facts = {
    enrolments: Number(row.enrolments),
    studySeconds: Number(row.study_seconds),
    completedCourses: Number(row.completed_courses),
    earlyLessons: Number(row.early_lessons),
    certificates: Number(row.certificates),
    fastCompletions: Number(row.fast_completions),
    acceptedAnswers: Number(row.accepted_answers),
    streakDays: streakDays(days, String(row.today)),
    completedChallenges: Number(row.completed_challenges),
  };
  const progress = achievementProgress(facts);
  const newlyEarned = await insertAwards(
    db,
    userId,
    progress.filter((p) => p.met).map((p) => p.id),
  );
  const awards = new Map((await listAwards(db, userId)).map((a) => [a.achievement, a.awarded_at]));
  const achievements = progress.map((p) => {
    const earnedAt = awards.get(p.id) ?? null;
    return {
      id: p.id,
      earned: earnedAt !== null,
      earnedAt,
      progress: earnedAt !== null ? 100 : p.progress,
      current: p.current,
      target: p.target,
    };
  });
  return {
    achievements,
    ...achievementSummary(achievements),
    streakDays: facts.streakDays,
    newlyEarned,
  };
}

/** The caller's achievements (see awardAchievements); learning events are folded into the rollups first (decision 0214). */
export async function getAchievements(db: Db, actor: SessionUser): Promise<AchievementList> {
  await applyLearningRollups(db);
  return awardAchievements(db, actor.id);
}
