import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses, lessons } from "./courses.ts";
import { enrollments } from "./enrollments.ts";

/** PostgreSQL `xid8`: a 64-bit transaction id (text in and out). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
/** PostgreSQL `pg_snapshot`: which transactions a snapshot sees (text `xmin:xmax:xip,…`). */
const pgSnapshot = customType<{ data: string; driverData: string }>({ dataType: () => "pg_snapshot" });

/**
 * learning_events (issue 12 §1): append-only log of what a student did in the player, written in
 * the same transaction (or the same statement) as the progress or quiz write it records.
 * kind: open | time | complete | video_end | quiz. `seconds` is the study time the event added
 * (0–3600). Quiz events carry the score (percent) and whether it passed. `tx`: the id of the
 * transaction that wrote the row (pg_current_xact_id(), by default), which the rollup applier
 * compares with its stored snapshot (decision 0214); null for events written before 0214, which
 * the rollups already hold.
 * Kept cheap to append (decision 0216), since a row is written with every 30-second study ping:
 * - no foreign keys: the writes take enrollment_id and lesson_id from rows they read in the same
 *   statement or transaction, and each check cost about 20 µs and a key-share lock on the
 *   enrolment's or the lesson's row. The cascades are statement triggers instead (migration 0030):
 *   deleting enrolments deletes their events, deleting lessons sets their events' lesson_id to null
 *   (each one scan of the log per statement). The rollup applier folds only events whose enrolment
 *   exists, as the cascade did;
 * - no id column or primary key: nothing refers to an event, the applier finds new ones by `tx`;
 * - one index besides `tx`'s, on quiz events only (a quiz's failed attempts, a student's quizzes);
 * - no CHECK constraints: their expressions were set up for every one-row insert (about 10 µs).
 *   Only two functions write here — academy_add_time_spent ('time', seconds from greatest(0, …))
 *   and appendLearningEvent (kind from the LearningEventKind union, seconds truncated to ≥ 0).
 */
export const learningEvents = pgTable(
  "learning_events",
  {
    enrollment_id: uuid("enrollment_id").notNull(),
    student_id: text("student_id").notNull(),
    course_id: uuid("course_id").notNull(),
    lesson_id: uuid("lesson_id"),
    kind: text("kind").notNull(),
    seconds: integer("seconds").notNull().default(0),
    score: integer("score"),
    passed: smallint("passed"),
    occurred_at: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    tx: xid8("tx").default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index("learning_events_quiz_idx").on(t.enrollment_id, t.lesson_id).where(sql`${t.kind} = 'quiz'`),
    // The rollup applier's scan: events of transactions at or after its snapshot's xmin (decision 0214).
    index("learning_events_tx_idx").on(t.tx).where(sql`${t.tx} is not null`),
  ],
);

/**
 * learning_activity (issue 12 §1): the incremental rollup the analytics pages read — per student,
 * course, local day and local hour (in the student's profiles.time_zone at the moment of the
 * event): study seconds and number of events. Kept by the same statement that appends the event.
 */
export const learningActivity = pgTable(
  "learning_activity",
  {
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    seconds: integer("seconds").notNull().default(0),
    events: integer("events").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.student_id, t.course_id, t.day, t.hour] }),
    // Heatmap scans: course and day with hour and seconds in the index (index-only).
    index("learning_activity_course_day_idx").on(t.course_id, t.day, t.hour, t.seconds),
    check("learning_activity_hour_check", sql`${t.hour} >= 0 and ${t.hour} <= 23`),
  ],
);

/**
 * learning_days (issue 12 speed, decision 0185): learning_activity summed over the hours — per
 * student, course and local day: study seconds and number of events. Written by the same statement
 * as the event and its hourly row, so `sum(seconds)` per student, course and day always equals
 * learning_activity's. Daily active students, retention, streaks and study time read this (about a
 * sixth of the hourly rows); only the weekday × hour heatmaps read learning_activity.
 */
export const learningDays = pgTable(
  "learning_days",
  {
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    seconds: integer("seconds").notNull().default(0),
    events: integer("events").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.student_id, t.course_id, t.day] }),
    // Course scans by day with the student and seconds in the index (index-only daily figures).
    index("learning_days_course_day_idx").on(t.course_id, t.day, t.student_id, t.seconds),
  ],
);

/**
 * creator_learning_days (decision 0185): learning_days summed over a creator's courses — per
 * creator, local day and student: study seconds and events. One row per active student and day, so
 * a creator's daily active students are a plain count (no distinct over courses). Written by the
 * same statement as the event and its other rollups.
 */
export const creatorLearningDays = pgTable(
  "creator_learning_days",
  {
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seconds: integer("seconds").notNull().default(0),
    events: integer("events").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creator_id, t.day, t.student_id] })],
);

