import {
  isBehindStudyGoal,
  type PushSubscriptionInput,
  STUDY_REMINDER_MESSAGES,
  type StudyReminderSettingsInput,
  type StudyReminderState,
  studyGoalDueMinutes,
  studyMinutes,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { studyReminderEmail } from "../../email/templates.ts";
import type { VapidKeys } from "../../env.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import type { Logger } from "../../lib/logger.ts";
import { studentLearningFigures } from "../learning/learning-figures.service.ts";
import { applyLearningRollups } from "../learning/learning-rollups.service.ts";
import { unsubscribeTarget } from "../notifications/notifications.service.ts";
import {
  claimReminderDay,
  countPushSubscriptions,
  deleteOwnPushSubscription,
  deletePushSubscriptionById,
  findSettings,
  lockDueReminders,
  pushSubscriptionsOf,
  upsertPushSubscription,
  upsertSettings,
} from "./study-reminders.queries.ts";
import { type PushPayload, sendWebPush } from "./web-push.ts";

/** The app path the reminder settings live at (the student dashboard's "Study reminders" card). */
export const STUDY_REMINDER_SETTINGS_PATH = "/dashboard#study-reminders";

/** 1 = Monday … 7 = Sunday of a local day YYYY-MM-DD. */
function isoWeekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * The signed-in user's study reminders (issue 27 §3): their saved settings (null before the first
 * save) and this week's progress — whole minutes studied Monday to today in their time zone, by the
 * one study-time definition (`studentLearningFigures`, decision 0229) — with the goal's minutes
 * due by the end of today (`studyGoalDueMinutes`) and how many browsers are subscribed to push.
 */
export async function getStudyReminders(db: Db, actor: SessionUser): Promise<StudyReminderState> {
  const [row, figures, pushDevices] = await Promise.all([
    findSettings(db, actor.id),
    studentLearningFigures(db, actor.id),
    countPushSubscriptions(db, actor.id),
  ]);
  const isoWeekday = isoWeekdayOf(figures.today);
  return {
    settings: row
      ? {
          weeklyGoalMinutes: row.weekly_goal_minutes,
          reminderTime: row.reminder_time,
          emailEnabled: row.email_enabled,
          pushEnabled: row.push_enabled,
        }
      : null,
    timeZone: figures.timeZone,
    today: figures.today,
    weekStart: figures.weekStart,
    isoWeekday,
    weekMinutes: studyMinutes(figures.weekSeconds),
    dueMinutes: row ? studyGoalDueMinutes(row.weekly_goal_minutes, isoWeekday) : null,
    pushDevices,
  };
}

/** Saves the signed-in user's goal (minutes a week), reminder time (HH:MM, their time zone) and channels. */
export async function saveStudyReminders(
  db: Db,
  actor: SessionUser,
  input: StudyReminderSettingsInput,
): Promise<StudyReminderState> {
  await upsertSettings(db, actor.id, input);
  return getStudyReminders(db, actor);
}

/**
 * Stores this browser's Web Push subscription for the signed-in user. The endpoint must be an
 * https URL (a push service); `allowLoopbackHttp` (tests and development only) also accepts
 * http://127.0.0.1 and http://localhost.
 * @throws AppError VALIDATION_FAILED (not a usable endpoint).
 */
