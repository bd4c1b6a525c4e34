import { timingSafeEqual } from "node:crypto";
import { PERFORMANCE_TARGETS } from "@academy/shared";
import { trace } from "@opentelemetry/api";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client.ts";

/**
 * Prometheus metrics for operators (issue 28 §3; docs/operations.md). One registry per app, so
 * tests and two apps in one process do not share counters; the process-wide figures (SSE
 * clients, background jobs) live in this module and every registry reads them.
 *
 * Metric names (all prefixed `academy_`; durations in seconds, sizes in bytes):
 * - `http_request_duration_seconds{method,route,status}` histogram, route = the matched pattern
 *   (e.g. `/api/courses/:id`), never the raw path (no ids in labels);
 * - `http_slow_requests_total{route}`: answers slower than the spec's API target (5,000 ms);
 * - `sse_clients{stream}`: open event streams (messaging, community, checkout);
 * - `job_runs_total{job,outcome}`, `job_duration_seconds{job}`, `job_seconds_since_last_run{job}`;
 * - `outbox_pending`, `outbox_oldest_pending_seconds`: the e-mail outbox's queue and its lag;
 * - `db_ping_seconds`: how long a trivial query waits (PGlite runs one query at a time, so this
 *   is its queue wait), `db_pool_waiting` / `db_pool_total` / `db_pool_idle` on PostgreSQL;
 * - the prom-client defaults (`process_*`, `nodejs_*`: memory, event-loop lag, GC).
 */

export type StreamKind = "messaging" | "community" | "checkout";

const openStreams = new Map<StreamKind, number>();
const jobs = new Map<string, { lastRunAt: number; runs: number; failures: number }>();
const jobListeners = new Set<(job: string, seconds: number, ok: boolean) => void>();

/**
 * Counts an event stream as open until the returned function is called (call it once, when the
 * stream closes).
 */
export function trackStream(kind: StreamKind): () => void {
  openStreams.set(kind, (openStreams.get(kind) ?? 0) + 1);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    openStreams.set(kind, Math.max(0, (openStreams.get(kind) ?? 1) - 1));
  };
}

/** The number of open event streams of `kind` in this process. */
export function openStreamCount(kind: StreamKind): number {
  return openStreams.get(kind) ?? 0;
}

/** Records one run of the background job `job` that took `seconds` and succeeded or not. */
export function recordJobRun(job: string, seconds: number, ok: boolean): void {
  const entry = jobs.get(job) ?? { lastRunAt: 0, runs: 0, failures: 0 };
  entry.lastRunAt = Date.now();
  entry.runs += 1;
  if (!ok) entry.failures += 1;
  jobs.set(job, entry);
  for (const listener of jobListeners) listener(job, seconds, ok);
}

export interface AppMetrics {
  registry: Registry;
  /** Hono middleware timing every request by its matched route. */
  middleware: MiddlewareHandler;
  /**
   * Records one app page answered by the app-page fast path (static.ts `appPages`) before the
   * middleware: route `(other)`, like the SPA answers the middleware times; `seconds` its time.
   */
  observeAppPage(seconds: number): void;
  /** The registry's text exposition (Prometheus format) and its content type. */
  render(): Promise<{ body: string; contentType: string }>;
  /** Stops the listeners this registry added (tests open many apps in one process). */
  close(): void;
}

/**
 * Creates the registry and the request middleware for one app.
 * @param options.handle the database the gauges ask (outbox lag, ping, pool).
 * @param options.defaults also collect prom-client's process metrics (true in the server).
 */