/**
 * course_learners (issue 28 §5, decision 0241): each student who studied a course — one row per
 * course and student with any learning_days row of more than 0 seconds, added by the rollup
 * applier in the statement that writes learning_days. The Performance tab's "per student who
 * studied" is then a count of these rows instead of a count(distinct) over every learning day.
 * Like learning_days, rows go only with the course or the account.
 */
export const courseLearners = pgTable(
  "course_learners",
  {
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.course_id, t.student_id] })],
);

/**
 * course_day_totals (decision 0216): per course and local day (the students' days, as
 * learning_days): active students (learning_days rows), study seconds and events. Kept by the
 * rollup applier in the same statement as learning_days, so the analytics pages read one row per
 * course and day instead of one per student. Anonymous counts: a deleted account's past days stay
 * counted.
 */
export const courseDayTotals = pgTable(
  "course_day_totals",
  {
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    students: integer("students").notNull().default(0),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
    events: integer("events").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.course_id, t.day] })],
);

/**
 * creator_day_totals (decision 0216): per creator and local day, creator_learning_days summed over
 * students — active students (one creator_learning_days row each), study seconds and events. Kept
 * by the rollup applier with creator_learning_days.
 */
export const creatorDayTotals = pgTable(
  "creator_day_totals",
  {
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    students: integer("students").notNull().default(0),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
    events: integer("events").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creator_id, t.day] })],
);

/**
 * course_hour_totals (decision 0216): learning_activity summed over students — study seconds per
 * course, local day and local hour; the creator's weekday × hour heatmap reads it.
 */
export const courseHourTotals = pgTable(
  "course_hour_totals",
  {
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.course_id, t.day, t.hour] }),
    check("course_hour_totals_hour_check", sql`${t.hour} >= 0 and ${t.hour} <= 23`),
  ],
);

/**
 * learning_quiz_best (decision 0216): per enrolment and quiz lesson, the best score (percent) and
 * whether any attempt passed (1/0), folded from the quiz events by the rollup applier (greatest of
 * the values, so folding an event twice changes nothing). Course Performance reads it.
 */
export const learningQuizBest = pgTable(
  "learning_quiz_best",
  {
    enrollment_id: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    lesson_id: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    course_id: uuid("course_id").notNull(),
    student_id: text("student_id").notNull(),
    score: integer("score"),
    passed: smallint("passed"),
  },
  (t) => [
    primaryKey({ columns: [t.enrollment_id, t.lesson_id] }),
    index("learning_quiz_best_course_idx").on(t.course_id, t.lesson_id),
  ],
);

/**
 * creator_students (decision 0216): per creator and student with a paid enrolment in one of the
 * creator's courses, the date of the first such enrolment. Kept by triggers on enrollments (and a
 * statement trigger on courses for deleted courses, migration 0030), so the creator's Total
 * Students and Retention cards count index entries instead of grouping every enrolment by student.
 */
export const creatorStudents = pgTable(
  "creator_students",
  {
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    first_enrolled_at: timestamp("first_enrolled_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creator_id, t.student_id] }),
    index("creator_students_first_idx").on(t.creator_id, t.first_enrolled_at),
  ],
);

/**
 * learning_rollup_state (decision 0214): one row (id 1). `applied` is the snapshot of the last
 * rollup pass: the events of every transaction it sees are in learning_activity, learning_days and
 * creator_learning_days; the others are not yet. The applier locks this row, so one pass runs at a
 * time across server instances.
 */
export const learningRollupState = pgTable(
  "learning_rollup_state",
  {
    id: smallint("id").primaryKey().default(1),
    applied: pgSnapshot("applied").notNull(),
    applied_at: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("learning_rollup_state_one_row", sql`${t.id} = 1`)],
);

/** student_goals (issue 12 §4 Goals): a student's weekly study goal in whole hours (default 10, 001 §9). */
export const studentGoals = pgTable(
  "student_goals",
  {
    student_id: text("student_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    weekly_hours: integer("weekly_hours").notNull().default(10),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("student_goals_hours_check", sql`${t.weekly_hours} >= 1 and ${t.weekly_hours} <= 100`)],
);

/**
 * client_events (issue 27 §4, decision 0234): the web app's local analytics record (spec 000 §3,
 * §9), sent in batches. One row per account and client-made event id (the primary key
 * de-duplicates a batch sent twice). name is one of CLIENT_EVENT_NAMES; properties a flat JSON
 * object (≤ 2,000 characters); occurred_at the browser's timestamp, received_at the server's.
 * A sibling of learning_events, never summed into study time, completion or quiz figures (those
 * come only from the server's progress and quiz writes), so nothing is counted twice.
 */
export const clientEvents = pgTable(
  "client_events",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    client_event_id: uuid("client_event_id").notNull(),
    name: text("name").notNull(),
    properties: jsonb("properties").notNull().default(sql`'{}'::jsonb`),
    occurred_at: timestamp("occurred_at", { withTimezone: true }).notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.client_event_id] }),
    index("client_events_name_occurred_idx").on(t.name, t.occurred_at),
  ],
);
