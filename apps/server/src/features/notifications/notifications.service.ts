import {
  emailChoosable,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_EMAIL_KIND,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_CHANNEL,
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
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import type { Logger } from "../../lib/logger.ts";
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
 * Recipients written in the caller's transaction; a larger audience's rest is queued for the
 * fan-out worker, which writes this many per short transaction (decision 0237).
 */
export const NOTIFY_FANOUT_CHUNK = 250;

/**
 * What a feature's own database function passes to academy_fan_out (migration 0052) to write a
 * collapsed bell item of `type` for one recipient in its own statement — messaging's send does
 * (decision 0242) — with the same defaults and NOTIFY as `notify`. Only types without a generic
 * e-mail may be written this way (the function sends no e-mail).
 * @throws Error for a type whose notification e-mail `notify` would write.
 */
export function bellInDatabase(type: NotificationType): {
  defaultChannel: NotificationChannel;
  channel: string;
  idsMax: number;
} {
  if (NOTIFICATION_EMAIL_KIND[type] === "generic")
    throw new Error(`${type} notifications send e-mail: use notify()`);
  return {
    defaultChannel: NOTIFICATION_DEFAULTS[type],
    channel: NOTIFICATIONS_CHANNEL,
    idsMax: q.NOTIFY_IDS_MAX,
  };
}

/**
 * Tells people something happened (issue 27 §2, decision 0230) — the one function other features
 * call. Pass the transaction of the change so the notification exists only if it commits.
 * One INSERT … SELECT writes a row for every recipient whose preference for `type` is not `off`
 * (defaults: NOTIFICATION_DEFAULTS) and NOTIFYs the bell (delivered at commit, live in every open
 * tab); for types without an e-mail of their own (NOTIFICATION_EMAIL_KIND "generic") it writes the
 * notification e-mail, with one-click unsubscribe, to the outbox for recipients whose preference is
 * `email`. Types with their own e-mail never get a second one here.
 * Beyond the first NOTIFY_FANOUT_CHUNK distinct recipients, the rest are queued in the same
 * transaction (notification_fanouts) and written by the fan-out worker within about a second, a
 * chunk per transaction, so one announcement to 10,000 students never holds the database for long
 * (decision 0237).
 * @returns how many notifications were written and e-mails queued now, and how many recipients
 *   were queued for the worker.
 */
export async function notify(
  db: Executor,
  input: NotifyInput,
  deps: NotifyDeps,
): Promise<{ notified: number; emailed: number; queued: number }> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return { notified: 0, emailed: 0, queued: 0 };
  const data = notificationDataSchema.parse(input.data);
  const collapse = input.collapse ?? false;
  const now = userIds.slice(0, NOTIFY_FANOUT_CHUNK);
  const later = userIds.slice(NOTIFY_FANOUT_CHUNK);
  const written = await deliver(db, { type: input.type, data, link: input.link, collapse }, now, deps);
  if (later.length > 0)
    await q.queueFanout(db, { type: input.type, data, link: input.link, collapse, userIds: later });
  return { ...written, queued: later.length };
}

/** Writes one batch of notifications (and generic e-mails) for `userIds`: `notify`'s one statement. */
async function deliver(
  db: Executor,
  input: { type: NotificationType; data: NotificationData; link: string; collapse: boolean },
  userIds: string[],
  deps: NotifyDeps,
): Promise<{ notified: number; emailed: number }> {
  const wantEmail = NOTIFICATION_EMAIL_KIND[input.type] === "generic";
  const result = await q.fanOut(db, {
    userIds,
    type: input.type,
    data: input.data,
    link: input.link,
    defaultChannel: NOTIFICATION_DEFAULTS[input.type],
    collapse: input.collapse,
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
        ...notificationEmail({ locale, recipientName: r.name, type: input.type, data: input.data, url }),
        unsubscribe: { userId: r.userId, type: input.type, locale },
      };
    }),
    null,
  );
  return { notified: result.inserted, emailed };
}

/**
 * Writes every queued fan-out (decision 0237): NOTIFY_FANOUT_CHUNK recipients per transaction,
 * claimed with SKIP LOCKED (two instances share the work, never a recipient), resting between
 * chunks as long as the last one took so requests keep the database at least half the time. A crash between chunks loses nothing: the rest is still queued.
 * @returns how many notifications it wrote.
 */
export async function drainNotificationFanouts(db: Db, deps: NotifyDeps): Promise<number> {
  let written = 0;
  for (;;) {
    const started = performance.now();
    const done = await db.transaction(async (tx) => {
      const chunk = await q.takeFanoutChunk(tx, NOTIFY_FANOUT_CHUNK);
      if (!chunk) return undefined;
      const type = notificationTypeSchema.safeParse(chunk.type);
      const data = notificationDataSchema.safeParse(chunk.data);
      // A row no version of this code could have written: dropped rather than retried forever.
      if (!type.success || !data.success) return 0;
      const result = await deliver(
        tx,
        { type: type.data, data: data.data, link: chunk.link, collapse: chunk.collapse },
        chunk.userIds,
        deps,
      );
      return result.notified;
    });
    if (done === undefined) return written;
    written += done;
    // Rest as long as the chunk took (5 ms at least): on PGlite every request waits for a chunk
    // in progress, so the fan-out keeps the engine at most about half the time (decision 0237).
    const rest = Math.max(5, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, rest));
  }
}

/**
 * The fan-out worker (started by index.ts): `drainNotificationFanouts` every `intervalMs`
 * (default 1 s), one run at a time; an idle pass is one indexed query.
 */
export function createNotificationFanoutWorker(
  deps: NotifyDeps & { db: Db; logger: Logger; intervalMs?: number },
) {
  return createIntervalWorker(
    () => drainNotificationFanouts(deps.db, deps),
    deps.intervalMs ?? 1000,
    (error) => deps.logger.error({ err: error }, "notification fan-out failed"),
    "notification-fanout",
  );
}

/** How many recipients still wait in queued fan-outs. */
export function pendingFanoutRecipients(db: Executor): Promise<number> {
  return q.pendingFanoutRecipients(db);
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
