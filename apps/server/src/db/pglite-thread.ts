import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";

/**
 * What Academy calls on an embedded engine: PGlite itself (tests hand one in) or the client of
 * the engine's own thread (`openPgliteThread`). Shapes are PGlite's: `query` resolves to
 * `{ rows, fields, affectedRows }`, errors carry PostgreSQL's fields (`code`, `detail`, …).
 */
export interface PgliteEngine {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<T>(text: string, params?: unknown[], options?: EngineQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  transaction<T>(callback: (tx: EngineTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: "gzip" | "none" | "auto"): Promise<Blob>;
  close(): Promise<void>;
}

/** Options a query may carry: Drizzle's `rowMode`; `parsers` are the engine's own (dropped). */
export interface EngineQueryOptions {
  rowMode?: "array" | "object";
  parsers?: unknown;
}

/** A transaction as `PgliteEngine.transaction` hands it to its callback. */
export interface EngineTransaction {
  readonly closed: boolean;
  query<T>(text: string, params?: unknown[], options?: EngineQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  rollback(): Promise<void>;
}

/** `workerData` of the engine's thread. */
export interface WorkerStart {
  dataDir: string;
  /** A dump (`dumpDataDir`) to start from, instead of what `dataDir` holds (tests). */
  loadDataDir?: Uint8Array;
}

/** One call from the main thread to the engine's thread. */
export type WorkerRequest =
  | { id: number; op: "query"; tx?: number; text: string; params: unknown[]; rowMode?: "array" | "object" }
  | { id: number; op: "exec"; tx?: number; text: string }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  | { id: number; op: "dump"; compression?: "gzip" | "none" | "auto" }
  | { id: number; op: "close" };

type RequestBody<R = WorkerRequest> = R extends unknown ? Omit<R, "id"> : never;

/** What the engine's thread sends back. */
export type WorkerReply =
  | { type: "ready"; error?: Record<string, unknown> }
  | { type: "result"; id: number; value?: unknown; error?: Record<string, unknown> }
  | { type: "notify"; channel: string; payload: string };

/** An error from the engine's thread with its fields back on (`code`, `detail`, `query`…). */
function revive(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? "PGlite error"));
  Object.assign(error, fields);
  return error;
}

/** The worker module: the bundle's own next to server.mjs, or the source's under tsx. */
const WORKER_URL = new URL("./pglite-worker.mjs", import.meta.url);

/**
 * Opens the PGlite engine of `dataDir` in a worker thread of its own (issue 28 §5, decision 0243)
 * and returns its client: every call is a message to that thread, so the engine's WebAssembly
 * (the queries, parsing the rows) no longer runs on the thread that serves HTTP and event streams.
 * - Queries run as named prepared statements there (decision 0242); Drizzle's parsers are the
 *   engine's own, so an option's `parsers` is dropped; values cross by structured clone (dates
 *   stay text, `bytea` arrives as Uint8Array, json as objects).
 * - `transaction(callback)`: BEGIN runs there under the engine's lock and the transaction stays
 *   open while `callback` runs here; its queries carry its id; every other query waits for it.
 *   COMMIT when the callback resolves, ROLLBACK when it throws (the error is re-thrown).
 * - `listen`: notifications are forwarded from the engine's thread.
 * - The thread keeps the process alive only while a call is pending.
 * @throws the engine's error (e.g. a locked or corrupt data directory) when it cannot open.
 */
export async function openPgliteThread(start: WorkerStart): Promise<PgliteEngine> {
  const worker = new Worker(WORKER_URL, { workerData: start });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const subscribers = new Map<string, Set<(payload: string) => void>>();
  /** LISTEN per channel, sent once; a second subscriber waits for the first's. */
  const listening = new Map<string, Promise<unknown>>();
  let nextId = 0;
  let closed = false;
  let failure: Error | undefined;

  // Referenced while a call is pending, so a script awaiting a query does not exit under it.
  let referenced = true;
  const updateRef = () => {
    const want = pending.size > 0 || !ready;
    if (want !== referenced) {
      referenced = want;
      if (want) worker.ref();
      else worker.unref();
    }
  };

  let ready = false;
  let readyResolve: () => void = () => {};
  let readyReject: (error: Error) => void = () => {};
  const waitReady = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });

  const fail = (error: Error) => {
    failure ??= error;
    closed = true;
    readyReject(error);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    updateRef();
  };

  worker.on("message", (message: WorkerReply) => {
    if (message.type === "notify") {
      for (const callback of subscribers.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.type === "ready") {
      ready = true;
      if (message.error) {
        fail(revive(message.error));
        void worker.terminate();
      } else readyResolve();
      updateRef();
      return;
    }
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    updateRef();
    if (message.error) call.reject(revive(message.error));
    else call.resolve(message.value);
  });
  worker.on("error", (error) => fail(error));
  worker.on("exit", (code) =>
    fail(new Error(closed ? "PGlite is closed" : `PGlite's thread exited (${code})`)),
  );

  const call = <T>(body: RequestBody): Promise<T> => {
    if (closed) return Promise.reject(failure ?? new Error("PGlite is closed"));
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      updateRef();
      worker.postMessage({ ...body, id } as WorkerRequest);
    });
  };

  const query = <T>(
    tx: number | undefined,
    text: string,
    params: unknown[] = [],
    options?: EngineQueryOptions,
  ) => call<Results<T>>({ op: "query", tx, text, params, rowMode: options?.rowMode });

  const engine: PgliteEngine = {
    waitReady,
    get closed() {
      return closed;
    },
    query: (text, params, options) => query(undefined, text, params, options),
    exec: (text) => call({ op: "exec", text }),
    async transaction(callback) {
      const id = ++nextId;
      // The begin call's id names the transaction in the engine's thread.
      await new Promise((resolve, reject) => {
        if (closed) return reject(failure ?? new Error("PGlite is closed"));
        pending.set(id, { resolve, reject });
        updateRef();
        worker.postMessage({ op: "begin", id } satisfies WorkerRequest);
      });
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) return;
        ended = true;
        await call({ op: "end", tx: id, commit });
      };
      const tx: EngineTransaction = {
        get closed() {
          return ended;
        },
        query: (text, params, options) =>
          ended ? Promise.reject(new Error("Transaction is closed")) : query(id, text, params, options),
        exec: (text) =>
          ended ? Promise.reject(new Error("Transaction is closed")) : call({ op: "exec", tx: id, text }),
        rollback: () => end(false),
      };
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(tx);
      } catch (error) {
        await end(false).catch(() => undefined);
        throw error;
      }
      await end(true);
      return result;
    },
    async listen(channel, callback) {
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
        listening.set(channel, call({ op: "listen", channel }));
      }
      set.add(callback);
      await listening.get(channel);
      const subscribed = set;
      return async () => {
        subscribed.delete(callback);
        if (subscribed.size === 0 && subscribers.get(channel) === subscribed) {
          subscribers.delete(channel);
          listening.delete(channel);
          if (!closed) await call({ op: "unlisten", channel });
        }
      };
    },
    async dumpDataDir(compression) {
      const bytes = await call<ArrayBuffer>({ op: "dump", compression });
      return new Blob([bytes]);
    },
    async close() {
      if (closed) return;
      await call({ op: "close" }).catch(() => undefined);
      closed = true;
      await worker.terminate();
    },
  };
  await waitReady;
  return engine;
}
