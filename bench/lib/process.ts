import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Child processes started by the benchmarks. Each one is spawned `detached` (its own session and
 * process group, PGID = PID), so stopping it signals the whole group: `npm start` → sh → node all go.
 * Everything still running is killed on exit, on SIGINT/SIGTERM/SIGHUP and on crashes.
 */
export interface GroupProcess {
  label: string;
  child: ChildProcess;
  /** PID of the group leader, which is also the process-group id. */
  pid: number;
  /** performance.now() taken immediately before spawn(). */
  spawnedAt: number;
  /** Resolves when the group leader has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last ~64 KB of the process's stdout and stderr. */
  output(): string;
}

const OUTPUT_LIMIT = 64 * 1024;
const live = new Set<GroupProcess>();
const tempDirs = new Set<string>();

export function spawnGroup(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): GroupProcess {
  if (abortSignal) throw new Error(`not starting ${label}: interrupted by ${abortSignal}`);
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const proc: GroupProcess = {
    label,
    child,
    pid: child.pid ?? -1,
    spawnedAt,
    exitInfo: null,
    exited: new Promise((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        if (proc.exitInfo) return;
        proc.exitInfo = { code, signal };
        resolve(proc.exitInfo);
      };
      child.once("exit", done);
      child.once("error", (error) => {
        append(Buffer.from(`\n[spawn error] ${error.message}\n`));
        done(null, null);
      });
    }),
    output: () => output,
  };
  if (proc.pid > 0) live.add(proc);
  return proc;
}

/** True while any process of the group is alive (zombies do not count). */
export function groupAlive(pgid: number): boolean {
  if (pgid <= 0) return false;
  if (process.platform === "linux") {
    let entries: string[];
    try {
      entries = readdirSync("/proc");
    } catch {
      return killZero(pgid);
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // exited meanwhile
      }
      // "pid (comm) state ppid pgrp ..." — comm may contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
    }
    return false;
  }
  return killZero(pgid);
}

function killZero(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is already gone
  }
}

async function waitUntilGone(proc: GroupProcess, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (proc.exitInfo && !groupAlive(proc.pid)) return true;
    await sleep(25);
  }
  return Boolean(proc.exitInfo) && !groupAlive(proc.pid);
}

/**
 * Sends SIGTERM to the process group and waits until the leader and every other member have
 * exited; after `timeoutMs` it sends SIGKILL. Returns whether SIGKILL was needed.
 */
export async function stopGroup(proc: GroupProcess, timeoutMs = 15_000): Promise<{ forced: boolean }> {
  let forced = false;
  if (proc.pid > 0 && (!proc.exitInfo || groupAlive(proc.pid))) {
    signalGroup(proc.pid, "SIGTERM");
    if (!(await waitUntilGone(proc, timeoutMs))) {
      forced = true;
      signalGroup(proc.pid, "SIGKILL");
      if (!(await waitUntilGone(proc, 5_000))) {
        throw new Error(`${proc.label} (pgid ${proc.pid}) did not exit even after SIGKILL`);
      }
    }
  }
  live.delete(proc);
  return { forced };
}

/** Resolves with the output once `pattern` shows up in the process's output. */
export async function waitForOutput(proc: GroupProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const match = pattern.exec(proc.output());
    if (match) return match[0];
    if (proc.exitInfo)
      throw new Error(`${proc.label} exited (${describeExit(proc)}) before printing ${pattern}`);
    await sleep(20);
  }
  throw new Error(`${proc.label} did not print ${pattern} within ${timeoutMs} ms`);
}

export function describeExit(proc: GroupProcess): string {
  const info = proc.exitInfo;
  if (!info) return "still running";
  return info.signal ? `signal ${info.signal}` : `code ${info.code}`;
}

export function tail(text: string, lines = 20): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** A scratch directory removed by `cleanupAll` (and at process exit at the latest). */
export function makeTempDir(prefix = "academy-bench-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function removeTempDirsSync(): void {
  for (const dir of tempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
    tempDirs.delete(dir);
  }
}

/** Stops every process still running (gracefully, then by force) and removes the scratch directories. */
export async function cleanupAll(): Promise<void> {
  await Promise.allSettled([...live].map((proc) => stopGroup(proc, 5_000)));
  for (const proc of live) signalGroup(proc.pid, "SIGKILL");
  live.clear();
  removeTempDirsSync();
}

let installed = false;
let abortSignal: NodeJS.Signals | null = null;

/** True once SIGINT/SIGTERM/SIGHUP arrived: no new processes are started. */
export function aborting(): boolean {
  return abortSignal !== null;
}

/** Makes sure nothing is left behind: on normal exit, on signals and on crashes. */
export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  process.on("exit", () => {
    for (const proc of live) signalGroup(proc.pid, "SIGKILL");
    removeTempDirsSync();
  });
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    process.once(signal, () => {
      abortSignal = signal;
      console.error(`\nbench: ${signal} received, stopping started processes…`);
      const force = setTimeout(() => process.exit(code), 8_000);
      force.unref();
      void cleanupAll().finally(() => process.exit(code));
    });
  };
  onSignal("SIGINT", 130);
  onSignal("SIGTERM", 143);
  onSignal("SIGHUP", 129);
  const onCrash = (error: unknown) => {
    console.error("bench: crashed:", error);
    const force = setTimeout(() => process.exit(1), 8_000);
    force.unref();
    void cleanupAll().finally(() => process.exit(1));
  };
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
}
