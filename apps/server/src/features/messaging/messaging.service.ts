import {
  type Conversation,
  type ConversationList,
  MESSAGE_RATE_LIMIT_WINDOW_SECONDS,
  MESSAGING_MESSAGES,
  type Message,
  type MessageList,
  type ReadMarker,
  type SendMessageInput,
  type StartConversationInput,
  type UnreadTotal,
} from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { emailBrand, unreadMessageEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { createMailWorker, type MailWorkerDeps } from "../../lib/interval-worker.ts";
import {
  bellInDatabase,
  emailRecipients,
  unsubscribeTarget,
} from "../notifications/notifications.service.ts";
import {
  type ConversationRow,
  claimDueNudges,
  countUnread,
  findConversation,
  findCourse,
  isActiveBuddyPair,
  isEnrolled,
  listConversationRows,
  listMessageRows,
  type MessageRow,
  notify,
  onlineUserIds,
  sendMessageStatement,
  upsertBuddyConversation,
  upsertConversation,
  upsertReadMarker,
} from "./messaging.queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PAGE = 50;

/** Minutes a new message stays unread before its e-mail nudge (issue 6). */
export const NUDGE_DELAY_MINUTES = 10;
/** At most one nudge per conversation and participant in this many minutes (issue 6). */
export const NUDGE_EVERY_MINUTES = 60;

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** A message row as the API shape (createdAt keeps the database's microseconds). */
export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    priority: row.priority === "high" ? "high" : "normal",
    createdAt: row.created_at,
  };
}

function toConversation(row: ConversationRow, userId: string): Conversation {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    teacherId: row.teacher_id,
    studentId: row.student_id,
    // A buddy conversation (decision 0189) is between two students: both are "student".
    myRole: row.kind !== "buddy" && row.teacher_id === userId ? "teacher" : "student",
    kind: row.kind === "buddy" ? "buddy" : "course",
    otherParty: { id: row.other_id, name: row.other_name, avatarUrl: row.other_avatar },
    lastMessageAt: row.last_message_at ? iso(row.last_message_at) : null,
    lastMessagePreview: row.preview,
    unreadCount: Number(row.unread),
    unreadHighCount: Number(row.unread_high ?? 0),
    hasHighPriority: Boolean(row.has_high),
    createdAt: iso(row.created_at),
  };
}

/**
 * The conversation if `actor` is one of its two participants (issue 6 §5).
 * @throws AppError NOT_FOUND (unknown or malformed id), FORBIDDEN (not a participant).
 */
async function participantConversation(db: Executor, actor: SessionUser, conversationId: string) {
  const found = UUID.test(conversationId) ? await findConversation(db, conversationId) : undefined;
  if (!found) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.conversationNotFound);
  if (found.teacherId !== actor.id && found.studentId !== actor.id)
    throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.notParticipant);
  // Study buddies (issue 13 §5, decision 0189) may read and write only while they are buddies:
  // a removal or a block closes the conversation for both at once.
  if (found.kind === "buddy" && !(await isActiveBuddyPair(db, found.teacherId, found.studentId)))
    throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.notBuddies);
  return found;
}

/**
 * Opens (creating once) the conversation of two study buddies (issue 13 §5, decision 0189), for
 * the study-buddies service, which checks first that they are buddies (an accepted request) and
 * picks `courseId`, a course both take. Inside the caller's transaction when given one; a new
 * conversation sends a `conversation` event to both.
 * @returns the conversation's id.
 */
export async function openBuddyConversation(
  db: Executor,
  input: { userA: string; userB: string; courseId: string },
): Promise<string> {
  const [low, high] = input.userA < input.userB ? [input.userA, input.userB] : [input.userB, input.userA];
  const result = await upsertBuddyConversation(db, { low, high, courseId: input.courseId });
  if (result.created) await notify(db, { t: "conversation", c: result.id, u: [low, high], r: "created" });
  return result.id;
}

async function conversationFor(db: Executor, actor: SessionUser, id: string): Promise<Conversation> {
  const [row] = await listConversationRows(db, actor.id, { limit: 1, only: id });
  if (!row) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.conversationNotFound);
  return toConversation(row, actor.id);
}

/**
 * Starts or opens the conversation of a course and student (issue 6 §1; one per course and
 * student). A student gives `courseId` (the other party is the course's creator); the creator gives
 * `courseId` and `studentId`. The student must hold a non-cancelled enrolment in the course. A new
 * conversation gets both message_participants rows and a `conversation` event to both.
 * @returns the conversation as the caller sees it, and whether it was just created.
 * @throws AppError NOT_FOUND (unknown course), FORBIDDEN (a creator and a course that is not theirs;
 *   a student not enrolled), BAD_REQUEST (messaging oneself; the creator without studentId).
 */