export function createMetrics(options: { handle: DatabaseHandle; defaults?: boolean }): AppMetrics {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry, prefix: "academy_" });
  const apiTargetSeconds = PERFORMANCE_TARGETS.apiResponseMs / 1000;
  const duration = new Histogram({
    name: "academy_http_request_duration_seconds",
    help: "Time from request to response headers, by matched route (seconds)",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, apiTargetSeconds, 10],
    registers: [registry],
  });
  const slow = new Counter({
    name: "academy_http_slow_requests_total",
    help: `Responses slower than the API target (${PERFORMANCE_TARGETS.apiResponseMs} ms)`,
    labelNames: ["route"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "academy_sse_clients",
    help: "Open server-sent event streams, by stream",
    labelNames: ["stream"] as const,
    registers: [registry],
    collect() {
      for (const kind of ["messaging", "community", "checkout"] as const)
        this.set({ stream: kind }, openStreamCount(kind));
    },
  });
  const jobRuns = new Counter({
    name: "academy_job_runs_total",
    help: "Background job runs, by job and outcome",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "academy_job_duration_seconds",
    help: "Background job run time (seconds)",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const listener = (job: string, seconds: number, ok: boolean) => {
    jobRuns.inc({ job, outcome: ok ? "ok" : "failed" });
    jobDuration.observe({ job }, seconds);
  };
  jobListeners.add(listener);
  new Gauge({
    name: "academy_job_seconds_since_last_run",
    help: "Seconds since each background job last finished a run (its lag)",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, entry] of jobs) this.set({ job }, (now - entry.lastRunAt) / 1000);
    },
  });
  const { handle } = options;
  new Gauge({
    name: "academy_outbox_pending",
    help: "E-mails waiting in the outbox (pending or being sent)",
    registers: [registry],
    async collect() {
      this.set(Number((await outboxState(handle)).pending));
    },
  });
  new Gauge({
    name: "academy_outbox_oldest_pending_seconds",
    help: "Age of the oldest e-mail still waiting in the outbox (seconds; 0 when none)",
    registers: [registry],
    async collect() {
      this.set(Number((await outboxState(handle)).oldestSeconds));
    },
  });
  new Gauge({
    name: "academy_db_ping_seconds",
    help: "Time a trivial query takes, queue wait included (seconds)",
    registers: [registry],
    async collect() {
      const started = performance.now();
      await execute(handle, "select 1");
      this.set((performance.now() - started) / 1000);
    },
  });
  if (handle.pool) {
    const pool = handle.pool;
    for (const [name, read] of [
      ["academy_db_pool_waiting", () => pool.waitingCount],
      ["academy_db_pool_total", () => pool.totalCount],
      ["academy_db_pool_idle", () => pool.idleCount],
    ] as const) {
      new Gauge({
        name,
        help: `PostgreSQL pool: ${name.replace("academy_db_pool_", "")} clients`,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    }
  }

  const appPage = duration.labels("GET", "(other)", "200");
  return {
    registry,
    observeAppPage: (seconds) => {
      appPage.observe(seconds);
      if (seconds > apiTargetSeconds) slow.inc({ route: "(other)" });
    },
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(c);
      duration.observe({ method: c.req.method, route, status: String(c.res.status) }, seconds);
      // With tracing on (tracing.ts), the request's span is named by its route too.
      const span = trace.getActiveSpan();
      if (span && route !== "(other)") {
        span.setAttribute("http.route", route);
        span.updateName(`${c.req.method} ${route}`);
      }
      if (seconds > apiTargetSeconds) slow.inc({ route });
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
    close() {
      jobListeners.delete(listener);
      registry.clear();
    },
  };
}

/**
 * The pattern of the route that answered (e.g. `/api/courses/:id`): the last matched handler
 * registered for a method (not a `use` middleware) and not a bare catch-all; `(other)` for the SPA,
 * static files and 404s.
 */
function routeOf(c: Context): string {
  let routes: ReturnType<typeof matchedRoutes>;
  try {
    routes = matchedRoutes(c);
  } catch {
    return "(other)";
  }
  for (let i = routes.length - 1; i >= 0; i--) {
    const r = routes[i];
    if (r.method === "ALL" || r.path === "*" || r.path === "/*") continue;
    return r.path;
  }
  return "(other)";
}

// The two outbox gauges of one scrape share one query (prom-client collects them concurrently).
const outboxInFlight = new WeakMap<DatabaseHandle, Promise<OutboxState>>();
interface OutboxState {
  pending: number;
  oldestSeconds: number;
}

function outboxState(handle: DatabaseHandle): Promise<OutboxState> {
  const inFlight = outboxInFlight.get(handle);
  if (inFlight) return inFlight;
  const value = execute(
    handle,
    `select count(*)::int as pending,
            coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
       from email_outbox where status in ('pending', 'sending')`,
  )
    .then((rows) => ({ pending: Number(rows[0]?.pending ?? 0), oldestSeconds: Number(rows[0]?.oldest ?? 0) }))
    .finally(() => outboxInFlight.delete(handle));
  outboxInFlight.set(handle, value);
  return value;
}

async function execute(handle: DatabaseHandle, sql: string): Promise<Record<string, unknown>[]> {
  if (handle.pglite) return (await handle.pglite.query<Record<string, unknown>>(sql)).rows;
  if (handle.pool) return (await handle.pool.query(sql)).rows;
  return [];
}

/**
 * Whether a /metrics request may read the metrics: it carries `Authorization: Bearer
 * <METRICS_TOKEN>` (compared in constant time), or, without a token, it comes from loopback
 * (decided by the caller's loopback guard). Returns "token", "loopback-check" or "refused".
 */
export function metricsAccess(
  authorization: string | undefined,
  token: string | undefined,
): "token" | "loopback-check" | "refused" {
  if (!authorization) return "loopback-check";
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!token || !match) return "refused";
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? "token" : "refused";
}
