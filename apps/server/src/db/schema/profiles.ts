import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * profiles (spec 001 §3 Profile): one per user, created with the user in the same transaction by
 * the `create_profile_for_user` trigger (migration 0001). role: student | creator | admin.
 */
export const profiles = pgTable(
  "profiles",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    full_name: text("full_name"),
    email: text("email").notNull(),
    avatar_url: text("avatar_url"),
    bio: text("bio"),
    role: text("role", { enum: ["student", "creator", "admin"] })
      .notNull()
      .default("creator"),
    locale: text("locale", { enum: ["en", "vi"] })
      .notNull()
      .default("vi"),
    time_zone: text("time_zone").notNull().default("Asia/Ho_Chi_Minh"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profiles_email_idx").on(sql`lower(${t.email})`),
    check("profiles_role_check", sql`${t.role} in ('student', 'creator', 'admin')`),
  ],
);
