import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { addTimeSpent } from "../../apps/server/src/features/learning/learning.queries.ts";
import { type InProcessApp, inProcessApp, percentile } from "../lib/in-process.ts";
import { type BenchContext, type Benchmark, type Row, row } from "../lib/types.ts";

/**
 * Issue 12: creator analytics tabs at 100,000 enrolments and 2,000,000 learning events (p95 of
 * each tab, target < 200 ms on PostgreSQL (issue 28 §5; issue 12 asked < 300 ms); PGlite at a tenth of the size unless
 * BENCH_ANALYTICS_PGLITE_SCALE=1), and the cost a learning event adds to a progress write.
 * Events are 30-second pings in study sessions, as the player writes them; the rollups
 * (learning_activity by hour, learning_days and creator_learning_days by day) are built from them
 * (decision 0185) and the rollup applier's snapshot set after them (decision 0214). Every tab
 * request runs the applier first (nothing pending after the warm-up requests).
 */

/** BENCH_ANALYTICS_SCALE scales the PostgreSQL data set (1 = 100,000 enrolments, 2,000,000 events). */
const ENROLMENTS = Math.round(100_000 * Number(process.env.BENCH_ANALYTICS_SCALE ?? "1"));
const EVENTS_PER_ENROLMENT = 20;
/** Pings per study session (EVENTS_PER_ENROLMENT / PINGS sessions per enrolment; decision 0185). */
const PINGS = 5;
const COURSES = 10;
const LESSONS = 10;
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? "20");
const WRITES = 500;
const TABS = ["overview", "engagement", "revenue", "performance", "alerts"] as const;

