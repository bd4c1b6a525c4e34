import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon, { type Result } from "autocannon";
import type pg from "pg";
import type { AcademyServer } from "../lib/academy.ts";
import { percentile } from "../lib/in-process.ts";
import { withPostgresBench } from "../lib/postgres-bench.ts";
import { type BenchContext, type Benchmark, type Row, row } from "../lib/types.ts";

/** Enrolments of the measured creator (issue 5: "a creator with 100,000 enrolments"). */
const ENROLMENTS = 100_000;
/** The measured creator's published courses; the enrolments are spread evenly over them. */
const COURSES = 10;
/** Enrolments of a second creator in the same database, which the list must filter out. */
const OTHER_ENROLMENTS = 20_000;
const CONNECTIONS = 10;
const DURATION_S = 10;
const SEARCH_REQUESTS = 20;
const SEARCH_BUDGET_MS = 30_000;
const RSS_SAMPLE_MS = 50;
/**
 * "Flat" memory bound for one CSV download: peak RSS growth of the server over its RSS just before.
 * The export holds one keyset page (2,000 rows ≈ 0.25 MB of CSV, a few MB as pg row objects and
 * strings) at a time, and V8 collects lazily, so a streamed export of any size grows the heap by a
 * few tens of MB at most (measured: 1–45 MB, also after the heap had shrunk). Buffering instead
 * costs far more: reading these 100,000 rows in one pg query grows a Node process by ≈ 105 MB, and
 * joining them into one CSV string by ≈ 30 MB more. 64 MB separates the two with margin.
 */
const FLAT_RSS_MB = 64;
/**
 * Leak check: a second 100,000-row export right after the first may raise the server's peak RSS
 * above the first one's by at most this much (a streamed export reuses the heap the first one
 * grew; one that kept rows or chunks alive would add tens of MB again).
 */
const REPEAT_MB = 16;

const MB = 1024 * 1024;
const PASSWORD = "bench-password-1";
const SURNAMES = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng"];
const MIDDLE = ["Văn", "Thị", "Hữu", "Minh", "Ngọc", "Đức", "Thanh", "Quốc"];
const GIVEN = ["An", "Bình", "Châu", "Dũng", "Giang", "Hà", "Khánh", "Linh", "Mai", "Phương", "Quân", "Thảo"];

