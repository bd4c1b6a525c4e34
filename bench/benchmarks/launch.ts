import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { resolveSeo, resolveStyles } from "@academy/shared";
import pg from "pg";
import { startFakeProviders } from "../../apps/server/test/support/fake-providers.ts";
import { percentile } from "../lib/in-process.ts";
import { type BenchContext, type Benchmark, type Row, row } from "../lib/types.ts";
import { workerRpc } from "../lib/worker-rpc.ts";

/** Peak concurrent virtual students (LAUNCH_PEAK, default 500). */
const PEAK = Number(process.env.LAUNCH_PEAK ?? 500);
/**
 * Seconds of arrivals (LAUNCH_SECONDS, default 180): the rate ramps up over the first third and
 * holds over the rest, long enough for the students who arrived in the ramp to be mid-journey.
 */
const SECONDS = Number(process.env.LAUNCH_SECONDS ?? 180);
/** A request without an answer after this long counts as an error. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Journeys still running this long after the last arrival are abandoned (counted as errors). */
const DRAIN_MS = 300_000;
/** Sockets per instance in the load generator. */
const SOCKETS = 128;
const PRICE = 199_000;
/** The payment provider's address, for its callbacks. */
const PROVIDER_IP = "203.0.113.7";
const PASSWORD = "launch-password-1";
const KEYS = {
  momo: {
    partnerCode: "MOMOLAUNCH1",
    accessKey: "launchAccessKey1",
    secretKey: "launchSecretKeyForTheFakeMoMo0001",
  },
  zalopay: {
    appId: "2554",
    key1: "launchZaloKey1launchZaloKey1abcd",
    key2: "launchZaloKey2launchZaloKey2abcd",
  },
};
/** Proportions of the launch (issue 28 §6). */
const P_SIGN_UP = 0.4;
const P_BUY = 0.6;
const P_POST = 0.2;
const PROGRESS_REPORTS = 4;
/**
 * Think times between a student's steps (s, uniform in [min, max]), as a person takes them:
 * reading the landing page, finding the e-mail, deciding, paying in the MoMo / ZaloPay app,
 * studying between the player's progress reports, writing a post. Visitors who do not sign up
 * read the page for `read` too (they count as concurrent while they do). LAUNCH_THINK_SCALE
 * scales them all (e.g. 0.05 for a stress run where every step follows the last within a second
 * or two; the default 1 is the launch).
 */
const THINK_SCALE = Number(process.env.LAUNCH_THINK_SCALE ?? 1);
const THINK_S = {
  read: [10, 30],
  inbox: [10, 30],
  decide: [5, 15],
  method: [3, 8],
  app: [10, 30],
  study: [15, 30],
  write: [20, 40],
} as const satisfies Record<string, readonly [number, number]>;
type Pause = keyof typeof THINK_S;
const mean = (pause: Pause) => ((THINK_S[pause][0] + THINK_S[pause][1]) / 2) * THINK_SCALE;

