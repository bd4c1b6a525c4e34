import {
  CLIENT_EVENT_BATCHES_PER_WINDOW,
  CLIENT_EVENT_RATE_WINDOW_SECONDS,
  type ClientEventBatch,
  type ClientEventBatchResult,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { insertClientEvents } from "./client-events.queries.ts";

/** The refusal when an account sends more than CLIENT_EVENT_BATCHES_PER_WINDOW batches a window. */
export const CLIENT_EVENTS_RATE_MESSAGE = "Too many analytics batches. Please try again later.";

/** How far in the future (ms) a browser's clock may put an event before it is clamped to now. */
const FUTURE_SKEW_MS = 5 * 60_000;

/**
 * Stores a batch of the web app's local analytics record (spec 000 §3, §9; issue 27 §4) for the
 * signed-in account in client_events: only the known event names (the schema), at most
 * CLIENT_EVENT_BATCH_MAX per batch (the schema), at most CLIENT_EVENT_BATCHES_PER_WINDOW batches
 * per account per CLIENT_EVENT_RATE_WINDOW_SECONDS; an id already stored for the account is
 * ignored (a batch sent twice stores nothing new). A timestamp more than 5 minutes ahead of the
 * server's clock is stored as now. These events never feed study time, completion or quiz figures
 * (the server's own learning_events do), so nothing is counted twice.
 * @throws RATE_LIMITED. @returns accepted (new) and duplicates (already stored or repeated in the batch).
 */
export async function recordClientEvents(
  db: Db,
  actor: SessionUser,
  batch: ClientEventBatch,
  now: Date = new Date(),
): Promise<ClientEventBatchResult> {
  if (
    !(await hitRateLimit(
      db,
      `client-events:user:${actor.id}`,
      CLIENT_EVENT_RATE_WINDOW_SECONDS,
      CLIENT_EVENT_BATCHES_PER_WINDOW,
    ))
  )
    throw new AppError("RATE_LIMITED", CLIENT_EVENTS_RATE_MESSAGE);
  const unique = new Map(batch.events.map((e) => [e.id.toLowerCase(), e]));
  const latest = now.getTime() + FUTURE_SKEW_MS;
  const events = [...unique.values()].map((e) => ({
    ...e,
    timestamp: new Date(e.timestamp).getTime() > latest ? now.toISOString() : e.timestamp,
  }));
  const accepted = await insertClientEvents(db, actor.id, events);
  return { accepted, duplicates: batch.events.length - accepted };
}
