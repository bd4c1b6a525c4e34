import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";

/** Seconds a client is asked to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Text of the 503 answered while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Academy is briefly unavailable. Please try again in a few seconds.";
/**
 * Set on a /lp or /s page served from its last good render while the database is unreachable
 * (issue 25 item 5, finding #18).
 */
export const STALE_HEADER = "X-Academy-Stale";
/** How often the database is probed during an outage, to log its end (ms). */
export const OUTAGE_PROBE_MS = 2_000;

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "3D000", // the database no longer exists
]);
/**
 * SQLSTATE 55000 (object_not_in_prerequisite_state) is a connection refusal only with this text
 * ("database … is not currently accepting connections", ALLOW_CONNECTIONS false); the same code
 * also means e.g. "currval … is not yet defined", a query error (issue 25 item 5, finding #18).
 */
const NOT_ACCEPTING = /not currently accepting connections/i;
const CONNECTION_MESSAGES =
  /not currently accepting connections|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|connect ECONNREFUSED/i;

/**
 * True when `error` (or one in its cause chain, or in an AggregateError) says the database cannot
 * be reached — refused or dropped connection, server shutting down (57P01–57P03), SQLSTATE class
 * 08, 55000 "not currently accepting connections", a closed PGlite — as opposed to a bad query or
 * a constraint. Works for pg, PGlite and Drizzle's wrappers.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^08/.test(code))) return true;
  if (code === "55000" && typeof message === "string" && NOT_ACCEPTING.test(message)) return true;
  if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** One outage at a time: logged once when it starts and once when the database answers again. */
export interface DatabaseOutage {
  /** True between the first failure and the first successful probe. */
  readonly active: boolean;
  /** Records a connection failure; logs only the first one of an outage, then probes until it ends. */
  report(error: unknown): void;
  /** Stops probing (shutdown, tests). */
  stop(): void;
}

const outages = new WeakMap<object, DatabaseOutage>();

/**
 * The outage tracker of a database (one per `db`, shared by the app's error handler and the health
 * check; issue 16 item 16). During an outage requests answer 503 with Retry-After and nothing more
 * is logged; a `select 1` every OUTAGE_PROBE_MS ends it with one "database reachable again" line.
 */
export function databaseOutage(deps: { db: Db; logger: Logger }, probeMs = OUTAGE_PROBE_MS): DatabaseOutage {
  const existing = outages.get(deps.db);
  if (existing) return existing;
  let since: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const probe = () => {
    timer = undefined;
    deps.db
      .execute(sql`select 1`)
      .then(() => {
        const seconds = since === undefined ? 0 : Math.round((Date.now() - since) / 1000);
        since = undefined;
        deps.logger.info({ outageSeconds: seconds }, "database reachable again");
      })
      .catch(() => {
        if (since !== undefined) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(probe, probeMs);
    timer.unref();
  };
  const outage: DatabaseOutage = {
    get active() {
      return since !== undefined;
    },
    report(error) {
      if (since !== undefined) return;
      since = Date.now();
      deps.logger.error({ err: error }, "database unreachable: answering 503 until it is back");
      schedule();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
  outages.set(deps.db, outage);
  return outage;
}
