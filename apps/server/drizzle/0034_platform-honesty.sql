ALTER TABLE "platform_settings" ALTER COLUMN "live_chat_hours" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "live_chat_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "public_stats_minimum" integer DEFAULT 100 NOT NULL;