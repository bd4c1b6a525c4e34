import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { num, rows } from "./analytics.sql.ts";

// SQL of the student analytics (issue 12): study days, habits, courses, quizzes and the weekly goal.

/** Study seconds per ISO weekday and local hour, all time. */
export async function studentHabits(db: Executor, studentId: string) {
  return rows<{ weekday: unknown; hour: unknown; seconds: unknown }>(
    db,
    sql`select extract(isodow from day)::int as weekday, hour, sum(seconds) as seconds
          from learning_activity where student_id = ${studentId} group by 1, 2 having sum(seconds) > 0`,
  );
}

/** The student's enrolments (payment completed) with the next lesson to study and rollup seconds. */
export async function studentCourses(db: Executor, studentId: string) {
  return rows<Record<string, unknown>>(
    db,
    sql`select c.id as course_id, c.title, e.progress, e.is_completed, e.enrollment_date, e.completion_date,
               e.certificate_issued,
               (select l.id from lessons l
                 where l.course_id = c.id and l.is_published
                   and not exists (select 1 from lesson_progress lp where lp.enrollment_id = e.id and lp.lesson_id = l.id and lp.is_completed)
                 order by l.order_index, l.created_at limit 1) as next_lesson_id,
               (select coalesce(sum(a.seconds), 0) from learning_days a where a.student_id = e.student_id and a.course_id = c.id) as seconds
          from enrollments e join courses c on c.id = e.course_id
         where e.student_id = ${studentId} and e.payment_status = 'completed'
         order by e.enrollment_date desc`,
  );
}

/** The student's quizzes: best score, passed, attempts. */
export async function studentQuizzes(db: Executor, studentId: string) {
  return rows<Record<string, unknown>>(
    db,
    sql`select c.title as course_title, l.title as lesson_title, max(ev.score) as best, max(ev.passed) as passed, count(*) as attempts
          from learning_events ev join enrollments e on e.id = ev.enrollment_id
          join courses c on c.id = ev.course_id join lessons l on l.id = ev.lesson_id
         where e.student_id = ${studentId} and ev.kind = 'quiz'
         group by c.title, l.title, l.order_index, c.id order by c.title, l.order_index`,
  );
}

/** The student's weekly goal in hours, or undefined when never set. */
export async function weeklyGoal(db: Executor, studentId: string): Promise<number | undefined> {
  const [r] = await rows<{ weekly_hours: unknown }>(
    db,
    sql`select weekly_hours from student_goals where student_id = ${studentId}`,
  );
  return r ? num(r.weekly_hours) : undefined;
}

export async function saveWeeklyGoal(db: Executor, studentId: string, hours: number): Promise<void> {
  await db.execute(sql`insert into student_goals (student_id, weekly_hours) values (${studentId}, ${hours})
    on conflict (student_id) do update set weekly_hours = excluded.weekly_hours, updated_at = now()`);
}

/** Stores a time zone PostgreSQL knows (pg_timezone_names); false when it does not. */
export async function saveTimeZone(db: Executor, userId: string, timeZone: string): Promise<boolean> {
  const r = await rows(
    db,
    sql`update profiles set time_zone = ${timeZone}, updated_at = now()
         where user_id = ${userId} and exists (select 1 from pg_timezone_names where name = ${timeZone})
        returning 1`,
  );
  return r.length > 0;
}
