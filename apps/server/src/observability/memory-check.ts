import { MEMORY_CHECK_INTERVAL_MS } from "@academy/shared";
import type { Logger } from "../lib/logger.ts";

/**
 * The spec's memory check (001: "a memory check runs every 30 seconds"; issue 28 §3): every
 * `intervalMs` it reads the process's resident set size and logs a warning when it is above
 * `thresholdBytes` (MEMORY_WARN_MB), once per crossing — again only after it fell below and rose
 * over once more — and an info line when it is back under. The timer does not keep the process
 * alive.
 * @returns `check()` (one reading now; true when over the threshold), `start()` and `stop()`.
 */
export function createMemoryCheck(options: {
  logger: Pick<Logger, "warn" | "info">;
  thresholdBytes: number;
  intervalMs?: number;
  read?: () => NodeJS.MemoryUsage;
}) {
  const read = options.read ?? (() => process.memoryUsage());
  let over = false;
  let timer: NodeJS.Timeout | undefined;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  function check(): boolean {
    const usage = read();
    const nowOver = usage.rss > options.thresholdBytes;
    if (nowOver && !over) {
      options.logger.warn(
        {
          rssMb: mb(usage.rss),
          heapUsedMb: mb(usage.heapUsed),
          externalMb: mb(usage.external),
          thresholdMb: mb(options.thresholdBytes),
        },
        "memory above threshold",
      );
    } else if (!nowOver && over) {
      options.logger.info(
        { rssMb: mb(usage.rss), thresholdMb: mb(options.thresholdBytes) },
        "memory back under threshold",
      );
    }
    over = nowOver;
    return nowOver;
  }
  return {
    check,
    start() {
      if (timer) return;
      timer = setInterval(check, options.intervalMs ?? MEMORY_CHECK_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
