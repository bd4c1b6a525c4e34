CREATE TABLE "course_review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply_body" text,
	"reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "course_reviews_rating_check" CHECK ("course_reviews"."rating" between 1 and 5),
	CONSTRAINT "course_reviews_status_check" CHECK ("course_reviews"."status" in ('visible', 'hidden')),
	CONSTRAINT "course_reviews_body_check" CHECK (char_length("course_reviews"."body") <= 2000),
	CONSTRAINT "course_reviews_reply_check" CHECK ("course_reviews"."reply_body" is null or char_length("course_reviews"."reply_body") <= 2000),
	CONSTRAINT "course_reviews_helpful_check" CHECK ("course_reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "content_reports" DROP CONSTRAINT "content_reports_target_type_check";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "review_min_progress" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_review_votes" ADD CONSTRAINT "course_review_votes_review_id_course_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."course_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_review_votes" ADD CONSTRAINT "course_review_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_review_votes_user_idx" ON "course_review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_reviews_course_student_key" ON "course_reviews" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "course_reviews_recent_idx" ON "course_reviews" USING btree ("course_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "course_reviews_helpful_idx" ON "course_reviews" USING btree ("course_id","status","helpful_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "course_reviews_student_idx" ON "course_reviews" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_review_min_progress_check" CHECK ("courses"."review_min_progress" between 0 and 100);--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_target_type_check" CHECK ("content_reports"."target_type" in ('discussion', 'discussion_reply', 'course', 'landing_page', 'material', 'course_review'));--> statement-breakpoint
-- Issue 24 §2: a course's rating is the mean of its visible reviews, kept here whatever code path
-- writes reviews (insert, edit, hide, delete, account deletion). Any figure stored before real
-- reviews existed is dropped: nothing invented.
UPDATE "courses" SET "rating" = 0, "rating_count" = 0, "rating_total" = 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_course_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND OLD.status = 'visible';
  new_counts boolean := TG_OP <> 'DELETE' AND NEW.status = 'visible';
BEGIN
  IF TG_OP = 'UPDATE' AND old_counts AND new_counts AND OLD.course_id = NEW.course_id THEN
    IF OLD.rating <> NEW.rating THEN
      UPDATE courses SET rating_total = rating_total - OLD.rating + NEW.rating,
        rating = (rating_total - OLD.rating + NEW.rating)::real / greatest(rating_count, 1)
       WHERE id = NEW.course_id;
    END IF;
    RETURN NULL;
  END IF;
  IF old_counts THEN
    UPDATE courses SET rating_total = rating_total - OLD.rating, rating_count = rating_count - 1,
      rating = CASE WHEN rating_count - 1 > 0 THEN (rating_total - OLD.rating)::real / (rating_count - 1) ELSE 0 END
     WHERE id = OLD.course_id;
  END IF;
  IF new_counts THEN
    UPDATE courses SET rating_total = rating_total + NEW.rating, rating_count = rating_count + 1,
      rating = (rating_total + NEW.rating)::real / (rating_count + 1)
     WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_reviews_rating" AFTER INSERT OR DELETE OR UPDATE OF "rating", "status", "course_id" ON "course_reviews"
  FOR EACH ROW EXECUTE FUNCTION academy_course_rating();--> statement-breakpoint
-- helpful_count is the number of course_review_votes of the review.
CREATE OR REPLACE FUNCTION academy_review_helpful() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE course_reviews SET helpful_count = helpful_count + 1 WHERE id = NEW.review_id;
  ELSE
    UPDATE course_reviews SET helpful_count = greatest(helpful_count - 1, 0) WHERE id = OLD.review_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_review_votes_helpful" AFTER INSERT OR DELETE ON "course_review_votes"
  FOR EACH ROW EXECUTE FUNCTION academy_review_helpful();
