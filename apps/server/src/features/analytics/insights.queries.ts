import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { moneyMoves } from "../../db/money.ts";
import { endOf, type Period, rows, type Scope, scopedCourses, startOf } from "./analytics.sql.ts";

// SQL of the creator analytics' breakdowns and alerts (issue 12): lessons, revenue by dimension,
// refunds, course and quiz performance, struggling students, stopping lessons, stale orders.

/**
 * Progress rows per lesson of CTE `l` that belong to paid enrolments (decision 0216): all the
 * lesson's rows (an index-only count) minus those of the unpaid enrolments in CTE `unpaid` (few).
 * A progress row's enrolment is always of the lesson's course (the writes take the lesson from the
 * enrolment's course), so `unpaid` needs only the scope's courses. `completedOnly`: completed rows.
 */
const paidRowsPerLesson = (completedOnly: boolean) => {
  const completed = completedOnly ? sql`and lp.is_completed` : sql``;
  return sql`select a.lesson_id, a.n - coalesce(u.n, 0) as n
    from (select lp.lesson_id, count(*) as n from lesson_progress lp
           where lp.lesson_id in (select id from l) ${completed} group by lp.lesson_id) a
    left join (select lp.lesson_id, count(*) as n from unpaid join lesson_progress lp on lp.enrollment_id = unpaid.id
                where true ${completed} group by lp.lesson_id) u on u.lesson_id = a.lesson_id`;
};

/**
 * Per published lesson: enrolled students (payment completed) and how many completed it.
 * Both are index-only counts (decision 0216): paid enrolments per course
 * (enrollments_paid_course_idx) and completions per lesson without joining each progress row to
 * its enrolment (paidRowsPerLesson).
 */
