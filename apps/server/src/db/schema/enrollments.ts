import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses, lessons, schools } from "./courses.ts";
import { landingPages } from "./landing-pages.ts";

/**
 * enrollments (spec 001 §3 Enrollment, 000 §3). One per student and course (unique key).
 * progress is a percentage 0–100; payment_status pending | completed | cancelled.
 */
export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    school_id: uuid("school_id").references(() => schools.id, { onDelete: "set null" }),
    enrollment_date: timestamp("enrollment_date", { withTimezone: true }).notNull().defaultNow(),
    payment_status: text("payment_status").notNull().default("completed"),
    payment_amount: numeric("payment_amount", { precision: 14, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    enrollment_source: text("enrollment_source").notNull().default("self"),
    progress: real("progress").notNull().default(0),
    is_completed: boolean("is_completed").notNull().default(false),
    completion_date: timestamp("completion_date", { withTimezone: true }),
    certificate_issued: boolean("certificate_issued").notNull().default(false),
    certificate_url: text("certificate_url"),
    last_accessed: timestamp("last_accessed", { withTimezone: true }),
    last_lesson_id: uuid("last_lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    /** Campaign of the /lp visit the student enrolled from (issue 12 §3; lower case, ≤ 100). */
    utm_source: text("utm_source"),
    utm_medium: text("utm_medium"),
    utm_campaign: text("utm_campaign"),
    /** The landing page (of this course) the student enrolled from (issue 12 §3). */
    landing_page_id: uuid("landing_page_id").references(() => landingPages.id, { onDelete: "set null" }),
    /**
     * The enrolment's start for drip schedules (issue 27 §1): when payment_status first became
     * completed (set by a trigger of the drip migration); null before that.
     */
    access_started_at: timestamp("access_started_at", { withTimezone: true }),
    /**
     * The furthest published lesson this enrolment has a progress row on, by (order_index,
     * created_at, id) — kept by triggers as progress is written and lessons move, are published or
     * deleted (issue 28 §5, decision 0241); null without progress. Smart Alerts' "where students
     * stop" reads it instead of every progress row.
     */
    furthest_lesson_id: uuid("furthest_lesson_id").references(() => lessons.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("enrollments_student_course_key").on(t.student_id, t.course_id),
    // Newest first with a stable tie-break: Student Management's first page and the CSV keyset.
    // (DESC NULLS FIRST is PostgreSQL's DESC: drizzle would write NULLS LAST, which ORDER BY … DESC cannot use.)
    index("enrollments_course_idx").on(
      t.course_id,
      t.enrollment_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("enrollments_date_id_idx").on(t.enrollment_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("enrollments_student_date_idx").on(t.student_id, t.enrollment_date.desc()),
    // Paid enrolments per course by date, with the completion fields: the analytics cards count
    // them index-only (decision 0216).
    index("enrollments_paid_course_idx")
      .on(t.course_id, t.enrollment_date, t.is_completed, t.completion_date)
      .where(sql`${t.payment_status} = 'completed'`),
    // Enrolments not (or no longer) paid, per course: lesson drop-off subtracts their completions
    // from the per-lesson counts (decision 0216). Few rows.
    index("enrollments_unpaid_course_idx").on(t.course_id).where(sql`${t.payment_status} <> 'completed'`),
    check("enrollments_progress_check", sql`${t.progress} >= 0 and ${t.progress} <= 100`),
    check(
      "enrollments_payment_status_check",
      sql`${t.payment_status} in ('pending', 'completed', 'cancelled')`,
    ),
  ],
);

/** lesson_progress (spec 001 §3 Lesson progress): one per enrolment and lesson; time_spent in seconds. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollment_id: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    lesson_id: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    is_completed: boolean("is_completed").notNull().default(false),
    progress: real("progress").notNull().default(0),
    time_spent: integer("time_spent").notNull().default(0),
    last_accessed: timestamp("last_accessed", { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp("completed_at", { withTimezone: true }),
    /** First `open` event of the lesson (issue 16 item 6): completion needs it; time is capped by it. */
    opened_at: timestamp("opened_at", { withTimezone: true }),
    /** Where the student stopped in an uploaded video, in seconds (issue 26 item 3: resume on any device). */
    video_position: real("video_position"),
  },
  (t) => [
    uniqueIndex("lesson_progress_enrollment_lesson_key").on(t.enrollment_id, t.lesson_id),
    index("lesson_progress_student_idx").on(t.student_id),
    index("lesson_progress_lesson_idx").on(t.lesson_id),
    // Completed lessons counted per lesson, index-only (lesson drop-off, decision 0216).
    index("lesson_progress_completed_idx").on(t.lesson_id).where(sql`${t.is_completed}`),
    check("lesson_progress_progress_check", sql`${t.progress} >= 0 and ${t.progress} <= 100`),
    check("lesson_progress_time_spent_check", sql`${t.time_spent} >= 0`),
  ],
);

/**
 * section_openings (issue 27 §1, decision 0231): one row per enrolment and drip section once its
 * opening was handled — the opening e-mail queued (`emailed` true) or skipped (open at enrolment,
 * or opened long before the job saw it). The primary key makes the e-mail go out at most once
 * across instances.
 */
export const sectionOpenings = pgTable(
  "section_openings",
  {
    enrollment_id: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    section_key: text("section_key").notNull(),
    opens_at: timestamp("opens_at", { withTimezone: true }).notNull(),
    emailed: boolean("emailed").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrollment_id, t.section_key] })],
);