/** Seeds one creator with COURSES courses and `enrolments` enrolments, events, rollups, orders and page views. */
export async function seed(ctx: BenchContext, a: InProcessApp, enrolments: number) {
  const { cookie, userId: creatorId } = await a.creator(
    `analytics-creator-${Date.now()}@example.com`,
    "Creator",
  );
  for (let c = 0; c < COURSES; c++) {
    const lessons = Array.from({ length: LESSONS }, (_, i) => ({
      id: `l${i}`,
      title: `Lesson ${i + 1}`,
      type: "text",
      duration: 10,
      content: { type: "text", html: `<p>Lesson ${i + 1}</p>` },
    }));
    const r = await a.request("/api/courses/publish", {
      method: "POST",
      cookie,
      json: {
        title: `Analytics course ${c + 1}`,
        description: "Benchmark course",
        outline: [{ id: "s1", title: "S", lessons }],
      },
    });
    if (r.status !== 200) throw new Error(`publish failed: ${r.status}`);
  }
  const db = a.runtime.db;
  const run = async (label: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    ctx.log(`analytics: ${label} (${Math.round(performance.now() - started)} ms)`);
  };
  await run(
    `${enrolments} students`,
    sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-s-' || g, 'Student ' || g, 'bench-s-' || g || '@example.com', true, now(), now()
      from generate_series(1, ${enrolments}) g`,
  );
  // The paid-enrolment counter (migration 0042) is kept per row by a trigger: 100,000 inserts in
  // one statement would update each of the 10 course rows 10,000 times in one transaction (each
  // update walking the row's growing chain of versions). The seed writes the enrolments without it
  // and counts them once afterwards, as the migration's own backfill does.
  await run("counter trigger off", sql`alter table enrollments disable trigger enrollments_count`);
  await run(
    "enrolments",
    sql`with c as (select id, row_number() over (order by id) - 1 as n from courses where creator_id = ${creatorId})
    insert into enrollments (course_id, student_id, enrollment_date, progress, is_completed, completion_date, last_accessed, utm_source)
    select c.id, 'bench-s-' || g, now() - ((g % 365) || ' days')::interval - interval '1 hour', (g * 7) % 101,
           g % 5 = 0, case when g % 5 = 0 then now() - ((g % 300) || ' days')::interval end,
           now() - ((g % 30) || ' days')::interval, (array['facebook', 'zalo', 'google', null])[1 + g % 4]
      from generate_series(1, ${enrolments}) g join c on c.n = g % ${COURSES}`,
  );
  await run("counter trigger on", sql`alter table enrollments enable trigger enrollments_count`);
  await run(
    "paid-enrolment counts",
    sql`update courses c set enrollment_count = (
      select count(*) from enrollments e where e.course_id = c.id and e.payment_status = 'completed')
     where c.creator_id = ${creatorId}`,
  );
  await run(
    "lesson progress",
    sql`insert into lesson_progress (enrollment_id, lesson_id, student_id, is_completed, progress, time_spent)
    select e.id, l.id, e.student_id, true, 100, 600
      from enrollments e join lessons l on l.course_id = e.course_id and l.order_index < 2
     where e.student_id like 'bench-s-%'`,
  );
  // As the player writes them: 30-second "time" pings in study sessions (SESSIONS sessions of
  // EVENTS_PER_ENROLMENT / SESSIONS pings each, three days apart), the first event a quiz.
  await run(
    `${enrolments * EVENTS_PER_ENROLMENT} learning events`,
    sql`insert into learning_events (enrollment_id, student_id, course_id, lesson_id, kind, seconds, score, passed, occurred_at)
    select e.id, e.student_id, e.course_id, null, case when k = 1 then 'quiz' else 'time' end, case when k = 1 then 0 else 30 end,
           case when k = 1 then (k * 37 + length(e.student_id) * 13) % 101 end, case when k = 1 then 1 end,
           least(now(), e.enrollment_date + ((k - 1) / ${PINGS}) * interval '3 days' + ((k - 1) % ${PINGS}) * interval '30 seconds')
      from enrollments e cross join generate_series(1, ${EVENTS_PER_ENROLMENT}) k
     where e.student_id like 'bench-s-%'`,
  );
  await run(
    "quiz lessons",
    sql`update learning_events ev set lesson_id = l.id
      from lessons l where ev.kind = 'quiz' and l.course_id = ev.course_id and l.order_index = ${LESSONS - 1}`,
  );
  await run(
    "hourly rollup",
    sql`insert into learning_activity (student_id, course_id, day, hour, seconds, events)
    select student_id, course_id, (occurred_at at time zone 'Asia/Ho_Chi_Minh')::date,
           extract(hour from occurred_at at time zone 'Asia/Ho_Chi_Minh')::smallint, sum(seconds), count(*)
      from learning_events group by 1, 2, 3, 4`,
  );
  await run(
    "daily rollup",
    sql`insert into learning_days (student_id, course_id, day, seconds, events)
    select student_id, course_id, day, sum(seconds), sum(events) from learning_activity group by 1, 2, 3`,
  );
  await run(
    "creator daily rollup",
    sql`insert into creator_learning_days (creator_id, day, student_id, seconds, events)
    select c.creator_id, a.day, a.student_id, sum(a.seconds), sum(a.events)
      from learning_activity a join courses c on c.id = a.course_id group by 1, 2, 3`,
  );
  await run(
    "students who studied each course",
    sql`insert into course_learners (course_id, student_id)
    select distinct course_id, student_id from learning_days where seconds > 0`,
  );
  // The totals the rollup applier keeps with the rollups (decision 0216), built as migration 0030 does.
  await run(
    "course and creator day totals, course hour totals",
    sql`with a as (insert into course_day_totals (course_id, day, students, seconds, events)
          select course_id, day, count(*), sum(seconds), sum(events) from learning_days group by 1, 2 returning 1),
        b as (insert into creator_day_totals (creator_id, day, students, seconds, events)
          select creator_id, day, count(*), sum(seconds), sum(events) from creator_learning_days group by 1, 2 returning 1)
        insert into course_hour_totals (course_id, day, hour, seconds)
          select course_id, day, hour, sum(seconds) from learning_activity group by 1, 2, 3`,
  );
  await run(
    "quiz best scores",
    sql`insert into learning_quiz_best (enrollment_id, lesson_id, course_id, student_id, score, passed)
    select ev.enrollment_id, ev.lesson_id, ev.course_id, ev.student_id, max(ev.score), max(ev.passed)
      from learning_events ev where ev.kind = 'quiz' and ev.lesson_id is not null group by 1, 2, 3, 4`,
  );
  // The rollups built above hold every event: the applier (decision 0214) starts after them.
  await run(
    "rollup state",
    sql`update learning_rollup_state set applied = pg_current_snapshot() where id = 1`,
  );
  await run(
    "orders",
    sql`insert into orders (reference, course_id, student_id, enrollment_id, method, list_amount, amount, currency, status, paid_at, refunded_at, expires_at, utm_source, utm_campaign)
    select 'B' || lpad(row_number() over ()::text, 9, '0'), e.course_id, e.student_id, e.id,
           (array['momo', 'vietqr', 'bank-transfer'])[1 + (length(e.student_id) % 3)], 199000, 199000, 'VND',
           case when length(e.student_id) % 17 = 0 then 'refunded' else 'paid' end,
           e.enrollment_date, case when length(e.student_id) % 17 = 0 then e.enrollment_date + interval '2 days' end, now(),
           (array['facebook', 'zalo', 'tiktok', null])[1 + abs(hashtext(e.student_id)) % 4],
           case when abs(hashtext(e.student_id)) % 3 = 0 then 'spring' end
      from enrollments e where e.student_id like 'bench-s-%' and (hashtext(e.student_id) % 2) = 0`,
  );
  await run(
    "refunds",
    sql`insert into refunds (order_id, through, amount, currency, status, succeeded_at)
    select o.id, 'manual', o.amount, o.currency, 'succeeded', o.refunded_at
      from orders o where o.status = 'refunded' and o.reference like 'B%'`,
  );
  await run(
    "landing page views",
    sql`with p as (insert into landing_pages (creator_id, title, slug, course_id)
      select ${creatorId}, 'Bench page', 'bench-' || ${Date.now()}, (select id from courses where creator_id = ${creatorId} limit 1) returning id)
    insert into landing_page_analytics (landing_page_id, event_type, created_at)
    select p.id, case when g % 20 = 0 then 'conversion' else 'view' end, now() - ((g % 365) || ' days')::interval from p, generate_series(1, ${enrolments}) g`,
  );
  // A table that grew to this size in use has been vacuumed by autovacuum (insert-triggered since
  // PostgreSQL 13): its visibility map is set, so index-only scans stay index-only. Vacuuming here
  // measures that steady state, and keeps autovacuum from starting on the 2,000,000 fresh rows in
  // the middle of the measurement (decision 0216).
  await run("vacuum analyze", sql`vacuum analyze`);
  return cookie;
}

/** p95 of each tab over REQUESTS sequential requests for 30 days and for 12 months. */
export async function measureTabs(
  a: InProcessApp,
  cookie: string,
  label: string,
  target: boolean,
): Promise<Row[]> {
  const today = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const ranges = {
    "30 days": `from=${iso(new Date(today.getTime() - 29 * 86_400_000))}&to=${iso(today)}`,
    "12 months": `from=${iso(new Date(today.getTime() - 364 * 86_400_000))}&to=${iso(today)}`,
  };
  const rows: Row[] = [];
  for (const tab of TABS) {
    for (const [name, query] of Object.entries(ranges)) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 2; i++) {
        const started = performance.now();
        const r = await a.request(`/api/analytics/creator/${tab}?${query}`, { cookie });
        const text = await r.text();
        if (r.status !== 200)
          throw new Error(`${tab} (${name}) on ${label}: ${r.status} ${text.slice(0, 300)}`);
        if (i >= 2) times.push(performance.now() - started); // two warm-up requests
      }
      rows.push(
        row(
          `analytics ${tab} (${name}) on ${label}, p95`,
          percentile(times, 95),
          "ms",
          target ? { op: "<", value: 200, unit: "ms" } : null,
          {
            p50: percentile(times, 50),
          },
        ),
      );
    }
  }
  return rows;
}

/**
 * The cost of a progress write with and without its learning event: WRITES sequential 'time'
 * writes through addTimeSpent (one call of academy_add_time_spent: time cap + upsert + event; the
 * rollups are folded in later by the applier, decision 0214) against the same function without
 * the event insert (the write as it would be with no events: the time cap of issue 16 and the
 * upsert; decision 0216), on the same
 * enrolments, paired write by write (decision 0216), in four rounds. The plain upsert without the
 * cap is reported for reference.
 */
export async function writeCost(a: InProcessApp): Promise<Row[]> {
  const db = a.runtime.db;
  const pairs = (await db.execute(sql`select e.student_id, e.course_id, l.id as lesson_id from enrollments e
      join lessons l on l.course_id = e.course_id and l.order_index = 5 where e.student_id like 'bench-s-%' limit 200`)) as unknown as {
    rows: Array<{ student_id: string; course_id: string; lesson_id: string }>;
  };
  const targets = pairs.rows;
  // addTimeSpent without its event: the same function (academy_add_time_spent, migration 0031) as
  // the database holds it, with the block between "-- event:" and "-- end of event" taken out,
  // under another name — so the two differ by the event insert and nothing else.
  const definition = (
    (await db.execute(
      sql`select pg_get_functiondef('academy_add_time_spent(text, uuid, uuid, integer, boolean)'::regprocedure) as def`,
    )) as unknown as { rows: Array<{ def: string }> }
  ).rows[0].def;
  const withoutEventDefinition = definition
    .replace(/-- event:[\s\S]*?-- end of event\n/, "")
    .replace(/\),\s*\n(\s*)SELECT up\.is_completed/, ")\n$1SELECT up.is_completed")
    .replace(/public\.academy_add_time_spent\(/, "public.bench_add_time_spent_without_event(");
  if (withoutEventDefinition === definition || /learning_events/.test(withoutEventDefinition))
    throw new Error("writeCost: could not take the event out of academy_add_time_spent");
  await db.execute(sql.raw(withoutEventDefinition));
  const withoutEvent = (t: (typeof targets)[number]) =>
    db.execute(sql`select * from bench_add_time_spent_without_event(${t.student_id}, ${t.course_id}::uuid,
      ${t.lesson_id}::uuid, 1, true)`);
  const upsertOnly = (t: (typeof targets)[number]) =>
    db.execute(sql`with up as (
      insert into lesson_progress (id, enrollment_id, lesson_id, student_id, is_completed, progress, time_spent, last_accessed, completed_at)
      select gen_random_uuid(), e.id, l.id, e.student_id, false, 0, 1, now(), null
        from enrollments e join lessons l on l.course_id = e.course_id and l.is_published
       where e.student_id = ${t.student_id} and e.course_id = ${t.course_id} and e.payment_status = 'completed' and l.id = ${t.lesson_id}
      on conflict (enrollment_id, lesson_id) do update set time_spent = lesson_progress.time_spent + 1
      returning enrollment_id, is_completed, progress, time_spent, completed_at)
    select up.*, e.id, e.progress from up join enrollments e on e.id = up.enrollment_id`);
  const withEvent = (t: (typeof targets)[number]) =>
    addTimeSpent(db, {
      studentId: t.student_id,
      courseId: t.course_id,
      lessonId: t.lesson_id,
      delta: 1,
      cap: true,
    });
  // Paired (decision 0216): each round writes the same target with and without the event back to
  // back, in alternating order, so drift in the machine's speed (checkpoints, other processes) falls
  // on both sides alike; the upsert reference is timed in its own loop.
  for (let i = 0; i < 100; i++) {
    await withoutEvent(targets[i % targets.length]);
    await withEvent(targets[i % targets.length]);
    await upsertOnly(targets[i % targets.length]);
  }
  const rounds = { without: [] as number[], with: [] as number[], upsert: [] as number[] };
  for (let round = 0; round < 4; round++) {
    let without = 0;
    let withE = 0;
    for (let i = 0; i < WRITES; i++) {
      const t = targets[i % targets.length];
      const first = i % 2 === 0 ? withoutEvent : withEvent;
      const second = i % 2 === 0 ? withEvent : withoutEvent;
      let started = performance.now();
      await first(t);
      const a = performance.now() - started;
      started = performance.now();
      await second(t);
      const b = performance.now() - started;
      if (i % 2 === 0) {
        without += a;
        withE += b;
      } else {
        withE += a;
        without += b;
      }
    }
    rounds.without.push(without / WRITES);
    rounds.with.push(withE / WRITES);
    const started = performance.now();
    for (let i = 0; i < WRITES; i++) await upsertOnly(targets[i % targets.length]);
    rounds.upsert.push((performance.now() - started) / WRITES);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const without = mean(rounds.without);
  const withE = mean(rounds.with);
  const upsert = mean(rounds.upsert);
  return [
    row(
      "progress write without event (academy_add_time_spent without its event block), mean",
      without,
      "ms",
      null,
    ),
    row("progress write with event (addTimeSpent), mean", withE, "ms", null),
    row("progress write: added cost of the learning event", ((withE - without) / without) * 100, "%", {
      op: "<=",
      value: 10,
      unit: "%",
    }),
    row("progress write: plain upsert without cap or event (reference), mean", upsert, "ms", null),
  ];
}

async function onPostgres(ctx: BenchContext): Promise<Row[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const database = `academy_bench_analytics_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    ctx.note("analytics on PostgreSQL: skipped, no PostgreSQL reachable (set BENCH_DATABASE_URL)");
    return [];
  }
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const a = await inProcessApp({ databaseUrl: url.toString() });
  try {
    const cookie = await seed(ctx, a, ENROLMENTS);
    return [...(await measureTabs(a, cookie, "PostgreSQL", true)), ...(await writeCost(a))];
  } finally {
    await a.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

async function onPglite(ctx: BenchContext): Promise<Row[]> {
  const scale = Number(process.env.BENCH_ANALYTICS_PGLITE_SCALE ?? "0.1");
  const a = await inProcessApp();
  try {
    const n = Math.round(ENROLMENTS * scale);
    const cookie = await seed(ctx, a, n);
    ctx.note(`analytics on PGlite: ${n} enrolments and ${n * EVENTS_PER_ENROLMENT} events (scale ${scale})`);
    try {
      return await measureTabs(a, cookie, `PGlite (${n} enrolments)`, false);
    } catch (error) {
      ctx.note(`analytics on PGlite failed: ${(error as Error).message}`);
      return [];
    }
  } finally {
    await a.close();
  }
}

export const analyticsBenchmark: Benchmark = {
  id: "analytics",
  title: "Creator analytics at 100,000 enrolments and 2,000,000 learning events",
  async run(ctx) {
    return [...(await onPostgres(ctx)), ...(await onPglite(ctx))];
  },
};
