import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { storedFiles } from "./builder.ts";

/**
 * video_assets (issue 26 item 2, decision 0236): one per uploaded lesson video (stored_files area
 * `lesson-video`), the HLS transcode job and its result. Rows are created by the transcode worker
 * for every lesson-video file without one; the worker claims `pending` rows (and `processing` rows
 * whose lease `locked_until` passed: an instance that died) with FOR UPDATE SKIP LOCKED.
 * status: pending → processing → ready | failed. progress in percent (0–100); duration_seconds,
 * width, height (pixels) and has_audio from the probe; renditions = heights of the HLS variants
 * (e.g. [360, 720]); hls_prefix = storage key folder holding master.m3u8, <i>/index.m3u8, segments
 * and poster.jpg (one folder per attempt, objects are never overwritten); error = why it failed.
 */
export const videoAssets = pgTable(
  "video_assets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stored_file_id: uuid("stored_file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    duration_seconds: real("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    has_audio: boolean("has_audio"),
    renditions: jsonb("renditions").notNull().default(sql`'[]'::jsonb`),
    hls_prefix: text("hls_prefix"),
    poster_key: text("poster_key"),
    error: text("error"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("video_assets_stored_file_key").on(t.stored_file_id),
    index("video_assets_due_idx").on(t.created_at).where(sql`${t.status} in ('pending', 'processing')`),
    check("video_assets_status_check", sql`${t.status} in ('pending', 'processing', 'ready', 'failed')`),
    check("video_assets_progress_check", sql`${t.progress} >= 0 and ${t.progress} <= 100`),
  ],
);

/**
 * video_captions (issue 26 item 4): a WebVTT caption track of an uploaded lesson video per language
 * (vi, en); SRT uploads are converted to WebVTT before they are stored under `key`.
 */
export const videoCaptions = pgTable(
  "video_captions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stored_file_id: uuid("stored_file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    key: text("key").notNull(),
    original_name: text("original_name"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("video_captions_file_language_key").on(t.stored_file_id, t.language),
    check("video_captions_language_check", sql`${t.language} in ('vi', 'en')`),
  ],
);
