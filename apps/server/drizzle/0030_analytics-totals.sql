CREATE TABLE "course_day_totals" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_day_totals_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
CREATE TABLE "course_hour_totals" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "course_hour_totals_course_id_day_hour_pk" PRIMARY KEY("course_id","day","hour"),
	CONSTRAINT "course_hour_totals_hour_check" CHECK ("course_hour_totals"."hour" >= 0 and "course_hour_totals"."hour" <= 23)
);
--> statement-breakpoint
CREATE TABLE "creator_day_totals" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_day_totals_creator_id_day_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
CREATE TABLE "creator_students" (
	"creator_id" text NOT NULL,
	"student_id" text NOT NULL,
	"first_enrolled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_students_creator_id_student_id_pk" PRIMARY KEY("creator_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "learning_quiz_best" (
	"enrollment_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"score" integer,
	"passed" smallint,
	CONSTRAINT "learning_quiz_best_enrollment_id_lesson_id_pk" PRIMARY KEY("enrollment_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "learning_events" DROP CONSTRAINT "learning_events_enrollment_id_enrollments_id_fk";
--> statement-breakpoint
ALTER TABLE "learning_events" DROP CONSTRAINT "learning_events_lesson_id_lessons_id_fk";
--> statement-breakpoint
DROP INDEX "learning_events_enrollment_idx";--> statement-breakpoint
DROP INDEX "learning_events_quiz_idx";--> statement-breakpoint
ALTER TABLE "landing_page_analytics" ADD COLUMN "channel" text GENERATED ALWAYS AS (case
        when nullif(event_data->>'utm_source', '') is not null then lower(event_data->>'utm_source')
        when coalesce(referrer, '') = '' then 'direct'
        when referrer ~* '(facebook|fb)\.' then 'facebook'
        when referrer ~* 'zalo' then 'zalo'
        when referrer ~* 'tiktok' then 'tiktok'
        when referrer ~* 'google\.' then 'google'
        else 'other'
      end) STORED;--> statement-breakpoint
ALTER TABLE "course_day_totals" ADD CONSTRAINT "course_day_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_hour_totals" ADD CONSTRAINT "course_hour_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_day_totals" ADD CONSTRAINT "creator_day_totals_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_students" ADD CONSTRAINT "creator_students_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_students" ADD CONSTRAINT "creator_students_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_quiz_best" ADD CONSTRAINT "learning_quiz_best_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_quiz_best" ADD CONSTRAINT "learning_quiz_best_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_students_first_idx" ON "creator_students" USING btree ("creator_id","first_enrolled_at");--> statement-breakpoint
CREATE INDEX "learning_quiz_best_course_idx" ON "learning_quiz_best" USING btree ("course_id","lesson_id");--> statement-breakpoint
CREATE INDEX "enrollments_paid_course_idx" ON "enrollments" USING btree ("course_id","enrollment_date","is_completed","completion_date") WHERE "enrollments"."payment_status" = 'completed';--> statement-breakpoint
CREATE INDEX "enrollments_unpaid_course_idx" ON "enrollments" USING btree ("course_id") WHERE "enrollments"."payment_status" <> 'completed';--> statement-breakpoint
CREATE INDEX "lesson_progress_completed_idx" ON "lesson_progress" USING btree ("lesson_id") WHERE "lesson_progress"."is_completed";--> statement-breakpoint
CREATE INDEX "learning_events_quiz_idx" ON "learning_events" USING btree ("enrollment_id","lesson_id") WHERE "learning_events"."kind" = 'quiz';--> statement-breakpoint
ALTER TABLE "learning_events" DROP COLUMN "id";
--> statement-breakpoint
-- Decision 0216: the event log's cascades without foreign keys. Deleting enrolments deletes their
-- events, and deleting lessons clears their events' lesson_id, once per statement (transition
-- tables), as the dropped ON DELETE CASCADE / SET NULL did.
CREATE OR REPLACE FUNCTION academy_learning_events_enrolments_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM learning_events ev USING deleted_enrolments d WHERE ev.enrollment_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER learning_events_enrolments_deleted AFTER DELETE ON enrollments
  REFERENCING OLD TABLE AS deleted_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION academy_learning_events_enrolments_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_learning_events_lessons_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE learning_events ev SET lesson_id = NULL
    FROM deleted_lessons d WHERE ev.lesson_id = d.id AND ev.course_id = d.course_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER learning_events_lessons_deleted AFTER DELETE ON lessons
  REFERENCING OLD TABLE AS deleted_lessons
  FOR EACH STATEMENT EXECUTE FUNCTION academy_learning_events_lessons_deleted();--> statement-breakpoint
-- The totals start from the rollups as they are; the state row is locked first so no rollup pass
-- runs in between (a pass folds into rollups and totals together from now on).
SELECT 1 FROM learning_rollup_state WHERE id = 1 FOR UPDATE;--> statement-breakpoint
INSERT INTO course_day_totals (course_id, day, students, seconds, events)
  SELECT course_id, day, count(*), sum(seconds), sum(events) FROM learning_days GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO creator_day_totals (creator_id, day, students, seconds, events)
  SELECT creator_id, day, count(*), sum(seconds), sum(events) FROM creator_learning_days GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO course_hour_totals (course_id, day, hour, seconds)
  SELECT course_id, day, hour, sum(seconds) FROM learning_activity GROUP BY 1, 2, 3;--> statement-breakpoint
-- Every quiz event, applied or not: the applier folds with greatest(), so one folded again is unchanged.
INSERT INTO learning_quiz_best (enrollment_id, lesson_id, course_id, student_id, score, passed)
  SELECT ev.enrollment_id, ev.lesson_id, ev.course_id, ev.student_id, max(ev.score), max(ev.passed)
    FROM learning_events ev
    JOIN enrollments e ON e.id = ev.enrollment_id
    JOIN lessons l ON l.id = ev.lesson_id
   WHERE ev.kind = 'quiz'
   GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- creator_students (decision 0216): a paid enrolment may lower the first date (least(): two
-- enrolments committed at once both count); a changed or deleted enrolment recomputes the pair.
CREATE OR REPLACE FUNCTION academy_creator_students_refresh(p_creator text, p_student text) RETURNS void
LANGUAGE sql AS $$
  WITH f AS (
    SELECT min(e.enrollment_date) AS first
      FROM enrollments e JOIN courses c ON c.id = e.course_id
     WHERE c.creator_id = p_creator AND e.student_id = p_student AND e.payment_status = 'completed'),
  gone AS (
    DELETE FROM creator_students cs
     WHERE cs.creator_id = p_creator AND cs.student_id = p_student AND (SELECT first FROM f) IS NULL)
  INSERT INTO creator_students (creator_id, student_id, first_enrolled_at)
  SELECT p_creator, p_student, first FROM f WHERE first IS NOT NULL
  ON CONFLICT (creator_id, student_id) DO UPDATE SET first_enrolled_at = excluded.first_enrolled_at;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_enrolments_creator_students() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.payment_status = 'completed' THEN
      INSERT INTO creator_students (creator_id, student_id, first_enrolled_at)
      SELECT c.creator_id, NEW.student_id, NEW.enrollment_date FROM courses c WHERE c.id = NEW.course_id
      ON CONFLICT (creator_id, student_id)
        DO UPDATE SET first_enrolled_at = least(creator_students.first_enrolled_at, excluded.first_enrolled_at);
    END IF;
    RETURN NULL;
  END IF;
  PERFORM academy_creator_students_refresh(c.creator_id, OLD.student_id) FROM courses c WHERE c.id = OLD.course_id;
  IF TG_OP = 'UPDATE' THEN
    PERFORM academy_creator_students_refresh(c.creator_id, NEW.student_id) FROM courses c WHERE c.id = NEW.course_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER enrollments_creator_students
  AFTER INSERT OR DELETE OR UPDATE OF payment_status, enrollment_date, course_id, student_id ON enrollments
  FOR EACH ROW EXECUTE FUNCTION academy_enrolments_creator_students();--> statement-breakpoint
-- A deleted course's enrolments go with it (cascade), after the course row: recompute its
-- creators' rows once the statement is done.
CREATE OR REPLACE FUNCTION academy_courses_deleted_creator_students() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_students cs USING (SELECT DISTINCT creator_id FROM deleted_courses) d
   WHERE cs.creator_id = d.creator_id;
  INSERT INTO creator_students (creator_id, student_id, first_enrolled_at)
  SELECT c.creator_id, e.student_id, min(e.enrollment_date)
    FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.payment_status = 'completed' AND c.creator_id IN (SELECT creator_id FROM deleted_courses)
   GROUP BY 1, 2
  ON CONFLICT (creator_id, student_id) DO UPDATE SET first_enrolled_at = excluded.first_enrolled_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_deleted_creator_students AFTER DELETE ON courses
  REFERENCING OLD TABLE AS deleted_courses
  FOR EACH STATEMENT EXECUTE FUNCTION academy_courses_deleted_creator_students();--> statement-breakpoint
INSERT INTO creator_students (creator_id, student_id, first_enrolled_at)
  SELECT c.creator_id, e.student_id, min(e.enrollment_date)
    FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.payment_status = 'completed'
   GROUP BY 1, 2;
