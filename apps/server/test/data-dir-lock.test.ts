import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerState, parseProcStat } from "../src/db/lock.ts";
import { serverProcessArgs, withMigratedPglite } from "./support/server-process.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const spawned: ServerProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server bundle on PGlite in `dataDir` (a new directory gets the suite's migrated
 * database first: support/server-process.ts).
 */
async function spawnServer(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  withMigratedPglite(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
  for (const name of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "SMTP_URL",
    "APP_URL",
    "AUTH_SECRET",
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "NODE_OPTIONS",
  ]) {
    delete env[name];
  }
  Object.assign(env, { LOG_LEVEL: "warn", NODE_ENV: "test" });
  const child = spawn(process.execPath, serverProcessArgs(), {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server = { child, port, output: () => output, exited };
  spawned.push(server);
  return server;
}

async function health(server: ServerProcess): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
  return response.ok ? response.json() : { status: response.status };
}

/**
 * Starts a server and resolves once GET /api/health answers ok. Another process may take the free
 * port between the probe and the server's listen: then it starts again on another port.
 */
async function startHealthyServer(dataDir: string): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = await spawnServer(dataDir);
    try {
      await waitUntilHealthy(server);
      return server;
    } catch (error) {
      if (attempt < 3 && server.output().includes("EADDRINUSE")) continue;
      throw error;
    }
  }
}

/** Resolves once GET /api/health answers ok; fails if the process exits first or after `timeoutMs`. */
async function waitUntilHealthy(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${server.output()}`);
    try {
      if (((await health(server)) as { status?: unknown }).status === "ok") return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${server.output()}`);
}

/** Resolves with the exit code, or null when the process is still running after `ms`. */
function exitWithin(server: ServerProcess, ms: number): Promise<number | null | "timeout"> {
  return Promise.race([
    server.exited,
    new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms)),
  ]);
}

