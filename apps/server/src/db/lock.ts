import { mkdirSync } from "node:fs";
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

/**
 * Takes an exclusive lock on the PGlite data directory (PGlite itself does not lock it, and two
 * processes on one directory corrupt it). The lock is a `proper-lockfile` lock refreshed every
 * 5 s and considered stale 15 s after its owner died.
 *
 * @returns a function that releases the lock.
 * @throws DataDirLockedError when another live process holds it.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised?: (error: Error) => void,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "academy.lock"),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      realpath: false,
      onCompromised:
        onCompromised ??
        ((error) => {
          throw error;
        }),
    });
  } catch (error) {
    if ((error as { code?: string }).code === "ELOCKED") throw new DataDirLockedError(dataDir);
    throw error;
  }
}
