import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { serve } from "@hono/node-server";
import { and, desc, eq } from "drizzle-orm";
import { createApp } from "../../apps/server/src/app.ts";
import { emailOutbox } from "../../apps/server/src/db/schema/index.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createRuntime } from "../../apps/server/src/runtime.ts";

/**
 * One Academy instance in a worker thread for the launch benchmark (its own event loop, as a
 * separate server has): `createRuntime` + `createApp` with the environment in `workerData.env`,
 * an HTTP listener on 127.0.0.1 (random port, posted as `{ ready: port }`), and a few calls
 * answered over messages `{ id, op, args }` → `{ id, result }` / `{ id, error }`:
 * - `verificationLink(email)`: the verify-email link of the newest "verification" e-mail in the
 *   outbox for that address (as a person finds it in their inbox), or null;
 * - `profileStart()` / `profileStop()`: a V8 CPU profile of this instance's thread (inspector
 *   Session), returned as the `Profiler.Profile` object;
 * - `close()`.
 */
const port = parentPort;
if (!port) throw new Error("launch-instance runs in a worker thread");
const env = loadEnv(workerData.env as Record<string, string>);
const runtime = await createRuntime(env, { logger: createLogger(env.logLevel) });
const { app, messagingHub } = createApp(runtime);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const session = new Session();

const ops: Record<string, (...args: never[]) => Promise<unknown>> = {
  async verificationLink(email: string) {
    const [row] = await runtime.db
      .select({ html: emailOutbox.html })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to_address, email), eq(emailOutbox.template, "verification")))
      .orderBy(desc(emailOutbox.created_at))
      .limit(1);
    const link = row ? /href="([^"]*verify-email[^"]*)"/.exec(row.html)?.[1] : undefined;
    return link ? link.replaceAll("&amp;", "&") : null;
  },
  async profileStart() {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 1000 });
    await session.post("Profiler.start");
    return null;
  },
  async profileStop() {
    const { profile } = await session.post("Profiler.stop");
    await session.post("Profiler.disable");
    session.disconnect();
    return profile;
  },
  async close() {
    await new Promise((resolve) => server.close(resolve));
    messagingHub.close();
    await runtime.close();
    return null;
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