export async function lessonCompletion(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)}),
      l as (select l.id, l.course_id, l.title, l.order_index, l.created_at
              from lessons l join c on c.id = l.course_id where l.is_published),
      unpaid as (select e.id from enrollments e join c on c.id = e.course_id where e.payment_status <> 'completed'),
      en as (select e.course_id, count(*) as n from enrollments e join c on c.id = e.course_id
              where e.payment_status = 'completed' group by e.course_id),
      done as (${paidRowsPerLesson(true)})
      select c.id as course_id, c.title as course_title, l.id as lesson_id, l.title as lesson_title,
             row_number() over (partition by c.id order by l.order_index, l.created_at) as position,
             coalesce(en.n, 0) as enrolled, coalesce(done.n, 0) as completed
        from c join l on l.course_id = c.id
        left join en on en.course_id = c.id
        left join done on done.lesson_id = l.id
       order by c.title, c.id, position`,
  );
}

/** The order columns revenue is broken down by. */
const BREAKDOWN_COLUMNS = [
  "method",
  "coupon_code",
  "referral_code",
  "utm_source",
  "utm_medium",
  "utm_campaign",
];

/**
 * Revenue rows in the range grouped by `key` (`moneyMoves`: net of refunds — partial ones too —
 * that succeeded in the range), per currency; `orders` = orders paid in the range. Source:
 * the order's utm_source or "direct"; campaign: "source / medium / campaign" of orders with a
 * utm_campaign ("-" for a missing medium).
 */
export async function revenueBy(
  db: Executor,
  s: Scope,
  p: Period,
  by: "course" | "method" | "coupon" | "referral" | "source" | "campaign",
) {
  const start = startOf(p.from, s.timeZone);
  const end = endOf(p.to, s.timeZone);
  const key =
    by === "course"
      ? sql`c.id::text`
      : by === "method"
        ? sql`coalesce(o.method, '')`
        : by === "coupon"
          ? sql`o.coupon_code`
          : by === "referral"
            ? sql`o.referral_code`
            : by === "source"
              ? sql`coalesce(o.utm_source, 'direct')`
              : sql`concat_ws(' / ', coalesce(o.utm_source, 'direct'), coalesce(o.utm_medium, '-'), o.utm_campaign)`;
  const label = by === "course" ? sql`max(c.title)` : sql`${key}`;
  const group = by === "course" ? sql`1, 3` : sql`1, 2, 3`;
  const filter =
    by === "coupon"
      ? sql`and o.coupon_code is not null`
      : by === "referral"
        ? sql`and o.referral_code is not null`
        : by === "campaign"
          ? sql`and o.utm_campaign is not null`
          : sql``;
  return rows<{ key: string; label: string; currency: string; amount: unknown; orders: unknown }>(
    db,
    sql`with c as (${scopedCourses(s)}),
      m as (${moneyMoves(sql`join c on c.id = o.course_id`, { start, end }, BREAKDOWN_COLUMNS)})
      select ${key} as key, ${label} as label, o.currency, sum(o.amount) as amount,
        count(*) filter (where o.kind = 'paid') as orders
        from m o join c on c.id = o.course_id
       where true ${filter}
       group by ${group} order by amount desc, key`,
  );
}

/**
 * Refunds that succeeded in the range per currency (issue 23 §7: partial ones too, of orders' own
 * payments): amount given back (smallest unit) and number of orders they touched.
 */
export async function refunds(db: Executor, s: Scope, p: Period) {
  return rows<{ currency: string; amount: unknown; orders: unknown }>(
    db,
    sql`with c as (${scopedCourses(s)})
      select o.currency, sum(r.amount) as amount, count(distinct o.id) as orders
        from refunds r join orders o on o.id = r.order_id join c on c.id = o.course_id
       where r.status = 'succeeded' and r.attempt_id is null
         and r.succeeded_at >= ${startOf(p.from, s.timeZone)} and r.succeeded_at < ${endOf(p.to, s.timeZone)}
       group by o.currency order by o.currency`,
  );
}

/**
 * Per course: enrolments, completed, average progress, study seconds (course_day_totals, decision
 * 0216) and the students who studied it (course_learners, decision 0241; the average study time is per student who
 * studied, issue 24 §5 — not diluted by enrolments never opened).
 */
export async function coursePerformance(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)}),
      e as (select e.course_id, count(*) as n, count(*) filter (where e.is_completed) as done, avg(e.progress) as avg_progress
              from enrollments e join c on c.id = e.course_id where e.payment_status = 'completed' group by e.course_id),
      t as (select a.course_id, sum(a.seconds) as seconds from course_day_totals a join c on c.id = a.course_id group by a.course_id),
      l as (select cl.course_id, count(*) as learners from course_learners cl join c on c.id = cl.course_id
              group by cl.course_id)
      select c.id, c.title, coalesce(e.n, 0) as enrolments, coalesce(e.done, 0) as completed,
             coalesce(e.avg_progress, 0) as avg_progress, coalesce(t.seconds, 0) as seconds,
             coalesce(l.learners, 0) as learners
        from c left join e on e.course_id = c.id left join t on t.course_id = c.id left join l on l.course_id = c.id
       order by c.title, c.id`,
  );
}

/**
 * Per quiz: students who attempted, the average of each student's best score, share who passed —
 * from learning_quiz_best (one row per enrolment and quiz, decision 0216), aggregated per lesson
 * before the titles are joined.
 */
