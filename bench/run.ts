// `npm run bench`: starts Academy servers on 127.0.0.1, runs every registered benchmark, prints a
// table and writes bench/results/<timestamp>.json and bench/results/latest.json. Missing a target
// is reported, not fatal (exit 0); a crash exits 1.
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchmarks } from "./benchmarks/index.ts";
import { ensureWebBuilt, ROOT, startAcademy } from "./lib/academy.ts";
import { aborting, cleanupAll, installCleanupHandlers, makeTempDir } from "./lib/process.ts";
import { machineInfo, renderTable, writeResults } from "./lib/report.ts";
import type { BenchContext, Row } from "./lib/types.ts";

interface BenchmarkOutcome {
  id: string;
  title: string;
  ok: boolean;
  durationMs: number;
  rows: Row[];
  error?: string;
}

const log = (message: string) => console.error(`[bench] ${message}`);

/** The error's message (which carries the server's last output) followed by its stack frames. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${error.message}`, ...frames].join("\n");
}

/** The message part of a `describeError` text, indented, for the console. */
function crashSummary(text: string): string {
  const lines = text.split("\n").filter((line) => !/^\s+at /.test(line));
  return lines.slice(0, 12).join("\n    ");
}

async function main(): Promise<number> {
  installCleanupHandlers();
  const startedAt = new Date();
  const t0 = performance.now();
  const machine = machineInfo();
  const notes: string[] = [];
  const note = (message: string) => {
    notes.push(message);
    log(`note: ${message}`);
  };
  const outcomes: BenchmarkOutcome[] = [];
  let setup: Record<string, unknown> = {};
  let fatal: string | undefined;

  log(`${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemoryGiB} GiB, node ${machine.node}`);
  if (machine.loadAverage[0] > machine.cpus / 2) {
    note(
      `the machine was busy when the run started (1-min load average ${machine.loadAverage[0].toFixed(2)} on ` +
        `${machine.cpus} CPUs): expect slower and noisier numbers than on an idle machine`,
    );
  }
  try {
    const webBuild = await ensureWebBuilt(log, note);
    const tempDir = makeTempDir();
    const dataDir = path.join(tempDir, "data");

    // First start creates and migrates the data directory; the benchmarks reuse it.
    log(`initialising DATA_DIR ${dataDir}…`);
    const first = await startAcademy({ dataDir, via: "direct", label: "academy (first start)" });
    await first.stop();
    log(`first start (fresh data dir): ${Math.round(first.startupMs)} ms`);
    setup = {
      webBuild,
      dataDir,
      firstStartMs: Math.round(first.startupMs),
      firstStartCommand: first.command.display,
    };

    const ctx: BenchContext = { root: ROOT, tempDir, dataDir, log, note };
    const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
    const selected = only.length ? benchmarks.filter((b) => only.includes(b.id)) : benchmarks;
    if (only.length)
      note(`BENCH_ONLY=${only.join(",")}: running ${selected.map((b) => b.id).join(", ")} only`);
    for (const benchmark of selected) {
      if (aborting()) break;
      const started = performance.now();
      log(`== ${benchmark.title}`);
      try {
        const rows = await benchmark.run(ctx);
        outcomes.push({ ...benchmark, ok: true, durationMs: Math.round(performance.now() - started), rows });
      } catch (error) {
        const message = describeError(error);
        log(`${benchmark.id} crashed: ${message}`);
        outcomes.push({
          ...benchmark,
          ok: false,
          durationMs: Math.round(performance.now() - started),
          rows: [],
          error: message,
        });
      }
    }
  } catch (error) {
    fatal = describeError(error);
    log(`setup failed: ${fatal}`);
  } finally {
    await cleanupAll();
  }

  const rows = outcomes.flatMap((outcome) => outcome.rows);
  const crashed = Boolean(fatal) || outcomes.some((outcome) => !outcome.ok);
  const results = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - t0),
    machine,
    // Other work on the machine skews the numbers; compare with the load average at the start (machine.loadAverage).
    loadAverageAtEnd: os.loadavg(),
    setup,
    pass: rows.every((r) => r.pass !== false) && !crashed,
    crashed,
    ...(fatal ? { error: fatal } : {}),
    notes,
    rows,
    benchmarks: outcomes.map(({ id, title, ok, durationMs, error }) => ({
      id,
      title,
      ok,
      durationMs,
      ...(error ? { error } : {}),
    })),
  };
  const file = writeResults(path.join(ROOT, "bench/results"), startedAt, results);

  console.log("");
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(" ");
  console.log(
    `Academy benchmarks — ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.totalMemoryGiB} GiB, node ${machine.node}`,
  );
  console.log(
    `load average at start: ${load(machine.loadAverage)}, at end: ${load(results.loadAverageAtEnd)}`,
  );
  console.log("");
  console.log(rows.length ? renderTable(rows) : "(no results)");
  console.log("");
  if (typeof setup.firstStartMs === "number") {
    console.log(
      `first start on an empty DATA_DIR (creates and migrates the database): ${setup.firstStartMs} ms`,
    );
  }
  for (const message of notes) console.log(`note: ${message}`);
  for (const outcome of outcomes)
    if (!outcome.ok) console.log(`CRASHED: ${outcome.id}: ${crashSummary(outcome.error ?? "")}`);
  if (fatal) console.log(`CRASHED: setup: ${crashSummary(fatal)}`);
  console.log(
    `results: ${path.relative(ROOT, file)} (and bench/results/latest.json), ${Math.round(results.durationMs / 1000)} s`,
  );
  return crashed ? 1 : 0;
}

process.exitCode = await main();
