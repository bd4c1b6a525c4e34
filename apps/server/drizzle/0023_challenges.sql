CREATE TABLE "challenge_participants" (
	"challenge_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"hide_name" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "challenge_participants_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"goal_kind" text NOT NULL,
	"goal_target" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_goal_kind_check" CHECK ("challenges"."goal_kind" in ('lessons', 'hours')),
	CONSTRAINT "challenges_goal_target_check" CHECK ("challenges"."goal_target" between 1 and 1000),
	CONSTRAINT "challenges_dates_check" CHECK ("challenges"."ends_on" >= "challenges"."starts_on"),
	CONSTRAINT "challenges_title_length_check" CHECK (char_length("challenges"."title") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_participants_user_idx" ON "challenge_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "challenges_course_idx" ON "challenges" USING btree ("course_id","ends_on");--> statement-breakpoint
CREATE INDEX "discussions_course_pinned_created_idx" ON "discussions" USING btree ("course_id","is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussions"."group_id" is null;--> statement-breakpoint
CREATE INDEX "discussions_course_pinned_upvoted_idx" ON "discussions" USING btree ("course_id","is_pinned" DESC NULLS LAST,"upvote_count" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussions"."group_id" is null;