const STEPS = [
  ["landing", "open the landing page (GET /lp/:slug)"],
  ["sign-up", "sign up (POST /api/auth/sign-up/email)"],
  ["verify", "verify from the outbox link (GET /api/auth/verify-email)"],
  ["enrol", "Enrol Now: order (POST /api/courses/:id/enroll)"],
  ["pay", "choose MoMo / ZaloPay (POST /api/checkout/:ref/method)"],
  ["callback", "provider callback (POST /api/payments/callbacks/…)"],
  ["player", "open the player (GET /api/learn/:courseId)"],
  ["progress", "report progress (POST /api/learn/…/progress)"],
  ["post", "post in the community (POST /api/community/discussions)"],
] as const;
type Step = (typeof STEPS)[number][0];

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One Academy instance in a worker thread (bench/lib/launch-instance.ts). */
interface Instance {
  port: number;
  agent: http.Agent;
  verificationLink(email: string): Promise<string | null>;
  profileStart(): Promise<void>;
  profileStop(): Promise<CpuProfile>;
  close(): Promise<void>;
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** GET/POST over the instance's bounded keep-alive agent; network errors and timeouts throw. */
/**
 * One request; sent again once when it went out on a kept-alive connection the server had just
 * closed as idle (ECONNRESET on a reused socket: the request never reached the app), as browsers
 * do and Node's documentation recommends (`request.reusedSocket`). Students think 10–30 s between
 * steps, longer than the server's 5 s keep-alive.
 */
async function send(
  inst: Instance,
  method: string,
  pathname: string,
  opts: { cookie?: string; json?: unknown; body?: string; origin: string; ip?: string },
): Promise<Answer> {
  try {
    return await sendOnce(inst, method, pathname, opts);
  } catch (error) {
    if ((error as { staleSocket?: boolean }).staleSocket) return sendOnce(inst, method, pathname, opts);
    throw error;
  }
}

function sendOnce(
  inst: Instance,
  method: string,
  pathname: string,
  opts: { cookie?: string; json?: unknown; body?: string; origin: string; ip?: string },
): Promise<Answer> {
  const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.body;
  const headers: Record<string, string> = { origin: opts.origin };
  if (opts.cookie) headers.cookie = opts.cookie;
  // Each student comes from their own address, as the reverse proxy (TRUST_PROXY) reports it.
  if (opts.ip) headers["x-forwarded-for"] = opts.ip;
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: inst.port, path: pathname, method, headers, agent: inst.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const setCookie = res.headers["set-cookie"] ?? [];
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            cookies: setCookie,
          });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        req.reusedSocket && error.code === "ECONNRESET" ? Object.assign(error, { staleSocket: true }) : error,
      ),
    );
    req.end(body);
  });
}

const cookieOf = (cookies: string[]) => cookies.map((c) => c.split(";")[0]).join("; ");

/** Self time per function of a CPU profile (ms), largest first; name = function + file:line. */
function selfTimes(profile: CpuProfile): { name: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const f = node.callFrame;
    const where = f.url
      ? ` ${f.url.replace(/^file:\/\/.*?\/(node_modules|apps|packages)\//, "$1/")}:${f.lineNumber + 1}`
      : "";
    const name = `${f.functionName || "(anonymous)"}${where}`;
    totals.set(name, (totals.get(name) ?? 0) + Math.max(0, next) / 1000);
  }
  return [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/** Sums `academy_http_request_duration_seconds_{sum,count}` by method + route from /metrics texts. */
function routeTotals(texts: string[]): { route: string; seconds: number; count: number }[] {
  const acc = new Map<string, { seconds: number; count: number }>();
  for (const text of texts) {
    for (const line of text.split("\n")) {
      const m = /^academy_http_request_duration_seconds_(sum|count)\{([^}]*)\} ([0-9.e+-]+)/.exec(line);
      if (!m) continue;
      const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      const key = `${labels.method} ${labels.route}`;
      const entry = acc.get(key) ?? { seconds: 0, count: 0 };
      if (m[1] === "sum") entry.seconds += Number(m[3]);
      else entry.count += Number(m[3]);
      acc.set(key, entry);
    }
  }
  return [...acc.entries()].map(([route, v]) => ({ route, ...v })).sort((a, b) => b.seconds - a.seconds);
}

async function startInstance(label: string, env: Record<string, string>): Promise<Instance> {
  const worker = new Worker(new URL("../lib/launch-instance.mjs", import.meta.url), { workerData: { env } });
  const { ready, call } = workerRpc(worker, label);
  const port = await ready;
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
  return {
    port,
    agent,
    verificationLink: (email) => call("verificationLink", email),
    profileStart: () => call("profileStart"),
    profileStop: () => call("profileStop"),
    async close() {
      agent.destroy();
      await Promise.race([call("close").catch(() => undefined), sleep(10_000)]);
      await worker.terminate();
    },
  };
}

