import type { Db } from "../db/client.ts";
import type { Mailer } from "../email/mailer.ts";
import { recordJobRun } from "../observability/metrics.ts";
import type { Logger } from "./logger.ts";

/**
 * A background job run every `intervalMs` milliseconds, one run at a time: a tick that finds the
 * previous run still going is skipped. A failed run is reported to `onError` and the next tick
 * retries. The timer does not keep the process alive; `stop` clears it and waits for a run in
 * progress (graceful shutdown). With a `name`, each run's time and outcome go to the metrics
 * (`academy_job_*` at /metrics).
 */
export function createIntervalWorker(
  job: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
  name?: string,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        const started = performance.now();
        let ok = true;
        running = job()
          .catch((error) => {
            ok = false;
            onError(error);
          })
          .finally(() => {
            running = undefined;
            if (name) recordJobRun(name, (performance.now() - started) / 1000, ok);
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** What an e-mail job's worker needs: the database, the mailer, the app's base URL, a logger, the period in ms. */
export interface MailWorkerDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  intervalMs: number;
}

/**
 * An e-mail job as an interval worker named `name`: `send(deps)` (resolving to how many e-mails it
 * queued) every `deps.intervalMs`, one run at a time; logs `logs.sent` at info with `{ sent }` when
 * it queued any, and `logs.failed` at error with the error. Started by index.ts, stopped on shutdown.
 */
export function createMailWorker(
  name: string,
  send: (deps: MailWorkerDeps) => Promise<number>,
  deps: MailWorkerDeps,
  logs: { sent: string; failed: string },
) {
  return createIntervalWorker(
    async () => {
      const sent = await send(deps);
      if (sent > 0) deps.logger.info({ sent }, logs.sent);
    },
    deps.intervalMs,
    (error) => deps.logger.error({ err: error }, logs.failed),
    name,
  );
}
