CREATE TABLE "buddy_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"addressee_id" text NOT NULL,
	"pair_low" text NOT NULL,
	"pair_high" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "buddy_links_status_check" CHECK ("buddy_links"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'removed')),
	CONSTRAINT "buddy_links_pair_check" CHECK ("buddy_links"."pair_low" < "buddy_links"."pair_high"),
	CONSTRAINT "buddy_links_note_check" CHECK ("buddy_links"."note" is null or char_length("buddy_links"."note") <= 300)
);
--> statement-breakpoint
CREATE TABLE "buddy_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text DEFAULT 'any' NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buddy_preferences_language_check" CHECK ("buddy_preferences"."language" in ('any', 'vi', 'en'))
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
DROP INDEX "conversations_course_student_key";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "kind" text DEFAULT 'course' NOT NULL;--> statement-breakpoint
ALTER TABLE "buddy_links" ADD CONSTRAINT "buddy_links_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buddy_links" ADD CONSTRAINT "buddy_links_addressee_id_user_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buddy_preferences" ADD CONSTRAINT "buddy_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buddy_links_live_pair_key" ON "buddy_links" USING btree ("pair_low","pair_high") WHERE "buddy_links"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "buddy_links_requester_idx" ON "buddy_links" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "buddy_links_addressee_idx" ON "buddy_links" USING btree ("addressee_id","status");--> statement-breakpoint
CREATE INDEX "buddy_preferences_visible_idx" ON "buddy_preferences" USING btree ("user_id") WHERE "buddy_preferences"."visible";--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_buddy_pair_key" ON "conversations" USING btree ("teacher_id","student_id") WHERE "conversations"."kind" = 'buddy';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_course_student_key" ON "conversations" USING btree ("course_id","student_id") WHERE "conversations"."kind" = 'course';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('course', 'buddy'));