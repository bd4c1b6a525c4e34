import { COMMUNITY_MESSAGES, EDIT_WINDOW_MINUTES } from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import {
  canUseCourse,
  canUseSchool,
  type DiscussionRow,
  findDiscussion,
  findReply,
  isGroupMember,
} from "./community.queries.ts";

// Who may see a discussion or a reply (issue 13 §7), shared by the discussion and report services.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The discussion if `actor` may see it: its school's creator, or (course discussion) a student
 * enrolled in the course, or (school discussion) a student of one of the school's courses.
 * Checked on every call, so a removed member loses access at once (issue 13 §7).
 * @throws AppError NOT_FOUND (unknown or malformed id), FORBIDDEN (no access).
 */
export async function visibleDiscussion(
  db: Executor,
  actor: SessionUser,
  id: string,
): Promise<DiscussionRow> {
  const row = UUID.test(id) ? await findDiscussion(db, id, actor.id, EDIT_WINDOW_MINUTES) : undefined;
  if (!row) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.notFound);
  // Hidden by a moderator (issue 24 §4): its author and the school's creator still see it.
  if (row.hidden && row.author_id !== actor.id && row.creator_id !== actor.id)
    throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.notFound);
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

/** The reply and its discussion's access for the caller. @throws NOT_FOUND, FORBIDDEN. */
export async function visibleReply(db: Db, actor: SessionUser, replyId: string) {
  const reply = UUID.test(replyId) ? await findReply(db, replyId, EDIT_WINDOW_MINUTES) : undefined;
  if (!reply) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.replyNotFound);
  const discussion = await visibleDiscussion(db, actor, reply.discussion_id);
  if (reply.hidden && reply.author_id !== actor.id && discussion.creator_id !== actor.id)
    throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.replyNotFound);
  return { reply, discussion };
}