export async function quizPerformance(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)}),
      q as (select b.course_id, b.lesson_id, count(*) as students, avg(b.score) as average_score,
                   count(*) filter (where b.passed = 1) as passed
              from learning_quiz_best b join c on c.id = b.course_id
             group by b.course_id, b.lesson_id)
      select q.course_id, c.title as course_title, q.lesson_id, l.title as lesson_title,
             q.students, q.average_score, q.passed
        from q join c on c.id = q.course_id join lessons l on l.id = q.lesson_id
       order by c.title, l.order_index`,
  );
}

/**
 * Struggling students (001 §9 + issue 12): enrolment not completed, progress under `maxProgress`,
 * and no activity for 7 days (last access, or the enrolment date when never accessed).
 */
export async function strugglingStudents(db: Executor, s: Scope, maxProgress: number) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)})
      select e.student_id, coalesce(nullif(p.full_name, ''), p.email) as name, c.id as course_id, c.title as course_title,
             e.progress, e.last_accessed
        from enrollments e join c on c.id = e.course_id join profiles p on p.user_id = e.student_id
       where e.payment_status = 'completed' and not e.is_completed and e.progress < ${maxProgress}
         and coalesce(e.last_accessed, e.enrollment_date) < now() - interval '7 days'
       order by coalesce(e.last_accessed, e.enrollment_date) limit 50`,
  );
}

/**
 * Lessons where over `share` of the students who reached them stop: reached = students with a
 * progress row on the lesson; stopped = of those, not completed the course and no progress row
 * on any later published lesson. The last lesson of a course is never listed.
 * Lessons are ranked per course by (order_index, created_at) — rank(), so equal keys share a rank
 * as the tuple comparison does (decision 0185). Counted in aggregates, without sorting progress
 * rows per enrolment (decision 0216):
 * - reached: the lesson's progress rows of paid enrolments (paidRowsPerLesson);
 * - each enrolment's furthest lesson, kept on the enrolment as progress is written
 *   (enrollments.furthest_lesson_id, decision 0241); a paid, not completed enrolment with no study
 *   for `inactiveDays` (issue 24 §5) stopped at that lesson's rank. When two lessons share the
 *   rank (same order_index and created_at), it stopped at each of them it has a row on, counted
 *   row by row.
 * It runs with a larger work_mem (SET LOCAL, in its own read-only transaction). `open_f` is not
 * materialized: by_tied reads it again only when some lessons tie (with no tied lesson its join
 * has nothing to probe).
 */
