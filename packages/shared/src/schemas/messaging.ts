import { z } from "zod";
import { MESSAGE_MAX_LENGTH, MESSAGING_PAGE_MAX } from "../rules/messaging.ts";

/**
 * Messaging contracts (spec 000 §2 Messaging panel, §3 conversations / messages /
 * message_participants, §4 Message send and conversation list, §5 Message, §6, §7, §8; issue 6).
 * Times are ISO 8601 strings; unread counts are whole numbers of messages.
 */

/** Texts of the messaging feature: spec texts verbatim, the rest written for issue 6. */
export const MESSAGING_MESSAGES = {
  empty: "Please type a message.",
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  rateLimited: "You are sending messages too quickly. Please wait a minute and try again.",
  notParticipant: "You do not have permission to view this conversation.",
  notBuddies: "You can message this student only while you are study buddies.",
  conversationNotFound: "Conversation not found.",
  notEnrolled: "This student is not enrolled in this course.",
  notYourCourse: "You can only message students of your own courses.",
  studentNotEnrolled: "You can only message the teacher of a course you are enrolled in.",
  courseNotFound: "Course not found.",
  selfConversation: "You cannot start a conversation with yourself.",
  loadConversationsFailed: "Failed to load conversations",
  loadMessagesFailed: "Failed to load messages",
  sendFailed: "Failed to send message",
} as const;

/** The message text as sent: trimmed (000 §4), not blank (000 §5), at most 5,000 characters. */
export const messageContentSchema = z
  .string({ error: MESSAGING_MESSAGES.empty })
  .trim()
  .min(1, MESSAGING_MESSAGES.empty)
  .max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.tooLong);

/** A message's priority (issue 27 §4; spec 000 §2 Messages "Priority" badge): the sender may mark it high. */
export const MESSAGE_PRIORITIES = ["normal", "high"] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

export const sendMessageSchema = z.object({
  content: messageContentSchema,
  /** Optional; "normal" when absent. */
  priority: z.enum(MESSAGE_PRIORITIES).default("normal"),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/**
 * Start (or open the existing) conversation of a course: a student gives only courseId (the
 * other party is the course's creator); the creator gives courseId and the enrolled studentId.
 */
export const startConversationSchema = z.object({
  courseId: z.uuid({ error: "Choose a course." }),
  studentId: z.string().min(1).max(100).optional(),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

export const messagePartySchema = z.object({
  id: z.string(),
  /** profiles.full_name; null when unknown (the UI shows "Unknown User"). */
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type MessageParty = z.infer<typeof messagePartySchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.string(),
  content: z.string(),
  /** "high" when the sender marked it High priority (issue 27 §4). */
  priority: z.enum(MESSAGE_PRIORITIES).default("normal"),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  teacherId: z.string(),
  studentId: z.string(),
  /** The caller's side of the conversation. */
  myRole: z.enum(["teacher", "student"]),
  otherParty: messagePartySchema,
  /** null until the first message. */
  lastMessageAt: z.string().nullable(),
  /** The newest message's text, cut to 120 characters; null before the first message. */
  lastMessagePreview: z.string().nullable(),
  /** Messages from the other party newer than the caller's last_read_at. */
  unreadCount: z.number().int().min(0),
  /** Unread messages from the other party marked high priority (issue 27 §4). */
  unreadHighCount: z.number().int().min(0).default(0),
  /** Some message of the conversation (either party's) is marked high priority. */
  hasHighPriority: z.boolean().default(false),
  createdAt: z.string(),
  /** "buddy": two study buddies (issue 13 §5; both myRole "student"); absent or "course": creator and student. */
  kind: z.enum(["course", "buddy"]).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuerySchema = z.object({
  /** Matches course title or the other party's name, ignoring case and accents. */
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGING_PAGE_MAX).optional(),
  /** A conversation id: the page continues after it (in list order). */
  after: z.uuid().optional(),
  /**
   * Messages tab filter (spec 000 §2 All Messages / Unread / High Priority; issue 27 §4): "unread" =
   * a message from the other party after the caller's read marker; "high" = such an unread message
   * marked high priority. Absent or "all": every conversation.
   */
  filter: z.enum(["all", "unread", "high"]).optional(),
});

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** True when more conversations follow (pass the last id as `after`). */
  hasMore: z.boolean(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const messageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGING_PAGE_MAX).optional(),
  /** A message id: the page holds the messages just before it (for "load earlier"). */
  before: z.uuid().optional(),
});

export const messageListSchema = z.object({
  /** Oldest first (000 §4). */
  messages: z.array(messageSchema),
  /** True when earlier messages exist (pass the first id as `before`). */
  hasMore: z.boolean(),
});
export type MessageList = z.infer<typeof messageListSchema>;

export const readMarkerSchema = z.object({
  conversationId: z.uuid(),
  lastReadAt: z.string(),
  /** The caller's unread total over all conversations, after marking. */
  unreadTotal: z.number().int().min(0),
});
export type ReadMarker = z.infer<typeof readMarkerSchema>;

export const unreadTotalSchema = z.object({ total: z.number().int().min(0) });
export type UnreadTotal = z.infer<typeof unreadTotalSchema>;

/**
 * Events of the realtime stream (GET /api/messaging/events, Server-Sent Events). `message` events
 * carry the message id as the SSE id (the reconnect cursor); `ready` carries the newest message id
 * visible at connection time (or none); `conversation` says a conversation was created or its read
 * marker moved; `resync` asks the client to refetch (the server lost its database listener);
 * `notification` says the person's notifications changed (issue 27 §2: new ones, or read in another
 * tab) — the bell refetches its count and list. The bell shares this one stream per tab.
 */
export const messagingEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready"), cursor: z.string().nullable() }),
  z.object({ type: z.literal("message"), message: messageSchema }),
  z.object({
    type: z.literal("conversation"),
    conversationId: z.uuid(),
    reason: z.enum(["created", "read"]),
  }),
  z.object({ type: z.literal("resync") }),
  z.object({ type: z.literal("notification") }),
]);
export type MessagingEvent = z.infer<typeof messagingEventSchema>;

export const startConversationResultSchema = z.object({
  conversation: conversationSchema,
  /** True when this call created the conversation. */
  created: z.boolean(),
});
export type StartConversationResult = z.infer<typeof startConversationResultSchema>;
