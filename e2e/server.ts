import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Migrates one PGlite data directory for the browser suite (global-setup.ts) and names it in
 * E2E_PGLITE_TEMPLATE, which the spec files' workers inherit: each server `startServer` starts
 * on a new data directory begins from a copy of it instead of migrating (~6 s of CPU each).
 * Only the schema is in it: no keys, no key fingerprints, no rows.
 */
export async function makePgliteTemplate(): Promise<string> {
  const { openDatabase } = await import("../apps/server/src/db/client.ts");
  const { migrateDatabase } = await import("../apps/server/src/db/migrate.ts");
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "academy-e2e-template-")), "pglite");
  const handle = await openDatabase({ pgliteDir: dir });
  await migrateDatabase(handle);
  await handle.close();
  process.env.E2E_PGLITE_TEMPLATE = dir;
  return dir;
}

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts a real Academy server (the bundle `npm start` runs, or with E2E_SERVER_TSX=1
 * `node --import tsx apps/server/src/index.ts`) on a free port
 * with its own DATA_DIR (a new one starts from the migrated template, when global setup made
 * one), and waits until GET /api/health answers 200.
 */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "academy-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const template = process.env.E2E_PGLITE_TEMPLATE;
  const pgliteDir = path.join(dataDir, "pglite");
  if (template && !env.DATABASE_URL && !existsSync(pgliteDir))
    cpSync(template, pgliteDir, { recursive: true });
  let output = "";
  // The bundle `npm start` runs (built by global-setup): it starts in about a third of the CPU
  // time of tsx over the sources; E2E_SERVER_TSX=1 runs the sources instead.
  const args =
    process.env.E2E_SERVER_TSX === "1"
      ? ["--import", "tsx", "apps/server/src/index.ts"]
      : ["apps/server/dist/server.mjs"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: "1000",
      // Journeys report long study sessions at once (issue 16 item 6 caps them by wall-clock time).
      LEARNING_TIME_CAP: "false",
      // argon2id at 1 MiB (NODE_ENV=test only): the journeys sign up and in a few hundred times.
      TEST_FAST_PASSWORD_HASH: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 120_000; // a loaded 2-core machine takes ~50 s to start
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
