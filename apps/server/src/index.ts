import http from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { KeyMismatchError } from "./db/key-fingerprints.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { EnvError, loadEnv } from "./env.ts";
import { sharedPdfRenderer } from "./features/certificates/pdf-renderer.ts";
import { createReplyDigestWorker } from "./features/community/reply-digests.service.ts";
import { createSectionOpeningWorker } from "./features/learning/drip.service.ts";
import {
  applyLearningRollups,
  createLearningRollupWorker,
} from "./features/learning/learning-rollups.service.ts";
import { createNudgeWorker } from "./features/messaging/messaging.service.ts";
import { createNotificationFanoutWorker } from "./features/notifications/notifications.service.ts";
import { unsafeBindingWarning } from "./features/operations/operations.ts";
import { createOrderJobWorker } from "./features/payments/reconciliation.service.ts";
import { createDomainRecheckWorker } from "./features/schools/schools.routes.ts";
import { createStudyReminderWorker } from "./features/study-reminders/study-reminders.service.ts";
import { createAbandonedUploadWorker } from "./features/uploads/uploads.tus.ts";
import { createTranscodeWorker } from "./features/videos/videos.service.ts";
import { killRunningFfmpeg } from "./lib/ffmpeg.ts";
import { createMemoryCheck } from "./observability/memory-check.ts";
import { startTracing } from "./observability/tracing.ts";
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
  // Traces (issue 28 §3) only when an OTLP endpoint is configured; started before the runtime so
  // the database's first queries are traced too.
  const tracing = env.observability.otlpEndpoint
    ? startTracing({
        endpoint: env.observability.otlpEndpoint,
        sampleRatio: env.observability.traceSampleRatio,
        serviceName: env.observability.serviceName,
      })
    : undefined;
  let runtime: Awaited<ReturnType<typeof createRuntime>>;
  // Set once the HTTP server runs; before that a lost lock simply ends the process.
  let onLockLost: () => void = () => process.exit(1);
  try {
    runtime = await createRuntime(env, { onLockLost: () => onLockLost() });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof KeyMismatchError) {
      console.error(`academy: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, messagingHub, appPages } = createApp(runtime);
  const bindingWarning = unsafeBindingWarning(env);
  if (bindingWarning) {
    console.error(bindingWarning);
    runtime.logger.warn(
      { host: env.host, nodeEnv: env.nodeEnv },
      "development server reachable from the network",
    );
  }
  runtime.mailer.worker?.start();
  const nudges = createNudgeWorker({
    db: runtime.db,
    mailer: runtime.mailer,
    appUrl: env.appUrl,
    logger: runtime.logger,
    intervalMs: env.messageNudgeIntervalMs,
  });
  nudges.start();
  // Expires overdue orders and re-queries MoMo/ZaloPay orders whose callback never came (issue 11).
  const orderJobs = createOrderJobWorker(runtime, env.payments?.jobIntervalMs ?? 60_000);
  orderJobs.start();
  const domainChecks = createDomainRecheckWorker(runtime);
  domainChecks.start();
  const replyDigests = createReplyDigestWorker({
    db: runtime.db,
    mailer: runtime.mailer,
    appUrl: env.appUrl,
    logger: runtime.logger,
    intervalMs: env.messageNudgeIntervalMs,
  });
  replyDigests.start();
  // Issue 27 §1: e-mails students when a drip section opens for them (once across instances).
  const sectionOpenings = createSectionOpeningWorker({
    db: runtime.db,
    mailer: runtime.mailer,
    appUrl: env.appUrl,
    logger: runtime.logger,
    intervalMs: 60_000,
  });
  sectionOpenings.start();
  // Folds new learning events into the analytics rollups every second (decision 0214); one pass
  // before serving (after a restore into another cluster it resets the ids before any write).
  await applyLearningRollups(runtime.db).catch((error) =>
    runtime.logger.error({ err: error }, "learning rollups failed"),
  );
  // Partial tus uploads with no byte for 24 h are deleted (issue 26 §1).
  const abandonedUploads = createAbandonedUploadWorker({ storage: runtime.storage, logger: runtime.logger });
  abandonedUploads.start();
  const learningRollups = createLearningRollupWorker({ db: runtime.db, logger: runtime.logger });
  learningRollups.start();
  // Transcodes uploaded lesson videos to HLS (issue 26; nothing runs without FFmpeg).
  const transcodes = createTranscodeWorker({
    db: runtime.db,
    storage: runtime.storage,
    logger: runtime.logger,
  });
  transcodes.start();
  // Study reminders (issue 27 §3): due reminders every minute; one a student and local day.
  const studyReminders = createStudyReminderWorker({
    db: runtime.db,
    mailer: runtime.mailer,
    appUrl: env.appUrl,
    vapid: runtime.vapid,
    logger: runtime.logger,
    intervalMs: 60_000,
  });
  studyReminders.start();
  // Writes the rest of large notifications (an announcement to 10,000 students), a chunk per
  // transaction, so requests keep their speed meanwhile (decision 0237).
  const notificationFanouts = createNotificationFanoutWorker({
    db: runtime.db,
    mailer: runtime.mailer,
    appUrl: env.appUrl,
    logger: runtime.logger,
  });
  notificationFanouts.start();
  // The spec's memory check: every 30 s, a warning when RSS passes MEMORY_WARN_MB.
  const memoryCheck = createMemoryCheck({
    logger: runtime.logger,
    thresholdBytes: env.observability.memoryWarnBytes,
  });
  memoryCheck.start();
  // App pages (`/`, `/dashboard/…`) are answered before Hono builds a Request (issue 28 §5, static.ts).
  const createServer = ((options: http.ServerOptions, listener: http.RequestListener) =>
    http.createServer(options, (req, res) => {
      if (!appPages.node(req, res)) listener(req, res);
    })) as unknown as typeof http.createServer;
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host, createServer }, (info) => {
    // Certificate PDFs render in worker threads: start one now rather than on the first download,
    // once listening so its start-up does not delay the server's (issue 17 §12).
    sharedPdfRenderer().warm();
    runtime.logger.info(
      { port: info.port, url: env.appUrl, database: runtime.handle.kind, mail: runtime.mailer.mode },
      `Academy is ready at ${env.appUrl}`,
    );
  });

  let stopping = false;
  let exitCode = 0;
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
      await orderJobs.stop();
      await domainChecks.stop();
      await replyDigests.stop();
      await sectionOpenings.stop();
      await learningRollups.stop();
      killRunningFfmpeg();
      await transcodes.stop();
      await studyReminders.stop();
      await notificationFanouts.stop();
      await abandonedUploads.stop();
      memoryCheck.stop();
      await tracing?.shutdown().catch(() => undefined);
      await runtime.close().catch((error) => runtime.logger.error({ err: error }, "close failed"));
      clearTimeout(force);
      runtime.logger.flush?.();
      process.exit(exitCode);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  onLockLost = () => {
    exitCode = 1;
    shutdown("data directory lock lost");
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

await main();
