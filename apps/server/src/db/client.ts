import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** A Drizzle database over PGlite or PostgreSQL: the same query API for both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, as passed to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What `*.queries.ts` functions take as their first parameter: the database or a transaction. */
export type Executor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine, when kind is "pglite". */
  pglite?: PGlite;
  /** The connection pool, when kind is "postgres". */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise PGlite in `pgliteDir`
 * (or the given PGlite instance, used by tests). Does not migrate (see migrate.ts).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  pglite?: PGlite;
  poolSize?: number;
  /** Called when an idle pooled connection fails (e.g. the server restarted); the pool recovers by itself. */
  onPoolError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // jit=off (decision 0216): Academy's statements read at most a few hundred thousand rows, where
    // compiling a plan with LLVM (100–300 ms once a plan's cost passes jit_above_cost) costs more
    // than it saves. An `options` parameter in DATABASE_URL takes precedence (node-postgres
    // applies the URL's parameters over these).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: "-c jit=off -c max_parallel_workers_per_gather=0",
    });
    // An idle connection that fails (server restart, backend terminated) is dropped by the pool and
    // the next query opens a new one; without a listener the pool's "error" event would crash the process.
    pool.on("error", (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  const pglite = options.pglite ?? (await PGlite.create(options.pgliteDir ?? "memory://"));
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
