ALTER TABLE "learning_events" DROP CONSTRAINT "learning_events_kind_check";--> statement-breakpoint
ALTER TABLE "learning_events" DROP CONSTRAINT "learning_events_seconds_check";
--> statement-breakpoint
-- The 30-second "time" progress write in one call with a cached plan (issue 12, decision 0216):
-- learning.queries.ts#addTimeSpent's statement, unchanged, inside PL/pgSQL, which keeps the plan
-- for the connection. Parsing and planning this three-CTE statement on every ping was about half
-- of its cost. What it does: the student's paid enrolment of the course and the published lesson;
-- the seconds to add (with p_cap, at most the wall-clock seconds since the lesson was first opened
-- minus the time already counted — issue 16 item 6); the progress upsert; the 'time' learning
-- event; and the progress row and enrolment it answers with. No row when there is no such
-- enrolment or lesson.
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
