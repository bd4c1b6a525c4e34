import { type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";

/**
 * SQL of the analytics pages (issue 12). Every figure is computed here from enrollments, orders,
 * landing_page_analytics, lesson_progress, learning_events and the rollups learning_days (per
 * student, course and local day) and learning_activity (the same per local hour, for heatmaps).
 * Instants are compared with [start, end) timestamptz bounds computed in SQL from local dates in
 * the viewer's time zone (DESIGN §7).
 */

/** A creator's scope: their courses, optionally one course. */
export interface Scope {
  creatorId: string;
  courseId: string | null;
  timeZone: string;
}

/** A local-date range [from, to] (both included) with its previous period of equal length. */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Start of local day `d` in zone `tz`, as timestamptz SQL. */
const startOf = (d: string, tz: string) => sql`((${d}::date)::timestamp at time zone ${tz})`;
/** Start of the local day after `d` (the exclusive end of a range ending on `d`). */
const endOf = (d: string, tz: string) => sql`(((${d}::date + 1))::timestamp at time zone ${tz})`;

const scopedCourses = (s: Scope) =>
  sql`select id, title from courses where creator_id = ${s.creatorId} and (${s.courseId}::uuid is null or id = ${s.courseId}::uuid)`;

/** The profile time zone of a user (default Asia/Ho_Chi_Minh) and their role. */
export async function viewerProfile(db: Executor, userId: string) {
  const [row] = await rows<{ time_zone: string; role: string }>(
    db,
    sql`select time_zone, role from profiles where user_id = ${userId}`,
  );
  return { timeZone: row?.time_zone ?? "Asia/Ho_Chi_Minh", role: row?.role ?? "creator" };
}

/** Whether the course exists and belongs to the creator. */
export async function ownsCourse(db: Executor, creatorId: string, courseId: string): Promise<boolean> {
  const r = await rows(
    db,
    sql`select 1 from courses where id = ${courseId}::uuid and creator_id = ${creatorId}`,
  );
  return r.length > 0;
}

/**
 * The four cards at the end of the period and at the end of the previous period: distinct students
 * enrolled (payment completed) before the end; completed / all enrolments before the end (percent);
 * retention: students enrolled more than 14 days before the end who have learning activity in the
 * 14 local days ending on the end day, among all such students (percent, null when none).
 * A student counts from their first paid enrolment in the scope: creator_students holds it per
 * creator (kept by triggers, decision 0216), and within one course it is the enrolment itself (one
 * per student and course). The students' figures are then counts over an index range, and
 * retention looks up only the students active in the two 14-day windows.
 */
export async function cardFigures(db: Db, s: Scope, p: Period) {
  const [cur, prev] = [endOf(p.to, s.timeZone), endOf(p.previousTo, s.timeZone)];
  const active = (endDay: string) =>
    sql`select distinct a.student_id from ${
      s.courseId
        ? sql`learning_days a where a.course_id = ${s.courseId}::uuid`
        : sql`creator_learning_days a where a.creator_id = ${s.creatorId}`
    } and a.day > ${endDay}::date - 14 and a.day <= ${endDay}::date`;
  // Each student of the scope with the date they first enrolled (paid), before the current end;
  // `firstOf` looks one student up by key (retention checks only the active students; `limit 1`
  // keeps it a per-row index lookup instead of a join the planner would hash over every student).
  const firsts = s.courseId
    ? sql`select e.student_id, e.enrollment_date as first from enrollments e
           where e.course_id = ${s.courseId}::uuid and e.payment_status = 'completed' and e.enrollment_date < ${cur}`
    : sql`select cs.student_id, cs.first_enrolled_at as first from creator_students cs
           where cs.creator_id = ${s.creatorId} and cs.first_enrolled_at < ${cur}`;
  const firstOf = (student: SQL) =>
    s.courseId
      ? sql`select e.enrollment_date as first from enrollments e
             where e.student_id = ${student} and e.course_id = ${s.courseId}::uuid and e.payment_status = 'completed'
             limit 1`
      : sql`select cs.first_enrolled_at as first from creator_students cs
             where cs.creator_id = ${s.creatorId} and cs.student_id = ${student} limit 1`;
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)}),
        counts as (
          select count(*) as enrolments_cur,
                 count(*) filter (where e.enrollment_date < ${prev}) as enrolments_prev,
                 count(*) filter (where e.is_completed and e.completion_date < ${cur}) as completed_cur,
                 count(*) filter (where e.enrollment_date < ${prev} and e.is_completed and e.completion_date < ${prev}) as completed_prev
            from enrollments e join c on c.id = e.course_id
           where e.payment_status = 'completed' and e.enrollment_date < ${cur}),
        per as (${firsts}),
        students as (
          select count(*) as students_cur,
                 count(*) filter (where per.first < ${prev}) as students_prev,
                 count(*) filter (where per.first < ${cur} - interval '14 days') as eligible_cur,
                 count(*) filter (where per.first < ${prev} - interval '14 days') as eligible_prev
            from per),
        retained as (
          select count(*) filter (where a.k = 'cur' and per.first < ${cur} - interval '14 days') as retained_cur,
                 count(*) filter (where a.k = 'prev' and per.first < ${prev} - interval '14 days') as retained_prev
            from (select 'cur' as k, student_id from (${active(p.to)}) x
                  union all select 'prev', student_id from (${active(p.previousTo)}) y) a
            cross join lateral (${firstOf(sql`a.student_id`)}) per)
        select * from counts, students, retained`,
  );
  const at = (k: "cur" | "prev") => ({
    students: num(r[`students_${k}`]),
    enrolments: num(r[`enrolments_${k}`]),
    completed: num(r[`completed_${k}`]),
    eligible: num(r[`eligible_${k}`]),
    retained: num(r[`retained_${k}`]),
  });
  return { current: at("cur"), previous: at("prev") };
}

/**
 * Net revenue per currency in [from, to] and in the previous period: amounts of orders paid in the
 * period (status paid or refunded) minus amounts of orders refunded in the period; and
 * `paidOrders`, the orders paid in [from, to] (the funnel's "paid" step, decision 0214).
 */
export async function revenueTotals(db: Executor, s: Scope, p: Period) {
  const tz = s.timeZone;
  const [cs, ce, ps, pe] = [
    startOf(p.from, tz),
    endOf(p.to, tz),
    startOf(p.previousFrom, tz),
    endOf(p.previousTo, tz),
  ];
  const r = await rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)})
      select o.currency,
        coalesce(sum(o.amount) filter (where o.paid_at >= ${cs} and o.paid_at < ${ce}), 0)
          - coalesce(sum(o.amount) filter (where o.status = 'refunded' and o.refunded_at >= ${cs} and o.refunded_at < ${ce}), 0) as value,
        coalesce(sum(o.amount) filter (where o.paid_at >= ${ps} and o.paid_at < ${pe}), 0)
          - coalesce(sum(o.amount) filter (where o.status = 'refunded' and o.refunded_at >= ${ps} and o.refunded_at < ${pe}), 0) as previous,
        count(*) filter (where o.paid_at >= ${cs} and o.paid_at < ${ce}) as paid
        from orders o join c on c.id = o.course_id
       where o.status in ('paid', 'refunded')
       group by o.currency order by o.currency`,
  );
  return {
    totals: r.map((x) => ({ currency: String(x.currency), value: num(x.value), previous: num(x.previous) })),
    paidOrders: r.reduce((sum, x) => sum + num(x.paid), 0),
  };
}

