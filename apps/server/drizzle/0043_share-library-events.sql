CREATE TABLE "client_events" (
	"user_id" text NOT NULL,
	"client_event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_events_user_id_client_event_id_pk" PRIMARY KEY("user_id","client_event_id")
);
--> statement-breakpoint
CREATE TABLE "achievement_shares" (
	"share_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"achievement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_shares_user_achievement_key" UNIQUE("user_id","achievement")
);
--> statement-breakpoint
CREATE TABLE "content_reviews" (
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reviews_target_type_target_id_pk" PRIMARY KEY("target_type","target_id"),
	CONSTRAINT "content_reviews_target_type_check" CHECK ("content_reviews"."target_type" in ('course', 'landing_page', 'material')),
	CONSTRAINT "content_reviews_status_check" CHECK ("content_reviews"."status" in ('approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_events" ADD CONSTRAINT "client_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_shares" ADD CONSTRAINT "achievement_shares_award_fk" FOREIGN KEY ("user_id","achievement") REFERENCES "public"."achievement_awards"("user_id","achievement") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_events_name_occurred_idx" ON "client_events" USING btree ("name","occurred_at");