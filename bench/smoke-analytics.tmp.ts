import { analyticsBenchmark } from "./benchmarks/analytics.ts";
const rows = await analyticsBenchmark.run({
  root: process.cwd(),
  tempDir: "/tmp",
  dataDir: "/tmp",
  log: (m) => console.error(m),
  note: (m) => console.error("note:", m),
});
console.log(rows.map((r) => `${r.name}: ${JSON.stringify(r.value ?? r)}`).join("\n"));