/**
 * Range series are aggregated in two steps (decision 0216): first per 15-minute UTC slot of the
 * instant (an integer from the epoch, no time-zone conversion per row), then each slot's start is
 * put in its local day or month. Every UTC offset in use is a whole multiple of 15 minutes, so a
 * slot never straddles a local midnight and the result is the same as bucketing each row.
 */
const slotOf = (ts: SQL) => sql`floor(extract(epoch from ${ts}) / 900)::bigint`;
const slotStart = (slot: SQL) => sql`to_timestamp(${slot} * 900)`;

/** The local day or month (its first day) of instant `ts` in zone `tz`, as a date (format it per group). */
const bucketOf = (ts: SQL, tz: string, bucket: "day" | "month") =>
  bucket === "day"
    ? sql`(${ts} at time zone ${tz})::date`
    : sql`date_trunc('month', ${ts} at time zone ${tz})::date`;

/**
 * The scope's enrolments in the range, in one scan (decision 0214): payment-completed enrolments
 * per local day or month (`series`, YYYY-MM-DD keys) and by enrollments.utm_source ("direct" when
 * none; `bySource`, most first), their total (`enrolments`), and enrolments completed in the range
 * (`completed`, by completion_date, any payment status — the funnel's last step).
 */
export async function enrolmentBreakdown(db: Executor, s: Scope, p: Period, bucket: "day" | "month") {
  const start = startOf(p.from, s.timeZone);
  const end = endOf(p.to, s.timeZone);
  const r = await rows<{
    b: string | null;
    source: string | null;
    total: unknown;
    n: unknown;
    completed: unknown;
  }>(
    db,
    sql`with c as (${scopedCourses(s)})
      , slots as (
          select ${slotOf(sql`e.enrollment_date`)} as slot, coalesce(e.utm_source, 'direct') as source,
                 count(*) filter (where e.payment_status = 'completed' and e.enrollment_date >= ${start} and e.enrollment_date < ${end}) as n,
                 count(*) filter (where e.is_completed and e.completion_date >= ${start} and e.completion_date < ${end}) as completed
            from enrollments e join c on c.id = e.course_id
           where (e.enrollment_date >= ${start} and e.enrollment_date < ${end})
              or (e.completion_date >= ${start} and e.completion_date < ${end})
           group by 1, 2)
      select to_char(b, 'YYYY-MM-DD') as b, source, grouping(b, source) = 3 as total,
             sum(n) as n, sum(completed) as completed
        from (select ${bucketOf(slotStart(sql`slot`), s.timeZone, bucket)} as b, source, n, completed from slots) x
       group by grouping sets ((b), (source), ())
       order by n desc, source`,
  );
  const series = new Map<string, number>();
  const bySource: Array<{ key: string; n: number }> = [];
  let enrolments = 0;
  let completed = 0;
  for (const x of r) {
    if (x.total === true) {
      enrolments = num(x.n);
      completed = num(x.completed);
    } else if (x.b !== null && num(x.n) > 0) series.set(x.b, num(x.n));
    else if (x.source !== null && num(x.n) > 0) bySource.push({ key: x.source, n: num(x.n) });
  }
  return { series, bySource, enrolments, completed };
}

