import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { DRIZZLE_PARSERS } from "./pglite-parsers.ts";
import { preparedQuery } from "./pglite-statements.ts";
import type { WorkerReply, WorkerRequest, WorkerStart } from "./pglite-thread.ts";

/**
 * The PGlite engine's own thread (issue 28 §5, decision 0243): this worker owns the engine of
 * `DATA_DIR/pglite` and runs what the main thread's client (`pglite-thread.ts`) asks, one message
 * per call. Queries run through `preparedQuery` (named statements, decision 0242) with Drizzle's
 * parsers as the instance's own; the engine's lock orders them, so a query sent while a transaction
 * is open waits for it, as on one in-thread engine. A transaction is held open here between the
 * main thread's `begin` and `end`; its queries carry its id.
 */
function requirePort(): MessagePort {
  if (!parentPort) throw new Error("pglite-worker.ts must run in a worker thread");
  return parentPort;
}
const port = requirePort();
const start = workerData as WorkerStart;

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** An error's own fields, kept across the thread (DatabaseError's code, detail, constraint…). */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (key === "queryOptions" || typeof value === "function") continue;
    fields[key] = value;
  }
  return fields;
}

/** What a result keeps across the thread (rows, fields, affectedRows; never a blob). */
function plainResult(result: Results<unknown>) {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

async function main() {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: start.dataDir,
      ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
    });
    await pglite.waitReady;
    Object.assign(pglite.parsers, DRIZZLE_PARSERS);
  } catch (error) {
    reply({ type: "ready", error: errorFields(error) });
    return;
  }
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, Promise<() => Promise<void>>>();
  const ROLLBACK = Symbol("rollback");

  const handle = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case "query": {
        const tx = request.tx === undefined ? undefined : transactions.get(request.tx)?.tx;
        if (request.tx !== undefined && !tx) throw new Error("Transaction is closed");
        const options = request.rowMode ? { rowMode: request.rowMode } : undefined;
        return plainResult(await preparedQuery(pglite, request.text, request.params, options, tx));
      }
      case "exec": {
        const tx = request.tx === undefined ? undefined : transactions.get(request.tx)?.tx;
        if (request.tx !== undefined && !tx) throw new Error("Transaction is closed");
        return (await (tx ?? pglite).exec(request.text)).map(plainResult);
      }
      case "begin": {
        // Resolves once the engine's transaction lock is held and BEGIN ran; the transaction
        // stays open until `end` settles `finish`.
        return new Promise<void>((opened, failed) => {
          let finish: (commit: boolean) => void = () => {};
          const done = pglite
            .transaction(async (tx) => {
              const ended = new Promise<boolean>((resolve) => {
                finish = resolve;
              });
              transactions.set(request.id, { tx, finish: (commit) => finish(commit), done });
              opened();
              if (!(await ended)) throw ROLLBACK;
            })
            .then(() => undefined);
          done.catch((error) => {
            if (!transactions.has(request.id)) failed(error); // BEGIN itself failed
          });
        });
      }
      case "end": {
        const open = transactions.get(request.tx);
        if (!open) throw new Error("Transaction is closed");
        open.finish(request.commit);
        try {
          await open.done;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        } finally {
          transactions.delete(request.tx);
        }
        return undefined;
      }
      case "listen": {
        if (!listeners.has(request.channel))
          listeners.set(
            request.channel,
            pglite.listen(request.channel, (payload) =>
              reply({ type: "notify", channel: request.channel, payload }),
            ),
          );
        await listeners.get(request.channel);
        return undefined;
      }
      case "unlisten": {
        const stop = listeners.get(request.channel);
        listeners.delete(request.channel);
        if (stop) await (await stop)();
        return undefined;
      }
      case "dump": {
        const dump = await pglite.dumpDataDir(request.compression);
        return await dump.arrayBuffer();
      }
      case "close": {
        for (const open of transactions.values()) open.finish(false);
        if (!pglite.closed) await pglite.close();
        return undefined;
      }
    }
  };

  port.on("message", (request: WorkerRequest) => {
    handle(request).then(
      (value) => {
        reply({ type: "result", id: request.id, value }, value instanceof ArrayBuffer ? [value] : []);
        if (request.op === "close") port.close();
      },
      (error) => reply({ type: "result", id: request.id, error: errorFields(error) }),
    );
  });
  reply({ type: "ready" });
}

void main();
