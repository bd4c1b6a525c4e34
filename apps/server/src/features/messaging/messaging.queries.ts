import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { conversations, courses, enrollments, messageParticipants, messages } from "../../db/schema/index.ts";

/** The NOTIFY channel of messaging events (payload: MessagingNotification as JSON). */
export const MESSAGING_CHANNEL = "academy_messaging";

/** What goes through NOTIFY: ids only (the 8,000-byte payload limit; receivers load the rest). */
export type MessagingNotification =
  | {
      t: "message";
      m: string;
      c: string;
      u: [string, string];
      /** The message itself when it fits the payload limit (content up to 6,000 bytes); else load it by id. */
      msg?: MessageRow | null;
    }
  | { t: "conversation"; c: string; u: string[]; r: "created" | "read" };

export interface ConversationRow {
  id: string;
  course_id: string;
  course_title: string;
  teacher_id: string;
  student_id: string;
  kind: string;
  last_message_at: Date | string | null;
  created_at: Date | string;
  other_id: string;
  other_name: string | null;
  other_avatar: string | null;
  preview: string | null;
  unread: number;
  /** Unread messages from the other party marked high priority. */
  unread_high: number;
  /** Any message of the conversation (either party) marked high priority. */
  has_high: boolean;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  /** "normal" or "high" (issue 27 §4); absent in NOTIFY payloads written before migration 0043. */
  priority?: string;
  created_at: string;
}

/** created_at as ISO 8601 in UTC with microseconds (fixed width: string order is time order). */
const isoTime = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The course's creator and title, or undefined. */
export async function findCourse(db: Executor, courseId: string) {
  const [row] = await db
    .select({ id: courses.id, creatorId: courses.creator_id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

/** True when `studentId` has an enrolment in the course that is not cancelled. */
export async function isEnrolled(db: Executor, courseId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.course_id, courseId),
        eq(enrollments.student_id, studentId),
        ne(enrollments.payment_status, "cancelled"),
      ),
    );
  return Boolean(row);
}

/**
 * Inserts the conversation (`kind`, course, teacher side, student side) unless it exists (`on
 * conflict do nothing` on the kind's partial unique index: (course_id, student_id) for 'course',
 * (teacher_id, student_id) for 'buddy'); when it inserted, adds both participants' rows and returns
 * `{ id, created: true }`, else the existing conversation's id with `created: false`.
 */
async function insertOrFindConversation(
  db: Executor,
  kind: "course" | "buddy",
  ids: { courseId: string; teacherId: string; studentId: string },
): Promise<{ id: string; created: boolean }> {
  const isCourse = kind === "course";
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into conversations (course_id, teacher_id, student_id, kind)
      values (${ids.courseId}, ${ids.teacherId}, ${ids.studentId}, ${isCourse ? sql`'course'` : sql`'buddy'`})
      on conflict ${isCourse ? sql`(course_id, student_id) where kind = 'course'` : sql`(teacher_id, student_id) where kind = 'buddy'`} do nothing
      returning id`),
  );
  if (inserted[0]) {
    const id = inserted[0].id;
    await db
      .insert(messageParticipants)
      .values([ids.teacherId, ids.studentId].map((user_id) => ({ conversation_id: id, user_id })))
      .onConflictDoNothing();
    return { id, created: true };
  }
  const [found] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        isCourse ? eq(conversations.course_id, ids.courseId) : eq(conversations.teacher_id, ids.teacherId),
        eq(conversations.student_id, ids.studentId),
        eq(conversations.kind, kind),
      ),
    );
  return { id: found.id, created: false };
}

/**
 * Creates the conversation of (course, student) unless it exists (`on conflict do nothing` on the
 * partial unique index of kind 'course'), with both participants' rows; the starter's last_read_at
 * is now. Returns the id and whether it was created.
 */
export async function upsertConversation(
  db: Executor,
  input: { courseId: string; teacherId: string; studentId: string; starterId: string },
): Promise<{ id: string; created: boolean }> {
  return insertOrFindConversation(db, "course", input);
}

/**
 * Creates the conversation of two study buddies unless it exists (issue 13 §5, decision 0189):
 * kind 'buddy', teacher_id = the smaller id, student_id = the larger, course_id = a course both
 * take (shown as its context). One per pair (partial unique index); both participants' rows.
 */
export async function upsertBuddyConversation(
  db: Executor,
  input: { low: string; high: string; courseId: string },
): Promise<{ id: string; created: boolean }> {
  return insertOrFindConversation(db, "buddy", {
    courseId: input.courseId,
    teacherId: input.low,
    studentId: input.high,
  });
}

/**
 * True when the two users are study buddies now (an accepted buddy_links row for the pair; a
 * removal or a block ends it). The gate of every buddy conversation (decision 0189).
 */
export async function isActiveBuddyPair(db: Executor, low: string, high: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 as ok from buddy_links
     where pair_low = ${low} and pair_high = ${high} and status = 'accepted' limit 1`);
  return rowsOf<{ ok: number }>(result).length > 0;
}

