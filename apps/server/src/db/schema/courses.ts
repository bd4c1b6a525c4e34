import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { subjects } from "./admin.ts";
import { user } from "./auth.ts";

/** schools (spec 001 §3 School): one per creator, created on first publish. */
export const schools = pgTable(
  "schools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    is_active: boolean("is_active").notNull().default(true),
    /** Branding (issue 15): uploaded files' /files/… URLs, colours as #rrggbb, a font key. */
    logo_url: text("logo_url"),
    favicon_url: text("favicon_url"),
    primary_color: text("primary_color"),
    accent_color: text("accent_color"),
    font: text("font"),
    support_email: text("support_email"),
    /** Seller details printed on receipts (issue 23 §9), all optional: legal name, tax code, address. */
    legal_name: text("legal_name"),
    tax_code: text("tax_code"),
    business_address: text("business_address"),
    /** `{ facebook?, zalo?, tiktok?, youtube? }` — https URLs. */
    social_links: jsonb("social_links").notNull().default(sql`'{}'::jsonb`),
    /** When the creator first saved Branding & Domains (the setup checklist counts it). */
    branded_at: timestamp("branded_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("schools_creator_id_key").on(t.creator_id)],
);

/**
 * courses (spec 001 §3 Course, 000 §3 courses). estimated_duration is in minutes; price in the
 * course currency (whole VND for VND).
 */
export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    school_id: uuid("school_id").references(() => schools.id, { onDelete: "set null" }),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    short_description: text("short_description"),
    category: text("category"),
    skill_level: text("skill_level"),
    target_audience: text("target_audience"),
    estimated_duration: integer("estimated_duration").notNull().default(0),
    course_structure: jsonb("course_structure"),
    total_lessons: integer("total_lessons").notNull().default(0),
    is_published: boolean("is_published").notNull().default(false),
    thumbnail_url: text("thumbnail_url"),
    enrollment_count: integer("enrollment_count").notNull().default(0),
    rating: real("rating").notNull().default(0),
    rating_count: integer("rating_count").notNull().default(0),
    is_free: boolean("is_free").notNull().default(true),
    currency: text("currency").notNull().default("VND"),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
    /**
     * Money-back guarantee in days (issue 24 §3): null = none; 1–90. Shown and honoured only for a
     * paid course; new orders keep the value they were opened with (`orders.guarantee_days`).
     */
    guarantee_days: integer("guarantee_days"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** academy_fold(title), kept by the database for accent-insensitive search. */
    title_fold: text("title_fold").generatedAlwaysAs(sql`academy_fold(title)`),
    /** The platform subject picked in the builder (issue 14); a subject in use cannot be deleted. */
    subject_id: uuid("subject_id").references(() => subjects.id, { onDelete: "restrict" }),
    /**
     * Issue 24 §2: the sum of the visible reviews' stars. `rating` (their mean) and `rating_count`
     * are kept with it by the course_reviews trigger (migration 0037), whatever code writes reviews.
     */
    rating_total: integer("rating_total").notNull().default(0),
    /** The share of the course (enrolment progress, %) a student completes before reviewing it. */
    review_min_progress: integer("review_min_progress").notNull().default(30),
    /**
     * Issue 24 §4: set when an admin upheld a report and took the course down. While set, the
     * owner cannot publish it (services, and a trigger of migration 0038) until an admin approves
     * their review request; copies keep it.
     */
    taken_down_at: timestamp("taken_down_at", { withTimezone: true }),
  },
  (t) => [
    index("courses_creator_created_idx").on(t.creator_id, t.created_at.desc()),
    index("courses_published_idx").on(t.is_published),
    index("courses_subject_idx").on(t.subject_id),
    check("courses_enrollment_count_check", sql`${t.enrollment_count} >= 0`),
    check("courses_price_check", sql`${t.price} >= 0`),
    check("courses_currency_check", sql`${t.currency} in ('VND', 'USD')`),
    check("courses_review_min_progress_check", sql`${t.review_min_progress} between 0 and 100`),
    check(
      "courses_guarantee_days_check",
      sql`${t.guarantee_days} is null or ${t.guarantee_days} between 1 and 90`,
    ),
  ],
);

/** lessons (spec 001 §3 Lesson). duration in minutes; content_type text | video | quiz. */
export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    order_index: integer("order_index").notNull().default(0),
    duration: integer("duration").notNull().default(0),
    content_type: text("content_type").notNull().default("text"),
    content_url: text("content_url"),
    content_data: jsonb("content_data"),
    is_published: boolean("is_published").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Drip schedule (issue 27 §1, decision 0231), copied from the lesson's builder section at
     * publish: the section's id, and its release rule — release_after_days (1–365 days after the
     * enrolment's start) or release_on (00:00 of that date in the school's time zone); both null:
     * open at enrolment.
     */
    section_key: text("section_key"),
    release_after_days: integer("release_after_days"),
    release_on: text("release_on"),
  },
  (t) => [
    check(
      "lessons_release_check",
      sql`(${t.release_after_days} is null or ${t.release_after_days} between 1 and 365) and not (${t.release_after_days} is not null and ${t.release_on} is not null)`,
    ),
    uniqueIndex("lessons_course_slug_key").on(t.course_id, t.slug),
    index("lessons_course_order_idx").on(t.course_id, t.order_index),
    check("lessons_content_type_check", sql`${t.content_type} in ('text', 'video', 'quiz')`),
  ],
);
