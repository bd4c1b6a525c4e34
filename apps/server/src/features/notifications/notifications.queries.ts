import { NOTIFICATIONS_CHANNEL } from "@academy/shared";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** At most this many recipient ids travel in a NOTIFY payload (8,000 bytes); more send the batch's time instead. */
export const NOTIFY_IDS_MAX = 150;

export interface EmailRecipient {
  userId: string;
  email: string;
  name: string | null;
  locale: "en" | "vi" | null;
}

/**
 * The notification fan-out as ONE statement: the distinct recipients (ids that exist) with their
 * channel for `type` (their preference, else `defaultChannel`); one INSERT … SELECT of a row for
 * everyone whose channel is not `off` (and, with `collapse`, who has no unread notification of the
 * same type and link yet); one `pg_notify` on NOTIFICATIONS_CHANNEL (delivered at commit) with the
 * recipients' ids, or — for more than NOTIFY_IDS_MAX — the rows' shared created_at; and, when
 * `wantEmail`, the address, name and language of everyone written to whose channel is `email`
 * (a recipient `collapse` skipped gets no e-mail either).
 * The statement is the database function academy_fan_out (migration 0052, decision 0242): its plan
 * is made once per connection, not on every call.
 */
export async function fanOut(
  db: Executor,
  input: {
    userIds: string[];
    type: string;
    data: unknown;
    link: string;
    defaultChannel: string;
    collapse: boolean;
    wantEmail: boolean;
  },
): Promise<{ inserted: number; emails: EmailRecipient[] }> {
  const result = await db.execute(sql`
    select inserted, emails
      from academy_fan_out(${JSON.stringify(input.userIds)}::jsonb, ${input.type}::text,
                           ${JSON.stringify(input.data)}::jsonb, ${input.link}::text,
                           ${input.defaultChannel}::text, ${input.collapse}::boolean,
                           ${input.wantEmail}::boolean, ${NOTIFICATIONS_CHANNEL}::text,
                           ${NOTIFY_IDS_MAX}::integer)`);
  const row = rowsOf<{ inserted: number; emails: EmailRecipient[] | string }>(result)[0];
  const emails =
    typeof row?.emails === "string" ? (JSON.parse(row.emails) as EmailRecipient[]) : (row?.emails ?? []);
  return { inserted: Number(row?.inserted ?? 0), emails };
}

/** Of `userIds`, those with a notification created at `at` (a large fan-out's NOTIFY). */
export async function usersNotifiedAt(db: Executor, userIds: string[], at: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct n.user_id from notifications n
     where n.user_id in (select value from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
       and n.created_at = ${at}::timestamptz`);
  return rowsOf<{ user_id: string }>(result).map((r) => r.user_id);
}

export interface NotificationRow {
  id: string;
  type: string;
  data: unknown;
  link: string;
  read_at: Date | string | null;
  created_at: string;
}

/**
 * A page of `userId`'s notifications, newest first, strictly older than the cursor
 * (created_at, id) when given; `limit` rows at most. created_at is returned as text with its
 * microseconds so the cursor is exact.
 */
export async function listNotifications(
  db: Executor,
  userId: string,
  cursor: { createdAt: string; id: string } | null,
  limit: number,
): Promise<NotificationRow[]> {
  const result = await db.execute(sql`
    select id, type, data, link, read_at,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
      from notifications
     where user_id = ${userId}
       ${cursor ? sql`and (created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``}
     order by created_at desc, id desc
     limit ${limit}`);
  return rowsOf<NotificationRow>(result);
}

/** Unread notifications of `userId`, counted up to `cap` (an index-only scan of the partial index). */
export async function countUnread(db: Executor, userId: string, cap: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from notifications where user_id = ${userId} and read_at is null limit ${cap}) t`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Marks one of `userId`'s notifications read (kept if already read); false when it is not theirs or missing. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    update notifications set read_at = coalesce(read_at, now())
     where id = ${id}::uuid and user_id = ${userId}
    returning id`);
  return rowsOf(result).length > 0;
}

/** Marks every unread notification of `userId` read; returns how many changed. */
export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(sql`
    update notifications set read_at = now() where user_id = ${userId} and read_at is null returning 1`);
  return rowsOf(result).length;
}

