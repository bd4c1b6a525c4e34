import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
    /**
     * Issue 24 §7: the person stated their language (the UI language at sign-up, the language
     * switch, account settings): every device they sign in on then uses `locale`.
     */
    locale_chosen: boolean("locale_chosen").notNull().default(false),
    time_zone: text("time_zone").notNull().default("Asia/Ho_Chi_Minh"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** academy_fold(full_name) and academy_fold(email), kept by the database for accent-insensitive search. */
    name_fold: text("name_fold").generatedAlwaysAs(sql`academy_fold(coalesce(full_name, ''))`),
    email_fold: text("email_fold").generatedAlwaysAs(sql`academy_fold(email)`),
  },
  (t) => [
    index("profiles_email_idx").on(sql`lower(${t.email})`),
    check("profiles_role_check", sql`${t.role} in ('student', 'creator', 'admin')`),
  ],
);
