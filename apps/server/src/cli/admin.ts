import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { DataDirLockedError, lockDataDir } from "../db/lock.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { EnvError, loadEnv } from "../env.ts";
import { setAdminByEmail } from "../features/admin/admin.service.ts";

const USAGE = "Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>";

/**
 * `npm run admin -- grant|revoke <email>` (issue 14): makes an account a platform admin or takes
 * the role back (to creator), audited as "command line". Works on PostgreSQL (DATABASE_URL) while
 * servers run, and on PGlite (DATA_DIR) only while no server holds the data directory.
 * @returns the process exit code: 0 done, 1 bad usage or no such account, 2 the server is running.
 */
export async function runAdminCli(argv: string[], source: Record<string, string | undefined> = process.env) {
  const [command, email] = argv;
  if ((command !== "grant" && command !== "revoke") || !email || !email.includes("@")) {
    console.error(USAGE);
    return 1;
  }
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  let release: (() => Promise<void>) | undefined;
  if (!env.databaseUrl) {
    try {
      release = await lockDataDir(env.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(
          `academy admin: the Academy server is running on ${env.dataDir} (PGlite allows one process). ` +
            "Stop the server, run this command again, then start the server. Nothing was changed.",
        );
        return 2;
      }
      throw error;
    }
  }
  const handle = await openDatabase({
    databaseUrl: env.databaseUrl,
    pgliteDir: path.join(env.dataDir, "pglite"),
    poolSize: 1,
  });
  try {
    await migrateDatabase(handle);
    const result = await setAdminByEmail(handle.db, email, command === "grant", {
      id: null,
      email: "command line",
    });
    if (result === "missing") {
      console.error(
        `academy admin: no account with the e-mail ${email}. Sign up first, then run this again.`,
      );
      return 1;
    }
    const state = command === "grant" ? "is a platform admin" : "is no longer a platform admin";
    // Issue 25 item 6: the Admin Panel opens only with two-factor sign-in on.
    const twoFactorNote =
      command === "grant"
        ? "\nacademy admin: the Admin Panel opens once this account turns on two-factor sign-in " +
          "(Account settings → Two-factor authentication); the panel asks for it on first opening."
        : "";
    console.log(
      `academy admin: ${email} ${state}${result === "unchanged" ? " (no change)" : ""}.${twoFactorNote}`,
    );
    return 0;
  } finally {
    await handle.close();
    await release?.();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
