import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { migrateDatabase } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase:
      | { kind: "pglite"; dump: string; dataDir: string }
      | { kind: "postgres"; url: string; template: string };
    /** apps/server/dist/server.mjs, built for the test files that start server processes. */
    serverBundle: string;
  }
}

/**
 * Builds the server bundle `npm start` runs (scripts/build-server.mjs --if-stale: nothing to do
 * when it is newer than the sources). Test files that start real server processes start it: it
 * boots in about a third of the CPU time of `node --import tsx` over the sources (docs/testing.md).
 */
function buildServerBundle(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../../..");
  // --if-stale: the PostgreSQL and PGlite runs of one CI build it once.
  const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], {
    cwd: root,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`server bundle build failed:\n${build.stderr}`);
  project.provide("serverBundle", path.join(root, "apps/server/dist/server.mjs"));
}

/**
 * Migrates one template database for the whole server suite: a PGlite data dump that each test
 * file loads (seconds faster than migrating per file), or, with TEST_DATABASE_URL, a PostgreSQL
 * template database that each test file copies with CREATE DATABASE … TEMPLATE. On PGlite it also
 * writes the migrated database as a data directory, which test files that start server processes
 * copy (support/server-process.ts) instead of migrating in each process.
 */
export default async function setup(project: TestProject) {
  buildServerBundle(project);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `academy_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 2 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide("testDatabase", { kind: "postgres", url, template });
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${template} with (force)`);
      await client.end();
    };
  }
  const pglite = await PGlite.create();
  await migrateDatabase(await openDatabase({ pglite }));
  const blob = await pglite.dumpDataDir("none");
  await pglite.close();
  const dir = path.resolve(".tmp");
  mkdirSync(dir, { recursive: true });
  const dump = path.join(dir, `test-pglite-${process.pid}.tar`);
  writeFileSync(dump, Buffer.from(await blob.arrayBuffer()));
  const dataDir = path.join(dir, `test-pglite-${process.pid}-dir`);
  rmSync(dataDir, { recursive: true, force: true });
  await (await PGlite.create(dataDir, { loadDataDir: blob })).close();
  project.provide("testDatabase", { kind: "pglite", dump, dataDir });
  return () => {
    rmSync(dump, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