export async function subscribePush(
  db: Db,
  actor: SessionUser,
  input: PushSubscriptionInput,
  opts: { userAgent: string | null; allowLoopbackHttp: boolean },
): Promise<void> {
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    throw new AppError("VALIDATION_FAILED", STUDY_REMINDER_MESSAGES.endpoint);
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  const usable =
    url.protocol === "https:" || (opts.allowLoopbackHttp && url.protocol === "http:" && loopback);
  if (!usable || url.username || url.password)
    throw new AppError("VALIDATION_FAILED", STUDY_REMINDER_MESSAGES.endpoint);
  await upsertPushSubscription(db, actor.id, {
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
}

/** Forgets this browser's subscription of the signed-in user (nothing when it is not theirs). */
export async function unsubscribePush(db: Db, actor: SessionUser, endpoint: string): Promise<void> {
  await deleteOwnPushSubscription(db, actor.id, endpoint);
}

/** What the reminder job needs. `now` is the clock (tests pass a fake one). */
export interface StudyReminderDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  vapid: VapidKeys;
  logger?: Logger;
  now?: () => Date;
}

/** The notification's texts in the student's language (no secrets: goal, minutes, course title). */
function pushPayload(
  locale: "en" | "vi",
  weekMinutes: number,
  goalMinutes: number,
  course: { id: string; title: string } | null,
): PushPayload {
  const vi = locale === "vi";
  const progress = vi
    ? `Tuần này: ${weekMinutes}/${goalMinutes} phút.`
    : `This week: ${weekMinutes} of ${goalMinutes} min.`;
  const next = course ? (vi ? ` Học tiếp "${course.title}".` : ` Continue "${course.title}".`) : "";
  return {
    title: vi ? "Đến giờ học rồi" : "Time to study",
    body: `${progress}${next}`.slice(0, 240),
    url: course ? `/learn/${course.id}` : "/dashboard",
    tag: "study-reminder",
  };
}

/**
 * The study-reminder job (issue 27 §3, decision 0232), run every minute by every instance. In one
 * transaction: locks (SKIP LOCKED) students whose reminder time has come on their local day and
 * who were not looked at that day, applies the "behind" rule (`isBehindStudyGoal`: minutes this
 * week, Monday to today local, against `ceil(goal × weekday / 7)`), claims the day with a unique
 * study_reminder_days row (outcome sent | on_track; a second run, instance or restart finds it and
 * sends nothing), and writes the e-mail (when on) to the outbox. After commit, sends Web Push (when
 * on) to each of the student's browsers and removes subscriptions answered 404/410.
 * @returns how many reminders went out (students, not messages).
 */
export async function sendStudyReminders(deps: StudyReminderDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  await applyLearningRollups(deps.db);
  const pushes: Array<{ userId: string; payload: PushPayload }> = [];
  const sent = await deps.db.transaction(async (tx) => {
    const due = await lockDueReminders(tx, now, 500);
    let n = 0;
    for (const row of due) {
      const weekMinutes = studyMinutes(row.week_seconds);
      const dueMinutes = studyGoalDueMinutes(row.weekly_goal_minutes, row.iso_weekday);
      const behind = isBehindStudyGoal(weekMinutes, row.weekly_goal_minutes, row.iso_weekday);
      const claimed = await claimReminderDay(tx, {
        userId: row.user_id,
        localDate: row.local_date,
        outcome: behind ? "sent" : "on_track",
        weekMinutes,
        dueMinutes,
      });
      if (!claimed || !behind) continue;
      n += 1;
      const course =
        row.course_id && row.course_title ? { id: row.course_id, title: row.course_title } : null;
      const locale = row.locale === "en" ? "en" : "vi";
      if (row.email_enabled) {
        await deps.mailer.send(tx, {
          to: row.email,
          unsubscribe: unsubscribeTarget(row.user_id, "study_reminder", locale),
          ...studyReminderEmail({
            locale,
            recipientName: row.full_name,
            weekMinutes,
            goalMinutes: row.weekly_goal_minutes,
            courseTitle: course?.title ?? null,
            url: `${deps.appUrl}${course ? `/learn/${course.id}` : "/dashboard"}`,
            settingsUrl: `${deps.appUrl}${STUDY_REMINDER_SETTINGS_PATH}`,
          }),
        });
      }
      if (row.push_enabled) {
        pushes.push({
          userId: row.user_id,
          payload: pushPayload(locale, weekMinutes, row.weekly_goal_minutes, course),
        });
      }
    }
    return n;
  });
  if (pushes.length > 0) {
    const subscriptions = await pushSubscriptionsOf(
      deps.db,
      pushes.map((p) => p.userId),
    );
    for (const push of pushes) {
      for (const sub of subscriptions.filter((s) => s.user_id === push.userId)) {
        const outcome = await sendWebPush(deps.vapid, sub, push.payload);
        if (outcome === "gone") await deletePushSubscriptionById(deps.db, sub.id);
        else if (outcome === "failed")
          deps.logger?.warn({ subscription: sub.id }, "study reminder push failed");
      }
    }
  }
  return sent;
}

/** `sendStudyReminders` every `intervalMs` (one minute by default), one run at a time; started by index.ts. */
export function createStudyReminderWorker(deps: StudyReminderDeps & { logger: Logger; intervalMs: number }) {
  return createIntervalWorker(
    async () => {
      const sent = await sendStudyReminders(deps);
      if (sent > 0) deps.logger.info({ sent }, "study reminders sent");
    },
    deps.intervalMs,
    (error) => deps.logger.error({ err: error }, "study reminders failed"),
    "study-reminders",
  );
}