/** SQL: the conversation `c` is a course conversation, or its two buddies are still buddies. */
const liveConversation = sql`(c.kind = 'course' or exists (select 1 from buddy_links bl
  where bl.pair_low = c.teacher_id and bl.pair_high = c.student_id and bl.status = 'accepted'))`;

/** A conversation's participants, or undefined. */
export async function findConversation(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      teacherId: conversations.teacher_id,
      studentId: conversations.student_id,
      courseId: conversations.course_id,
      kind: conversations.kind,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row;
}

/**
 * The user's conversations (as teacher or student) with course title, the other party's profile,
 * the newest message's text and the unread count; ordered by last_message_at newest first (000 §4;
 * a conversation without messages sorts by created_at), ties by id. `search` matches the course
 * title or the other party's name through academy_fold (case and accents ignored). `after` is the
 * id of the last conversation of the previous page; `only` restricts to one conversation.
 * Without `only`, conversations without messages are left out (issue 17 item 10: "Message
 * student" opened and left empty must not stay in the list); `only` finds them.
 */
export async function listConversationRows(
  db: Executor,
  userId: string,
  opts: {
    search?: string;
    limit: number;
    after?: string;
    only?: string;
    /** "unread": a message from the other party after the read marker; "high": such a message marked high priority. */
    filter?: "unread" | "high";
  },
): Promise<ConversationRow[]> {
  const search = opts.search?.trim() ? opts.search.trim() : null;
  const result = await db.execute(sql`
    select c.id, c.course_id, co.title as course_title, c.teacher_id, c.student_id, c.kind,
           c.last_message_at, c.created_at,
           o.id as other_id, pr.full_name as other_name, pr.avatar_url as other_avatar,
           (select left(m.content, 120) from messages m where m.conversation_id = c.id
             order by m.created_at desc, m.id desc limit 1) as preview,
           (select count(*)::int from messages m where m.conversation_id = c.id
              and m.sender_id <> ${userId}
              and m.created_at > coalesce(p.last_read_at, '-infinity'::timestamptz)) as unread,
           (select count(*)::int from messages m where m.conversation_id = c.id and m.priority = 'high'
              and m.sender_id <> ${userId}
              and m.created_at > coalesce(p.last_read_at, '-infinity'::timestamptz)) as unread_high,
           exists (select 1 from messages m where m.conversation_id = c.id and m.priority = 'high') as has_high
      from conversations c
      join courses co on co.id = c.course_id
      cross join lateral (select case when c.teacher_id = ${userId} then c.student_id else c.teacher_id end as id) o
      left join profiles pr on pr.user_id = o.id
      left join message_participants p on p.conversation_id = c.id and p.user_id = ${userId}
     where (c.teacher_id = ${userId} or c.student_id = ${userId})
       and ${liveConversation}
       ${opts.only ? sql`and c.id = ${opts.only}` : sql`and c.last_message_at is not null`}
       ${
         search
           ? sql`and (strpos(academy_fold(co.title), academy_fold(${search})) > 0
                  or strpos(academy_fold(coalesce(pr.full_name, '')), academy_fold(${search})) > 0)`
           : sql``
       }
       ${
         opts.filter
           ? sql`and exists (select 1 from messages m where m.conversation_id = c.id
                  and m.sender_id <> ${userId}
                  and m.created_at > coalesce(p.last_read_at, '-infinity'::timestamptz)
                  ${opts.filter === "high" ? sql`and m.priority = 'high'` : sql``})`
           : sql``
       }
       ${
         opts.after
           ? sql`and (coalesce(c.last_message_at, c.created_at), c.id) <
                 (select coalesce(a.last_message_at, a.created_at), a.id from conversations a where a.id = ${opts.after})`
           : sql``
       }
     order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
     limit ${opts.limit}`);
  return rowsOf<ConversationRow>(result);
}