/** Net revenue per local day or month and currency (paid by paid_at, refunds by refunded_at). */
export async function revenueSeries(db: Executor, s: Scope, p: Period, bucket: "day" | "month") {
  const start = startOf(p.from, s.timeZone);
  const end = endOf(p.to, s.timeZone);
  return rows<{ b: string; currency: string; amount: unknown }>(
    db,
    sql`with c as (${scopedCourses(s)}),
      moves as (
        select o.paid_at as at, o.currency, o.amount from orders o join c on c.id = o.course_id
         where o.status in ('paid', 'refunded') and o.paid_at >= ${start} and o.paid_at < ${end}
        union all
        select o.refunded_at, o.currency, -o.amount from orders o join c on c.id = o.course_id
         where o.status = 'refunded' and o.refunded_at >= ${start} and o.refunded_at < ${end})
      select to_char(b, 'YYYY-MM-DD') as b, currency, sum(amount) as amount from (
        select ${bucketOf(slotStart(sql`slot`), s.timeZone, bucket)} as b, currency, amount
          from (select ${slotOf(sql`at`)} as slot, currency, sum(amount) as amount from moves group by 1, 2) m) g
       group by 1, 2
       order by 1, 2`,
  );
}

/**
 * Landing-page views and conversions of the creator's pages (of the course when filtered) in the
 * range, by local day, by device and by source (landing_page_analytics.channel: the visit's
 * utm_source when recorded, else the referrer's channel — facebook, zalo, tiktok, google, other —
 * or direct when there is none); and one row with dim "total" (key "") for all of them — the
 * funnel's first two steps (decision 0214). Aggregated per 15-minute slot first (decision 0216).
 */
