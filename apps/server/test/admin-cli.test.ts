import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { runAdminCli } from "../src/cli/admin.ts";
import { openDatabase } from "../src/db/client.ts";
import { lockDataDir } from "../src/db/lock.ts";
import { migrateDatabase } from "../src/db/migrate.ts";
import { adminAuditLog, profiles, user } from "../src/db/schema/index.ts";
import { withDatabase } from "./global-setup.ts";
import { withMigratedPglite } from "./support/server-process.ts";

const quiet = () => {
  const out: string[] = [];
  vi.spyOn(console, "log").mockImplementation((m: string) => void out.push(m));
  vi.spyOn(console, "error").mockImplementation((m: string) => void out.push(m));
  return out;
};

/** Inserts a user row (the profile trigger makes its profile) straight into a database. */
async function seedUser(databaseUrl: string | undefined, pgliteDir: string | undefined, email: string) {
  const handle = await openDatabase({ databaseUrl, pgliteDir, poolSize: 1 });
  try {
    await migrateDatabase(handle);
    await handle.db
      .insert(user)
      .values({ id: randomBytes(8).toString("hex"), name: "Op", email, emailVerified: true });
  } finally {
    await handle.close();
  }
}

async function roleIn(databaseUrl: string | undefined, pgliteDir: string | undefined, email: string) {
  const handle = await openDatabase({ databaseUrl, pgliteDir, poolSize: 1 });
  try {
    const [row] = await handle.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.email, email));
    const audit = await handle.db.select().from(adminAuditLog);
    return { role: row?.role, audit };
  } finally {
    await handle.close();
  }
}

// PGlite-only: runs in the suite's PGlite run (the PostgreSQL run has its own test below).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm run admin -- grant|revoke (PGlite)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-cli-"));
  const pgliteDir = path.join(dataDir, "pglite");
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test" };
  afterAll(() => vi.restoreAllMocks());

  it("refuses while a server holds the data directory, grants and revokes once it is free", async () => {
    const out = quiet();
    withMigratedPglite(dataDir); // the suite's migrated database: each open below only checks it
    await seedUser(undefined, pgliteDir, "op@example.com");
    expect(await runAdminCli(["grant"], env)).toBe(1);
    expect(await runAdminCli(["grant", "nobody@example.com"], env)).toBe(1);
    expect(out.at(-1)).toContain("no account");

    const release = await lockDataDir(dataDir); // as the running server does
    expect(await runAdminCli(["grant", "op@example.com"], env)).toBe(2);
    expect(out.at(-1)).toContain("Stop the server");
    await release();
    expect((await roleIn(undefined, pgliteDir, "op@example.com")).role).toBe("creator");

    expect(await runAdminCli(["grant", "OP@example.com"], env)).toBe(0);
    expect(out.at(-1)).toContain("two-factor sign-in");
    let state = await roleIn(undefined, pgliteDir, "op@example.com");
    expect(state.role).toBe("admin");
    expect(state.audit.map((a) => [a.action, a.actor_email])).toEqual([["admin.grant", "command line"]]);
    expect(await runAdminCli(["grant", "op@example.com"], env)).toBe(0);
    expect(out.at(-1)).toContain("no change");
    expect(await runAdminCli(["revoke", "op@example.com"], env)).toBe(0);
    state = await roleIn(undefined, pgliteDir, "op@example.com");
    expect(state.role).toBe("creator");
    expect(state.audit).toHaveLength(2);
  }, 120_000); // ten PGlite opens of one directory: ~7 s quiet, 73 s seen on a loaded machine
});

const info = inject("testDatabase");
describe.skipIf(info.kind !== "postgres")("npm run admin -- grant|revoke (PostgreSQL)", () => {
  it("grants and revokes on PostgreSQL (no data-directory lock needed)", async () => {
    quiet();
    if (info.kind !== "postgres") return;
    const name = `academy_cli_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: info.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${info.template}`);
    await admin.end();
    const url = withDatabase(info.url, name);
    try {
      await seedUser(url, undefined, "pg-op@example.com");
      const env = { DATABASE_URL: url, LOG_LEVEL: "silent", NODE_ENV: "test" };
      expect(await runAdminCli(["grant", "pg-op@example.com"], env)).toBe(0);
      expect((await roleIn(url, undefined, "pg-op@example.com")).role).toBe("admin");
      expect(await runAdminCli(["revoke", "pg-op@example.com"], env)).toBe(0);
      expect((await roleIn(url, undefined, "pg-op@example.com")).role).toBe("creator");
    } finally {
      const client = new pg.Client({ connectionString: info.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  }, 60_000);
});
