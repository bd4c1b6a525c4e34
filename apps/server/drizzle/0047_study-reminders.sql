CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "study_reminder_days" (
	"user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"outcome" text NOT NULL,
	"week_minutes" integer NOT NULL,
	"due_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_reminder_days_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "study_reminder_days_outcome_check" CHECK ("study_reminder_days"."outcome" in ('sent', 'on_track'))
);
--> statement-breakpoint
CREATE TABLE "study_reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weekly_goal_minutes" integer NOT NULL,
	"reminder_time" text NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"push_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_reminder_goal_check" CHECK ("study_reminder_settings"."weekly_goal_minutes" between 30 and 1200),
	CONSTRAINT "study_reminder_time_check" CHECK ("study_reminder_settings"."reminder_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_reminder_days" ADD CONSTRAINT "study_reminder_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_reminder_settings" ADD CONSTRAINT "study_reminder_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");