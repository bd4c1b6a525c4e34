import { PGlite, types } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { preparedQuery } from "./pglite-statements.ts";
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
  await pglite.waitReady;
  const db = drizzlePglite(withDrizzleParsers(pglite), { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

const keepText = (value: string) => value;
/**
 * The parsers Drizzle's PGlite driver passes with every query: dates, times and intervals (and
 * their arrays, and numeric[]) stay the text PostgreSQL sends, as node-postgres gives them.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

/**
 * `pglite` for Drizzle (issue 28 §5):
 * - Drizzle's parsers are made the instance's own: PGlite merges a query's `parsers` into a copy
 *   of its table of ~320 type parsers on every query (~0.14 ms, 40 % of a simple query), so the
 *   client handed to Drizzle drops them from each query; the results are the same. Other callers
 *   of the instance (the metrics gauges, test set-up) read dates as text too.
 * - Every query Drizzle sends (and each transaction's) runs as a named prepared statement
 *   (`pglite-statements.ts#preparedQuery`, decision 0242): parsed and planned once, one protocol
 *   trip per run instead of six.
 */
function withDrizzleParsers(pglite: PGlite): PGlite {
  Object.assign(pglite.parsers, DRIZZLE_PARSERS);
  type Query = PGlite["query"];
  const strip = <T extends { parsers?: unknown } | undefined>(options: T): T => {
    if (!options?.parsers) return options;
    const { parsers: _ignored, ...rest } = options;
    return rest as T;
  };
  const direct: Query = (text, params, options) => preparedQuery(pglite, text, params, strip(options));
  const transaction: PGlite["transaction"] = (callback) =>
    pglite.transaction((tx) =>
      callback(
        Object.assign(Object.create(tx), {
          query: ((text, params, options) =>
            preparedQuery(pglite, text, params, strip(options), tx)) as Query,
        }),
      ),
    );
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return direct;
      if (property === "transaction") return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
