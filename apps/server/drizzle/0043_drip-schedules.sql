CREATE TABLE "section_openings" (
	"enrollment_id" uuid NOT NULL,
	"section_key" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"emailed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "section_openings_enrollment_id_section_key_pk" PRIMARY KEY("enrollment_id","section_key")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "section_key" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "release_after_days" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "release_on" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "access_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "section_openings" ADD CONSTRAINT "section_openings_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_release_check" CHECK (("lessons"."release_after_days" is null or "lessons"."release_after_days" between 1 and 365) and not ("lessons"."release_after_days" is not null and "lessons"."release_on" is not null));--> statement-breakpoint
-- Issue 27 §1: an enrolment's start for drip schedules is when it first became paid/active.
UPDATE "enrollments" SET "access_started_at" = "enrollment_date" WHERE "payment_status" = 'completed';--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_enrolment_access_start() RETURNS trigger AS $$
BEGIN
  IF NEW.payment_status = 'completed' AND NEW.access_started_at IS NULL THEN
    NEW.access_started_at := CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.enrollment_date, now()) ELSE now() END;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER enrollments_access_start BEFORE INSERT OR UPDATE OF payment_status ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION academy_enrolment_access_start();