export async function landingBreakdown(db: Executor, s: Scope, p: Period) {
  // One scan, per-slot groups, then one grouping-sets aggregate (decisions 0214, 0216).
  return rows<{ dim: string; key: string; views: unknown; conversions: unknown }>(
    db,
    sql`with slots as (
            select ${slotOf(sql`a.created_at`)} as slot, coalesce(nullif(a.device_type, ''), 'unknown') as device,
                   a.channel as source,
                   count(*) filter (where a.event_type = 'view') as views,
                   count(*) filter (where a.event_type = 'conversion') as conversions
              from landing_page_analytics a join landing_pages lp on lp.id = a.landing_page_id
             where lp.creator_id = ${s.creatorId} and (${s.courseId}::uuid is null or lp.course_id = ${s.courseId}::uuid)
               and a.created_at >= ${startOf(p.from, s.timeZone)} and a.created_at < ${endOf(p.to, s.timeZone)}
             group by 1, 2, 3)
        select case when grouping(day) = 0 then 'day' when grouping(device) = 0 then 'device'
                    when grouping(source) = 0 then 'source' else 'total' end as dim,
               case when grouping(day) = 0 then to_char(day, 'YYYY-MM-DD') when grouping(device) = 0 then device
                    when grouping(source) = 0 then source else '' end as key,
               sum(views) as views, sum(conversions) as conversions
          from (select (${slotStart(sql`slot`)} at time zone ${s.timeZone})::date as day, device, source, views, conversions
                  from slots) ev
         group by grouping sets ((day), (device), (source), ())
         order by 1, 2`,
  );
}

/**
 * Per local day (students' days): distinct active students and study seconds, from the totals the
 * rollup applier keeps (decision 0216): course_day_totals for one course, creator_day_totals for
 * all the creator's courses (a student active in two courses that day counts once).
 */
export async function dailyActivity(db: Executor, s: Scope, p: Period) {
  const source = s.courseId
    ? sql`course_day_totals a where a.course_id = ${s.courseId}::uuid`
    : sql`creator_day_totals a where a.creator_id = ${s.creatorId}`;
  return rows<{ day: string; students: unknown; seconds: unknown }>(
    db,
    sql`select to_char(a.day, 'YYYY-MM-DD') as day, a.students, a.seconds
          from ${source} and a.day >= ${p.from}::date and a.day <= ${p.to}::date and a.students > 0
         order by a.day`,
  );
}

/**
 * Study seconds per ISO weekday (1 Monday … 7 Sunday) and local hour in the range (course_hour_totals,
 * decision 0216).
 */
export async function heatmap(db: Executor, s: Scope, p: Period) {
  return rows<{ weekday: unknown; hour: unknown; seconds: unknown }>(
    db,
    sql`with c as (${scopedCourses(s)})
      select extract(isodow from a.day)::int as weekday, a.hour, sum(a.seconds) as seconds
        from course_hour_totals a join c on c.id = a.course_id
       where a.day >= ${p.from}::date and a.day <= ${p.to}::date
       group by 1, 2 having sum(a.seconds) > 0`,
  );
}

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

