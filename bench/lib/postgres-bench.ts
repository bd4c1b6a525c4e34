import pg from "pg";
import { type AcademyServer, startAcademy } from "./academy.ts";
import { makeTempDir } from "./process.ts";
import { type BenchContext, type Row, row } from "./types.ts";

/**
 * Runs `measure` against an Academy server on a fresh PostgreSQL database (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; the database `academy_bench_<name>_<pid>` is
 * created first and dropped after, whatever happens). `measure` gets the server and a pg client
 * on the same database, for seeding by SQL.
 * @param skippedRow the row reported (with `skipped: true`) when no PostgreSQL is reachable.
 */
export async function withPostgresBench(
  ctx: BenchContext,
  name: string,
  skippedRow: string,
  measure: (server: AcademyServer, db: pg.Client) => Promise<Row[]>,
): Promise<Row[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const database = `academy_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    ctx.note(`${name}: skipped, no PostgreSQL reachable (set BENCH_DATABASE_URL)`);
    return [row(skippedRow, Number.NaN, "ms", null, { skipped: true })];
  }
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  let server: AcademyServer | undefined;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    server = await startAcademy({
      dataDir: makeTempDir(`academy-bench-${name}-`),
      databaseUrl: url.toString(),
      label: `academy (PostgreSQL, ${name})`,
    });
    await db.connect();
    return await measure(server, db);
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
