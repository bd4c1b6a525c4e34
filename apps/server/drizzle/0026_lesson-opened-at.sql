ALTER TABLE "lesson_progress" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
-- Rows written before issue 16 item 6: taken as opened when their counted time began.
UPDATE "lesson_progress" SET "opened_at" = "last_accessed" - make_interval(secs => "time_spent") WHERE "opened_at" IS NULL;
