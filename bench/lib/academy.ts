import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describeExit, type GroupProcess, spawnGroup, stopGroup, tail } from "./process.ts";

/** Repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const HOST = "127.0.0.1";

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not get a free port"))));
    });
  });
}

/** Status code of a GET (body drained), or null when the connection failed or timed out. */
export function probe(url: string, timeoutMs = 2_000): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? null));
      response.once("error", () => resolve(null));
    });
    request.once("timeout", () => request.destroy());
    request.once("error", () => resolve(null));
  });
}

/**
 * Polls `url` every `intervalMs` until it answers 200. Returns performance.now() of the first 200.
 * Fails early when the process exits.
 */
export async function waitForHealthy(
  proc: GroupProcess,
  url: string,
  timeoutMs: number,
  intervalMs = 20,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (proc.exitInfo) {
      throw new Error(
        `${proc.label} exited (${describeExit(proc)}) before ${url} answered 200:\n${tail(proc.output())}`,
      );
    }
    const status = await probe(url, 1_000);
    if (status === 200) return performance.now();
    await sleep(intervalMs);
  }
  throw new Error(`${proc.label}: ${url} did not answer 200 within ${timeoutMs} ms:\n${tail(proc.output())}`);
}

export type StartVia = "direct" | "npm-start";

export interface StartCommand {
  via: StartVia;
  command: string;
  args: string[];
  /** Human-readable form, for the report. */
  display: string;
  /** Set when `npm start` was asked for but could not be used. */
  fallbackNote?: string;
}

const START_SCRIPT = path.join(ROOT, "scripts/start.mjs");
const DIRECT: Omit<StartCommand, "via"> = {
  command: process.execPath,
  args: ["--import", "tsx", "apps/server/src/index.ts"],
  display: "node --import tsx apps/server/src/index.ts",
};

/** How to start Academy. `npm-start` falls back to the direct command while scripts/start.mjs does not exist. */
export function startCommand(via: StartVia): StartCommand {
  if (via === "direct") return { via, ...DIRECT };
  if (!existsSync(START_SCRIPT)) {
    return {
      via: "direct",
      ...DIRECT,
      fallbackNote: `scripts/start.mjs does not exist yet: timed \`${DIRECT.display}\` instead of \`npm start\``,
    };
  }
  return { via, command: "npm", args: ["start"], display: "npm start" };
}

export interface AcademyServer {
  proc: GroupProcess;
  port: number;
  baseUrl: string;
  command: StartCommand;
  /** Milliseconds from spawn() to the first 200 from /api/health. */
  startupMs: number;
  stop(): Promise<{ forced: boolean }>;
}

/** Environment for a benchmark server: production mode, warn-level logs, PGlite in `dataDir`, 127.0.0.1 only. */
export function academyEnv(dataDir: string, port: number, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST,
    APP_URL: `http://${HOST}:${port}`,
    DATA_DIR: dataDir,
    // Benchmarks sign many accounts in from one address.
    AUTH_RATE_LIMIT_MAX: "100000",
  };
  // The benchmarks measure the embedded PGlite setup in DATA_DIR, never an external database or mail server.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  // …unless a benchmark asks for PostgreSQL explicitly.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/**
 * Starts Academy on `dataDir` and waits until GET /api/health answers 200. The data directory is
 * locked by the server, so stop it (and await that) before starting another one on the same directory.
 */
export async function startAcademy(options: {
  dataDir: string;
  via?: StartVia;
  label?: string;
  timeoutMs?: number;
  /** Run on this PostgreSQL database instead of PGlite. */
  databaseUrl?: string;
  /** Extra environment variables (e.g. a higher MESSAGE_RATE_LIMIT_MAX for load). */
  env?: Record<string, string>;
}): Promise<AcademyServer> {
  const command = startCommand(options.via ?? "direct");
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const proc = spawnGroup(options.label ?? `academy (${command.display})`, command.command, command.args, {
    cwd: ROOT,
    env: { ...academyEnv(options.dataDir, port, options.databaseUrl), ...options.env },
  });
  const stop = async () => {
    const result = await stopGroup(proc);
    // A killed server cannot release its lock (it would go stale only after 15 s); the directory is ours.
    if (result.forced) rmSync(path.join(options.dataDir, "academy.lock"), { recursive: true, force: true });
    return result;
  };
  try {
    const healthyAt = await waitForHealthy(proc, `${baseUrl}/api/health`, options.timeoutMs ?? 60_000);
    return { proc, port, baseUrl, command, startupMs: healthyAt - proc.spawnedAt, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// Same inputs and rule as scripts/start.mjs, so a timed `npm start` never includes a web build.
const WEB_SOURCES = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "packages/shared/src",
];
export const WEB_INDEX = path.join(ROOT, "apps/web/dist/index.html");

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildState(): "missing" | "stale" | "fresh" {
  if (!existsSync(WEB_INDEX)) return "missing";
  // A build made with NODE_ENV other than production carries React's development runtime (about
  // 60 KB more gzip per route): never measure one (route-js would report its sizes).
  const assets = path.join(ROOT, "apps/web/dist/assets");
  if (existsSync(assets) && readdirSync(assets).some((f) => f.startsWith("jsx-dev-runtime"))) return "stale";
  const builtAt = statSync(WEB_INDEX).mtimeMs;
  const sourcesAt = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  return builtAt < sourcesAt ? "stale" : "fresh";
}

/**
 * Builds the server bundle when missing or stale, and runs `npm run build` when
 * apps/web/dist/index.html is missing, or older than the web sources
 * (`npm start` would otherwise rebuild inside the first timed start). A failed rebuild of a stale
 * build is reported and tolerated; a missing build is fatal.
 */
export async function ensureWebBuilt(
  log: (message: string) => void,
  note: (message: string) => void,
): Promise<"missing" | "stale" | "fresh"> {
  // The server bundle that `npm start` runs (issue 17 §12): built here too, so no timed start builds it.
  const server = await import(pathToFileURL(path.join(ROOT, "scripts/build-server.mjs")).href);
  if (server.serverBuildState() !== "fresh") {
    log("server bundle is missing or stale: building it…");
    await server.buildServer();
  }
  const state = webBuildState();
  if (state === "fresh") return state;
  log(`web app build is ${state}: running npm run build…`);
  // Build output goes to stderr so stdout carries only the report.
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", 2, 2] });
  if (result.status !== 0 || !existsSync(WEB_INDEX)) {
    if (state === "missing")
      throw new Error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`})`);
    note("npm run build failed; benchmarked the existing (stale) apps/web/dist");
  } else if (state === "stale") {
    note("apps/web/dist was older than the web sources and was rebuilt before timing");
  }
  return state;
}
