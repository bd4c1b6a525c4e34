import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * course_reviews (issue 24 §2): one rating (1–5 stars) with optional text per student and course,
 * editable by its author; the creator replies once (reply_body, reply_at). status "hidden" after
 * an admin upheld a report (the author still sees it). helpful_count mirrors course_review_votes.
 * A trigger keeps courses.rating / rating_count / rating_total equal to the visible reviews.
 */
export const courseReviews = pgTable(
  "course_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull().default(""),
    status: text("status").notNull().default("visible"),
    helpful_count: integer("helpful_count").notNull().default(0),
    reply_body: text("reply_body"),
    reply_at: timestamp("reply_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author changes the stars or the text after writing. */
    edited_at: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("course_reviews_course_student_key").on(t.course_id, t.student_id),
    // The two sorts of a course's list ("recent", "most helpful") read their first page from these.
    // (DESC NULLS FIRST is PostgreSQL's DESC: drizzle would write NULLS LAST, which ORDER BY … DESC cannot use.)
    index("course_reviews_recent_idx").on(
      t.course_id,
      t.status,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("course_reviews_helpful_idx").on(
      t.course_id,
      t.status,
      t.helpful_count.desc().nullsFirst(),
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("course_reviews_student_idx").on(t.student_id),
    check("course_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("course_reviews_status_check", sql`${t.status} in ('visible', 'hidden')`),
    check("course_reviews_body_check", sql`char_length(${t.body}) <= 2000`),
    check("course_reviews_reply_check", sql`${t.reply_body} is null or char_length(${t.reply_body}) <= 2000`),
    check("course_reviews_helpful_check", sql`${t.helpful_count} >= 0`),
  ],
);

/** course_review_votes: who marked a review helpful (one vote per person and review). */
export const courseReviewVotes = pgTable(
  "course_review_votes",
  {
    review_id: uuid("review_id")
      .notNull()
      .references(() => courseReviews.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.review_id, t.user_id] }),
    index("course_review_votes_user_idx").on(t.user_id),
  ],
);