/** Per-step latencies (ms) and errors of one run. */
class Recorder {
  ms = new Map<Step, number[]>();
  errors = new Map<Step, number>();
  samples: Record<string, number> = {};
  async time<T>(step: Step, fn: () => Promise<Answer>, ok: (a: Answer) => boolean, then: (a: Answer) => T) {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await fn();
    } catch (error) {
      this.fail(step, error instanceof Error ? error.message : String(error));
      return null;
    }
    const list = this.ms.get(step) ?? [];
    list.push(performance.now() - started);
    this.ms.set(step, list);
    if (!ok(answer)) {
      this.fail(step, `${answer.status} ${answer.body.slice(0, 120)}`);
      return null;
    }
    return then(answer);
  }
  fail(step: Step, what: string) {
    this.errors.set(step, (this.errors.get(step) ?? 0) + 1);
    const key = `${step}: ${what}`.slice(0, 160);
    this.samples[key] = (this.samples[key] ?? 0) + 1;
  }
}

const think = (pause: Pause) =>
  sleep(1000 * THINK_SCALE * (THINK_S[pause][0] + Math.random() * (THINK_S[pause][1] - THINK_S[pause][0])));

/**
 * Issue 28 §6: launch day. Virtual students arrive in an open model (k6 "ramping-arrival-rate":
 * arrivals per second ramp linearly from 0 to the peak rate over the first third of LAUNCH_SECONDS
 * and hold it for the rest, whatever the server's speed; at most 1.5 × LAUNCH_PEAK journeys at
 * once, the rest counted as dropped). The peak rate is LAUNCH_PEAK / the mean journey length, so
 * about LAUNCH_PEAK students are mid-journey at the peak. Every student opens the landing page and
 * reads it; 40% sign up and verify through the link in the outbox; 60% of those enrol and pay with
 * MoMo or ZaloPay (the local fake, whose signed callback is then delivered); buyers open the
 * player and report progress 4 times; 20% of buyers post in the course community. Between steps
 * each student takes a person's time (THINK_S: 10–30 s reading, 15–30 s studying between progress
 * reports, …). Each student has an address of their own in X-Forwarded-For (the servers trust the
 * proxy, as docs/deploy.md runs them), so the per-address rate limits keep production values.
 * Requests go to 127.0.0.1 over bounded keep-alive agents (128 sockets per instance), round-robin
 * per student on two instances.
 *
 * Run on PGlite (one instance, a fresh DATA_DIR) and on PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; a fresh database, dropped afterwards; two instances).
 * Each instance is `createRuntime` + `createApp` in a worker thread (bench/lib/launch-instance.ts);
 * the verification e-mail is read from the instance's outbox table (as the e-mail worker would),
 * and its link is then opened over HTTP (it signs the student in).
 * Reports per step: throughput, p95, p99, errors; total errors (target 0); p95 per step on
 * PostgreSQL (target < 100 ms); the hottest route by total time (from /metrics) and the top 10
 * self-time functions of a CPU profile of the first instance over the peak.
 */
export const launchBenchmark: Benchmark = {
  id: "launch",
  title: `Launch day: ${PEAK} concurrent virtual students, open model (issue 28 §6)`,
  async run(ctx): Promise<Row[]> {
    const rows: Row[] = [];
    // LAUNCH_ONLY=pglite or =postgres runs one of the two.
    const only = process.env.LAUNCH_ONLY;
    if (only !== "postgres") rows.push(...(await runOn(ctx, "pglite")));
    if (only === "pglite") return rows;
    const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const database = `academy_bench_launch_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
    } catch {
      ctx.note("launch: PostgreSQL part skipped, no PostgreSQL reachable (set BENCH_DATABASE_URL)");
      return [...rows, row("launch (PostgreSQL): errors", Number.NaN, "", null, { skipped: true })];
    }
    try {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database}`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      rows.push(...(await runOn(ctx, "postgres", url.toString())));
    } finally {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end();
    }
    return rows;
  },
};

