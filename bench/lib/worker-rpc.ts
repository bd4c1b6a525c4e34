import type { Worker } from "node:worker_threads";

/**
 * The bench's side of an instance worker (chaos-instance.mjs, launch-instance.mjs): the worker
 * posts `{ ready: port }` once serving, then answers each `{ id, op, args }` with `{ id, result }`
 * or `{ id, error }`. A worker that fails or exits rejects `ready` and every call in flight.
 * @returns `ready` (the port) and `call(op, ...args)`.
 */
export function workerRpc(worker: Worker, label: string) {
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  const ready = new Promise<number>((resolve, reject) => {
    worker.on("message", (m: { ready?: number; id?: number; result?: unknown; error?: string }) => {
      if (m.ready !== undefined) return resolve(m.ready);
      const call = pending.get(m.id ?? -1);
      pending.delete(m.id ?? -1);
      if (m.error !== undefined) call?.reject(new Error(m.error));
      else call?.resolve(m.result);
    });
    const fail = (error: Error) => {
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`${label} exited (${code})`)));
  });
  const call = <T>(op: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, args });
    });
  return { ready, call };
}
