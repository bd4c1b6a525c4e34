/**
 * A background job run every `intervalMs` milliseconds, one run at a time: a tick that finds the
 * previous run still going is skipped. A failed run is reported to `onError` and the next tick
 * retries. The timer does not keep the process alive; `stop` clears it and waits for a run in
 * progress (graceful shutdown).
 */
export function createIntervalWorker(
  job: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = job()
          .catch(onError)
          .finally(() => {
            running = undefined;
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
