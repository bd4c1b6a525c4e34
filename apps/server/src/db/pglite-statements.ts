import { type PGlite, parse, protocol, type Results, type Transaction } from "@electric-sql/pglite";

/**
 * A statement whose text starts with this comment is planned for its values on every run (PGlite's
 * own unnamed `query`), never prepared: for reports whose best plan depends on the values — date
 * ranges, optional filters written `($1 is null or col = $1)` — where a prepared statement's
 * generic plan was measured 2–4× slower (analytics tabs, decision 0242). Harmless on PostgreSQL.
 */
export const PLAN_PER_RUN = "/* academy: plan per run */";

/** Named statements kept per PGlite instance; the least recently used is closed past this. */
export const STATEMENT_CACHE_SIZE = 400;

/** "cached plan must not change result type" (SQLSTATE 0A000): a table's columns changed under a statement. */
function planResultChanged(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "0A000" && /cached plan must not change result type/.test(message ?? "");
}

type QueryOptions = Parameters<PGlite["query"]>[2];

interface Statement {
  name: string;
  /** Parameter type OIDs as PostgreSQL inferred them (for PGlite's serializers). */
  paramTypes: number[];
}

interface Cache {
  statements: Map<string, Statement>;
  /** Names to close with the next message sent (evicted, or whose plan no longer fits). */
  closing: string[];
}

/**
 * Statement names are unique in the process, not per instance: an instance made by `clone()`
 * starts from a copy of its parent's engine memory, prepared statements included.
 */
const PREFIX = `academy_${process.pid.toString(36)}_${Math.random().toString(36).slice(2, 8)}_`;
let nextName = 0;

const caches = new WeakMap<PGlite, Cache>();

function cacheOf(pglite: PGlite): Cache {
  let cache = caches.get(pglite);
  if (!cache) {
    cache = { statements: new Map(), closing: [] };
    caches.set(pglite, cache);
  }
  return cache;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Options this path handles (Drizzle passes only rowMode); anything else goes to PGlite's own query. */
function plain(options: QueryOptions): boolean {
  if (!options) return true;
  for (const key of Object.keys(options)) if (key !== "rowMode" && key !== "parsers") return false;
  return true;
}

/**
 * One query on PGlite through a named prepared statement (issue 28 §5, decision 0242), the
 * drop-in for `pglite.query(text, params, options)` that Drizzle calls. PGlite's own `query` sends
 * an unnamed statement in six protocol trips (parse, describe, bind, describe, execute, sync), so
 * every run is parsed and planned again; here the first run of a text parses it once under a name
 * (and learns its parameter types), and every run sends bind, describe, execute and sync in one
 * trip. PostgreSQL keeps the statement's plan (custom plans for the first five runs, then the
 * generic one when it is no dearer: `plan_cache_mode`), as postgres.js and node-postgres' named
 * statements do. At most STATEMENT_CACHE_SIZE statements per instance, least recently used closed
 * first. Results, errors (with `query`/`params` attached, as PGlite does) and NOTIFY delivery are
 * PGlite's own: the same parser (`parse.parseResults`) and `execProtocolStream`.
 * - `tx`: the transaction of a `pglite.transaction()` callback, whose lock the caller holds;
 *   without it this takes the lock, so the query waits for a running transaction like PGlite's own.
 * - A statement whose result columns changed under it (DDL; SQLSTATE 0A000) is closed and, outside
 *   a transaction, run once more freshly parsed.
 * Options other than `rowMode`/`parsers` (blobs, param types, serializers), and texts starting
 * with PLAN_PER_RUN, use PGlite's own query.
 * @throws the engine's DatabaseError, as `pglite.query` does.
 */
export async function preparedQuery<T>(
  pglite: PGlite,
  text: string,
  params: unknown[] = [],
  options: QueryOptions = undefined,
  tx?: Transaction,
): Promise<Results<T>> {
  if (!plain(options) || text.startsWith(PLAN_PER_RUN) || text.includes("/dev/blob"))
    return (tx ?? pglite).query<T>(text, params, options) as Promise<Results<T>>;
  if (tx?.closed) throw new Error("Transaction is closed");
  const run = () =>
    pglite._runExclusiveQuery(() => runPrepared<T>(pglite, text, params, options, tx !== undefined));
  if (tx) return run();
  await pglite._checkReady();
  return pglite._runExclusiveTransaction(async () => {
    try {
      return await run();
    } catch (error) {
      if (!planResultChanged(error)) throw error;
      return run(); // the stale statement was closed: parsed afresh
    }
  });
}

async function runPrepared<T>(
  pglite: PGlite,
  text: string,
  params: unknown[],
  options: QueryOptions,
  inTransaction: boolean,
): Promise<Results<T>> {
  const cache = cacheOf(pglite);
  const { serialize } = protocol;
  try {
    let statement = cache.statements.get(text);
    if (statement) {
      // Most recently used last: re-insert.
      cache.statements.delete(text);
      cache.statements.set(text, statement);
    } else {
      const name = `${PREFIX}${++nextName}`;
      if (cache.statements.size >= STATEMENT_CACHE_SIZE) {
        const [oldest, old] = cache.statements.entries().next().value as [string, Statement];
        cache.statements.delete(oldest);
        cache.closing.push(old.name);
      }
      const closing = cache.closing.splice(0).map((old) => serialize.close({ type: "S", name: old }));
      const described = await pglite.execProtocolStream(
        concat([
          ...closing,
          serialize.parse({ name, text }),
          serialize.describe({ type: "S", name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      cache.statements.set(text, statement);
    }
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[types[i]];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  } catch (error) {
    if (planResultChanged(error)) {
      const stale = cache.statements.get(text);
      if (stale) {
        cache.statements.delete(text);
        cache.closing.push(stale.name);
      }
    }
    if (error && typeof error === "object" && "severity" in error)
      Object.assign(error, { query: text, params, queryOptions: options });
    throw error;
  }
}

/** How many named statements `pglite` holds (tests). */
export function preparedStatementCount(pglite: PGlite): number {
  return caches.get(pglite)?.statements.size ?? 0;
}
