ALTER TABLE "guides" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "details" text;
