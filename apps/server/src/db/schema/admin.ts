import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * subjects (spec 001 §3 admin records, issue 14): the platform's subject list managed in the Admin
 * Panel. New subjects are active; icon defaults to 📚. totalCourses is counted from
 * `courses.subject_id`, never stored. A subject in use cannot be deleted (FK restrict).
 */
export const subjects = pgTable(
  "subjects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon").notNull().default("📚"),
    is_active: boolean("is_active").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("subjects_name_key").on(sql`lower(${t.name})`)],
);

/**
 * branding_kits (spec 001 §9 themes, issue 14): colours, fonts and corner radius a creator can
 * apply to their school and landing pages. Modern, Academic, Creative, Professional are seeded.
 * colors: { primary, secondary, accent, background, text } (#rrggbb); fonts: { heading, body };
 * radius in pixels (0–20).
 */
export const brandingKits = pgTable(
  "branding_kits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    theme: text("theme").notNull().default("custom"),
    colors: jsonb("colors").$type<Record<string, string>>().notNull(),
    fonts: jsonb("fonts").$type<{ heading: string; body: string }>().notNull(),
    radius: integer("radius").notNull().default(8),
    is_active: boolean("is_active").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("branding_kits_name_key").on(sql`lower(${t.name})`),
    check("branding_kits_radius_check", sql`${t.radius} between 0 and 20`),
  ],
);

/**
 * platform_settings (issue 14 Settings): exactly one row (id = 1), seeded by the migration.
 * signup_mode: open | invite-only | closed (enforced at sign-up on the server).
 */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: smallint("id").primaryKey().default(1),
    platform_name: text("platform_name").notNull().default("Academy"),
    support_email: text("support_email").notNull().default("support@academy.local"),
    default_language: text("default_language").notNull().default("vi"),
    signup_mode: text("signup_mode").notNull().default("open"),
    maintenance_banner: text("maintenance_banner").notNull().default(""),
    live_chat_hours: text("live_chat_hours").notNull().default(""),
    /** The live chat's https link; live chat is mentioned only when set (issue 24 §1). */
    live_chat_url: text("live_chat_url").notNull().default(""),
    /**
     * The home page shows a platform figure (creators, published courses, students, certificates)
     * only once it reaches this many (issue 24 §1: real figures or none).
     */
    public_stats_minimum: integer("public_stats_minimum").notNull().default(100),
    /** Contact of /.well-known/security.txt (issue 25 item 7): a mailto: or https: URL; null = the support e-mail. */
    security_contact: text("security_contact"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("platform_settings_singleton", sql`${t.id} = 1`),
    check("platform_settings_language_check", sql`${t.default_language} in ('en', 'vi')`),
    check("platform_settings_signup_check", sql`${t.signup_mode} in ('open', 'invite-only', 'closed')`),
  ],
);

/**
 * admin_audit_log (issue 14): one row per admin action — who (actor, null for the command line),
 * what (action, target), the state before and after (JSON), when.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actor_id: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actor_email: text("actor_email").notNull(),
    action: text("action").notNull(),
    target_type: text("target_type").notNull(),
    target_id: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.created_at.desc(), t.id)],
);

/**
 * user_suspensions (issue 14 Users): a suspended account; its sessions are deleted when the row is
 * written and sign-in is refused while it exists. Restoring deletes the row.
 */
export const userSuspensions = pgTable("user_suspensions", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  suspended_by: text("suspended_by").references(() => user.id, { onDelete: "set null" }),
  reason: text("reason").notNull().default(""),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