export async function stoppingLessons(db: Db, s: Scope, share: number, inactiveDays: number) {
  // Each lesson's figures depend on its own course's enrolments only, so the courses are split in
  // two runs of the title order (never between two courses of the same title, whose lessons the
  // final order interleaves) that run in parallel on two connections; their rows, each in
  // (title, order_index) order, are concatenated in that order (decision 0214).
  const courses = await rows<{ id: string; title: string }>(
    db,
    sql`select id, title from (${scopedCourses(s)}) c order by title, id`,
  );
  let cut = Math.floor(courses.length / 2);
  while (cut > 0 && courses[cut - 1].title === courses[cut].title) cut -= 1;
  const parts = cut > 0 ? [courses.slice(0, cut), courses.slice(cut)] : [courses];
  const results = await Promise.all(
    parts.map((part) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local work_mem = '32MB'`);
        return stoppingLessonsIn(
          tx,
          part.map((c) => c.id),
          share,
          inactiveDays,
        );
      }),
    ),
  );
  return results.flat();
}

async function stoppingLessonsIn(db: Executor, courseIds: string[], share: number, inactiveDays: number) {
  if (courseIds.length === 0) return [];
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (select id, title from courses where id = any(${`{${courseIds.join(",")}}`}::uuid[])),
        l as (select l.id, l.course_id, l.title, l.order_index,
                     rank() over (partition by l.course_id order by l.order_index, l.created_at) as r,
                     count(*) over (partition by l.course_id, l.order_index, l.created_at) > 1 as tied
                from lessons l join c on c.id = l.course_id where l.is_published),
        last as (select course_id, max(r) as r from l group by course_id),
        unpaid as (select e.id from enrollments e join c on c.id = e.course_id where e.payment_status <> 'completed'),
        reach as (${paidRowsPerLesson(false)}),
        open_f as not materialized (select e.course_id, e.id as enrollment_id, l.r as furthest
                     from enrollments e join l on l.id = e.furthest_lesson_id and l.course_id = e.course_id
                    where e.payment_status = 'completed' and not e.is_completed
                      and (e.last_accessed is null or e.last_accessed < now() - make_interval(days => ${inactiveDays}))),
        by_rank as (select course_id, furthest, count(*) as n from open_f group by 1, 2),
        by_tied as (select t.id as lesson_id, count(*) as n
                      from l t join lesson_progress lp on lp.lesson_id = t.id
                      join open_f o on o.enrollment_id = lp.enrollment_id and o.furthest = t.r
                     where t.tied group by t.id),
        figures as (
          select l.course_id, c.title as course_title, l.id as lesson_id, l.title as lesson_title, l.order_index,
                 reach.n as reached, case when l.tied then coalesce(bt.n, 0) else coalesce(br.n, 0) end as stopped
            from reach join l on l.id = reach.lesson_id join c on c.id = l.course_id
            join last on last.course_id = l.course_id
            left join by_rank br on br.course_id = l.course_id and br.furthest = l.r
            left join by_tied bt on bt.lesson_id = l.id
           where l.r < last.r and reach.n > 0)
        select course_id, course_title, lesson_id, lesson_title, reached, stopped from figures
         where stopped::float / reached > ${share}
         order by course_title, order_index`,
  );
}

/** Orders of the creator's courses awaiting confirmation for more than 24 hours. */
export async function staleAwaitingOrders(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)})
      select o.id, o.reference, c.title as course_title, o.amount, o.currency, o.awaiting_at
        from orders o join c on c.id = o.course_id
       where o.status = 'awaiting_confirmation' and coalesce(o.awaiting_at, o.created_at) < now() - interval '24 hours'
       order by coalesce(o.awaiting_at, o.created_at) limit 50`,
  );
}

/** The creator's landing pages with views and no conversion in the last 14 days. */
export async function quietLandingPages(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`select lp.id, lp.title, count(*) filter (where a.event_type = 'view') as views
          from landing_pages lp join landing_page_analytics a on a.landing_page_id = lp.id
         where lp.creator_id = ${s.creatorId} and (${s.courseId}::uuid is null or lp.course_id = ${s.courseId}::uuid)
           and a.created_at >= now() - interval '14 days'
         group by lp.id, lp.title
        having count(*) filter (where a.event_type = 'view') > 0 and count(*) filter (where a.event_type = 'conversion') = 0
         order by views desc`,
  );
}

/** Visible reviews of the creator's courses with at most `stars` stars written in the last `days` days (issue 24 §2). */
export async function lowReviews(db: Executor, s: Scope, stars: number, days: number) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)})
      select r.id, r.course_id, c.title as course_title, r.rating, r.body, r.created_at, r.reply_body is not null as replied
        from course_reviews r join c on c.id = r.course_id
       where r.status = 'visible' and r.rating <= ${stars} and r.created_at >= now() - make_interval(days => ${days})
       order by r.created_at desc limit 50`,
  );
}

/** Per course of the scope: all-time mean stars and count of visible reviews, and the review threshold. */
export async function reviewAverages(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`select id as course_id, title as course_title, rating, rating_count, review_min_progress
          from courses where creator_id = ${s.creatorId} and (${s.courseId}::uuid is null or id = ${s.courseId}::uuid)
         order by rating_count desc, title`,
  );
}

/** Visible reviews written in the period, per local day or month: their count and mean stars. */
export async function reviewTrend(db: Executor, s: Scope, p: Period, bucket: "day" | "month") {
  const unit = bucket === "month" ? sql`'month'` : sql`'day'`;
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)})
      select to_char(date_trunc(${unit}, r.created_at at time zone ${s.timeZone}), 'YYYY-MM-DD') as label,
             count(*) as count, avg(r.rating) as average
        from course_reviews r join c on c.id = r.course_id
       where r.status = 'visible' and r.created_at >= ${startOf(p.from, s.timeZone)} and r.created_at < ${endOf(p.to, s.timeZone)}
       group by 1 order by 1`,
  );
}
