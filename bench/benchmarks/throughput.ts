import { writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, HOST, ROOT, startAcademy } from "../lib/academy.ts";
import { type LoadOptions, measureLoad } from "../lib/load.ts";
import { spawnGroup, stopGroup, waitForOutput } from "../lib/process.ts";
import { type Benchmark, type Row, row } from "../lib/types.ts";

const PATHS = ["/", "/api/health"];
const LOAD: LoadOptions = { connections: 50, durationS: 10, warmupS: 2 };
const MIN_RATIO = 0.5;

interface Fixture {
  status: number;
  contentType: string;
  bytes: number;
  bodyBase64: string;
}

async function capture(url: string): Promise<Fixture> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, expected 200`);
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
    bytes: body.length,
    bodyBase64: body.toString("base64"),
  };
}

/**
 * Requests/second and p99 latency of Academy against a bare node:http server that returns the
 * same bytes and content-type, for each path, measured in the same run with the same load.
 */
export const throughputBenchmark: Benchmark = {
  id: "throughput",
  title: "Throughput vs bare node:http",
  async run(ctx) {
    const academy = await startAcademy({
      dataDir: ctx.dataDir,
      via: "direct",
      label: "academy (load target)",
    });
    try {
      const fixtures: Record<string, Fixture> = {};
      for (const route of PATHS) fixtures[route] = await capture(`${academy.baseUrl}${route}`);
      const fixturesFile = path.join(ctx.tempDir, "bare-fixtures.json");
      writeFileSync(fixturesFile, JSON.stringify(fixtures));

      const barePort = await freePort();
      const bareUrl = `http://${HOST}:${barePort}`;
      const bare = spawnGroup(
        "bare node:http",
        process.execPath,
        ["--import", "tsx", "bench/bare-server.ts", fixturesFile, String(barePort)],
        {
          cwd: ROOT,
          env: { ...process.env, NODE_ENV: "production" },
        },
      );
      try {
        await waitForOutput(bare, /bare-server listening/, 30_000);
        for (const route of PATHS) {
          const copy = await capture(`${bareUrl}${route}`);
          if (
            copy.bodyBase64 !== fixtures[route].bodyBase64 ||
            copy.contentType !== fixtures[route].contentType
          ) {
            throw new Error(`bare server does not reproduce GET ${route}`);
          }
        }
        const rows: Row[] = [];
        for (const route of PATHS) {
          ctx.log(
            `load GET ${route} on academy (${LOAD.warmupS} s warm-up + ${LOAD.durationS} s, ${LOAD.connections} connections)…`,
          );
          const a = await measureLoad(`${academy.baseUrl}${route}`, LOAD);
          ctx.log(`load GET ${route} on bare node:http…`);
          const b = await measureLoad(`${bareUrl}${route}`, LOAD);
          for (const [who, summary] of [
            ["academy", a],
            ["bare", b],
          ] as const) {
            if (summary.errors || summary.non2xx) {
              ctx.note(
                `GET ${route} on ${who}: ${summary.errors} errors, ${summary.non2xx} non-2xx responses`,
              );
            }
          }
          const fixture = fixtures[route];
          const common = {
            path: route,
            contentType: fixture.contentType,
            responseBytes: fixture.bytes,
            load: LOAD,
          };
          rows.push(
            row(
              `GET ${route} throughput (req/s, academy/bare)`,
              a.requestsPerSec / b.requestsPerSec,
              "ratio",
              { op: ">=", value: MIN_RATIO, unit: "ratio" },
              {
                academy: { value: a.requestsPerSec, unit: "req/s" },
                bare: { value: b.requestsPerSec, unit: "req/s" },
                ...common,
                academyLoad: a,
                bareLoad: b,
              },
            ),
            row(`GET ${route} latency p99 (academy/bare)`, a.latencyP99Ms / b.latencyP99Ms, "ratio", null, {
              academy: { value: a.latencyP99Ms, unit: "ms" },
              bare: { value: b.latencyP99Ms, unit: "ms" },
              ...common,
            }),
          );
        }
        return rows;
      } finally {
        await stopGroup(bare);
      }
    } finally {
      await academy.stop();
    }
  },
};