function joinEarlyAccess(server: ServerProcess, email: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}/api/pre-launch-signups`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "PGlite data-directory lock (one server per DATA_DIR)",
  () => {
    let tmp: string;
    let dataDir: string;
    beforeAll(() => {
      tmp = mkdtempSync(path.join(os.tmpdir(), "academy-lock-"));
      dataDir = path.join(tmp, "data");
    });
    afterAll(async () => {
      for (const server of spawned) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill("SIGKILL");
          await server.exited;
        }
      }
      rmSync(tmp, { recursive: true, force: true });
    });

    it("refuses a second server on the same directory, keeps the first one serving, and frees the lock on shutdown", async () => {
      const first = await startHealthyServer(dataDir);
      expect(await health(first)).toEqual({ status: "ok", database: "ok" });
      expect((await joinEarlyAccess(first, "lock@example.com")).status).toBe(201);

      const second = await spawnServer(dataDir);
      const code = await exitWithin(second, 20_000);
      expect(code, second.output()).toBe(1);
      expect(second.output()).toContain("already using the data directory");

      expect(await health(first), first.output()).toEqual({ status: "ok", database: "ok" });
      const duplicate = await joinEarlyAccess(first, "LOCK@example.com");
      expect(duplicate.status, first.output()).toBe(409);

      first.child.kill("SIGTERM");
      expect(await exitWithin(first, 20_000), first.output()).toBe(0);

      const third = await startHealthyServer(dataDir);
      // The data written by the first server survived its shutdown.
      expect((await joinEarlyAccess(third, "lock@example.com")).status).toBe(409);
      third.child.kill("SIGTERM");
      expect(await exitWithin(third, 20_000), third.output()).toBe(0);
    }, 120_000);

    // Issue 16 item 3: the lock records its owner's PID.
    it("starts at once after a crash (the owner's PID is gone), without waiting for the lock to go stale", async () => {
      const dir = path.join(tmp, "crash");
      const crashed = await startHealthyServer(dir);
      expect((await joinEarlyAccess(crashed, "crash@example.com")).status).toBe(201);
      crashed.child.kill("SIGKILL");
      await crashed.exited;
      // The lock directory is fresh (refreshed < 5 s ago): only the dead PID lets the next one in.
      const restarted = await startHealthyServer(dir);
      expect((await joinEarlyAccess(restarted, "crash@example.com")).status).toBe(409);
      restarted.child.kill("SIGTERM");
      expect(await exitWithin(restarted, 20_000), restarted.output()).toBe(0);
    }, 120_000);

    it("refuses a second server while the owner is alive but stalled, however old its lock looks", async () => {
      const dir = path.join(tmp, "stall");
      const owner = await startHealthyServer(dir);
      const owned = JSON.parse(readFileSync(path.join(dir, "academy.lock.owner"), "utf8")) as { pid: number };
      expect(owned.pid).toBe(owner.child.pid);
      owner.child.kill("SIGSTOP");
      try {
        // As if the owner's event loop had not refreshed the lock for ten minutes.
        const old = new Date(Date.now() - 10 * 60_000);
        utimesSync(path.join(dir, "academy.lock"), old, old);
        const second = await spawnServer(dir);
        expect(await exitWithin(second, 30_000), second.output()).toBe(1);
        expect(second.output()).toContain("already using the data directory");
      } finally {
        owner.child.kill("SIGCONT");
      }
      owner.child.kill("SIGKILL");
      await owner.exited;
    }, 120_000);

    it("stops serving and exits with an error when its lock is taken away", async () => {
      const dir = path.join(tmp, "lost");
      const server = await startHealthyServer(dir);
      rmSync(path.join(dir, "academy.lock"), { recursive: true, force: true });
      // The next refresh (within 5 s) finds the lock gone.
      expect(await exitWithin(server, 30_000), server.output()).toBe(1);
      expect(server.output()).toContain("data directory lock lost");
    }, 120_000);
  },
);

// Issue 25 (audit #16): a killed owner that its parent has not reaped yet is a zombie; it still
// answers kill(pid, 0), but it holds nothing, so the lock counts it as gone.
describe("the lock's owner check on /proc/<pid>/stat", () => {
  it("parses the state and start time, whatever the command name holds", () => {
    const line = (comm: string, state: string) =>
      `4242 (${comm}) ${state} 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 11 0 987654 1000 10 18446744073709551615\n`;
    expect(parseProcStat(line("node", "S"))).toEqual({ state: "S", start: "987654" });
    expect(parseProcStat(line("node", "Z"))).toEqual({ state: "Z", start: "987654" });
    expect(parseProcStat(line("a) Z (b c", "R"))).toEqual({ state: "R", start: "987654" });
    expect(parseProcStat("garbage")).toBeUndefined();
  });

  it.skipIf(process.platform !== "linux")(
    "treats a zombie owner (state Z) as gone and a running one as alive",
    async () => {
      // `sh` starts a short `sleep` in the background, prints its PID and becomes `sleep`, which never
      // reaps it: once the short one exits it stays a zombie until the sleep ends.
      const parent = spawn("sh", ["-c", "sleep 0.3 & echo $!; exec sleep 30"], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      try {
        const pid = await new Promise<number>((resolve, reject) => {
          parent.stdout?.once("data", (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
          parent.once("error", reject);
        });
        const deadline = Date.now() + 5_000;
        while (parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"))?.state !== "Z") {
          if (Date.now() > deadline) throw new Error(`process ${pid} did not become a zombie`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // The zombie still answers signal 0, which is what refused `npm start` after a kill -9.
        expect(() => process.kill(pid, 0)).not.toThrow();
        expect(ownerState({ pid, hostname: os.hostname() })).toBe("dead");
        expect(ownerState({ pid: parent.pid as number, hostname: os.hostname() })).toBe("alive");
      } finally {
        parent.kill("SIGKILL");
      }
    },
    20_000,
  );
});
