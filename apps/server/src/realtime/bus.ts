import pg from "pg";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";

/**
 * The realtime bus (DESIGN.md §1, decision 0061): PostgreSQL LISTEN/NOTIFY between server
 * instances. Writers NOTIFY inside their transaction (`pg_notify(channel, payload)`, delivered on
 * commit, payloads are small: ids); every instance LISTENs on ONE dedicated connection and hands
 * each payload to its local handlers, which fan out to the browsers connected to that instance.
 * PGlite (single process): its in-process `listen`. After a lost listener connection is
 * re-established, `onResync` handlers run: notifications sent meanwhile are lost, so clients must
 * refetch.
 */
export interface RealtimeBus {
  kind: "pglite" | "postgres";
  /** Calls `handler(payload)` for every notification on `channel`; returns the unsubscribe function. */
  subscribe(channel: string, handler: (payload: string) => void): () => void;
  /** Resolves once the listener is active for every subscribed channel (first connection). */
  ready(): Promise<void>;
  /** Calls `handler` after the listener reconnected (notifications may have been missed). */
  onResync(handler: () => void): () => void;
  /** Stops listening and closes the dedicated connection. */
  close(): Promise<void>;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * Creates the bus over the database handle: PGlite's `listen`, or a dedicated `pg.Client` (same
 * connection settings as the pool) that reconnects with backoff (250 ms doubling to 10 s).
 */
export function createRealtimeBus(handle: DatabaseHandle, logger: Logger): RealtimeBus {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resyncHandlers = new Set<() => void>();
  const dispatch = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        logger.error({ err: error, channel }, "realtime handler failed");
      }
    }
  };

  if (handle.kind === "pglite") {
    const pglite = handle.pglite;
    if (!pglite) throw new Error("PGlite handle without an engine");
    const unlisten = new Map<string, Promise<() => Promise<void>>>();
    return {
      kind: "pglite",
      async ready() {
        await Promise.all(unlisten.values());
      },
      subscribe(channel, handler) {
        let set = handlers.get(channel);
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
          unlisten.set(
            channel,
            pglite.listen(channel, (payload) => dispatch(channel, payload)),
          );
        }
        set.add(handler);
        return () => set.delete(handler);
      },
      onResync(handler) {
        resyncHandlers.add(handler);
        return () => resyncHandlers.delete(handler);
      },
      async close() {
        if (pglite.closed) return;
        for (const stop of unlisten.values()) await (await stop)().catch(() => undefined);
      },
    };
  }

  const pool = handle.pool;
  if (!pool) throw new Error("PostgreSQL handle without a pool");
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let connected = false;
  let everConnected = false;

  const listenSql = (channel: string) => `LISTEN ${pg.escapeIdentifier(channel)}`;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(pool.options as pg.ClientConfig);
    client = next;
    next.on("notification", (message) => dispatch(message.channel, message.payload ?? ""));
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      connected = false;
      next.removeAllListeners("notification");
      next.end().catch(() => undefined);
      if (closed) return;
      logger.warn({ err: error }, "realtime listener lost; reconnecting");
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(listenSql(channel));
      connected = true;
      delay = RECONNECT_MIN_MS;
      if (everConnected) for (const handler of resyncHandlers) handler();
      everConnected = true;
      firstConnection?.();
    } catch (error) {
      lost(error as Error);
    }
  };
  const schedule = () => {
    if (timer || closed) return;
    const wait = delay;
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };
  let connecting: Promise<void> | undefined;

  let firstConnection: (() => void) | undefined;
  const firstConnected = new Promise<void>((resolve) => {
    firstConnection = resolve;
  });

  return {
    kind: "postgres",
    ready() {
      return handlers.size === 0 || closed ? Promise.resolve() : firstConnected;
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (!connecting) connecting = connect();
        else if (connected && client) client.query(listenSql(channel)).catch(() => undefined);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
    async close() {
      closed = true;
      firstConnection?.();
      if (timer) clearTimeout(timer);
      await connecting;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
