import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * buddy_preferences (issue 13 §5; decision 0188): one row per student who saved the form.
 * visible is the opt-in (only visible students are suggested or can be asked); course_ids are the
 * courses to find buddies in (empty: all of the student's courses); availability holds weekly
 * slots ("mon:morning" …) in time_zone; language is any | vi | en.
 */
export const buddyPreferences = pgTable(
  "buddy_preferences",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    visible: boolean("visible").notNull().default(false),
    course_ids: uuid("course_ids").array().notNull().default(sql`'{}'::uuid[]`),
    goals: text("goals").array().notNull().default(sql`'{}'::text[]`),
    availability: text("availability").array().notNull().default(sql`'{}'::text[]`),
    language: text("language").notNull().default("any"),
    time_zone: text("time_zone").notNull(),
    /** The student's own level (issue 27 §4, decision 0233): beginner | intermediate | advanced, or null. */
    level: text("level"),
    /** Study Style (spec 000 §2 Study Buddies): visual | auditory | kinesthetic | reading, or null. */
    study_style: text("study_style"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("buddy_preferences_visible_idx").on(t.user_id).where(sql`${t.visible}`),
    check("buddy_preferences_language_check", sql`${t.language} in ('any', 'vi', 'en')`),
    check(
      "buddy_preferences_level_check",
      sql`${t.level} is null or ${t.level} in ('beginner', 'intermediate', 'advanced')`,
    ),
    check(
      "buddy_preferences_study_style_check",
      sql`${t.study_style} is null or ${t.study_style} in ('visual', 'auditory', 'kinesthetic', 'reading')`,
    ),
  ],
);

/**
 * buddy_links (issue 13 §5): a request from requester to addressee and what became of it:
 * pending → accepted | declined | cancelled, accepted → removed. pair_low/pair_high are the two ids
 * in order; at most one live (pending or accepted) link per pair, enforced by a partial unique
 * index, so two requests or two accepts racing end with exactly one.
 */
export const buddyLinks = pgTable(
  "buddy_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requester_id: text("requester_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    addressee_id: text("addressee_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    pair_low: text("pair_low").notNull(),
    pair_high: text("pair_high").notNull(),
    status: text("status").notNull().default("pending"),
    note: text("note"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    responded_at: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("buddy_links_live_pair_key")
      .on(t.pair_low, t.pair_high)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index("buddy_links_requester_idx").on(t.requester_id, t.created_at),
    index("buddy_links_addressee_idx").on(t.addressee_id, t.status),
    check(
      "buddy_links_status_check",
      sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled', 'removed')`,
    ),
    check("buddy_links_pair_check", sql`${t.pair_low} < ${t.pair_high}`),
    check("buddy_links_note_check", sql`${t.note} is null or char_length(${t.note}) <= 300`),
  ],
);

/**
 * user_blocks (issue 13 §5): blocker no longer sees blocked (and the other way round) in
 * suggestions, neither can ask the other, and their buddy link and conversation end.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blocker_id: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blocked_id: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blocker_id, t.blocked_id] }),
    index("user_blocks_blocked_idx").on(t.blocked_id),
  ],
);