export async function startConversation(
  db: Db,
  actor: SessionUser,
  input: StartConversationInput,
): Promise<{ conversation: Conversation; created: boolean }> {
  const course = await findCourse(db, input.courseId);
  if (!course) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.courseNotFound);
  let studentId: string;
  if (input.studentId !== undefined && input.studentId !== actor.id) {
    if (course.creatorId !== actor.id) throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.notYourCourse);
    studentId = input.studentId;
    if (!(await isEnrolled(db, course.id, studentId)))
      throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.notEnrolled);
  } else {
    if (course.creatorId === actor.id) throw new AppError("BAD_REQUEST", MESSAGING_MESSAGES.selfConversation);
    studentId = actor.id;
    if (!(await isEnrolled(db, course.id, studentId)))
      throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.studentNotEnrolled);
  }
  const result = await db.transaction(async (tx) => {
    const upserted = await upsertConversation(tx, {
      courseId: course.id,
      teacherId: course.creatorId,
      studentId,
      starterId: actor.id,
    });
    if (upserted.created)
      await notify(tx, { t: "conversation", c: upserted.id, u: [course.creatorId, studentId], r: "created" });
    return upserted;
  });
  return { conversation: await conversationFor(db, actor, result.id), created: result.created };
}

/**
 * The caller's conversations (000 §4, §6, §7: where they are teacher or student), newest
 * last_message_at first, with the other party, course title, unread count and last message text.
 * `search` ignores case and accents (course title or the other party's name). `filter` (000 §2
 * Messages, issue 27 §4): "unread" keeps conversations with a message from the other party after
 * the caller's read marker, "high" those where such a message is marked high priority. Pages of
 * `limit` (default 50, at most 100) continue `after` a conversation id.
 */
export async function listConversations(
  db: Db,
  actor: SessionUser,
  query: { search?: string; limit?: number; after?: string; filter?: "all" | "unread" | "high" },
): Promise<ConversationList> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await listConversationRows(db, actor.id, {
    search: query.search,
    limit: limit + 1,
    after: query.after,
    filter: query.filter === "unread" || query.filter === "high" ? query.filter : undefined,
  });
  return {
    conversations: rows.slice(0, limit).map((row) => toConversation(row, actor.id)),
    hasMore: rows.length > limit,
  };
}

/**
 * One conversation as the caller sees it.
 * @throws AppError NOT_FOUND, FORBIDDEN (not a participant).
 */
export async function getConversation(db: Db, actor: SessionUser, id: string): Promise<Conversation> {
  await participantConversation(db, actor, id);
  return conversationFor(db, actor, id);
}

/**
 * A page of the conversation's messages, oldest first (000 §4): the newest `limit` (default 50,
 * at most 100), or those just before the message `before`.
 * @throws AppError NOT_FOUND, FORBIDDEN (not a participant).
 */
export async function listMessages(
  db: Db,
  actor: SessionUser,
  id: string,
  query: { limit?: number; before?: string },
): Promise<MessageList> {
  await participantConversation(db, actor, id);
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await listMessageRows(db, id, { limit: limit + 1, before: query.before });
  const hasMore = rows.length > limit;
  return { messages: (hasMore ? rows.slice(1) : rows).map(toMessage), hasMore };
}

/**
 * Sends a message (000 §4 Message send, §5): the text arrives trimmed and checked (1–5,000
 * characters) by the shared schema; one database call (messaging.queries.ts#sendMessageStatement,
 * decision 0213) checks the conversation, the participant and — for study buddies — that the pair
 * are still buddies, takes the two participants' advisory locks, checks the sender's rate limit
 * (`rateLimitMax` messages per 60 s), inserts the row with created_at = clock_timestamp(), sets
 * last_message_at and NOTIFYs. `input.priority` ("normal" by default, or "high": issue 27 §4) is
 * stored on the message by the same function; any participant may set it.
 * @throws AppError NOT_FOUND (unknown or malformed id), FORBIDDEN (not a participant; buddies no
 *   longer buddies: MESSAGING_MESSAGES.notBuddies), RATE_LIMITED (MESSAGING_MESSAGES.rateLimited).
 */
export async function sendMessage(
  db: Db,
  actor: SessionUser,
  id: string,
  input: SendMessageInput,
  opts: { rateLimitMax: number },
): Promise<Message> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.conversationNotFound);
  const sent = await sendMessageStatement(
    db,
    {
      conversationId: id,
      senderId: actor.id,
      content: input.content,
      rateLimitMax: opts.rateLimitMax,
      windowSeconds: MESSAGE_RATE_LIMIT_WINDOW_SECONDS,
      priority: input.priority === "high" ? "high" : "normal",
    },
    { link: messageBellLink(id), ...bellInDatabase("message") },
  );
  switch (sent.status) {
    case "sent":
      return toMessage(sent.row);
    case "not_found":
      throw new AppError("NOT_FOUND", MESSAGING_MESSAGES.conversationNotFound);
    case "forbidden":
      throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.notParticipant);
    case "not_buddies":
      throw new AppError("FORBIDDEN", MESSAGING_MESSAGES.notBuddies);
    case "rate_limited":
      throw new AppError("RATE_LIMITED", MESSAGING_MESSAGES.rateLimited);
  }
}

