import {
  emailChoosable,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_EMAIL_KIND,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationChannel,
  type NotificationData,
  type NotificationList,
  type NotificationPreferences,
  type NotificationType,
  notificationDataSchema,
  notificationTypeSchema,
} from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { notificationEmail } from "../../email/templates.ts";
import type { UnsubscribeTarget } from "../../email/unsubscribe.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as q from "./notifications.queries.ts";

/** The bell counts unread notifications up to this many ("99+" beyond 99); keeps the count bounded. */
export const UNREAD_CAP = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `notify` needs to write e-mail: the mailer and APP_URL (links in e-mails are absolute). */
export interface NotifyDeps {
  mailer: Mailer;
  appUrl: string;
}

/** `NotifyDeps` from a service's dependencies (anything with `mailer` and `env.appUrl`). */
export function notifyDeps(deps: { mailer: Mailer; env: { appUrl: string } }): NotifyDeps {
  return { mailer: deps.mailer, appUrl: deps.env.appUrl };
}

export interface NotifyInput {
  /** Recipients (user ids; duplicates and unknown ids are ignored). */
  userIds: string[];
  type: NotificationType;
  /** The facts its text is written from (names, titles…), in no language. */
  data: NotificationData;
  /** The in-app path it opens ("/dashboard/community?discussion=…"). */
  link: string;
  /**
   * Skip recipients who already have an unread notification of this type and link (one bell item
   * per conversation, not one per message).
   */
  collapse?: boolean;
}

/**
 * Tells people something happened (issue 27 §2, decision 0230) — the one function other features
 * call. Pass the transaction of the change so the notification exists only if it commits.
 * One INSERT … SELECT writes a row for every recipient whose preference for `type` is not `off`
 * (defaults: NOTIFICATION_DEFAULTS) and NOTIFYs the bell (delivered at commit, live in every open
 * tab); for types without an e-mail of their own (NOTIFICATION_EMAIL_KIND "generic") it writes the
 * notification e-mail, with one-click unsubscribe, to the outbox for recipients whose preference is
 * `email`. Types with their own e-mail never get a second one here.
 * @returns how many notifications were written and how many e-mails queued.
 */
export async function notify(
  db: Executor,
  input: NotifyInput,
  deps: NotifyDeps,
): Promise<{ notified: number; emailed: number }> {
  if (input.userIds.length === 0) return { notified: 0, emailed: 0 };
  const data = notificationDataSchema.parse(input.data);
  const wantEmail = NOTIFICATION_EMAIL_KIND[input.type] === "generic";
  const result = await q.fanOut(db, {
    userIds: input.userIds,
    type: input.type,
    data,
    link: input.link,
    defaultChannel: NOTIFICATION_DEFAULTS[input.type],
    collapse: input.collapse ?? false,
    wantEmail,
  });
  if (!wantEmail || result.emails.length === 0) return { notified: result.inserted, emailed: 0 };
  const url = `${deps.appUrl}${input.link}`;
  const emailed = await deps.mailer.sendMany(
    db,
    result.emails.map((r) => {
      const locale = r.locale ?? "vi";
      return {
        to: r.email,
        ...notificationEmail({ locale, recipientName: r.name, type: input.type, data, url }),
        unsubscribe: { userId: r.userId, type: input.type, locale },
      };
    }),
    null,
  );
  return { notified: result.inserted, emailed };
}

/**
 * For features whose event has its own non-essential e-mail (NOTIFICATION_EMAIL_KIND "own"): the
 * recipients among `userIds` whose preference for `type` is `email`, each with the unsubscribe
 * target the mailer needs (`Mailer.send(…, { unsubscribe })`). Anyone else gets no e-mail.
 */
export async function emailRecipients(
  db: Executor,
  userIds: string[],
  type: NotificationType,
): Promise<Set<string>> {
  const channels = await q.channelsFor(db, userIds, type, NOTIFICATION_DEFAULTS[type]);
  return new Set([...channels].filter(([, channel]) => channel === "email").map(([id]) => id));
}

/** The `unsubscribe` field of a non-essential e-mail to `userId` about `type`. */
export function unsubscribeTarget(
  userId: string,
  type: NotificationType,
  locale: string | null,
): UnsubscribeTarget {
  return { userId, type, locale: locale === "en" ? "en" : "vi" };
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toNotification(row: q.NotificationRow): Notification {
  const parsed = notificationDataSchema.safeParse(row.data);
  return {
    id: row.id,
    type: row.type as NotificationType,
    data: parsed.success ? parsed.data : {},
    link: row.link,
    readAt: row.read_at ? iso(row.read_at) : null,
    createdAt: row.created_at,
  };
}

const encodeCursor = (row: q.NotificationRow) =>
  Buffer.from(`${row.created_at}|${row.id}`).toString("base64url");
function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || !UUID.test(id) || Number.isNaN(Date.parse(createdAt)))
    throw new AppError("VALIDATION_FAILED", "Invalid cursor.");
  return { createdAt, id };
}