/**
 * Revenue rows in the range grouped by `key` (net of refunds in the range), per currency. Source:
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
    sql`with c as (${scopedCourses(s)})
      select ${key} as key, ${label} as label, o.currency,
        coalesce(sum(o.amount) filter (where o.paid_at >= ${start} and o.paid_at < ${end}), 0)
          - coalesce(sum(o.amount) filter (where o.status = 'refunded' and o.refunded_at >= ${start} and o.refunded_at < ${end}), 0) as amount,
        count(*) filter (where o.paid_at >= ${start} and o.paid_at < ${end}) as orders
        from orders o join c on c.id = o.course_id
       where o.status in ('paid', 'refunded') ${filter}
         and ((o.paid_at >= ${start} and o.paid_at < ${end}) or (o.refunded_at >= ${start} and o.refunded_at < ${end}))
       group by ${group} order by amount desc, key`,
  );
}

/** Refunds in the range per currency: amount and number of orders. */
export async function refunds(db: Executor, s: Scope, p: Period) {
  return rows<{ currency: string; amount: unknown; orders: unknown }>(
    db,
    sql`with c as (${scopedCourses(s)})
      select o.currency, sum(o.amount) as amount, count(*) as orders
        from orders o join c on c.id = o.course_id
       where o.status = 'refunded' and o.refunded_at >= ${startOf(p.from, s.timeZone)} and o.refunded_at < ${endOf(p.to, s.timeZone)}
       group by o.currency order by o.currency`,
  );
}

/**
 * Per course: enrolments, completed, average progress and average study seconds per enrolment (study
 * seconds from course_day_totals, decision 0216).
 */
export async function coursePerformance(db: Executor, s: Scope) {
  return rows<Record<string, unknown>>(
    db,
    sql`with c as (${scopedCourses(s)}),
      e as (select e.course_id, count(*) as n, count(*) filter (where e.is_completed) as done, avg(e.progress) as avg_progress
              from enrollments e join c on c.id = e.course_id where e.payment_status = 'completed' group by e.course_id),
      t as (select a.course_id, sum(a.seconds) as seconds from course_day_totals a join c on c.id = a.course_id group by a.course_id)
      select c.id, c.title, coalesce(e.n, 0) as enrolments, coalesce(e.done, 0) as completed,
             coalesce(e.avg_progress, 0) as avg_progress, coalesce(t.seconds, 0) as seconds
        from c left join e on e.course_id = c.id left join t on t.course_id = c.id
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
 * - each enrolment's furthest rank (one hash aggregate over its progress rows); a paid, not
 *   completed enrolment stopped at the lesson of that rank. When two lessons share the rank (same
 *   order_index and created_at), it stopped at each of them it has a row on, counted row by row.
 * It runs with a larger work_mem (SET LOCAL, in its own read-only transaction): the per-enrolment
 * aggregate outgrows the default 4 MB at 100k enrolments. `f` and `open_f` are not materialized:
 * by_tied recomputes them only when some lessons tie (with no tied lesson its join has nothing to
 * probe).
 */
export async function stoppingLessons(db: Db, s: Scope, share: number) {
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
        );
      }),
    ),
  );
  return results.flat();
}

async function stoppingLessonsIn(db: Executor, courseIds: string[], share: number) {
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
        f as not materialized (select lp.enrollment_id, max(l.r) as furthest
                from lesson_progress lp join l on l.id = lp.lesson_id group by lp.enrollment_id),
        open_f as not materialized (select e.course_id, f.enrollment_id, f.furthest
                     from f join enrollments e on e.id = f.enrollment_id
                    where e.payment_status = 'completed' and not e.is_completed),
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

// ---------- student ----------

/** The student's days with study seconds (rollup, local days), ascending, plus today's local date. */
export async function studentDays(db: Executor, studentId: string, timeZone: string) {
  const days = await rows<{ day: string; seconds: unknown }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(seconds) as seconds from learning_days
         where student_id = ${studentId} group by day order by day`,
  );
  const [t] = await rows<{ today: string; week_start: string }>(
    db,
    sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as today,
               to_char(date_trunc('week', now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as week_start`,
  );
  return {
    days: days.map((d) => ({ day: d.day, seconds: num(d.seconds) })),
    today: t.today,
    weekStart: t.week_start,
  };
}

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
