ALTER TABLE "enrollments" ADD COLUMN "furthest_lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_furthest_lesson_id_lessons_id_fk" FOREIGN KEY ("furthest_lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- enrollments.furthest_lesson_id (issue 28 §5, decision 0241): the furthest published lesson the
-- enrolment has a progress row on, by (order_index, created_at, id), kept as progress is written
-- so Smart Alerts' "where students stop" reads one column instead of every progress row.
-- Recomputes it for the given enrolments (lessons moved, published or deleted; progress deleted).
CREATE OR REPLACE FUNCTION academy_recompute_furthest(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  WITH f AS (
    SELECT x.id,
           (SELECT lp.lesson_id FROM lesson_progress lp
              JOIN lessons l ON l.id = lp.lesson_id AND l.is_published
             WHERE lp.enrollment_id = x.id
             ORDER BY l.order_index DESC, l.created_at DESC, l.id DESC LIMIT 1) AS lesson_id
      FROM unnest(ids) AS x(id))
  UPDATE enrollments e SET furthest_lesson_id = f.lesson_id FROM f
   WHERE e.id = f.id AND e.furthest_lesson_id IS DISTINCT FROM f.lesson_id;
$$;
--> statement-breakpoint
-- New progress rows (only inserted ones: an upsert's updated rows are not in the transition
-- table) move the enrolment's furthest lesson forward when theirs is further.
CREATE OR REPLACE FUNCTION academy_furthest_on_progress() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollments e SET furthest_lesson_id = n.lesson_id
    FROM (SELECT DISTINCT ON (p.enrollment_id) p.enrollment_id, l.id AS lesson_id, l.order_index, l.created_at
            FROM new_progress p JOIN lessons l ON l.id = p.lesson_id AND l.is_published
           ORDER BY p.enrollment_id, l.order_index DESC, l.created_at DESC, l.id DESC) n
   WHERE e.id = n.enrollment_id
     AND (e.furthest_lesson_id IS NULL
          OR (n.order_index, n.created_at, n.lesson_id)
             > (SELECT c.order_index, c.created_at, c.id FROM lessons c WHERE c.id = e.furthest_lesson_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lesson_progress_furthest AFTER INSERT ON lesson_progress
  REFERENCING NEW TABLE AS new_progress
  FOR EACH STATEMENT EXECUTE FUNCTION academy_furthest_on_progress();
--> statement-breakpoint
-- Deleted progress rows: their enrolments' furthest lesson is read again.
CREATE OR REPLACE FUNCTION academy_furthest_on_progress_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM academy_recompute_furthest(ARRAY(SELECT DISTINCT enrollment_id FROM old_progress));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lesson_progress_furthest_deleted AFTER DELETE ON lesson_progress
  REFERENCING OLD TABLE AS old_progress
  FOR EACH STATEMENT EXECUTE FUNCTION academy_furthest_on_progress_deleted();
--> statement-breakpoint
-- A lesson moved (order_index, created_at), published or unpublished, moved to another course, or
-- deleted: every enrolment of the courses concerned is read again. Edits of titles and content
-- (the usual lesson update) change none of these columns and cost one comparison.
CREATE OR REPLACE FUNCTION academy_furthest_on_lessons_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM academy_recompute_furthest(ARRAY(
    SELECT e.id FROM enrollments e
     WHERE e.course_id IN (
       SELECT o.course_id FROM old_lessons o JOIN new_lessons n ON n.id = o.id
        WHERE (o.order_index, o.created_at, o.is_published, o.course_id)
              IS DISTINCT FROM (n.order_index, n.created_at, n.is_published, n.course_id)
       UNION
       SELECT n.course_id FROM old_lessons o JOIN new_lessons n ON n.id = o.id
        WHERE o.course_id IS DISTINCT FROM n.course_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_furthest_changed AFTER UPDATE ON lessons
  REFERENCING OLD TABLE AS old_lessons NEW TABLE AS new_lessons
  FOR EACH STATEMENT EXECUTE FUNCTION academy_furthest_on_lessons_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION academy_furthest_on_lessons_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM academy_recompute_furthest(ARRAY(
    SELECT e.id FROM enrollments e WHERE e.course_id IN (SELECT DISTINCT course_id FROM deleted_lessons)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_furthest_deleted AFTER DELETE ON lessons
  REFERENCING OLD TABLE AS deleted_lessons
  FOR EACH STATEMENT EXECUTE FUNCTION academy_furthest_on_lessons_deleted();
--> statement-breakpoint
UPDATE enrollments e SET furthest_lesson_id = f.lesson_id
  FROM (SELECT DISTINCT ON (lp.enrollment_id) lp.enrollment_id, lp.lesson_id
          FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id AND l.is_published
         ORDER BY lp.enrollment_id, l.order_index DESC, l.created_at DESC, l.id DESC) f
 WHERE e.id = f.enrollment_id;