/**
 * The caller's notifications, newest first (issue 27 §2): `limit` (default 20, at most 50) per
 * page; `cursor` is the previous page's `nextCursor`.
 * @throws AppError VALIDATION_FAILED for a malformed cursor.
 */
export async function listNotifications(
  db: Db,
  actor: SessionUser,
  query: { cursor?: string; limit?: number },
): Promise<NotificationList> {
  const limit = query.limit ?? NOTIFICATION_PAGE_SIZE;
  const rows = await q.listNotifications(db, actor.id, decodeCursor(query.cursor), limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map(toNotification),
    nextCursor: rows.length > limit && page.length > 0 ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/** The caller's unread count for the bell, capped at UNREAD_CAP (100). */
export async function unreadCount(db: Db, actor: SessionUser): Promise<{ unread: number }> {
  return { unread: await q.countUnread(db, actor.id, UNREAD_CAP) };
}

/**
 * Marks one of the caller's notifications read (idempotent) and tells their other tabs.
 * @throws AppError NOT_FOUND when it does not exist or is somebody else's.
 */
export async function markRead(db: Db, actor: SessionUser, id: string): Promise<{ unread: number }> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    if (!(await q.markRead(tx, actor.id, id)))
      throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
    await q.notifyUsers(tx, [actor.id]);
  });
  return unreadCount(db, actor);
}

/** Marks all the caller's notifications read and tells their other tabs. */
export async function markAllRead(db: Db, actor: SessionUser): Promise<{ unread: number }> {
  await db.transaction(async (tx) => {
    await q.markAllRead(tx, actor.id);
    await q.notifyUsers(tx, [actor.id]);
  });
  return { unread: 0 };
}

/** Every type with the caller's channel (their choice, else the default). */
export async function getPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const stored = new Map((await q.preferenceRows(db, userId)).map((r) => [r.type, r.channel]));
  return {
    preferences: NOTIFICATION_TYPES.map((type) => ({
      type,
      channel: (stored.get(type) as NotificationChannel | undefined) ?? NOTIFICATION_DEFAULTS[type],
    })),
  };
}

/**
 * Saves the caller's channels for the types given (others unchanged).
 * @throws AppError VALIDATION_FAILED when `email` is chosen for a type whose e-mail is essential.
 */
export async function savePreferences(
  db: Db,
  actor: SessionUser,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  for (const p of input.preferences) {
    if (p.channel === "email" && !emailChoosable(p.type))
      throw new AppError("VALIDATION_FAILED", NOTIFICATION_MESSAGES.emailNotChoosable);
  }
  await q.upsertPreferences(db, actor.id, input.preferences);
  return getPreferences(db, actor.id);
}

/**
 * The one-click unsubscribe (RFC 8058) of a verified token's user and type: their e-mail for that
 * type stops (the channel becomes `in_app` — the bell keeps showing it — unless it was `off`).
 * @returns the person's language, or null when the account no longer exists or the type is unknown.
 */
export async function unsubscribe(
  db: Db,
  target: { userId: string; type: string },
): Promise<{ locale: "en" | "vi"; type: NotificationType } | null> {
  const type = notificationTypeSchema.safeParse(target.type);
  if (!type.success) return null;
  const locale = await q.accountLocale(db, target.userId);
  if (!locale) return null;
  const current = (await getPreferences(db, target.userId)).preferences.find((p) => p.type === type.data);
  if (current?.channel === "email")
    await q.upsertPreferences(db, target.userId, [{ type: type.data, channel: "in_app" }]);
  if (type.data === "study_reminder") await q.turnOffStudyReminderEmail(db, target.userId);
  return { locale, type: type.data };
}

/** The language of a verified token's user (the GET confirmation page), or null when gone. */
export async function accountLanguage(db: Db, userId: string): Promise<"en" | "vi" | null> {
  return q.accountLocale(db, userId);
}

/**
 * Which of `connected` (users with a stream on this instance) a NOTIFY on NOTIFICATIONS_CHANNEL
 * is for: the ids it names, or — for a large fan-out — those with a notification of its time.
 */
export async function recipientsOfNotify(db: Db, payload: string, connected: string[]): Promise<string[]> {
  let note: { u?: string[]; at?: string };
  try {
    note = JSON.parse(payload) as { u?: string[]; at?: string };
  } catch {
    return [];
  }
  if (Array.isArray(note.u)) {
    const wanted = new Set(note.u);
    return connected.filter((id) => wanted.has(id));
  }
  if (typeof note.at === "string" && connected.length > 0) return q.usersNotifiedAt(db, connected, note.at);
  return [];
}
