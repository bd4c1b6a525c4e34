import { z } from "zod";

/**
 * Notification centre contracts (issue 27 §2, decision 0230). A notification is one row per
 * recipient: its `type`, the facts needed to write its text in either language (`data`), the
 * in-app `link` it opens, and `readAt` (null while unread). Times are ISO 8601 strings.
 */

/** Every kind of notification. */
export const NOTIFICATION_TYPES = [
  "message",
  "discussion_reply",
  "mention",
  "study_group",
  "buddy",
  "section_opened",
  "certificate_issued",
  "order_paid",
  "order_refunded",
  "review",
  "moderation",
  "ticket_reply",
  "study_reminder",
  "announcement",
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** in_app: the bell only; email: the bell and an e-mail; off: nothing. */
export const NOTIFICATION_CHANNELS = ["in_app", "email", "off"] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/**
 * How each type reaches a person's inbox:
 * - `generic`: `notify` writes the notification e-mail itself when the preference is `email`;
 * - `own`: the event already has its own non-essential e-mail (the unread-message nudge, the
 *   reply digest, the buddy request, the creator's announcements), which honours the preference
 *   and carries List-Unsubscribe; `notify` never writes a second one;
 * - `essential`: the event's e-mail is essential (receipts, refunds, moderation decisions, ticket
 *   replies) and is always sent; the preference only governs the bell (in_app or off).
 */
export const NOTIFICATION_EMAIL_KIND: Record<NotificationType, "generic" | "own" | "essential"> = {
  message: "own",
  discussion_reply: "own",
  mention: "generic",
  study_group: "generic",
  buddy: "own",
  section_opened: "own",
  certificate_issued: "generic",
  order_paid: "essential",
  order_refunded: "essential",
  review: "generic",
  moderation: "essential",
  ticket_reply: "essential",
  study_reminder: "own",
  announcement: "own",
};

/** The channel of a type nobody has chosen for yet. */
export const NOTIFICATION_DEFAULTS: Record<NotificationType, NotificationChannel> = {
  message: "email",
  discussion_reply: "email",
  mention: "email",
  study_group: "in_app",
  buddy: "email",
  section_opened: "email",
  certificate_issued: "email",
  order_paid: "in_app",
  order_refunded: "in_app",
  review: "in_app",
  moderation: "in_app",
  ticket_reply: "in_app",
  study_reminder: "email",
  announcement: "email",
};

/** Whether a person may choose `email` for a type (essential types are e-mailed anyway). */
export function emailChoosable(type: NotificationType): boolean {
  return NOTIFICATION_EMAIL_KIND[type] !== "essential";
}

/**
 * The facts a notification's text is written from (names and titles as they were when it
 * happened; every field optional so one shape serves every type).
 */
export const notificationDataSchema = z.object({
  actorName: z.string().max(200).optional(),
  courseTitle: z.string().max(300).optional(),
  title: z.string().max(300).optional(),
  excerpt: z.string().max(300).optional(),
  /** What happened, per type: e.g. study_group "joined" | "session"; buddy "request" | "accepted"; moderation "removed" | "restored"… */
  event: z.string().max(40).optional(),
  /** Whole units of the currency (VND has none) and its code, for order types. */
  amount: z.number().int().optional(),
  currency: z.string().max(3).optional(),
  rating: z.number().int().min(1).max(5).optional(),
  reference: z.string().max(40).optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  data: notificationDataSchema,
  /** An in-app path ("/dashboard/community?discussion=…"). */
  link: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number().int() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

export const notificationPreferencesSchema = z.object({
  preferences: z.array(z.object({ type: notificationTypeSchema, channel: notificationChannelSchema })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const NOTIFICATION_MESSAGES = {
  notFound: "Notification not found.",
  emailNotChoosable: "This kind of notification is always e-mailed; choose In app or Off.",
  badToken: "This unsubscribe link is not valid.",
} as const;

/** The bell's live event on the realtime stream (a `notification` frame): refetch count and list. */
export const NOTIFICATIONS_CHANNEL = "academy_notifications";