/**
 * Where a new message's bell item leads (issue 27 §2): the conversation in the community's
 * Messages tab. The send writes one unread "message" notification per conversation for the other
 * participant in the same call and transaction as the message (further messages while it is
 * unread add none); the e-mail stays the unread-message nudge (no second e-mail).
 */
function messageBellLink(conversationId: string): string {
  return `/dashboard/community?tab=messages&conversation=${conversationId}`;
}

/**
 * Opening a conversation records the read marker (000 §4, §7 upsert message_participants): the
 * caller's last_read_at becomes the newest message's time. Tells the caller's other tabs.
 * @returns the marker and the caller's new unread total.
 * @throws AppError NOT_FOUND, FORBIDDEN (not a participant).
 */
export async function markConversationRead(db: Db, actor: SessionUser, id: string): Promise<ReadMarker> {
  await participantConversation(db, actor, id);
  const lastReadAt = await db.transaction(async (tx) => {
    const at = await upsertReadMarker(tx, id, actor.id);
    await notify(tx, { t: "conversation", c: id, u: [actor.id], r: "read" });
    return at;
  });
  return { conversationId: id, lastReadAt: iso(lastReadAt), unreadTotal: await countUnread(db, actor.id) };
}

/** Seconds a presence row counts (mirrors messaging.stream.ts PRESENCE_TTL_SECONDS; decision 0233). */
const PRESENCE_TTL = 60;

/**
 * Which of `userIds` are online now (issue 27 §4, decision 0233): they have an app event stream
 * (/api/messaging/events) open on some instance, refreshed within the last 60 seconds. For the
 * study-buddies service's online dot; the caller decides whom it may show.
 */
export async function onlineAmong(db: Executor, userIds: string[]): Promise<Set<string>> {
  return onlineUserIds(db, userIds, PRESENCE_TTL);
}

/** The caller's unread total over every conversation (the sidebar badge; one indexed query). */
export async function getUnreadTotal(db: Db, actor: SessionUser): Promise<UnreadTotal> {
  return { total: await countUnread(db, actor.id) };
}

/**
 * The unread-message e-mail nudge (issue 6 §6): claims every participant with a message from the
 * other party unread for NUDGE_DELAY_MINUTES (10) and no nudge for this conversation within
 * NUDGE_EVERY_MINUTES (60), and writes one e-mail each to the outbox in the same transaction, with
 * a link to /dashboard/community?conversation={id}. Safe on several instances (SKIP LOCKED).
 * Only for recipients whose "message" notification preference is `email` (issue 27 §2); the
 * e-mail carries one-click unsubscribe. A nudge claimed for anyone else is dropped.
 * @returns how many e-mails were written.
 */
export async function sendUnreadNudges(deps: { db: Db; mailer: Mailer; appUrl: string }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await claimDueNudges(tx, {
      delayMinutes: NUDGE_DELAY_MINUTES,
      everyMinutes: NUDGE_EVERY_MINUTES,
      limit: 200,
    });
    const wanted = await emailRecipients(
      tx,
      due.map((n) => n.user_id),
      "message",
    );
    let sent = 0;
    for (const nudge of due) {
      if (!wanted.has(nudge.user_id)) continue;
      sent += 1;
      await deps.mailer.send(tx, {
        to: nudge.email,
        unsubscribe: unsubscribeTarget(nudge.user_id, "message", nudge.locale),
        ...unreadMessageEmail({
          locale: nudge.locale ?? "vi",
          recipientName: nudge.recipient_name,
          senderName: nudge.other_name,
          courseTitle: nudge.course_title,
          unreadCount: Number(nudge.unread),
          url: `${deps.appUrl}/dashboard/community?conversation=${nudge.conversation_id}`,
          school: emailBrand(deps.appUrl, {
            name: nudge.school_name,
            logoUrl: nudge.school_logo_url,
            color: nudge.school_color,
          }),
        }),
      });
    }
    return sent;
  });
}

/** `sendUnreadNudges` every `intervalMs`, one run at a time (createIntervalWorker; started by index.ts, stopped on shutdown). */
export function createNudgeWorker(deps: MailWorkerDeps) {
  return createMailWorker("message-nudges", sendUnreadNudges, deps, {
    sent: "unread-message e-mails queued",
    failed: "unread-message nudges failed",
  });
}
