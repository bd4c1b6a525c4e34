// `npm run backup [FILE]`: one file with the embedded database and the uploads (issue 16). While the
// server runs, it asks the server (loopback, token from DATA_DIR) for a consistent snapshot; when no
// server runs, it opens the data directory itself under the same lock. On PostgreSQL: use pg_dump.
// The archive holds the keys (auth-secret, encryption-key): it is written with mode 0600 and a
// warning is printed; `--exclude-secrets` leaves them out (issue 25 N15).
import { createWriteStream } from "node:fs";
import { chmod, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import lockfile from "proper-lockfile";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { lockDataDir } from "../apps/server/src/db/lock.ts";
import { loadEnv } from "../apps/server/src/env.ts";
import {
  BACKUP_FILE_MODE,
  BACKUP_SECRET_FILES,
  BACKUP_TOKEN_HEADER,
  backupStream,
  backupToken,
} from "../apps/server/src/features/operations/backup.ts";

const env = loadEnv();
if (env.databaseUrl) {
  console.error(
    "academy backup: DATABASE_URL is set — back up PostgreSQL with pg_dump (see README, Backups), and the uploads folder or S3 bucket.",
  );
  process.exit(1);
}
const args = process.argv.slice(2);
const excludeSecrets = args.includes("--exclude-secrets");
const unknown = args.filter((a) => a.startsWith("--") && a !== "--exclude-secrets");
if (unknown.length > 0) {
  console.error(
    `academy backup: unknown option ${unknown.join(" ")} (usage: npm run backup -- [--exclude-secrets] [FILE])`,
  );
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(args.find((a) => !a.startsWith("--")) ?? `academy-backup-${stamp}.tar`);
const partial = `${file}.partial`;

const running = await lockfile.check(env.dataDir, {
  lockfilePath: path.join(env.dataDir, "academy.lock"),
  realpath: false,
  stale: 2_147_483_647,
});
try {
  if (running) {
    const host = env.host === "::1" ? "[::1]" : "127.0.0.1";
    const query = excludeSecrets ? "?excludeSecrets=1" : "";
    const response = await fetch(`http://${host}:${env.port}/ops/backup${query}`, {
      headers: { [BACKUP_TOKEN_HEADER]: backupToken(env.dataDir) },
    });
    if (!response.ok || !response.body)
      throw new Error(`the running server answered ${response.status} (is PORT=${env.port} right?)`);
    await pipeline(
      Readable.fromWeb(response.body as NodeWebReadableStream<Uint8Array>),
      createWriteStream(partial, { mode: BACKUP_FILE_MODE }),
    );
  } else {
    const release = await lockDataDir(env.dataDir);
    const handle = await openDatabase({ pgliteDir: path.join(env.dataDir, "pglite") });
    try {
      if (!handle.pglite) throw new Error("no embedded database");
      await pipeline(
        await backupStream(handle.pglite, env.dataDir, { excludeSecrets }),
        createWriteStream(partial, { mode: BACKUP_FILE_MODE }),
      );
    } finally {
      await handle.close();
      await release();
    }
  }
  // The mode of createWriteStream applies only to a new file (and under the umask): set it anyway.
  await chmod(partial, BACKUP_FILE_MODE);
  await rename(partial, file);
  console.log(`academy backup: wrote ${file}${running ? " (from the running server)" : ""}`);
  if (excludeSecrets) {
    console.log(
      `academy backup: without ${BACKUP_SECRET_FILES.join(" and ")}: a restore needs the same AUTH_SECRET and ENCRYPTION_KEY, or sessions end and stored payment secrets cannot be read.`,
    );
  } else {
    console.warn(
      `academy backup: WARNING: this archive holds the secrets (${BACKUP_SECRET_FILES.join(", ")}). Keep it private (it is mode 0600) and store it encrypted; use --exclude-secrets to leave them out.`,
    );
  }
} catch (error) {
  await rm(partial, { force: true });
  console.error(`academy backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
