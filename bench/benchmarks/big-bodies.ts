import { readFileSync } from "node:fs";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { startAcademy } from "../lib/academy.ts";
import { percentile } from "../lib/in-process.ts";
import { openLoop } from "../lib/open-loop.ts";
import { type BenchContext, type Benchmark, type Row, row } from "../lib/types.ts";

// Issue 25 N3 "Done when": ten concurrent 400 MB anonymous requests leave the server's RSS within
// +100 MB and every response 4xx, while /api/health stays fast (p99 < 50 ms at 100/s).

const MB = 1024 * 1024;
const BODY_MB = 400;
const CONCURRENT = 10;
const HEALTH_RATE = 100;
const HEALTH_SECONDS = 4;

/** The server process's resident set size in bytes (Linux /proc), or NaN elsewhere. */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Offers a `BODY_MB` body over raw TCP like an attacker would: it keeps writing after the answer
 * until the server closes the connection or the whole body is out.
 * @returns the answer's status (0 for none) and the megabytes the server's socket accepted.
 */
function attack(port: number, head: string, chunked: boolean): Promise<{ status: number; sentMb: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
      : chunk;
    const total = BODY_MB * MB;
    let sent = 0;
    let answer = "";
    let status = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status, sentMb: sent / MB });
    };
    socket.on("data", (data) => {
      if (status) return;
      answer += data.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) status = Number(match[1]);
    });
    socket.on("error", finish);
    socket.on("close", finish);
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!socket.write(frame)) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!done) {
        if (chunked) socket.write("0\r\n\r\n");
        // Everything is out: wait (at most 10 s) for the answer, then give up.
        setTimeout(finish, 10_000).unref();
        if (status) finish();
        else socket.once("data", () => setImmediate(finish));
      }
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

function head(port: number, path: string, contentType: string, chunked: boolean): string {
  const length = chunked ? "transfer-encoding: chunked" : `content-length: ${BODY_MB * MB}`;
  return `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: ${contentType}\r\n${length}\r\n\r\n`;
}

interface Scenario {
  name: string;
  path: string;
  contentTypes: string[];
}

const SCENARIOS: Scenario[] = [
  {
    name: "POST /api/uploads (JSON and multipart, anonymous)",
    path: "/api/uploads",
    contentTypes: ["application/json", "multipart/form-data; boundary=----bench"],
  },
  {
    name: "POST /api/auth/sign-in/email (JSON)",
    path: "/api/auth/sign-in/email",
    contentTypes: ["application/json"],
  },
];

/** Twenty small anonymous requests per content type to the scenario's route, and twenty health checks. */
async function warmUp(baseUrl: string, scenario: Scenario): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    for (const contentType of scenario.contentTypes) {
      const response = await fetch(`${baseUrl}${scenario.path}`, {
        method: "POST",
        headers: { "content-type": contentType, origin: baseUrl },
        body: "{}",
      });
      await response.arrayBuffer();
    }
    await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
  }
}

/**
 * Rounds of `CONCURRENT` anonymous `BODY_MB` bodies (half with Content-Length, half chunked) to one
 * route, after small requests have warmed the route up: one round, then rounds repeated while
 * /api/health is measured at `HEALTH_RATE`/s for `HEALTH_SECONDS`. The server's RSS is sampled
 * every 20 ms from before the first big body; the growth is peak − that first sample. Every big
 * request (the first round included) is counted for the 4xx row.
 */
