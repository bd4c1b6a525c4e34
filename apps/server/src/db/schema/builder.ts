import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * course_drafts (spec 001 §3 Course draft): the builder's saved state. One draft per creator for
 * a new course (course_id null) and one per creator and existing course. estimated_duration in
 * hours, as typed in the builder; outline is the list of sections with their lessons.
 */
export const courseDrafts = pgTable(
  "course_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    category: text("category"),
    /** The platform subject picked in the builder (issue 14); dropped when the subject is deleted. */
    subject_id: uuid("subject_id"),
    skill_level: text("skill_level").notNull().default("beginner"),
    target_audience: text("target_audience").notNull().default("adults"),
    estimated_duration: real("estimated_duration").notNull().default(0),
    price: real("price").notNull().default(0),
    currency: text("currency").notNull().default("VND"),
    /** Money-back guarantee in days as set in the builder (issue 24 §3); null = none. */
    guarantee_days: integer("guarantee_days"),
    thumbnail_url: text("thumbnail_url"),
    outline: jsonb("outline").notNull().default(sql`'[]'::jsonb`),
    materials: jsonb("materials").notNull().default(sql`'[]'::jsonb`),
    course_structure: jsonb("course_structure"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("course_drafts_new_course_key").on(t.creator_id).where(sql`${t.course_id} is null`),
    uniqueIndex("course_drafts_course_key")
      .on(t.creator_id, t.course_id)
      .where(sql`${t.course_id} is not null`),
  ],
);

/**
 * materials (spec 000 §3 Material): a creator's library — uploaded files and AI-generated items.
 * duration in minutes; content holds generated questions, items or prompts.
 */
export const materials = pgTable(
  "materials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type").notNull(),
    category: text("category").notNull().default("general"),
    skill_level: text("skill_level").notNull().default("beginner"),
    duration: integer("duration").notNull().default(0),
    description: text("description").notNull().default(""),
    tags: jsonb("tags").notNull().default(sql`'[]'::jsonb`),
    rating: real("rating").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
    file_key: text("file_key"),
    mime_type: text("mime_type"),
    size_bytes: integer("size_bytes"),
    content: jsonb("content"),
    source: text("source").notNull().default("upload"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an admin rejects the material in the Content Library (issue 27 §4): it is no longer
     * served to students as a lesson resource until an admin approves it.
     */
    taken_down_at: timestamp("taken_down_at", { withTimezone: true }),
  },
  (t) => [index("materials_creator_created_idx").on(t.creator_id, t.created_at.desc())],
);

/**
 * stored_files: every file Academy keeps (thumbnails, materials, lesson videos, landing-page
 * images), whatever the storage backend. `key` is the storage key; `owner_id` the uploader.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    owner_id: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    area: text("area").notNull(),
    mime_type: text("mime_type").notNull(),
    size_bytes: integer("size_bytes").notNull(),
    original_name: text("original_name"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stored_files_key_key").on(t.key), index("stored_files_owner_idx").on(t.owner_id)],
);
