import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import type { OrderMethod } from "@academy/shared";
import { serve } from "@hono/node-server";
import { createApp } from "../../apps/server/src/app.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { chooseMethod } from "../../apps/server/src/features/payments/checkout.service.ts";
import { openOrder } from "../../apps/server/src/features/payments/orders.service.ts";
import type { PaymentDeps } from "../../apps/server/src/features/payments/payment-deps.ts";
import { runOrderJobs } from "../../apps/server/src/features/payments/reconciliation.service.ts";
import type { SessionUser } from "../../apps/server/src/lib/http.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createRuntime } from "../../apps/server/src/runtime.ts";

/**
 * One Academy instance in a worker thread (its own event loop, as a separate server would have):
 * `createRuntime` + `createApp` with the environment in `workerData.env`, an HTTP listener on
 * 127.0.0.1 (random port, posted as `{ ready: port }`), and the calls the money-chaos benchmark
 * makes on the instance's behalf, as messages `{ id, op, args }` answered `{ id, result }` or
 * `{ id, error }`: request (app.request through the whole app), openOrder, chooseMethod,
 * runOrderJobs, close.
 */
const port = parentPort;
if (!port) throw new Error("chaos-instance runs in a worker thread");
const env = loadEnv(workerData.env as Record<string, string>);
const runtime = await createRuntime(env, { logger: createLogger(env.logLevel) });
const { app, messagingHub } = createApp(runtime);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const deps: PaymentDeps = {
  db: runtime.db,
  mailer: runtime.mailer,
  env: runtime.env,
  encryptionKey: runtime.encryptionKey,
  logger: runtime.logger,
};

type Course = { id: string; price: number; currency: string; creatorId: string; schoolId: string | null };
const ops: Record<string, (...args: never[]) => Promise<unknown>> = {
  async request(pathname: string, init: { method?: string; json?: unknown; cookie?: string } = {}) {
    const headers = new Headers({ origin: env.appUrl });
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    const response = await app.request(`${env.appUrl}${pathname}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: response.status, text: await response.text(), cookies: response.headers.getSetCookie() };
  },
  async openOrder(buyer: SessionUser, course: Course) {
    return (await openOrder(runtime.db, buyer, course, {})).reference;
  },
  async chooseMethod(buyer: SessionUser, reference: string, method: OrderMethod) {
    return (await chooseMethod(deps, buyer, reference, method, "vi")).redirectUrl;
  },
  runOrderJobs: (opts: Parameters<typeof runOrderJobs>[1]) => runOrderJobs(deps, opts),
  async close() {
    await new Promise((resolve) => server.close(resolve));
    messagingHub.close();
    await runtime.close();
  },
};

port.on("message", async ({ id, op, args }: { id: number; op: string; args: never[] }) => {
  try {
    port.postMessage({ id, result: await ops[op](...args) });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: (server.address() as AddressInfo).port });
