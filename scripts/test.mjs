#!/usr/bin/env node
// `npm test`: lint, typecheck, the Vitest projects shared, server and web, then e2e on its own.
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
// The browser suite runs after the others, not beside them: on a small machine the server suite's
// forks would starve the one real server the browser journeys talk to.
const suites = [
  {
    label: "tests (shared, server, web)",
    projects: ["shared", "server", "web"],
    report: ".tmp/vitest-report.json",
  },
  { label: "browser tests (e2e)", projects: ["e2e"], report: ".tmp/vitest-report-e2e.json" },
];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const suite of suites) {
  rmSync(suite.report, { force: true });
  ok =
    run(suite.label, "npx", [
      "vitest",
      "run",
      ...suite.projects.flatMap((p) => ["--project", p]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${suite.report}`,
    ]) && ok;
  try {
    const json = JSON.parse(readFileSync(suite.report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    failed += 1;
  }
}
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
