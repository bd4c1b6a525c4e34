#!/usr/bin/env node
// `npm test`: lint, typecheck, the Vitest projects shared, server and web, then e2e on its own.
// Prints a closing "N passed, N failed" line. The server suite runs on PGlite unless
// TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`⏱ ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
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
  let suiteOk = run(suite.label, "npx", [
    "vitest",
    "run",
    ...suite.projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${suite.report}`,
  ]);
  let json;
  try {
    json = JSON.parse(readFileSync(suite.report, "utf8"));
  } catch {
    failed += 1;
    ok = false;
    continue;
  }
  const failedFiles = json.testResults.filter((f) => f.status === "failed").map((f) => f.name);
  // A browser journey that fails is run once more, alone, on a fresh server and database (decision
  // 0211): a pass there is reported as flaky by name; a second failure fails the run.
  if (suite.projects.includes("e2e") && failedFiles.length > 0 && failedFiles.length <= 3) {
    const retryReport = ".tmp/vitest-report-e2e-retry.json";
    rmSync(retryReport, { force: true });
    console.log(`\n▶ browser tests that failed, once more on their own: ${failedFiles.join(", ")}`);
    const retried = run("browser tests (re-run)", "npx", [
      "vitest",
      "run",
      "--project",
      "e2e",
      ...failedFiles,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${retryReport}`,
    ]);
    try {
      const again = JSON.parse(readFileSync(retryReport, "utf8"));
      if (retried && again.numFailedTests === 0 && again.numPassedTests > 0) {
        console.log(`\n⚠ FLAKY (failed, then passed on their own): ${failedFiles.join(", ")}`);
        for (const file of json.testResults.filter((f) => f.status === "failed"))
          for (const test of file.assertionResults)
            if (test.status === "failed") console.log(`⚠ flaky test: ${test.fullName}`);
        json.numPassedTests += json.numFailedTests;
        json.numFailedTests = 0;
        suiteOk = true;
      }
    } catch {
      // The re-run wrote no report: the first failures stand.
    }
  }
  ok = suiteOk && ok;
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + json.numTodoTests;
}
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
