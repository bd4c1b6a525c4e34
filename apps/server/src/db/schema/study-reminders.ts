import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * study_reminder_settings (issue 27 §3, decision 0232): a student's weekly study goal in minutes
 * and the local time (HH:MM, in profiles.time_zone) of their reminder; e-mail and Web Push each
 * on or off. No row: no reminders.
 */
export const studyReminderSettings = pgTable(
  "study_reminder_settings",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    weekly_goal_minutes: integer("weekly_goal_minutes").notNull(),
    /** "HH:MM", 24-hour, the student's local time. */
    reminder_time: text("reminder_time").notNull(),
    email_enabled: boolean("email_enabled").notNull().default(true),
    push_enabled: boolean("push_enabled").notNull().default(false),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("study_reminder_goal_check", sql`${t.weekly_goal_minutes} between 30 and 1200`),
    check("study_reminder_time_check", sql`${t.reminder_time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * study_reminder_days: one row per student and local day once the reminder job has looked at
 * them that day — the claim that makes "never more than one reminder a day" hold across
 * instances, restarts and late runs. outcome: sent (a reminder went out) | on_track (not behind).
 */
export const studyReminderDays = pgTable(
  "study_reminder_days",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    local_date: date("local_date", { mode: "string" }).notNull(),
    outcome: text("outcome", { enum: ["sent", "on_track"] }).notNull(),
    week_minutes: integer("week_minutes").notNull(),
    due_minutes: integer("due_minutes").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.local_date] }),
    check("study_reminder_days_outcome_check", sql`${t.outcome} in ('sent', 'on_track')`),
  ],
);

/**
 * push_subscriptions: a browser's Web Push subscription (one per user and device/browser; the
 * endpoint is unique). Removed when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    user_agent: text("user_agent"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.user_id)],
);
