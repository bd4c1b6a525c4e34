import { startAcademy, startCommand } from "../lib/academy.ts";
import { type Benchmark, row } from "../lib/types.ts";

const RUNS = 5;
/** Extra attempts allowed for runs in which `npm start` rebuilt the web app (sources edited meanwhile). */
const MAX_REPLACED = 5;
/** Issue 17 §12: under 2 s (it was 3 s before). */
const TARGET_MS = 2_000;
const REBUILD_MESSAGE = /Building the (web app|server)|rebuilding/;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface StartupRun {
  ms: number;
  pid: number;
  forcedStop: boolean;
  rebuiltWeb: boolean;
}

/**
 * Time from spawning `npm start` on an existing (already migrated) data directory until
 * GET /api/health answers 200. Each server is stopped, and awaited, before the next run. A run in
 * which `npm start` rebuilt the web app (because its sources changed during the benchmark) measures
 * a build, not a start: it is set aside and repeated, at most MAX_REPLACED times in all.
 */
export const startupBenchmark: Benchmark = {
  id: "startup",
  title: "Startup to healthy (existing data dir)",
  async run(ctx) {
    const command = startCommand("npm-start");
    if (command.fallbackNote) ctx.note(command.fallbackNote);
    const runs: StartupRun[] = [];
    const setAside: StartupRun[] = [];
    for (let attempt = 1; runs.length < RUNS; attempt++) {
      const server = await startAcademy({
        dataDir: ctx.dataDir,
        via: "npm-start",
        label: `${command.display} #${attempt}`,
      });
      const { forced } = await server.stop();
      const run: StartupRun = {
        ms: Math.round(server.startupMs),
        pid: server.proc.pid,
        forcedStop: forced,
        rebuiltWeb: REBUILD_MESSAGE.test(server.proc.output()),
      };
      if (forced) ctx.note(`startup attempt ${attempt}: the server ignored SIGTERM for 15 s and was killed`);
      if (run.rebuiltWeb && setAside.length < MAX_REPLACED) {
        setAside.push(run);
        ctx.log(
          `startup attempt ${attempt}: ${run.ms} ms, but npm start rebuilt the web app: set aside, repeating`,
        );
        continue;
      }
      if (run.rebuiltWeb)
        ctx.note(`startup attempt ${attempt}: npm start rebuilt the web app; kept (retry budget used up)`);
      runs.push(run);
      ctx.log(`startup run ${runs.length}/${RUNS}: ${run.ms} ms`);
    }
    if (setAside.length) {
      ctx.note(
        `${setAside.length} startup attempt(s) set aside and repeated because npm start rebuilt the web app ` +
          `(web sources changed during the run): ${setAside.map((r) => `${r.ms} ms`).join(", ")}`,
      );
    }
    const times = runs.map((r) => r.ms);
    const target = { op: "<", value: TARGET_MS, unit: "ms" } as const;
    const extra = { command: command.display, runsMs: times, runs, setAside };
    return [
      row(`startup: ${command.display} → /api/health 200, median of ${RUNS}`, median(times), "ms", target, {
        academy: { value: median(times), unit: "ms" },
        ...extra,
      }),
      row(`startup: ${command.display} → /api/health 200, max of ${RUNS}`, Math.max(...times), "ms", target, {
        academy: { value: Math.max(...times), unit: "ms" },
        ...extra,
      }),
    ];
  },
};