async function runOn(
  ctx: BenchContext,
  backend: "pglite" | "postgres",
  databaseUrl?: string,
): Promise<Row[]> {
  const label = backend === "pglite" ? "PGlite, 1 instance" : "PostgreSQL, 2 instances";
  const fake = await startFakeProviders(KEYS);
  const dataDir = path.join(ctx.tempDir, `launch-${backend}`);
  mkdirSync(dataDir, { recursive: true });
  const origin = "http://localhost:3000";
  const shared = {
    NODE_ENV: "production",
    APP_URL: origin,
    LOG_LEVEL: "warn",
    // Behind the reverse proxy of docs/deploy.md: each student's own address (X-Forwarded-For)
    // counts for the rate limits, which keep their production values.
    TRUST_PROXY: "true",
    MOMO_BASE_URL: fake.url,
    ZALOPAY_BASE_URL: fake.url,
    // Servers sharing one database share these keys (issue 16 item 9).
    AUTH_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const instances: Instance[] = [];
  try {
    const count = backend === "pglite" ? 1 : 2;
    // Sequential starts: the first migrates the fresh database.
    for (let k = 0; k < count; k++)
      instances.push(
        await startInstance(`launch instance ${k}`, {
          ...shared,
          DATA_DIR: path.join(dataDir, `instance-${k}`),
        }),
      );
    const [first] = instances;
    const req = (
      inst: Instance,
      method: string,
      p: string,
      o: { cookie?: string; json?: unknown; body?: string; ip?: string } = {},
    ) => send(inst, method, p, { ...o, origin });

    // ---- setup: a verified creator, a paid course, a published landing page with MoMo and ZaloPay ----
    ctx.log(`launch (${label}): creator, paid course, landing page with MoMo and ZaloPay`);
    const verifyFor = async (inst: Instance, email: string): Promise<string | null> => {
      for (let i = 0; i < 50; i++) {
        const link = await inst.verificationLink(email);
        if (link) {
          const u = new URL(link);
          return `${u.pathname}${u.search}`;
        }
        await sleep(100);
      }
      return null;
    };
    const creatorEmail = `launch-creator-${Date.now()}@example.com`;
    const signed = await req(first, "POST", "/api/auth/sign-up/email", {
      json: { name: "Launch Creator", email: creatorEmail, password: PASSWORD },
    });
    if (signed.status !== 200) throw new Error(`creator sign-up: ${signed.status} ${signed.body}`);
    const creatorLink = await verifyFor(first, creatorEmail);
    if (!creatorLink) throw new Error("creator: no verification e-mail in the outbox");
    await req(first, "GET", creatorLink);
    const signIn = await req(first, "POST", "/api/auth/sign-in/email", {
      json: { email: creatorEmail, password: PASSWORD },
    });
    if (signIn.status !== 200) throw new Error(`creator sign-in: ${signIn.status} ${signIn.body}`);
    const cookie = cookieOf(signIn.cookies);
    const lessons = Array.from({ length: 5 }, (_, i) => ({
      id: `l${i + 1}`,
      title: `Bài ${i + 1}`,
      type: "text",
      duration: 10,
      content: { type: "text", html: `<p>Nội dung bài ${i + 1}</p>` },
    }));
    const published = await req(first, "POST", "/api/courses/publish", {
      cookie,
      json: {
        title: "Khoá học ra mắt",
        description: "Launch day",
        price: PRICE,
        currency: "VND",
        outline: [{ id: "s1", title: "Phần 1", lessons }],
      },
    });
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.body}`);
    const { courseId } = JSON.parse(published.body) as { courseId: string };
    const slug = `launch-${Date.now().toString(36)}`;
    const page = await req(first, "POST", "/api/landing-pages", {
      cookie,
      json: {
        title: "Ra mắt",
        description: "",
        slug,
        courseId,
        templateId: null,
        contentData: { sections: [] },
        styleData: resolveStyles({}),
        seoData: resolveSeo({}),
        isPublished: true,
      },
    });
    if (page.status >= 300) throw new Error(`landing page: ${page.status} ${page.body}`);
    const { id: pageId } = JSON.parse(page.body) as { id: string };
    const methods = await req(first, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      cookie,
      json: {
        methods: [
          { methodType: "momo", isEnabled: true, configuration: KEYS.momo },
          { methodType: "zalopay", isEnabled: true, configuration: KEYS.zalopay },
        ],
      },
    });
    if (methods.status >= 300) throw new Error(`payment methods: ${methods.status} ${methods.body}`);

    // ---- the journeys ----
    const rec = new Recorder();
    let serial = 0;
    const journey = async (n: number) => {
      const inst = instances[n % instances.length];
      // A documentation-range address per student (RFC 5737 and 198.18.0.0/15), unique per run.
      const ip = `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
      const landed = await rec.time(
        "landing",
        () => req(inst, "GET", `/lp/${slug}`, { ip }),
        (a) => a.status === 200,
        () => true,
      );
      // Everyone reads the page; 40 % then sign up.
      await think("read");
      if (!landed || Math.random() >= P_SIGN_UP) return;
      const email = `launch-${backend}-${n}-${Date.now().toString(36)}@example.com`;
      const up = await rec.time(
        "sign-up",
        () =>
          req(inst, "POST", "/api/auth/sign-up/email", {
            json: { name: `Học viên ${n}`, email, password: PASSWORD, signupRole: "student" },
            ip,
          }),
        (a) => a.status === 200,
        () => true,
      );
      if (!up) return;
      const link = await verifyFor(inst, email);
      if (!link) return rec.fail("verify", "no verification e-mail in the outbox");
      await think("inbox");
      let student = await rec.time(
        "verify",
        () => req(inst, "GET", link, { ip }),
        (a) => a.status < 400,
        (a) => cookieOf(a.cookies),
      );
      if (student === null) return;
      if (!student.includes("session_token")) {
        rec.fail("verify", "the verification link did not sign the student in");
        return;
      }
      if (Math.random() >= P_BUY) return;
      await think("decide");
      const ref = await rec.time(
        "enrol",
        () =>
          req(inst, "POST", `/api/courses/${courseId}/enroll`, {
            cookie: student as string,
            json: { landingPage: slug },
            ip,
          }),
        (a) => a.status === 200,
        (a) => (JSON.parse(a.body) as { orderReference?: string }).orderReference ?? null,
      );
      if (!ref) return;
      const method = Math.random() < 0.5 ? "momo" : "zalopay";
      await think("method");
      const payUrl = await rec.time(
        "pay",
        () =>
          req(inst, "POST", `/api/checkout/${ref}/method`, {
            cookie: student as string,
            json: { method },
            ip,
          }),
        (a) => a.status === 200,
        (a) => (JSON.parse(a.body) as { redirectUrl?: string | null }).redirectUrl ?? null,
      );
      const m = payUrl ? /\/pay\/(momo|zalopay)\/([^/?]+)$/.exec(payUrl) : null;
      if (!m) return rec.fail("pay", `no provider page (${payUrl})`);
      const id = decodeURIComponent(m[2]);
      const where = m[1] === "momo" ? fake.momoOrders.get(id)?.ipnUrl : fake.zaloOrders.get(id)?.callback_url;
      if (!where) return rec.fail("pay", "the fake provider has no such page");
      await think("app");
      // The provider's callback reaches either instance (behind the same load balancer).
      const body = JSON.stringify(m[1] === "momo" ? fake.momoIpnFor(id) : fake.zaloCallbackFor(id));
      const hook = instances[(n + 1) % instances.length];
      const paid = await rec.time(
        "callback",
        () => req(hook, "POST", new URL(where).pathname, { body, ip: PROVIDER_IP }),
        (a) =>
          a.status < 300 &&
          (m[1] === "momo" || (JSON.parse(a.body) as { return_code?: number }).return_code === 1),
        () => true,
      );
      if (!paid) return;
      student = student as string;
      const lessonIds = await rec.time(
        "player",
        () => req(inst, "GET", `/api/learn/${courseId}`, { cookie: student as string, ip }),
        (a) => a.status === 200,
        (a) => (JSON.parse(a.body) as { lessons: { id: string }[] }).lessons.map((l) => l.id),
      );
      if (!lessonIds?.length) return;
      const lessonId = lessonIds[n % lessonIds.length];
      const progress = `/api/learn/${courseId}/lessons/${lessonId}/progress`;
      for (let k = 0; k < PROGRESS_REPORTS; k++) {
        if (k > 0) await think("study");
        const event = k === 0 ? { event: "open" } : { event: "time", timeSpentDelta: 1 };
        await rec.time(
          "progress",
          () => req(inst, "POST", progress, { cookie: student as string, json: event, ip }),
          (a) => a.status === 200,
          () => true,
        );
      }
      if (Math.random() >= P_POST) return;
      await think("write");
      await rec.time(
        "post",
        () =>
          req(inst, "POST", "/api/community/discussions", {
            cookie: student as string,
            json: {
              title: `Chào cả lớp (${n})`,
              body: "Mình vừa bắt đầu khoá học, rất vui được học cùng mọi người!",
              courseId,
            },
            ip,
          }),
        (a) => a.status === 201,
        () => true,
      );
    };

    // Mean journey length (s) from the proportions and think times, for the peak arrival rate
    // (Little's law: concurrent = arrivals per second × seconds per journey).
    const buyerS =
      mean("decide") +
      mean("method") +
      mean("app") +
      (PROGRESS_REPORTS - 1) * mean("study") +
      P_POST * mean("write");
    const signUpS = mean("inbox") + P_BUY * buyerS;
    const meanJourneyS = mean("read") + P_SIGN_UP * signUpS + 0.05;
    const peakRate = PEAK / meanJourneyS;
    const maxActive = Math.ceil(PEAK * 1.5);
    const rampS = SECONDS / 3;
    ctx.log(
      `launch (${label}): arrivals ramp 0 → ${peakRate.toFixed(1)}/s over ${rampS} s, hold ${SECONDS - rampS} s ` +
        `(mean journey ${meanJourneyS.toFixed(1)} s → ~${PEAK} concurrent; think-time scale ${THINK_SCALE})`,
    );
    let active = 0;
    let peakActive = 0;
    let dropped = 0;
    const running = new Set<Promise<void>>();
    const started = performance.now();
    // Arrivals due by time t (s): ∫ rate = peakRate·t²/(2·ramp) while ramping, then linear.
    const due = (t: number) =>
      t <= rampS ? (peakRate * t * t) / (2 * rampS) : (peakRate * rampS) / 2 + peakRate * (t - rampS);
    let profiling = false;
    let profile: CpuProfile | null = null;
    while (true) {
      const t = (performance.now() - started) / 1000;
      if (t >= SECONDS) break;
      // The CPU profile covers the last 30 s of arrivals, when most students are mid-journey.
      if (!profiling && t >= Math.max(rampS, SECONDS - 30)) {
        profiling = true;
        await first.profileStart();
      }
      const target = Math.floor(due(t));
      while (serial < target) {
        const n = serial++;
        if (active >= maxActive) {
          dropped++;
          continue;
        }
        active++;
        peakActive = Math.max(peakActive, active);
        const p = journey(n)
          .catch((error) =>
            rec.fail("landing", `journey crashed: ${error instanceof Error ? error.message : error}`),
          )
          .finally(() => {
            active--;
            running.delete(p);
          });
        running.add(p);
      }
      await sleep(5);
    }
    if (profiling) profile = await first.profileStop();
    ctx.log(`launch (${label}): ${serial} arrivals, draining ${running.size} journeys`);
    const drained = await Promise.race([
      Promise.all(running).then(() => true),
      sleep(DRAIN_MS).then(() => false),
    ]);
    const elapsedS = (performance.now() - started) / 1000;
    const unfinished = drained ? 0 : running.size;

    // ---- where the time went ----
    const metrics = await Promise.all(
      instances.map((inst) => req(inst, "GET", "/metrics").then((a) => a.body)),
    );
    const routes = routeTotals(metrics).filter((r) => !r.route.endsWith(" /metrics"));
    const allSeconds = routes.reduce((s, r) => s + r.seconds, 0);
    const hottest = routes[0];
    // Idle time is not work; the garbage collector is.
    const top = profile
      ? selfTimes(profile)
          .filter((f) => !/^\((idle|program)\)/.test(f.name))
          .slice(0, 10)
      : [];
    const profiledMs = profile ? (profile.endTime - profile.startTime) / 1000 : 0;
    ctx.note(
      `launch (${label}): top routes by total time: ${routes
        .slice(0, 5)
        .map(
          (r) =>
            `${r.route} ${r.seconds.toFixed(1)} s / ${r.count} (${((100 * r.seconds) / allSeconds).toFixed(0)}%)`,
        )
        .join("; ")}`,
    );
    ctx.note(
      `launch (${label}): CPU profile of instance 0 over the peak (${(profiledMs / 1000).toFixed(1)} s), top self time: ${top
        .map((f) => `${f.name} ${f.ms.toFixed(0)} ms`)
        .join("; ")}`,
    );
    const errorSamples = Object.entries(rec.samples)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    if (errorSamples.length)
      ctx.note(`launch (${label}): errors ${JSON.stringify(Object.fromEntries(errorSamples))}`);

    ctx.note(
      `launch (${label}): per step (requests, per second, p50 / p95 / p99 ms, errors): ${STEPS.map(
        ([step]) => {
          const ms = rec.ms.get(step) ?? [];
          const q = (p: number) => (ms.length ? percentile(ms, p).toFixed(0) : "—");
          return `${step} ${ms.length}, ${(ms.length / elapsedS).toFixed(1)}/s, ${q(50)} / ${q(95)} / ${q(99)}, ${rec.errors.get(step) ?? 0}`;
        },
      ).join("; ")}; ${serial} arrivals, ${dropped} dropped, peak ${peakActive} students at once`,
    );
    const totalErrors = [...rec.errors.values()].reduce((s, e) => s + e, 0) + unfinished;
    const out: Row[] = [];
    for (const [step, title] of STEPS) {
      const ms = rec.ms.get(step) ?? [];
      const errors = rec.errors.get(step) ?? 0;
      const p95 = ms.length ? percentile(ms, 95) : Number.NaN;
      out.push(
        row(
          `launch (${label}): ${title}, p95`,
          Math.round(p95 * 10) / 10,
          "ms",
          backend === "postgres" ? { op: "<", value: 100, unit: "ms" } : null,
          {
            p50: ms.length ? Math.round(percentile(ms, 50) * 10) / 10 : null,
            p99: ms.length ? Math.round(percentile(ms, 99) * 10) / 10 : null,
            requests: ms.length,
            perSecond: Math.round((ms.length / elapsedS) * 10) / 10,
            errors,
          },
        ),
      );
    }
    out.push(
      row(
        `launch (${label}): errors (all steps)`,
        totalErrors,
        "",
        { op: "<=", value: 0, unit: "" },
        {
          byStep: Object.fromEntries(rec.errors),
          unfinishedJourneys: unfinished,
          droppedArrivals: dropped,
          arrivals: serial,
          peakConcurrentStudents: peakActive,
          peakArrivalsPerSecond: Math.round(peakRate * 10) / 10,
          seconds: Math.round(elapsedS),
        },
      ),
      row(`launch (${label}): peak concurrent virtual students`, peakActive, "", null, {
        target: PEAK,
        dropped,
      }),
      row(
        `launch (${label}): hottest route ${hottest?.route ?? "(none)"}, share of server time`,
        hottest ? Math.round((1000 * hottest.seconds) / allSeconds) / 10 : Number.NaN,
        "%",
        null,
        {
          totalSeconds: hottest ? Math.round(hottest.seconds * 10) / 10 : null,
          requests: hottest?.count ?? null,
          topRoutes: routes.slice(0, 5),
          cpuTopSelf: top.map((f) => ({ name: f.name, ms: Math.round(f.ms) })),
          cpuProfiledMs: Math.round(profiledMs),
        },
      ),
    );
    return out;
  } finally {
    for (const inst of instances) await inst.close();
    await fake.close();
  }
}
