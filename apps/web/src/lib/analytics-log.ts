import {
  CLIENT_EVENT_BATCH_MAX,
  CLIENT_EVENT_LOG_MAX,
  type ClientEvent,
  type ClientEventName,
} from "@academy/shared";

/**
 * The local analytics record (spec 000 §3 "Local diagnostic records", §9 "Local logs": analytics
 * capped at 1000 entries under an academy-prefixed key, beside the error log `academy.errors`;
 * issue 27 §4, decision 0234). Each record: a client-made id, the event name, its properties (the
 * page address and referrer — path only, never a query string that may carry a token), the ISO
 * timestamp, the signed-in user's id (`userId`, the spec's optional user id) and whether it was
 * sent. Records are sent in batches of at most CLIENT_EVENT_BATCH_MAX to
 * POST /api/learning/client-events: every 30 s, and with navigator.sendBeacon when the page is
 * hidden. A record is sent only while the same user is signed in (never under someone else's
 * account on a shared device); one recorded signed out stays local. Sent records are marked and
 * kept (the newest 1000 in all); a failed send leaves them for the next try, and the server
 * de-duplicates by id, so a beacon whose answer is unknown may be sent again safely.
 *
 * The rule against double counting: study time, completion and quiz scores come only from the
 * server's own records of progress calls (learning_events). These client events are stored apart
 * and never added to those figures.
 */
export const ANALYTICS_LOG_KEY = "academy.analytics";
export const ANALYTICS_LOG_MAX = CLIENT_EVENT_LOG_MAX;
export const ANALYTICS_FLUSH_MS = 30_000;
export const ANALYTICS_ENDPOINT = "/api/learning/client-events";

export interface AnalyticsRecord extends ClientEvent {
  userId?: string;
  sent?: boolean;
}

let currentUser: () => string | null = () => null;

/** Tells the recorder how to read the signed-in user's id (null when signed out). */
export function setAnalyticsUser(read: () => string | null): void {
  currentUser = read;
}

/** The stored records, oldest first ([] when storage is empty, unreadable or unavailable). */
export function readAnalyticsLog(): AnalyticsRecord[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(ANALYTICS_LOG_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as AnalyticsRecord[]) : [];
  } catch {
    return [];
  }
}

function writeAnalyticsLog(records: AnalyticsRecord[]): void {
  try {
    localStorage.setItem(ANALYTICS_LOG_KEY, JSON.stringify(records.slice(-ANALYTICS_LOG_MAX)));
  } catch {
    // storage full or unavailable: nothing more to do (tracking failures are silent, 001 §8)
  }
}

function pathOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`.slice(0, 500);
  } catch {
    return undefined;
  }
}

/**
 * Records one event locally (never throws). Properties are flat (strings, numbers, booleans); the
 * page address and referrer (without query strings) are added.
 */
export function recordEvent(
  name: ClientEventName,
  properties: Record<string, string | number | boolean | null> = {},
): void {
  try {
    const referrer = document.referrer ? pathOf(document.referrer) : undefined;
    const record: AnalyticsRecord = {
      id: crypto.randomUUID(),
      name,
      properties: {
        ...properties,
        page: location.pathname.slice(0, 500),
        ...(referrer ? { referrer } : {}),
      },
      timestamp: new Date().toISOString(),
    };
    const userId = currentUser();
    if (userId) record.userId = userId;
    writeAnalyticsLog([...readAnalyticsLog(), record]);
  } catch {
    // tracking failures are silent (spec 001 §8)
  }
}

/** The next batch the signed-in user may send: their unsent records, oldest first, at most CLIENT_EVENT_BATCH_MAX. */
export function nextBatch(): ClientEvent[] {
  const userId = currentUser();
  if (!userId) return [];
  return readAnalyticsLog()
    .filter((r) => !r.sent && r.userId === userId)
    .slice(0, CLIENT_EVENT_BATCH_MAX)
    .map(({ id, name, properties, timestamp }) => ({ id, name, properties, timestamp }));
}

function markSent(ids: Set<string>): void {
  writeAnalyticsLog(readAnalyticsLog().map((r) => (ids.has(r.id) ? { ...r, sent: true } : r)));
}

let inFlight: Promise<number> | null = null;

/**
 * Sends the signed-in user's unsent records, batch after batch, and marks each batch sent when the
 * server accepted it (a 400 also marks it: the server will never take it, and it must not block
 * the rest). A network error, 401, 429 or 5xx stops and leaves the records for the next try.
 * @returns how many records were marked sent.
 */
export function flushAnalytics(): Promise<number> {
  if (inFlight) return inFlight;
  const run = (async () => {
    let marked = 0;
    for (let round = 0; round < 20; round++) {
      const batch = nextBatch();
      if (batch.length === 0) break;
      let response: Response;
      try {
        response = await fetch(ANALYTICS_ENDPOINT, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ events: batch }),
          credentials: "same-origin",
        });
      } catch {
        break;
      }
      if (!(response.ok || response.status === 400)) break;
      markSent(new Set(batch.map((e) => e.id)));
      marked += batch.length;
      if (batch.length < CLIENT_EVENT_BATCH_MAX) break;
    }
    return marked;
  })();
  // Cleared once settled (set first: the run may settle before this line when there is nothing to send).
  inFlight = run;
  void run.finally(() => {
    if (inFlight === run) inFlight = null;
  });
  return run;
}

/**
 * Sends one batch with navigator.sendBeacon (the page is being hidden or closed). The answer is
 * unknown, so nothing is marked: the next flush sends the records again and the server ignores the
 * ids it already has. @returns whether the browser queued the beacon.
 */
export function beaconAnalytics(): boolean {
  const batch = nextBatch();
  if (batch.length === 0 || typeof navigator.sendBeacon !== "function") return false;
  try {
    return navigator.sendBeacon(
      ANALYTICS_ENDPOINT,
      new Blob([JSON.stringify({ events: batch })], { type: "application/json" }),
    );
  } catch {
    return false;
  }
}

/**
 * Starts sending: a flush every ANALYTICS_FLUSH_MS and a beacon when the page is hidden.
 * @returns a function that stops it.
 */
export function startAnalyticsSync(): () => void {
  const timer = window.setInterval(() => void flushAnalytics(), ANALYTICS_FLUSH_MS);
  const onVisibility = () => {
    if (document.visibilityState === "hidden") beaconAnalytics();
  };
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