async function runScenario(
  ctx: BenchContext,
  server: { pid: number; port: number; baseUrl: string },
  scenario: Scenario,
): Promise<Row[]> {
  const round = () =>
    Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        attack(
          server.port,
          head(
            server.port,
            scenario.path,
            scenario.contentTypes[i % scenario.contentTypes.length],
            i % 2 === 1,
          ),
          i % 2 === 1,
        ),
      ),
    );
  // The first requests load and compile the routes' code (tens of MB of RSS that any request
  // would cost): small bodies to the same route and /api/health warm the server up first. RSS is
  // then sampled from before the first big body; the health latency is measured after one round.
  await warmUp(server.baseUrl, scenario);
  const baseline = rssOf(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 20);
  const firstRound = await round();
  await openLoop({
    url: server.baseUrl,
    rate: HEALTH_RATE,
    durationS: 1,
    connections: 20,
    request: () => ({ method: "GET", path: "/api/health", headers: {} }),
  });
  const warmRss = rssOf(server.pid);
  const results: Array<{ status: number; sentMb: number }> = [...firstRound];
  let rounds = 0;
  let healthDone = false;
  const started = performance.now();
  const attacks = (async () => {
    do {
      rounds += 1;
      results.push(...(await round()));
    } while (!healthDone);
  })();
  const load = await openLoop({
    url: server.baseUrl,
    rate: HEALTH_RATE,
    durationS: HEALTH_SECONDS,
    connections: 20,
    request: () => ({ method: "GET", path: "/api/health", headers: {} }),
  });
  healthDone = true;
  await attacks;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.pid));
  const seconds = (performance.now() - started) / 1000;
  const growthMb = Math.round(((peak - baseline) / MB) * 10) / 10;
  const refused = results.filter((r) => r.status >= 400 && r.status < 500).length;
  const statuses: Record<number, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const meanSentMb = Math.round((results.reduce((sum, r) => sum + r.sentMb, 0) / results.length) * 10) / 10;
  const p99 = Math.round(percentile(load.latencies, 99) * 10) / 10;
  ctx.log(
    `big-bodies: ${scenario.name}: ${rounds} rounds × ${CONCURRENT} in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(statuses)}, ` +
      `RSS ${Math.round(baseline / MB)} → ${Math.round(warmRss / MB)} (after warm-up) → peak ${Math.round(peak / MB)} MB, mean ${meanSentMb} MB accepted per request, health p99 ${p99} ms`,
  );
  return [
    row(
      `${scenario.name}: ${CONCURRENT} × ${BODY_MB} MB, server RSS growth`,
      growthMb,
      "MB",
      {
        op: "<",
        value: 100,
        unit: "MB",
      },
      {
        baselineMb: Math.round(baseline / MB),
        afterWarmUpMb: Math.round(warmRss / MB),
        peakMb: Math.round(peak / MB),
        rounds,
        requests: results.length,
        meanAcceptedMbPerRequest: meanSentMb,
      },
    ),
    row(
      `${scenario.name}: responses that are 4xx`,
      refused,
      "requests",
      {
        op: ">=",
        value: results.length,
        unit: "requests",
      },
      { statuses },
    ),
    row(
      `${scenario.name}: /api/health p99 at ${HEALTH_RATE}/s meanwhile`,
      p99,
      "ms",
      {
        op: "<",
        value: 50,
        unit: "ms",
      },
      { p50: Math.round(percentile(load.latencies, 50) * 10) / 10, statusCodes: load.statusCodes },
    ),
  ];
}

/**
 * Issue 25 N3: big anonymous bodies to an upload route and to a JSON route, against a real
 * `node --import tsx apps/server/src/index.ts` process on the prepared PGlite data directory (its
 * RSS read from /proc, so the client's memory is not counted).
 */
export const bigBodiesBenchmark: Benchmark = {
  id: "big-bodies",
  title: "Big bodies: 10 × 400 MB anonymous requests, bounded memory",
  async run(ctx) {
    const server = await startAcademy({ dataDir: ctx.dataDir, label: "academy (big bodies)" });
    try {
      const target = { pid: server.proc.pid, port: server.port, baseUrl: server.baseUrl };
      const rows: Row[] = [];
      for (const scenario of SCENARIOS) rows.push(...(await runScenario(ctx, target, scenario)));
      return rows;
    } finally {
      await server.stop();
    }
  },
};
