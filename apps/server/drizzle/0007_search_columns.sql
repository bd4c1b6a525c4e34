DROP INDEX "enrollments_course_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "title_fold" text GENERATED ALWAYS AS (academy_fold(title)) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (academy_fold(coalesce(full_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_fold" text GENERATED ALWAYS AS (academy_fold(email)) STORED;--> statement-breakpoint
CREATE INDEX "enrollments_date_id_idx" ON "enrollments" USING btree ("enrollment_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_id","enrollment_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);