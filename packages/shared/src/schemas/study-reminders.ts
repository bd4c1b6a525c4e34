import { z } from "zod";
import {
  STUDY_GOAL_MAX_MINUTES,
  STUDY_GOAL_MIN_MINUTES,
  STUDY_GOAL_STEP_MINUTES,
  STUDY_REMINDER_MESSAGES,
} from "../rules/study-reminders.ts";

/**
 * Study reminder contracts (issue 27 §3, decision 0232). Minutes are whole minutes; times are
 * "HH:MM" (24-hour) in the student's own time zone (profiles.time_zone).
 */

/** PUT /api/study-reminders: the student's weekly goal, reminder time and channels. */
export const studyReminderSettingsInputSchema = z.object({
  weeklyGoalMinutes: z
    .number({ error: STUDY_REMINDER_MESSAGES.goal })
    .int(STUDY_REMINDER_MESSAGES.goal)
    .min(STUDY_GOAL_MIN_MINUTES, STUDY_REMINDER_MESSAGES.goal)
    .max(STUDY_GOAL_MAX_MINUTES, STUDY_REMINDER_MESSAGES.goal)
    .refine((m) => m % STUDY_GOAL_STEP_MINUTES === 0, STUDY_REMINDER_MESSAGES.goal),
  reminderTime: z
    .string({ error: STUDY_REMINDER_MESSAGES.time })
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, STUDY_REMINDER_MESSAGES.time),
  emailEnabled: z.boolean(),
  pushEnabled: z.boolean(),
});
export type StudyReminderSettingsInput = z.infer<typeof studyReminderSettingsInputSchema>;

/** GET /api/study-reminders: the saved settings (null before the first save) and this week's progress. */
export const studyReminderStateSchema = z.object({
  settings: studyReminderSettingsInputSchema.nullable(),
  /** The student's time zone and today's local day (YYYY-MM-DD); weeks start on Monday. */
  timeZone: z.string(),
  today: z.string(),
  weekStart: z.string(),
  /** 1 = Monday … 7 = Sunday, local. */
  isoWeekday: z.number().int(),
  /** Whole minutes studied this week (the dashboard's study time definition, decision 0229). */
  weekMinutes: z.number().int(),
  /** Minutes of the goal due by the end of today (null without a goal). */
  dueMinutes: z.number().int().nullable(),
  /** Browsers of this account subscribed to Web Push. */
  pushDevices: z.number().int(),
});
export type StudyReminderState = z.infer<typeof studyReminderStateSchema>;

/** POST /api/study-reminders/push-subscriptions: a browser's PushSubscription.toJSON(). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().url(STUDY_REMINDER_MESSAGES.endpoint).max(2000, STUDY_REMINDER_MESSAGES.endpoint),
  keys: z.object({
    p256dh: z.string().min(16, STUDY_REMINDER_MESSAGES.endpoint).max(200, STUDY_REMINDER_MESSAGES.endpoint),
    auth: z.string().min(8, STUDY_REMINDER_MESSAGES.endpoint).max(100, STUDY_REMINDER_MESSAGES.endpoint),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/study-reminders/push-subscriptions: which browser to forget. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: z.string().max(2000) });

/** GET /api/study-reminders/vapid-public-key: the application server key for PushManager.subscribe. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
