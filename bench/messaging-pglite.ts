// `npx tsx bench/messaging-pglite.ts`: only the embedded-PGlite half of the messaging benchmark
// (1,000 SSE clients, 100 conversations, 200 messages/s for 10 s), printed as JSON rows. No web
// build needed. BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR" profiles the server.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { oneInstance } from "./benchmarks/messaging.ts";
import { ROOT } from "./lib/academy.ts";
import { cleanupAll, installCleanupHandlers } from "./lib/process.ts";

installCleanupHandlers();
const tempDir = mkdtempSync(path.join(os.tmpdir(), "academy-bench-msg-only-"));
const log = (message: string) => console.error(`[bench] ${message}`);
try {
  log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} on ${os.cpus().length} CPUs`,
  );
  const rows = await oneInstance({
    root: ROOT,
    tempDir,
    dataDir: tempDir,
    log,
    note: (m) => log(`note: ${m}`),
  });
  for (const row of rows)
    console.log(JSON.stringify({ name: row.name, value: row.value, unit: row.unit, extra: row.extra }));
  log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await cleanupAll();
  rmSync(tempDir, { recursive: true, force: true });
}
