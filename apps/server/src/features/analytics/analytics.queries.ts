import { type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { moneyMoves } from "../../db/money.ts";
import { endOf, num, type Period, rows, type Scope, scopedCourses, startOf } from "./analytics.sql.ts";

/**
 * SQL of the analytics pages (issue 12). Every figure is computed here from enrollments, orders,
 * landing_page_analytics, lesson_progress, learning_events and the rollups learning_days (per
 * student, course and local day) and learning_activity (the same per local hour, for heatmaps).
 * Instants are compared with [start, end) timestamptz bounds computed in SQL from local dates in
 * the viewer's time zone (DESIGN §7).
 */

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
 * Net revenue per currency in [from, to] and in the previous period (`moneyMoves`): amounts of
 * orders paid in the period (status paid or refunded) minus refunds — partial ones too — that
 * succeeded in the period; and
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
    sql`with c as (${scopedCourses(s)}),
      m as (${moneyMoves(sql`join c on c.id = o.course_id`, { start: sql`least(${cs}::timestamptz, ${ps}::timestamptz)`, end: sql`greatest(${ce}::timestamptz, ${pe}::timestamptz)` })})
      select m.currency,
        coalesce(sum(m.amount) filter (where m.at >= ${cs} and m.at < ${ce}), 0) as value,
        coalesce(sum(m.amount) filter (where m.at >= ${ps} and m.at < ${pe}), 0) as previous,
        count(*) filter (where m.kind = 'paid' and m.at >= ${cs} and m.at < ${ce}) as paid
        from m
       group by m.currency order by m.currency`,
  );
  return {
    totals: r.map((x) => ({ currency: String(x.currency), value: num(x.value), previous: num(x.previous) })),
    paidOrders: r.reduce((sum, x) => sum + num(x.paid), 0),
  };
}

/**
 * Range series put each row in its local day or month by the instants where the buckets start
 * (decision 0242 replaces 0216's 15-minute slots): `bucketEdges` turns the range's local days (or
 * its months, the first starting at the range start) into instants once — at most a few hundred
 * time-zone conversions — and `width_bucket(ts, edges)` finds a row's bucket by binary search, so
 * rows group by a small bucket number instead of ~35,000 slots a year that each needed a
 * conversion. Rows before the first edge get 0 and no label (`labels[0]` is null); rows are
 * already limited to the range, so the last bucket ends at its end.
 */
const bucketEdges = (p: Period, tz: string, bucket: "day" | "month") =>
  sql`select array_agg((greatest(d::date, ${p.from}::date))::timestamp at time zone ${tz} order by d) as edges,
             array_agg(d::date order by d) as labels
        from generate_series(date_trunc(${bucket}, ${p.from}::date::timestamp), ${p.to}::date::timestamp,
                             ${bucket === "day" ? "1 day" : "1 month"}::interval) d`;

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
    sql`with c as (${scopedCourses(s)}), edges as (${bucketEdges(p, s.timeZone, bucket)})
      , grouped as (
          select width_bucket(e.enrollment_date, edges.edges) as i, coalesce(e.utm_source, 'direct') as source,
                 count(*) filter (where e.payment_status = 'completed' and e.enrollment_date >= ${start} and e.enrollment_date < ${end}) as n,
                 count(*) filter (where e.is_completed and e.completion_date >= ${start} and e.completion_date < ${end}) as completed
            from enrollments e join c on c.id = e.course_id cross join edges
           where (e.enrollment_date >= ${start} and e.enrollment_date < ${end})
              or (e.completion_date >= ${start} and e.completion_date < ${end})
           group by 1, 2)
      select to_char(b, 'YYYY-MM-DD') as b, source, grouping(b, source) = 3 as total,
             sum(n) as n, sum(completed) as completed
        from (select edges.labels[grouped.i] as b, source, n, completed from grouped cross join edges) x
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

/** Net revenue per local day or month and currency (`moneyMoves`: paid by paid_at, refunds by succeeded_at). */
export async function revenueSeries(db: Executor, s: Scope, p: Period, bucket: "day" | "month") {
  const start = startOf(p.from, s.timeZone);
  const end = endOf(p.to, s.timeZone);
  return rows<{ b: string; currency: string; amount: unknown }>(
    db,
    sql`with c as (${scopedCourses(s)}), edges as (${bucketEdges(p, s.timeZone, bucket)}),
      moves as (${moneyMoves(sql`join c on c.id = o.course_id`, { start, end })})
      select to_char(edges.labels[m.i], 'YYYY-MM-DD') as b, m.currency, m.amount
        from (select width_bucket(moves.at, edges.edges) as i, currency, sum(amount) as amount
                from moves cross join edges group by 1, 2) m
        cross join edges
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
  // One scan, per-day groups (bucketEdges), then one grouping-sets aggregate (decisions 0214, 0242).
  return rows<{ dim: string; key: string; views: unknown; conversions: unknown }>(
    db,
    sql`with edges as (${bucketEdges(p, s.timeZone, "day")}),
        slots as (
            select width_bucket(a.created_at, edges.edges) as i, coalesce(nullif(a.device_type, ''), 'unknown') as device,
                   a.channel as source,
                   count(*) filter (where a.event_type = 'view') as views,
                   count(*) filter (where a.event_type = 'conversion') as conversions
              from landing_page_analytics a join landing_pages lp on lp.id = a.landing_page_id cross join edges
             where lp.creator_id = ${s.creatorId} and (${s.courseId}::uuid is null or lp.course_id = ${s.courseId}::uuid)
               and a.created_at >= ${startOf(p.from, s.timeZone)} and a.created_at < ${endOf(p.to, s.timeZone)}
             group by 1, 2, 3)
        select case when grouping(day) = 0 then 'day' when grouping(device) = 0 then 'device'
                    when grouping(source) = 0 then 'source' else 'total' end as dim,
               case when grouping(day) = 0 then to_char(day, 'YYYY-MM-DD') when grouping(device) = 0 then device
                    when grouping(source) = 0 then source else '' end as key,
               sum(views) as views, sum(conversions) as conversions
          from (select edges.labels[slots.i] as day, device, source, views, conversions
                  from slots cross join edges) ev
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

/** The scope and period types (analytics.sql.ts), for the service. */
export type { Period, Scope } from "./analytics.sql.ts";
