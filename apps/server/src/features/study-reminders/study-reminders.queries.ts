import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { pushSubscriptions, studyReminderSettings } from "../../db/schema/index.ts";

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** A student's saved reminder settings, or undefined before the first save. */
export async function findSettings(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(studyReminderSettings)
    .where(eq(studyReminderSettings.user_id, userId));
  return row;
}

/** Creates or replaces the student's settings (one row per user). */
export async function upsertSettings(
  db: Executor,
  userId: string,
  input: { weeklyGoalMinutes: number; reminderTime: string; emailEnabled: boolean; pushEnabled: boolean },
) {
  const values = {
    weekly_goal_minutes: input.weeklyGoalMinutes,
    reminder_time: input.reminderTime,
    email_enabled: input.emailEnabled,
    push_enabled: input.pushEnabled,
    updated_at: new Date(),
  };
  await db
    .insert(studyReminderSettings)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: studyReminderSettings.user_id, set: values });
}

/** How many browsers of the user are subscribed to Web Push. */
export async function countPushSubscriptions(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, userId));
  return Number(row?.n ?? 0);
}

/**
 * Stores a browser's subscription for the user; an endpoint already stored (the same browser, or
 * a browser now signed in to another account) is taken over with its new keys.
 */
export async function upsertPushSubscription(
  db: Executor,
  userId: string,
  sub: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) {
  await db
    .insert(pushSubscriptions)
    .values({
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      user_agent: sub.userAgent,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        user_id: userId,
        p256dh: sub.p256dh,
        auth: sub.auth,
        user_agent: sub.userAgent,
        created_at: new Date(),
      },
    });
}

/** Forgets the user's subscription with this endpoint (another user's is left alone). */
export async function deleteOwnPushSubscription(db: Executor, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Removes a subscription the push service no longer knows (404 / 410). */
export async function deletePushSubscriptionById(db: Executor, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every push subscription of these users. */
export async function pushSubscriptionsOf(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.user_id, userIds));
}

/** A student whose reminder time has come today (local) and who was not looked at today yet. */
export interface DueReminderRow {
  user_id: string;
  email: string;
  full_name: string | null;
  locale: "en" | "vi";
  weekly_goal_minutes: number;
  email_enabled: boolean;
  push_enabled: boolean;
  local_date: string;
  iso_weekday: number;
  week_seconds: number;
  course_id: string | null;
  course_title: string | null;
}

/**
 * Locks (SKIP LOCKED) up to `limit` students with reminders on (e-mail or push) whose reminder
 * time (HH:MM in profiles.time_zone) is at or before `now` on their local day and who have no
 * study_reminder_days row for that day; with this week's study seconds from the learning rollup
 * (learning_days, Monday to today, local) and their last opened paid course.
 */
export async function lockDueReminders(tx: Executor, now: Date, limit: number): Promise<DueReminderRow[]> {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with due as (
      select s.user_id, s.weekly_goal_minutes, s.email_enabled, s.push_enabled,
             p.email, p.full_name, p.locale,
             (${at}::timestamptz at time zone p.time_zone) as local_ts
        from study_reminder_settings s
        join profiles p on p.user_id = s.user_id
       where (s.email_enabled or s.push_enabled)
         and to_char(${at}::timestamptz at time zone p.time_zone, 'HH24:MI') >= s.reminder_time
         and not exists (
           select 1 from study_reminder_days d
            where d.user_id = s.user_id
              and d.local_date = (${at}::timestamptz at time zone p.time_zone)::date)
       limit ${limit}
       for update of s skip locked
    )
    select due.user_id, due.email, due.full_name, due.locale, due.weekly_goal_minutes,
           due.email_enabled, due.push_enabled,
           to_char(due.local_ts::date, 'YYYY-MM-DD') as local_date,
           extract(isodow from due.local_ts)::int as iso_weekday,
           coalesce((select sum(l.seconds) from learning_days l
                      where l.student_id = due.user_id
                        and l.day between date_trunc('week', due.local_ts)::date and due.local_ts::date), 0)::int
             as week_seconds,
           last.course_id, last.course_title
      from due
      left join lateral (
        select e.course_id, c.title as course_title
          from enrollments e join courses c on c.id = e.course_id
         where e.student_id = due.user_id and e.payment_status = 'completed'
         order by e.last_accessed desc nulls last, e.enrollment_date desc
         limit 1) last on true`);
  return rowsOf<DueReminderRow>(result).map((r) => ({
    ...r,
    weekly_goal_minutes: Number(r.weekly_goal_minutes),
    iso_weekday: Number(r.iso_weekday),
    week_seconds: Number(r.week_seconds),
  }));
}

/**
 * Claims the student's local day: inserts the study_reminder_days row unless one exists.
 * @returns true when this call made the claim (only then may a reminder go out).
 */
export async function claimReminderDay(
  tx: Executor,
  row: {
    userId: string;
    localDate: string;
    outcome: "sent" | "on_track";
    weekMinutes: number;
    dueMinutes: number;
  },
): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into study_reminder_days (user_id, local_date, outcome, week_minutes, due_minutes)
    values (${row.userId}, ${row.localDate}, ${row.outcome}, ${row.weekMinutes}, ${row.dueMinutes})
    on conflict (user_id, local_date) do nothing
    returning user_id`);
  return rowsOf(result).length > 0;
}