/** NOTIFY the user's own tabs (a read elsewhere changes their count). */
export async function notifyUsers(db: Executor, userIds: string[]): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify({ u: userIds })})`);
}

/** `userId`'s stored choices (types without a row use their default). */
export async function preferenceRows(
  db: Executor,
  userId: string,
): Promise<Array<{ type: string; channel: string }>> {
  const result = await db.execute(sql`
    select type, channel from notification_preferences where user_id = ${userId}`);
  return rowsOf(result);
}

/** Stores `userId`'s channel for each type (upsert). */
export async function upsertPreferences(
  db: Executor,
  userId: string,
  rows: Array<{ type: string; channel: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into notification_preferences (user_id, type, channel)
    select ${userId}, x->>'type', x->>'channel' from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) x
    on conflict (user_id, type) do update set channel = excluded.channel, updated_at = now()`);
}

/**
 * The study reminder's own e-mail switch (`study_reminder_settings.email_enabled`, issue 27 §3) is
 * what the reminder job reads; one-click unsubscribe from a reminder turns it off too.
 */
export async function turnOffStudyReminderEmail(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update study_reminder_settings set email_enabled = false where user_id = ${userId}`);
}

/** The channel of `type` for each of `userIds` (their stored choice or `defaultChannel`). */
export async function channelsFor(
  db: Executor,
  userIds: string[],
  type: string,
  defaultChannel: string,
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select r.id as user_id, coalesce(p.channel, ${defaultChannel}) as channel
      from (select distinct value as id from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)) r
      left join notification_preferences p on p.user_id = r.id and p.type = ${type}`);
  return new Map(rowsOf<{ user_id: string; channel: string }>(result).map((r) => [r.user_id, r.channel]));
}

/** Whether an account exists, and its language (the unsubscribe page). */
export async function accountLocale(db: Executor, userId: string): Promise<"en" | "vi" | null> {
  const result = await db.execute(sql`select locale from profiles where user_id = ${userId}`);
  const row = rowsOf<{ locale: "en" | "vi" }>(result)[0];
  return row ? row.locale : null;
}

/** A large notification's recipients still to write (decision 0237): one notification_fanouts row. */
export async function queueFanout(
  db: Executor,
  input: { type: string; data: unknown; link: string; collapse: boolean; userIds: string[] },
): Promise<void> {
  await db.execute(sql`
    insert into notification_fanouts (type, data, link, collapse, user_ids)
    values (${input.type}, ${JSON.stringify(input.data)}::jsonb, ${input.link}, ${input.collapse},
            array(select jsonb_array_elements_text(${JSON.stringify(input.userIds)}::jsonb)))`);
}

export interface FanoutChunk {
  id: string;
  type: string;
  data: unknown;
  link: string;
  collapse: boolean;
  /** The next recipients, at most `size`. */
  userIds: string[];
  /** Whether recipients remain after these. */
  more: boolean;
}

/**
 * Takes the next `size` recipients of the oldest fan-out no other transaction holds (FOR UPDATE
 * SKIP LOCKED, so two instances never take the same ones) and removes them from the row, deleting
 * it when none is left. Call inside the transaction that writes their notifications.
 */
export async function takeFanoutChunk(db: Executor, size: number): Promise<FanoutChunk | undefined> {
  const claimed = rowsOf<{
    id: string;
    type: string;
    data: unknown;
    link: string;
    collapse: boolean;
    user_ids: string[] | string;
    remaining: number;
  }>(
    await db.execute(sql`
      select id, type, data, link, collapse, user_ids[1:${size}] as user_ids,
             cardinality(user_ids) as remaining
        from notification_fanouts
       order by created_at, id
       limit 1
         for update skip locked`),
  )[0];
  if (!claimed) return undefined;
  const more = Number(claimed.remaining) > size;
  if (more)
    await db.execute(sql`
      update notification_fanouts set user_ids = user_ids[${size + 1}:] where id = ${claimed.id}`);
  else await db.execute(sql`delete from notification_fanouts where id = ${claimed.id}`);
  return {
    id: claimed.id,
    type: claimed.type,
    data: typeof claimed.data === "string" ? JSON.parse(claimed.data) : claimed.data,
    link: claimed.link,
    collapse: claimed.collapse,
    userIds: parseTextArray(claimed.user_ids),
    more,
  };
}

/** A text[] as node-postgres or PGlite returns it (an array, or its literal `{a,b}` when untyped). */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner === "" ? [] : inner.split(",").map((v) => v.replace(/^"|"$/g, ""));
}

/** How many recipients wait in fan-outs (the benchmark and tests wait for 0). */
export async function pendingFanoutRecipients(db: Executor): Promise<number> {
  const row = rowsOf<{ n: number }>(
    await db.execute(sql`select coalesce(sum(cardinality(user_ids)), 0)::int as n from notification_fanouts`),
  )[0];
  return Number(row?.n ?? 0);
}
