import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from "@academy/shared/schemas/notifications";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// The check constraints list the shared types and channels: adding one there changes these
// constraints, so `npm run db:generate` writes its migration (a test compares the migrated database).
const typeList = sql.raw(NOTIFICATION_TYPES.map((t) => `'${t}'`).join(", "));
const channelList = sql.raw(NOTIFICATION_CHANNELS.map((t) => `'${t}'`).join(", "));

/**
 * notifications (issue 27 §2, decision 0230): one row per recipient and event. `data` holds the
 * facts the text is written from in either language (names, titles, amounts), `link` the in-app
 * path it opens; `read_at` is null while unread. The partial index on unread rows keeps the bell's
 * count an index-only scan of that user's unread rows whatever the table's size; the (user,
 * created_at, id) index serves the newest-first cursor pagination.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").notNull().default({}),
    link: text("link").notNull(),
    read_at: timestamp("read_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.user_id, t.created_at.desc(), t.id.desc()),
    index("notifications_user_unread_idx").on(t.user_id).where(sql`${t.read_at} is null`),
    check("notifications_type_check", sql`${t.type} in (${typeList})`),
  ],
);

/**
 * notification_preferences (issue 27 §2): a person's channel for one type — in_app | email | off.
 * Only choices differing from nobody-chose are stored; a missing row means the type's default
 * (`NOTIFICATION_DEFAULTS` in packages/shared).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    channel: text("channel").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.type] }),
    check("notification_preferences_type_check", sql`${t.type} in (${typeList})`),
    check("notification_preferences_channel_check", sql`${t.channel} in (${channelList})`),
  ],
);
