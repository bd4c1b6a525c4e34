import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One (enrolment, drip section) whose opening may be due and was not handled yet (issue 27 §1):
 * the paid/active enrolment's start, the section's rule, its first lesson, the student and the
 * school (brand, time zone = the school's creator's profiles.time_zone).
 */
export interface DueOpeningRow {
  enrollment_id: string;
  student_id: string;
  course_id: string;
  start: Date | string;
  section_key: string;
  release_after_days: number | null;
  release_on: string | null;
  section_title: string | null;
  first_lesson_id: string;
  course_title: string;
  time_zone: string | null;
  email: string;
  name: string | null;
  locale: string | null;
  school_name: string | null;
  school_logo_url: string | null;
  school_color: string | null;
}

/**
 * Candidates for the opening e-mails at `now`: drip sections of paid/active enrolments without a
 * section_openings row whose opening is at most `now` (relative rules exactly; dated rules by the
 * date, up to a day ahead — the caller checks the exact instant in the school's time zone).
 * At most `limit` rows, oldest enrolments first.
 */
export async function dueOpenings(db: Executor, now: Date, limit: number): Promise<DueOpeningRow[]> {
  const at = now.toISOString();
  const dayAhead = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  return rowsOf<DueOpeningRow>(
    await db.execute(sql`
      select e.id as enrollment_id, e.student_id, e.course_id,
             coalesce(e.access_started_at, e.enrollment_date) as start,
             l.section_key, min(l.release_after_days) as release_after_days, min(l.release_on) as release_on,
             min(l.description) as section_title,
             (array_agg(l.id order by l.order_index))[1]::text as first_lesson_id,
             c.title as course_title, cp.time_zone, u.email, u.name, sp.locale,
             s.name as school_name, s.logo_url as school_logo_url, s.primary_color as school_color
        from enrollments e
        join lessons l on l.course_id = e.course_id and l.is_published and l.section_key is not null
             and (l.release_after_days is not null or l.release_on is not null)
        join courses c on c.id = e.course_id
        join "user" u on u.id = e.student_id
        left join profiles cp on cp.user_id = c.creator_id
        left join profiles sp on sp.user_id = e.student_id
        left join schools s on s.id = c.school_id
       where e.payment_status = 'completed'
         and not exists (select 1 from section_openings so
                          where so.enrollment_id = e.id and so.section_key = l.section_key)
         and (l.release_after_days is null
              or coalesce(e.access_started_at, e.enrollment_date) + make_interval(days => l.release_after_days) <= ${at}::timestamptz)
         and (l.release_on is null or l.release_on <= ${dayAhead})
       group by e.id, l.section_key, c.id, cp.time_zone, u.id, sp.locale, s.id
       order by min(coalesce(e.access_started_at, e.enrollment_date)), e.id
       limit ${limit}`),
  );
}

/**
 * Records that an enrolment's section opening was handled; false when another run recorded it
 * first (the primary key (enrollment_id, section_key) makes each opening handled once).
 */
export async function claimOpening(
  db: Executor,
  row: { enrollmentId: string; sectionKey: string; opensAt: Date; emailed: boolean },
): Promise<boolean> {
  const rows = rowsOf<{ enrollment_id: string }>(
    await db.execute(sql`
      insert into section_openings (enrollment_id, section_key, opens_at, emailed)
      values (${row.enrollmentId}::uuid, ${row.sectionKey}, ${row.opensAt.toISOString()}::timestamptz, ${row.emailed})
      on conflict do nothing
      returning enrollment_id`),
  );
  return rows.length === 1;
}
