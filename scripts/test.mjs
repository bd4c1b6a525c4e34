#!/usr/bin/env node
// `npm test`: lint, typecheck, then every Vitest project (shared, server, web, e2e) in one run.
// Prints a closing "N passed, N failed" line. The server suite runs on PGlite unless
// TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

let ok = run("lint", "npm", ["run", "--silent", "lint"]);
ok = run("typecheck", "npm", ["run", "--silent", "typecheck"]) && ok;
const report = ".tmp/vitest-report.json";
rmSync(report, { force: true });
ok =
  run("tests (shared, server, web, e2e)", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]) && ok;

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, "utf8"));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  failed += 1;
}
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
