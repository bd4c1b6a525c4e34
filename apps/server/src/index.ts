import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { EnvError, loadEnv } from "./env.ts";
import { createNudgeWorker } from "./features/messaging/messaging.service.ts";
import { createRuntime } from "./runtime.ts";

/**
 * Starts Academy: validates the environment, boots the runtime, serves HTTP on PORT and shuts
 * down gracefully on SIGINT/SIGTERM (stops accepting, finishes in-flight requests, closes the
 * database, releases the data-directory lock).
 */
export async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let runtime: Awaited<ReturnType<typeof createRuntime>>;
  try {
    runtime = await createRuntime(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`academy: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, messagingHub } = createApp(runtime);
  runtime.mailer.worker?.start();
  const nudges = createNudgeWorker({
    db: runtime.db,
    mailer: runtime.mailer,
    appUrl: env.appUrl,
    logger: runtime.logger,
    intervalMs: env.messageNudgeIntervalMs,
  });
  nudges.start();
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    runtime.logger.info(
      { port: info.port, url: env.appUrl, database: runtime.handle.kind, mail: runtime.mailer.mode },
      `Academy is ready at ${env.appUrl}`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      runtime.logger.warn("in-flight requests did not finish in 10 s; closing anyway");
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }, 10_000);
    force.unref();
    // Open event streams would hold the server open: end them (browsers reconnect elsewhere).
    messagingHub.close();
    server.close(async () => {
      await nudges.stop();
      await runtime.close().catch((error) => runtime.logger.error({ err: error }, "close failed"));
      clearTimeout(force);
      runtime.logger.flush?.();
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

await main();
