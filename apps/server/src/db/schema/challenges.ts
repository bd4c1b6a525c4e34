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
import { courses } from "./courses.ts";

/**
 * challenges (spec 000 §2 "Community & Challenges"; issue 13 §6): a course creator's goal for the
 * course's students between two local days (inclusive). goal_kind lessons: complete goal_target
 * lessons of the course; hours: study goal_target hours in the course. Each participant's days
 * are days of their own profiles.time_zone (decision 0191).
 */
export const challenges = pgTable(
  "challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    goal_kind: text("goal_kind").notNull(),
    goal_target: integer("goal_target").notNull(),
    starts_on: date("starts_on", { mode: "string" }).notNull(),
    ends_on: date("ends_on", { mode: "string" }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("challenges_course_idx").on(t.course_id, t.ends_on),
    check("challenges_goal_kind_check", sql`${t.goal_kind} in ('lessons', 'hours')`),
    check("challenges_goal_target_check", sql`${t.goal_target} between 1 and 1000`),
    check("challenges_dates_check", sql`${t.ends_on} >= ${t.starts_on}`),
    check("challenges_title_length_check", sql`char_length(${t.title}) between 1 and 120`),
  ],
);

/**
 * challenge_participants (issue 13 §6): a student who joined; hide_name hides their name on the
 * leaderboard from others; completed_at is set once when their progress first reaches the goal.
 */
export const challengeParticipants = pgTable(
  "challenge_participants",
  {
    challenge_id: uuid("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    hide_name: boolean("hide_name").notNull().default(false),
    joined_at: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.challenge_id, t.user_id] }),
    index("challenge_participants_user_idx").on(t.user_id),
  ],
);
