import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Academy server is already using the data directory ${dataDir}. ` +
        "Stop that server first, or start this one with a different DATA_DIR. Nothing was changed.",
    );
    this.name = "DataDirLockedError";
  }
}

/** Who holds the lock: written beside it (`academy.lock.owner`) right after taking it. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** The process's start time from /proc/<pid>/stat (clock ticks since boot), to tell a reused PID. */
  processStart?: string;
}

/**
 * The fields of a `/proc/<pid>/stat` line the lock needs: `state` (field 3: R, S, D, Z, …) and
 * `start` (field 22: start time in clock ticks since boot). The command name (field 2) is in
 * parentheses and may contain spaces and ")": fields are counted after the last ")".
 * @returns undefined for a line that is not in that format.
 */
export function parseProcStat(stat: string): { state: string; start: string | undefined } | undefined {
  const close = stat.lastIndexOf(")");
  if (close === -1) return undefined;
  const fields = stat
    .slice(close + 2)
    .trim()
    .split(" ");
  if (!fields[0]) return undefined;
  return { state: fields[0], start: fields[19] };
}

/** `/proc/<pid>/stat` parsed (parseProcStat), or undefined off Linux or for a missing process. */
function procStatOf(pid: number): { state: string; start: string | undefined } | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (start time), or undefined off Linux or for a missing process. */
function processStartOf(pid: number): string | undefined {
  return procStatOf(pid)?.start;
}

function readOwner(ownerFile: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerFile, "utf8")) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.hostname === "string" ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the recorded owner is still running: "alive", "dead", or "unknown" (another host, or no
 * owner record), in which case only the lock's age can tell.
 */
export function ownerState(owner: LockOwner | undefined): "alive" | "dead" | "unknown" {
  if (!owner || owner.hostname !== os.hostname()) return "unknown";
  if (owner.pid === process.pid) return "alive";
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as { code?: string }).code === "ESRCH") return "dead";
    return "alive";
  }
  const stat = procStatOf(owner.pid);
  // A zombie (killed, not yet reaped by its parent) still answers kill(pid, 0) but holds nothing
  // (issue 25, audit #16): `npm start` right after a `kill -9` must not be refused.
  if (stat?.state === "Z" || stat?.state === "X") return "dead";
  const start = stat?.start;
  if (owner.processStart && start && start !== owner.processStart) return "dead"; // PID reused
  return "alive";
}

/** Lock age after which a lock whose owner cannot be checked (another host) is taken over (ms). */
export const LOCK_STALE_MS = 60_000;
/** How often the owner refreshes the lock (ms). */
export const LOCK_UPDATE_MS = 5_000;

/**
 * Takes an exclusive lock on the PGlite data directory (PGlite itself does not lock it, and two
 * processes on one directory corrupt it). The lock is a `proper-lockfile` lock (`academy.lock`)
 * refreshed every 5 s, with the owner's PID, host name and process start time recorded beside it
 * (`academy.lock.owner`; issue 16 item 3, decision 0162):
 * - an owner on this host that is still running keeps the lock however late its refresh is (an
 *   event loop stalled for a minute does not hand the directory to a second server);
 * - an owner on this host that is gone (crashed, killed, PID reused) loses it at once, so a
 *   restart right after a crash starts without waiting;
 * - an owner that cannot be checked (another host sharing the disk) loses it after LOCK_STALE_MS.
 * When the lock is compromised (removed or taken by someone else), `onCompromised` runs: the
 * server must stop writing and exit (runtime.ts, index.ts).
 *
 * @returns a function that releases the lock.
 * @throws DataDirLockedError when another live process holds it.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised?: (error: Error) => void,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "academy.lock");
  const ownerFile = `${lockPath}.owner`;
  const state = ownerState(readOwner(ownerFile));
  const options = {
    lockfilePath: lockPath,
    // A live owner on this host is never stale; others only after LOCK_STALE_MS.
    stale: LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    retries: 0,
    realpath: false,
    onCompromised:
      onCompromised ??
      ((error: Error) => {
        throw error;
      }),
  };
  if (state === "alive" && (await lockfile.check(dataDir, { ...options, stale: 2_147_483_647 })))
    throw new DataDirLockedError(dataDir);
  if (state === "dead") rmSync(lockPath, { recursive: true, force: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as { code?: string }).code === "ELOCKED") throw new DataDirLockedError(dataDir);
    throw error;
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    processStart: processStartOf(process.pid),
  };
  writeFileSync(ownerFile, JSON.stringify(owner));
  return async () => {
    rmSync(ownerFile, { force: true });
    await release();
  };
}