const course = (title: string) => ({
  title,
  description: "Benchmark course for Student Management",
  outline: [
    {
      id: "s1",
      title: "Section",
      lessons: [
        {
          id: "l1",
          title: "Lesson",
          type: "text",
          duration: 10,
          content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
        },
      ],
    },
  ],
});

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(", ")}]`;

/** The server process's resident set size in bytes (VmRSS of /proc/<pid>/status). */
function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** The kernel's peak-RSS mark (VmHWM), or null. */
function hwmBytes(pid: number): number | null {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : null;
}

/** Resets VmHWM to the current RSS (writes 5 to /proc/<pid>/clear_refs); false when not allowed. */
function resetHwm(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

interface ExportMeasure {
  status: number;
  bytes: number;
  /** "\n" count: the header line plus one line per row. */
  lines: number;
  durationMs: number;
  firstByteMs: number;
  /** Server RSS just before the request. */
  baselineRss: number;
  /** Highest sampled server RSS during the download. */
  peakRss: number;
  /** Highest sampled RSS while the first half of the bytes arrived, and while the second half did. */
  peakFirstHalf: number;
  peakSecondHalf: number;
  /** Kernel high-water mark over the download (after a reset), when /proc allowed the reset. */
  hwm: number | null;
  samples: number;
}

/**
 * Downloads `url` without keeping the body (counting bytes and newlines as they arrive) while
 * sampling the server's RSS every RSS_SAMPLE_MS, each sample tagged with the bytes received so far.
 */
async function measureExport(url: string, cookie: string, pid: number): Promise<ExportMeasure> {
  await sleep(500);
  const baselineRss = rssBytes(pid);
  const hwmReset = resetHwm(pid);
  const samples: Array<{ bytes: number; rss: number }> = [];
  let bytes = 0;
  let lines = 0;
  let firstByteMs = Number.NaN;
  const sample = () => {
    try {
      samples.push({ bytes, rss: rssBytes(pid) });
    } catch {
      // the process is gone: the request fails below
    }
  };
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.get(url, { headers: { cookie }, agent: false }, (response) => {
        response.on("data", (chunk: Buffer) => {
          if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.once("end", () => resolve(response.statusCode ?? 0));
        response.once("error", reject);
      });
      request.once("error", reject);
    });
    const durationMs = performance.now() - started;
    sample();
    const peak = (list: Array<{ rss: number }>) => Math.max(baselineRss, ...list.map((x) => x.rss));
    return {
      status,
      bytes,
      lines,
      durationMs,
      firstByteMs,
      baselineRss,
      peakRss: peak(samples),
      peakFirstHalf: peak(samples.filter((x) => x.bytes < bytes / 2)),
      peakSecondHalf: peak(samples.filter((x) => x.bytes >= bytes / 2)),
      hwm: hwmReset ? hwmBytes(pid) : null,
      samples: samples.length,
    };
  } finally {
    clearInterval(timer);
  }
}

/** Latencies (ms) of every response of an autocannon run of GET `url` with the session cookie. */
async function load(url: string, cookie: string, connections: number, durationS: number) {
  const latencies: number[] = [];
  const instance = autocannon({ url, headers: { cookie }, connections, duration: durationS });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result: Result = await instance;
  return {
    latencies,
    rate: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
const toMb = (bytes: number) => round(bytes / MB);

/**
 * Seeds the database directly: ENROLMENTS student accounts (the profile trigger makes their
 * profiles) with Vietnamese names, one enrolment each in the creator's courses (spread evenly, with
 * dates over the last two years, varied progress, payment states and last access), plus
 * OTHER_ENROLMENTS enrolments of the same students in another creator's course.
 */
async function seed(db: pg.Client, courseIds: string[], otherCourseId: string): Promise<void> {
  await db.query("begin");
  await db.query(
    `insert into "user" (id, name, email, email_verified, signup_role, created_at, updated_at)
     select 'bench-student-' || i,
       (${sqlArray(SURNAMES)})[1 + i % ${SURNAMES.length}] || ' ' ||
       (${sqlArray(MIDDLE)})[1 + (i / 7) % ${MIDDLE.length}] || ' ' ||
       (${sqlArray(GIVEN)})[1 + (i / 3) % ${GIVEN.length}] || ' ' || i,
       'student' || i || '@example.vn', true, 'student', now(), now()
     from generate_series(1::bigint, $1::bigint) as i`,
    [ENROLMENTS],
  );
  await db.query(
    `insert into enrollments (course_id, student_id, enrollment_date, payment_status, payment_amount,
       enrollment_source, progress, is_completed, last_accessed)
     select ($2::uuid[])[1 + i % $3::int], 'bench-student-' || i,
       now() - make_interval(secs => (i * 7919 % 63072000)),
       case when i % 50 = 0 then 'pending' when i % 97 = 0 then 'cancelled' else 'completed' end,
       case when i % 4 = 0 then 499000 else 0 end,
       case when i % 5 = 0 then 'teacher_assignment' else 'self' end,
       (i * 37) % 101, (i * 37) % 101 = 100,
       case when i % 3 = 0 then null else now() - make_interval(secs => (i * 104729 % 2592000)) end
     from generate_series(1::bigint, $1::bigint) as i`,
    [ENROLMENTS, courseIds, courseIds.length],
  );
  await db.query(
    `insert into enrollments (course_id, student_id, enrollment_date, progress)
     select $2::uuid, 'bench-student-' || i, now() - make_interval(secs => (i * 6151 % 63072000)), (i * 13) % 101
     from generate_series(1::bigint, $1::bigint) as i`,
    [OTHER_ENROLMENTS, otherCourseId],
  );
  await db.query(
    `update courses c set enrollment_count = (select count(*) from enrollments e where e.course_id = c.id)`,
  );
  // For trying an index or a schema change before writing its migration.
  if (process.env.BENCH_STUDENTS_SQL) await db.query(process.env.BENCH_STUDENTS_SQL);
  await db.query("commit");
  // VACUUM too, not just ANALYZE: autovacuum does it for an insert-heavy table in production, and it
  // sets the visibility map that index-only scans (the counts) rely on.
  await db.query("vacuum analyze");
}

async function signUpIn(base: string, db: pg.Client, email: string): Promise<string> {
  const headers = { origin: base, "content-type": "application/json" };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Bench Creator", email, password: PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await db.query(`update "user" set email_verified = true where email = $1`, [email]);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function publishCourses(base: string, cookie: string, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const response = await fetch(`${base}/api/courses/publish`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json", cookie },
      body: JSON.stringify(course(title)),
    });
    if (!response.ok) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { courseId: string }).courseId);
  }
  return ids;
}

async function getJson<T>(url: string, cookie: string): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return { ms, body: JSON.parse(text) as T };
}

async function measure(ctx: BenchContext, server: AcademyServer, db: pg.Client): Promise<Row[]> {
  const base = server.baseUrl;
  const pid = server.proc.pid;
  const creator = await signUpIn(base, db, `students-creator-${Date.now()}@example.com`);
  const other = await signUpIn(base, db, `students-other-${Date.now()}@example.com`);
  const courseIds = await publishCourses(
    base,
    creator,
    Array.from({ length: COURSES }, (_, i) => `Khoá học ${i + 1}: Lập trình thực chiến`),
  );
  const [otherCourseId] = await publishCourses(base, other, ["Another creator's course"]);
  ctx.log(`students: seeding ${ENROLMENTS.toLocaleString("en-US")} students and enrolments`);
  const seedStarted = performance.now();
  await seed(db, courseIds, otherCourseId);
  ctx.log(`students: seeded in ${Math.round(performance.now() - seedStarted)} ms`);

  const firstPage = `${base}/api/students?page=1&pageSize=20`;
  const searchPage = `${base}/api/students?page=1&pageSize=20&search=nguyen`;
  const statsUrl = `${base}/api/students/stats`;
  // Correctness of what is being timed: the whole list is the creator's 100,000 enrolments.
  const check = await getJson<{ total: number; items: unknown[] }>(firstPage, creator);
  if (check.body.total !== ENROLMENTS || check.body.items.length !== 20)
    throw new Error(`first page: total ${check.body.total}, ${check.body.items.length} items`);
  const searchCheck = await getJson<{ total: number }>(searchPage, creator);
  // Sequential warm-up (JIT, pg pool, PostgreSQL caches).
  for (let i = 0; i < 30; i++) await getJson(firstPage, creator);

  ctx.log(`students: first page, one connection for ${DURATION_S} s`);
  const single = await load(firstPage, creator, 1, DURATION_S);
  ctx.log(`students: first page, ${CONNECTIONS} connections for ${DURATION_S} s`);
  const list = await load(firstPage, creator, CONNECTIONS, DURATION_S);
  for (const [name, r] of [
    ["one connection", single],
    [`${CONNECTIONS} connections`, list],
  ] as const)
    if (r.errors) ctx.note(`students first page (${name}): status codes ${JSON.stringify(r.statusCodes)}`);

  // Search is informational and can be slow: one request at a time, up to SEARCH_REQUESTS or SEARCH_BUDGET_MS.
  ctx.log(`students: search "nguyen", one request at a time (≤ ${SEARCH_REQUESTS} requests)`);
  const search: number[] = [];
  const searchStarted = performance.now();
  while (search.length < SEARCH_REQUESTS && performance.now() - searchStarted < SEARCH_BUDGET_MS)
    search.push((await getJson(searchPage, creator)).ms);
  const stats: number[] = [];
  for (let i = 0; i < 20; i++) stats.push((await getJson(statsUrl, creator)).ms);

  ctx.log("students: CSV exports (10,000 rows, then 100,000 rows) while sampling the server's RSS");
  const subsetUrl = `${base}/api/students/export.csv?courseId=${courseIds[0]}`;
  const allUrl = `${base}/api/students/export.csv`;
  // Warm-up: runs the export code path once (another creator's course: header only) so its first
  // use is not counted as growth.
  await measureExport(`${base}/api/students/export.csv?courseId=${otherCourseId}`, creator, pid);
  const subset = await measureExport(subsetUrl, creator, pid);
  const all = await measureExport(allUrl, creator, pid);
  const again = await measureExport(allUrl, creator, pid);
  const subsetRows = ENROLMENTS / COURSES;
  if (subset.status !== 200 || all.status !== 200 || again.status !== 200)
    ctx.note(`students CSV export: status ${subset.status} (10k), ${all.status} and ${again.status} (100k)`);
  // Growth of the server's RSS over its RSS just before the request. (V8 grows its heap lazily and
  // gives memory back only after a major GC, so growth is bounded by GC policy, not by the rows.)
  const growth = (m: ExportMeasure) => toMb(m.peakRss - m.baselineRss);
  const exportExtra = (m: ExportMeasure) => ({
    durationMs: Math.round(m.durationMs),
    firstByteMs: Math.round(m.firstByteMs),
    bytes: m.bytes,
    baselineRssMb: toMb(m.baselineRss),
    peakRssMb: toMb(m.peakRss),
    peakFirstHalfMb: toMb(m.peakFirstHalf),
    peakSecondHalfMb: toMb(m.peakSecondHalf),
    hwmMb: m.hwm === null ? null : toMb(m.hwm),
    rssSamples: m.samples,
  });

  const latencyExtra = (r: { latencies: number[]; rate: number; errors: number }) => ({
    p50: round(percentile(r.latencies, 50)),
    p99: round(percentile(r.latencies, 99)),
    requests: r.latencies.length,
    ratePerS: Math.round(r.rate),
    errors: r.errors,
  });
  return [
    // The issue's figure: a creator opening the page, one request at a time.
    row(
      "Student Management first page (100k enrolments) on PostgreSQL, p95",
      percentile(single.latencies, 95),
      "ms",
      { op: "<", value: 100, unit: "ms" },
      latencyExtra(single),
    ),
    // Informational: the same page under 10 concurrent connections (queueing on a 2-core machine).
    row(
      `Student Management first page, ${CONNECTIONS} concurrent connections, p95`,
      percentile(list.latencies, 95),
      "ms",
      null,
      latencyExtra(list),
    ),
    row(
      `Student Management search "nguyen" (${searchCheck.body.total.toLocaleString("en-US")} matches), one at a time, p95`,
      percentile(search, 95),
      "ms",
      null,
      { p50: round(percentile(search, 50)), max: round(Math.max(...search)), requests: search.length },
    ),
    row("Student Management stats (100k enrolments), one at a time, p95", percentile(stats, 95), "ms", null, {
      p50: round(percentile(stats, 50)),
    }),
    row(
      "CSV export of 100,000 enrolments: lines received (header + rows)",
      all.lines,
      "lines",
      { op: ">=", value: ENROLMENTS + 1, unit: "lines" },
      { exact: all.lines === ENROLMENTS + 1, status: all.status, ...exportExtra(all) },
    ),
    row("CSV export of 100,000 enrolments: duration", all.durationMs, "ms", null, exportExtra(all)),
    row(
      "CSV export of 10,000 enrolments: server peak RSS growth",
      growth(subset),
      "MB",
      { op: "<", value: FLAT_RSS_MB, unit: "MB" },
      { lines: subset.lines, exact: subset.lines === subsetRows + 1, ...exportExtra(subset) },
    ),
    row(
      "CSV export of 100,000 enrolments: server peak RSS growth",
      growth(all),
      "MB",
      { op: "<", value: FLAT_RSS_MB, unit: "MB" },
      exportExtra(all),
    ),
    row("CSV export: server peak RSS, 100,000 rows (10,000 rows in extra)", toMb(all.peakRss), "MB", null, {
      peak10kMb: toMb(subset.peakRss),
      peak100kMb: toMb(all.peakRss),
      peak100kRepeatedMb: toMb(again.peakRss),
    }),
    row(
      "CSV export of 100,000 enrolments repeated: peak RSS above the first run's",
      toMb(again.peakRss - all.peakRss),
      "MB",
      // Informational: RSS between two runs moves with the garbage collector's heap sizing (seen
      // from −22 to +55 MB for the same export), so it cannot carry a target; the two growth rows
      // above (10k and 100k rows both far below the ~135 MB that buffering 100k rows costs) do.
      null,
      { lines: again.lines, limitHintMb: REPEAT_MB, ...exportExtra(again) },
    ),
  ];
}

/**
 * Issue 5 figures on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is created and dropped; 100,000 students and enrolments are seeded with SQL):
 * the first page of Student Management for a creator with 100,000 enrolments, one request at a time
 * for 10 s (target p95 < 100 ms; also under 10 concurrent connections, informational), search and
 * stats (informational), and the streamed CSV export of 10,000 and 100,000 rows with the server's
 * RSS sampled from /proc every 50 ms (targets: every line arrives, peak growth < 64 MB for both
 * sizes; a repeated 100,000-row export is reported, informational). BENCH_STUDENTS_SQL runs extra SQL after
 * seeding, e.g. to try an index before writing its migration.
 */
export const studentsBenchmark: Benchmark = {
  id: "students",
  title: "Student Management at 100,000 enrolments (PostgreSQL)",
  async run(ctx) {
    return withPostgresBench(
      ctx,
      "students",
      "Student Management first page (100k enrolments) on PostgreSQL, p95",
      (server, db) => measure(ctx, server, db),
    );
  },
};
