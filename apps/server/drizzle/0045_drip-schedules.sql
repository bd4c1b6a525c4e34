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
--> statement-breakpoint
-- Issue 27 §1: the 30-second "time" write (migration 0031) answers no row for a lesson that may
-- still be locked, so learning.service.ts falls back to its full check (which refuses it).
CREATE OR REPLACE FUNCTION academy_add_time_spent(
  p_student text, p_course uuid, p_lesson uuid, p_delta integer, p_cap boolean)
RETURNS TABLE (lp_is_completed boolean, lp_progress real, lp_time_spent integer, lp_completed_at timestamptz,
               id uuid, progress real, is_completed boolean, completion_date timestamptz,
               certificate_issued boolean, certificate_url text, last_lesson_id uuid)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH t AS (
    SELECT e.id AS enrollment_id, l.id AS lesson_id, e.student_id,
           CASE WHEN p_cap THEN
             coalesce((SELECT least(p_delta, greatest(0, floor(extract(epoch FROM (now() - lp.opened_at)))::int - lp.time_spent))
                         FROM lesson_progress lp WHERE lp.enrollment_id = e.id AND lp.lesson_id = l.id), 0)
           ELSE p_delta END AS add
      FROM enrollments e
      JOIN lessons l ON l.course_id = e.course_id AND l.is_published
     WHERE e.student_id = p_student AND e.course_id = p_course
       AND e.payment_status = 'completed' AND l.id = p_lesson
       -- Issue 27 §1: no row for a lesson that may still be locked by its drip rule (the caller
       -- then runs the full check): N days after the enrolment's start exactly; a date only once
       -- it has begun everywhere (00:00 at UTC-12 = 12:00 UTC of that date).
       AND (l.release_after_days IS NULL
            OR coalesce(e.access_started_at, e.enrollment_date) + make_interval(days => l.release_after_days) <= now())
       AND (l.release_on IS NULL OR (l.release_on || ' 12:00:00+00')::timestamptz <= now())
  ),
  up AS (
    INSERT INTO lesson_progress
      (id, enrollment_id, lesson_id, student_id, is_completed, progress, time_spent, last_accessed, completed_at)
    SELECT gen_random_uuid(), t.enrollment_id, t.lesson_id, t.student_id, false, 0, t.add, now(), NULL
      FROM t
    ON CONFLICT (enrollment_id, lesson_id)
      DO UPDATE SET time_spent = lesson_progress.time_spent + excluded.time_spent
    RETURNING enrollment_id, is_completed, progress, time_spent, completed_at
  ),
  -- event: the 'time' learning event of this write (its rollups come later, decision 0214).
  ev AS (
    INSERT INTO learning_events (enrollment_id, student_id, course_id, lesson_id, kind, seconds)
    SELECT up.enrollment_id, p_student, p_course, p_lesson, 'time', (SELECT add FROM t)
      FROM up
  )
  -- end of event
  SELECT up.is_completed, up.progress, up.time_spent, up.completed_at,
         e.id, e.progress, e.is_completed, e.completion_date, e.certificate_issued, e.certificate_url,
         e.last_lesson_id
    FROM up JOIN enrollments e ON e.id = up.enrollment_id;
END $$;
