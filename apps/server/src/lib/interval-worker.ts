import { recordJobRun } from "../observability/metrics.ts";

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
