import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * conversations (spec 000 §3): a course's creator (teacher_id) and one enrolled student of that
 * course; one per course and student. last_message_at is null until the first message.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teacher_id: text("teacher_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    last_message_at: timestamp("last_message_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * "course" (a creator and a student) or "buddy" (two study buddies, issue 13 §5, decision 0189:
     * teacher_id and student_id then hold the two students' ids in order, course_id a course both take).
     */
    kind: text("kind").notNull().default("course"),
  },
  (t) => [
    uniqueIndex("conversations_course_student_key")
      .on(t.course_id, t.student_id)
      .where(sql`${t.kind} = 'course'`),
    uniqueIndex("conversations_buddy_pair_key")
      .on(t.teacher_id, t.student_id)
      .where(sql`${t.kind} = 'buddy'`),
    check("conversations_kind_check", sql`${t.kind} in ('course', 'buddy')`),
    index("conversations_teacher_idx").on(t.teacher_id, t.last_message_at.desc()),
    index("conversations_student_idx").on(t.student_id, t.last_message_at.desc()),
  ],
);

/**
 * messages (spec 000 §3): plain text, at most 5,000 characters. created_at is taken with
 * clock_timestamp() while the sender holds both participants' advisory locks, so for each user
 * the commit order of their messages is the (created_at, id) order: the realtime cursor.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    sender_id: text("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** "normal" or "high" (issue 27 §4, decision 0233): set by the sender through academy_send_message. */
    priority: text("priority").notNull().default("normal"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("messages_priority_check", sql`${t.priority} in ('normal', 'high')`),
    /** The High Priority filter: a conversation's high-priority messages by time. */
    index("messages_high_priority_idx")
      .on(t.conversation_id, t.created_at)
      .where(sql`${t.priority} = 'high'`),
    index("messages_conversation_created_idx").on(t.conversation_id, t.created_at, t.id),
    index("messages_sender_created_idx").on(t.sender_id, t.created_at),
    check("messages_content_length_check", sql`char_length(${t.content}) between 1 and 5000`),
  ],
);

/**
 * message_participants (spec 000 §3): one row per conversation and participant. last_read_at is
 * the read marker (unread = the other party's messages after it); last_notified_at is when the
 * unread-message e-mail nudge was last sent (issue 6: at most one per conversation per hour).
 */
export const messageParticipants = pgTable(
  "message_participants",
  {
    conversation_id: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    last_read_at: timestamp("last_read_at", { withTimezone: true }),
    last_notified_at: timestamp("last_notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index("message_participants_user_idx").on(t.user_id),
  ],
);

/**
 * user_presence (issue 27 §4, decision 0233): one row per user and server instance while the user
 * has an app event stream (/api/messaging/events) open there. The instance refreshes seen_at every
 * heartbeat and deletes the row when the user's last stream there closes; a person is online while
 * a row is younger than PRESENCE_TTL_SECONDS (so a crashed instance's rows expire on their own).
 */
export const userPresence = pgTable(
  "user_presence",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    instance_id: text("instance_id").notNull(),
    seen_at: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.instance_id] }),
    index("user_presence_instance_idx").on(t.instance_id),
  ],
);
