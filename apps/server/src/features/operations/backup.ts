import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";

/**
 * Backups of an Academy on the embedded database (issue 16 "Also", README "Backups"): one
 * uncompressed tar file holding
 * - `pglite.tar.gz`: the database, as PGlite's own `dumpDataDir("gzip")` (a consistent snapshot
 *   taken by the running engine, between queries);
 * - `uploads/…`: the uploaded files (the staging folder `.incoming` left out);
 * - `auth-secret`, `encryption-key`: the generated keys, without which sessions and stored
 *   payment-method secrets would not survive a restore (left out with `excludeSecrets`; then the
 *   restored server needs the same AUTH_SECRET and ENCRYPTION_KEY some other way).
 * Because of the keys, the archive is as secret as DATA_DIR: `npm run backup` writes it with mode
 * 0600 and says so (issue 25 N15).
 * On PostgreSQL use pg_dump for the database (and copy uploads or the S3 bucket).
 */

/** Mode of a backup file: readable by its owner only (it holds the keys; issue 25 N15). */
export const BACKUP_FILE_MODE = 0o600;
/** Files in DATA_DIR holding secrets that a backup includes unless told not to. */
export const BACKUP_SECRET_FILES = ["auth-secret", "encryption-key"] as const;

/** Name of the database dump inside a backup. */
const DUMP_NAME = "pglite.tar.gz";
const KEY_FILES: readonly string[] = BACKUP_SECRET_FILES;
/** File in DATA_DIR with the token `npm run backup` shows the running server (mode 0600). */
export const BACKUP_TOKEN_FILE = "backup-token";
/** Header carrying that token. */
export const BACKUP_TOKEN_HEADER = "x-academy-backup-token";

/** The backup token of `dataDir`, created on first use (readable only by the server's user). */
export function backupToken(dataDir: string): string {
  const file = path.join(dataDir, BACKUP_TOKEN_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString("hex");
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** Constant-time comparison of a presented token with the data directory's. */
export function isBackupToken(dataDir: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(backupToken(dataDir));
  const given = Buffer.from(presented.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A backup of `dataDir` as a tar stream (see the module comment), the database dumped from the
 * open `pglite` (the running server's engine, or one opened by the backup script).
 * The dump is written to a temporary folder inside `dataDir` and removed when the stream ends.
 * `excludeSecrets` leaves out BACKUP_SECRET_FILES (issue 25 N15).
 */
export async function backupStream(
  pglite: PGlite,
  dataDir: string,
  options: { excludeSecrets?: boolean } = {},
): Promise<Readable> {
  const work = await mkdtemp(path.join(dataDir, ".backup-"));
  try {
    const dump = await pglite.dumpDataDir("gzip");
    await writeFile(path.join(work, DUMP_NAME), Buffer.from(await dump.arrayBuffer()));
    for (const name of options.excludeSecrets ? [] : KEY_FILES) {
      const file = path.join(dataDir, name);
      if (existsSync(file)) await writeFile(path.join(work, name), readFileSync(file), { mode: 0o600 });
    }
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  const entries = readdirSync(work);
  const uploads = path.join(dataDir, "uploads");
  // One archive from DATA_DIR: the work folder's files (dump, keys), then uploads/ without the
  // staging folder of uploads still arriving.
  // node-tar's Pack is a minipass stream: wrap it as a Node Readable.
  const pack = tar.create(
    {
      cwd: dataDir,
      portable: true,
      filter: (entry) => !/^(\.\/)?uploads\/\.incoming(\/|$)/.test(entry),
    },
    [
      ...entries.map((name) => path.join(path.basename(work), name)),
      ...(existsSync(uploads) ? ["uploads"] : []),
    ],
  ) as unknown as AsyncIterable<Buffer>;
  const combined = Readable.from(pack, { objectMode: false });
  combined.on("close", () => void rm(work, { recursive: true, force: true }));
  return combined;
}

/**
 * Restores a backup file into `dataDir`, which must be empty or absent (nothing is overwritten):
 * uploads and keys are extracted, the database dump is loaded into a new PGlite in
 * `<dataDir>/pglite`.
 * @throws Error when `dataDir` is not empty or the file is not an Academy backup.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into an empty data directory.`);
  mkdirSync(dataDir, { recursive: true });
  await tar.extract({ file, cwd: dataDir });
  const work = readdirSync(dataDir).find((name) => name.startsWith(".backup-"));
  const dumpFile = work && path.join(dataDir, work, DUMP_NAME);
  if (!work || !dumpFile || !existsSync(dumpFile)) throw new Error(`${file} is not an Academy backup.`);
  for (const name of KEY_FILES) {
    const key = path.join(dataDir, work, name);
    if (existsSync(key)) writeFileSync(path.join(dataDir, name), readFileSync(key), { mode: 0o600 });
  }
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    loadDataDir: new Blob([readFileSync(dumpFile)]),
  });
  await pglite.close();
  await rm(path.join(dataDir, work), { recursive: true, force: true });
}
