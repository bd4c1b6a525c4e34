import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../apps/server/src/app.ts";
import { user } from "../../apps/server/src/db/schema/index.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import {
  createNotificationFanoutWorker,
  notify,
  pendingFanoutRecipients,
} from "../../apps/server/src/features/notifications/notifications.service.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createRuntime } from "../../apps/server/src/runtime.ts";
import { freePort } from "../lib/academy.ts";
import { percentile } from "../lib/in-process.ts";
import { openLoop } from "../lib/open-loop.ts";
import { type BenchContext, type Benchmark, type Row, row } from "../lib/types.ts";

// Issue 27 §2: the notification centre at scale (decision 0230).

/** Students enrolled in the announcing course. */
const STUDENTS = 10_000;
/** Notifications in the table when the bell's count is measured. */
const TABLE_ROWS = 1_000_000;
/** People those rows belong to (100 each, half unread). */
const OWNERS = 10_000;
const COUNT_REQUESTS = 200;
const LOAD_RATE = 50;
const LOAD_SECONDS = 6;

/** The whole app in this process over HTTP on 127.0.0.1, on a fresh PGlite data directory. */
async function servedApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-bench-notifications-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_MAX: "100000",
  });
  const runtime = await createRuntime(env, { logger: createLogger("silent") });
  const { app } = createApp(runtime);
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  const account = async (email: string) => {
    const password = "bench-password-1";
    const headers = { origin, "content-type": "application/json" };
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench Person", email, password }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
    await runtime.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [found] = await runtime.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { cookie, userId: found!.id };
  };
  return {
    runtime,
    origin,
    account,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type App = Awaited<ReturnType<typeof servedApp>>;

/** One announcement to every student of a course (10,000), with the API measured meanwhile. */
async function fanOut(ctx: BenchContext, app: App): Promise<Row[]> {
  const creator = await app.account(`bench-notify-creator-${Date.now()}@example.com`);
  const reader = await app.account(`bench-notify-reader-${Date.now()}@example.com`);
  // The students: users (the trigger makes their profiles) and their paid enrolments of one course.
  await app.runtime.db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-student-' || g, 'Học viên ' || g, 'bench-student-' || g || '@example.com', true, now(), now()
      from generate_series(1, ${STUDENTS}::int) g`);
  const [course] = (
    (await app.runtime.db.execute(sql`
      insert into courses (creator_id, title, slug, is_published)
      values (${creator.userId}, 'Benchmark announcements', ${`bench-notify-${Date.now()}`}, true)
      returning id`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  await app.runtime.db.execute(sql`
    insert into enrollments (course_id, student_id, payment_status)
    select ${course!.id}, 'bench-student-' || g, 'completed' from generate_series(1, ${STUDENTS}::int) g`);
  const students = (
    (await app.runtime.db.execute(sql`
      select student_id from enrollments where course_id = ${course!.id} and payment_status = 'completed'`)) as unknown as {
      rows: Array<{ student_id: string }>;
    }
  ).rows.map((r) => r.student_id);

  const load = openLoop({
    url: app.origin,
    rate: LOAD_RATE,
    durationS: LOAD_SECONDS,
    connections: 10,
    request: () => ({ method: "GET", path: "/api/notifications/unread", headers: { cookie: reader.cookie } }),
  });
  // Let the load run a second before the announcement goes out.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // As index.ts runs it: the worker writes what `notify` queued beyond its first chunk.
  const worker = createNotificationFanoutWorker({
    db: app.runtime.db,
    mailer: app.runtime.mailer,
    appUrl: app.origin,
    logger: createLogger("silent"),
  });
  worker.start();
  const started = performance.now();
  const result = await app.runtime.db.transaction((tx) =>
    notify(
      tx,
      {
        userIds: students,
        type: "announcement",
        data: {
          actorName: "Bench Creator",
          courseTitle: "Benchmark announcements",
          title: "Live class on Friday",
        },
        link: `/learn/${course!.id}`,
      },
      { mailer: app.runtime.mailer, appUrl: app.origin },
    ),
  );
  while ((await pendingFanoutRecipients(app.runtime.db)) > 0)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const fanOutMs = performance.now() - started;
  await worker.stop();
  const [{ n: written } = { n: 0 }] = (
    (await app.runtime.db.execute(
      sql`select count(*)::int as n from notifications where link = ${`/learn/${course!.id}`}`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  const during = await load;
  ctx.log(
    `notifications: ${written} notified in ${Math.round(fanOutMs)} ms (${result.notified} in the announcing transaction, ${result.queued} by the fan-out worker)`,
  );
  return [
    row(
      `announcement fan-out to ${STUDENTS.toLocaleString("en")} enrolled students`,
      Math.round(fanOutMs),
      "ms",
      {
        op: "<",
        value: 5000,
        unit: "ms",
      },
      { notified: written, inTransaction: result.notified, byWorker: result.queued },
    ),
    row(
      `GET /api/notifications/unread p95 at ${LOAD_RATE}/s during the fan-out`,
      Math.round(percentile(during.latencies, 95) * 10) / 10,
      "ms",
      { op: "<", value: 50, unit: "ms" },
      { statusCodes: during.statusCodes, errors: during.errors },
    ),
  ];
}

/** The bell's count for one person when the table holds 1,000,000 notifications. */
async function unreadAtScale(ctx: BenchContext, app: App): Promise<Row[]> {
  const person = await app.account(`bench-notify-bell-${Date.now()}@example.com`);
  await app.runtime.db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-owner-' || g, 'Owner ' || g, 'bench-owner-' || g || '@example.com', true, now(), now()
      from generate_series(1, ${OWNERS}::int) g`);
  const perOwner = TABLE_ROWS / OWNERS;
  const started = performance.now();
  for (let from = 1; from <= OWNERS; from += 1000) {
    await app.runtime.db.execute(sql`
      insert into notifications (user_id, type, data, link, read_at, created_at)
      select 'bench-owner-' || o, 'discussion_reply', '{"actorName":"A","title":"T"}'::jsonb, '/dashboard',
             case when n % 2 = 0 then now() end, now() - make_interval(secs => n)
        from generate_series(${from}::int, ${Math.min(OWNERS, from + 999)}::int) o,
             generate_series(1, ${perOwner}::int) n`);
  }
  // The measured person: 300 of their own, 150 unread.
  await app.runtime.db.execute(sql`
    insert into notifications (user_id, type, data, link, read_at, created_at)
    select ${person.userId}, 'mention', '{}'::jsonb, '/dashboard', case when n % 2 = 0 then now() end,
           now() - make_interval(secs => n)
      from generate_series(1, 300) n`);
  await app.runtime.db.execute(sql`analyze notifications`);
  ctx.log(
    `notifications: ${TABLE_ROWS.toLocaleString("en")} rows written in ${Math.round(performance.now() - started)} ms`,
  );
  // PGlite runs in this process: while it wrote the rows (a minute or more) no timer ran, so the
  // keep-alive sockets of the requests before the fill are past both sides' idle timeouts. Let those
  // timers run (both sides close the idle sockets) before the first measured request, or undici
  // reuses a socket the server is closing and the request fails with "fetch failed".
  await new Promise((resolve) => setTimeout(resolve, 250));
  const times: number[] = [];
  let last = -1;
  for (let i = 0; i < COUNT_REQUESTS + 10; i++) {
    const t0 = performance.now();
    const response = await fetch(`${app.origin}/api/notifications/unread`, {
      headers: { cookie: person.cookie },
    });
    last = ((await response.json()) as { unread: number }).unread;
    if (i >= 10) times.push(performance.now() - t0);
  }
  return [
    row(
      `GET /api/notifications/unread p95 with ${TABLE_ROWS.toLocaleString("en")} notifications`,
      Math.round(percentile(times, 95) * 10) / 10,
      "ms",
      { op: "<", value: 20, unit: "ms" },
      { unread: last },
    ),
  ];
}

export const notificationsBenchmark: Benchmark = {
  id: "notifications",
  title: "Notification centre: announcement fan-out and the bell's count (issue 27 §2)",
  async run(ctx) {
    const app = await servedApp();
    try {
      return [...(await fanOut(ctx, app)), ...(await unreadAtScale(ctx, app))];
    } finally {
      await app.close();
    }
  },
};
