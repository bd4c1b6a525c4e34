CREATE TABLE "video_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"has_audio" boolean,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hls_prefix" text,
	"poster_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_assets_status_check" CHECK ("video_assets"."status" in ('pending', 'processing', 'ready', 'failed')),
	CONSTRAINT "video_assets_progress_check" CHECK ("video_assets"."progress" >= 0 and "video_assets"."progress" <= 100)
);
--> statement-breakpoint
CREATE TABLE "video_captions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"language" text NOT NULL,
	"key" text NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_language_check" CHECK ("video_captions"."language" in ('vi', 'en'))
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "video_position" real;--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_assets_stored_file_key" ON "video_assets" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "video_assets_due_idx" ON "video_assets" USING btree ("created_at") WHERE "video_assets"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "video_captions_file_language_key" ON "video_captions" USING btree ("stored_file_id","language");