/**
 * A page of a conversation's messages: the newest `limit` (before the message `before`, when
 * given), returned oldest first (000 §4 "messages by created_at, oldest first").
 */
export async function listMessageRows(
  db: Executor,
  conversationId: string,
  opts: { limit: number; before?: string },
): Promise<MessageRow[]> {
  const result = await db.execute(sql`
    select * from (
      select m.id, m.conversation_id, m.sender_id, m.content, m.priority, m.created_at as at,
             ${isoTime(sql`m.created_at`)} as created_at
        from messages m
       where m.conversation_id = ${conversationId}
         ${
           opts.before
             ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b
                     where b.id = ${opts.before} and b.conversation_id = ${conversationId})`
             : sql``
         }
       order by m.created_at desc, m.id desc
       limit ${opts.limit}) page
    order by at asc, id asc`);
  return rowsOf<MessageRow>(result);
}

/** What `sendMessageStatement` found: the message, or why nothing was written. */
export type SendOutcome =
  | { status: "sent"; row: MessageRow }
  | { status: "not_found" | "forbidden" | "not_buddies" | "rate_limited" };

/**
 * Sends a message in ONE call of the database function academy_send_message (migration 0028,
 * decision 0213; one round trip, one implicit transaction, plans cached per connection):
 * 1. the conversation must exist (else `not_found`) and the sender be one of its two participants
 *    (`forbidden`); a buddy conversation's pair must still be study buddies (`not_buddies`,
 *    decision 0189) — checked on every send;
 * 2. takes transaction-level advisory locks on both participants, in a fixed order (no deadlock),
 *    held until commit — so for each user, messages commit in created_at order;
 * 3. counts the sender's messages in the last `windowSeconds` (after the locks); at `rateLimitMax`
 *    or more nothing is written (`rate_limited`);
 * 4. inserts the message with created_at = clock_timestamp(), sets the conversation's
 *    last_message_at (000 §4) and NOTIFYs MESSAGING_CHANNEL (delivered on commit; the payload
 *    carries the message when its text is at most 6,000 bytes);
 * 5. with `bell`, writes the other participant's collapsed "message" bell item in the same
 *    transaction (academy_fan_out with `bell.link` and the arguments of
 *    notifications.service.ts#bellInDatabase; migration 0052, decision 0242).
 * `conversationId` must be a UUID (the caller checks the format).
 */
export async function sendMessageStatement(
  db: Executor,
  input: {
    conversationId: string;
    senderId: string;
    content: string;
    rateLimitMax: number;
    windowSeconds: number;
    /** "normal" (the default) or "high" (issue 27 §4, migration 0043). */
    priority?: "normal" | "high";
  },
  /** The recipient's bell item: its link and notifications.service.ts#bellInDatabase("message"). */
  bell?: { link: string; defaultChannel: string; channel: string; idsMax: number },
): Promise<SendOutcome> {
  const result = await db.execute(sql`
    select status, id, conversation_id, sender_id, content, created_at, priority
      from academy_send_message(${input.conversationId}::uuid, ${input.senderId}::text, ${input.content}::text,
                                ${input.rateLimitMax}::integer, ${input.windowSeconds}::integer,
                                ${input.priority ?? "normal"}::text, ${bell?.link ?? null}::text,
                                ${bell?.defaultChannel ?? null}::text, ${bell?.channel ?? null}::text,
                                ${bell?.idsMax ?? null}::integer)`);
  const row = rowsOf<MessageRow & { status: SendOutcome["status"] }>(result)[0];
  if (!row) throw new Error("academy_send_message returned no row");
  if (row.status !== "sent") return { status: row.status };
  return {
    status: "sent",
    row: {
      id: row.id,
      conversation_id: row.conversation_id,
      sender_id: row.sender_id,
      content: row.content,
      priority: row.priority,
      created_at: row.created_at,
    },
  };
}

/** NOTIFY on the messaging channel (inside a transaction: delivered at commit). */
export async function notify(db: Executor, payload: MessagingNotification): Promise<void> {
  await db.execute(sql`select pg_notify(${MESSAGING_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Upserts the read marker (000 §7 "Upsert message_participants"): last_read_at becomes the newest
 * message's created_at the caller can see (or now when there is none), never moving backwards.
 */
export async function upsertReadMarker(
  db: Executor,
  conversationId: string,
  userId: string,
): Promise<Date | string> {
  const result = await db.execute(sql`
    insert into message_participants (conversation_id, user_id, last_read_at)
    values (${conversationId}, ${userId},
            coalesce((select max(created_at) from messages where conversation_id = ${conversationId}), now()))
    on conflict (conversation_id, user_id) do update
      set last_read_at = greatest(coalesce(message_participants.last_read_at, '-infinity'::timestamptz),
                                  excluded.last_read_at)
    returning last_read_at`);
  return rowsOf<{ last_read_at: Date | string }>(result)[0].last_read_at;
}

/**
 * The user's unread total over every conversation: messages from the other party newer than the
 * user's last_read_at. One indexed query (participant rows by user, messages by conversation and time).
 */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n
      from message_participants p
      join conversations c on c.id = p.conversation_id
      join messages m on m.conversation_id = p.conversation_id
       and m.created_at > coalesce(p.last_read_at, '-infinity'::timestamptz)
       and m.sender_id <> p.user_id
     where p.user_id = ${userId} and ${liveConversation}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** One message with its conversation's participants, or undefined. */
export async function findMessageWithParticipants(db: Executor, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      conversation_id: messages.conversation_id,
      sender_id: messages.sender_id,
      content: messages.content,
      priority: messages.priority,
      created_at: isoTime(sql`${messages.created_at}`).mapWith(String),
      teacherId: conversations.teacher_id,
      studentId: conversations.student_id,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .where(eq(messages.id, messageId));
  return row;
}

/** The newest message in any of the user's conversations (the stream's starting cursor), or null. */
export async function newestMessageForUser(
  db: Executor,
  userId: string,
): Promise<{ id: string; createdAt: string } | null> {
  const result = await db.execute(sql`
    select m.id, ${isoTime(sql`m.created_at`)} as created_at from messages m
     where m.conversation_id in (select id from conversations where teacher_id = ${userId} or student_id = ${userId})
     order by m.created_at desc, m.id desc limit 1`);
  const row = rowsOf<{ id: string; created_at: string }>(result)[0];
  return row ? { id: row.id, createdAt: row.created_at } : null;
}

/**
 * Messages of the user's conversations after the message `cursor` in (created_at, id) order, oldest
 * first, at most `limit` (cursor null: from the first message). Undefined when the cursor is not a
 * message of the user's conversations. `cursorAt` is the cursor message's time (ISO, microseconds).
 */
export async function messagesAfterCursor(
  db: Executor,
  userId: string,
  cursor: string | null,
  limit: number,
): Promise<{ cursorAt: string | null; rows: MessageRow[] } | undefined> {
  const mine = sql`(select id from conversations where teacher_id = ${userId} or student_id = ${userId})`;
  let cursorAt: string | null = null;
  if (cursor !== null) {
    const check = await db.execute(sql`
      select ${isoTime(sql`created_at`)} as created_at from messages
       where id = ${cursor} and conversation_id in ${mine}`);
    const found = rowsOf<{ created_at: string }>(check)[0];
    if (!found) return undefined;
    cursorAt = found.created_at;
  }
  const result = await db.execute(sql`
    select m.id, m.conversation_id, m.sender_id, m.content, m.priority, ${isoTime(sql`m.created_at`)} as created_at
      from messages m
     where m.conversation_id in ${mine}
       ${cursor === null ? sql`` : sql`and (m.created_at, m.id) > (select c.created_at, c.id from messages c where c.id = ${cursor})`}
     order by m.created_at asc, m.id asc
     limit ${limit}`);
  return { cursorAt, rows: rowsOf<MessageRow>(result) };
}

/**
 * Claims the unread-message e-mail nudges that are due (issue 6): a participant with a message from
 * the other party that is older than `delayMinutes`, newer than their last_read_at and than the last
 * nudge, and no nudge for this conversation in the last `everyMinutes`. Marks last_notified_at = now
 * (FOR UPDATE SKIP LOCKED: two instances never claim the same row). Returns the details to write
 * the e-mail (recipient, the other party, course, unread count).
 */
export async function claimDueNudges(
  tx: Executor,
  opts: { delayMinutes: number; everyMinutes: number; limit: number },
) {
  const result = await tx.execute(sql`
    with due as (
      select p.conversation_id, p.user_id
        from message_participants p
        join conversations c on c.id = p.conversation_id
       where c.last_message_at <= now() - make_interval(mins => ${opts.delayMinutes})
         and c.last_message_at > now() - interval '7 days'
         and ${liveConversation}
         and (p.last_notified_at is null
              or p.last_notified_at <= now() - make_interval(mins => ${opts.everyMinutes}))
         and exists (
           select 1 from messages m
            where m.conversation_id = p.conversation_id
              and m.sender_id <> p.user_id
              and m.created_at > coalesce(p.last_read_at, '-infinity'::timestamptz)
              and m.created_at > coalesce(p.last_notified_at, '-infinity'::timestamptz)
              and m.created_at <= now() - make_interval(mins => ${opts.delayMinutes}))
       limit ${opts.limit}
       for update of p skip locked
    )
    update message_participants p set last_notified_at = now()
      from due
     where p.conversation_id = due.conversation_id and p.user_id = due.user_id
    returning p.conversation_id, p.user_id, p.last_read_at`);
  const claimed = rowsOf<{ conversation_id: string; user_id: string }>(result);
  if (claimed.length === 0) return [];
  const details = await Promise.all(
    claimed.map(async (claim) => {
      const info = await tx.execute(sql`
        select c.id as conversation_id, u.id as user_id, u.email, pr.locale, pr.full_name as recipient_name,
               op.full_name as other_name, co.title as course_title,
               sc.name as school_name, sc.logo_url as school_logo_url, sc.primary_color as school_color,
               (select count(*)::int from messages m
                 where m.conversation_id = c.id and m.sender_id <> ${claim.user_id}
                   and m.created_at > coalesce(p.last_read_at, '-infinity'::timestamptz)) as unread
          from conversations c
          join courses co on co.id = c.course_id
          left join schools sc on sc.creator_id = co.creator_id
          join "user" u on u.id = ${claim.user_id}
          left join profiles pr on pr.user_id = ${claim.user_id}
          left join profiles op on op.user_id =
               case when c.teacher_id = ${claim.user_id} then c.student_id else c.teacher_id end
          join message_participants p on p.conversation_id = c.id and p.user_id = ${claim.user_id}
         where c.id = ${claim.conversation_id}`);
      return rowsOf<{
        conversation_id: string;
        user_id: string;
        email: string;
        locale: "en" | "vi" | null;
        recipient_name: string | null;
        other_name: string | null;
        course_title: string;
        school_name: string | null;
        school_logo_url: string | null;
        school_color: string | null;
        unread: number;
      }>(info)[0];
    }),
  );
  return details.filter(Boolean);
}

/**
 * Presence (issue 27 §4, decision 0233): marks `userIds` as having an open app event stream on
 * `instanceId` now (upsert of user_presence.seen_at). One statement for the whole set.
 */
export async function touchPresence(db: Executor, instanceId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into user_presence (user_id, instance_id, seen_at)
    select u, ${instanceId}, now()
      from unnest(array[${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]) u
     where exists (select 1 from "user" where id = u)
    on conflict (user_id, instance_id) do update set seen_at = excluded.seen_at`);
}

/** Removes the user's presence row of `instanceId` (their last stream there closed); all of the instance's rows without `userId`. */
export async function clearPresence(db: Executor, instanceId: string, userId?: string): Promise<void> {
  await db.execute(
    userId
      ? sql`delete from user_presence where instance_id = ${instanceId} and user_id = ${userId}`
      : sql`delete from user_presence where instance_id = ${instanceId}`,
  );
}

/** Which of `userIds` have a presence row younger than `ttlSeconds` on any instance. */
export async function onlineUserIds(
  db: Executor,
  userIds: string[],
  ttlSeconds: number,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const result = await db.execute(sql`
    select distinct user_id from user_presence
     where user_id in (${sql.join(
       userIds.map((id) => sql`${id}`),
       sql`, `,
     )}) and seen_at > now() - make_interval(secs => ${ttlSeconds})`);
  return new Set(rowsOf<{ user_id: string }>(result).map((r) => r.user_id));
}
