import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files that start server processes and run for a minute or more: started first, so they do
 * not become the run's tail (a fresh clone has no timing cache to order by; docs/testing.md).
 */
const SLOW_FIRST = ["data-dir-lock.test.ts", "backup.test.ts", "admin-cli.test.ts", "bulk-email.test.ts"];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map((x) => x.file);
  }
}

const WEB_SRC = path.resolve(import.meta.dirname, "apps/web/src");
/**
 * Web test files that replace a module with `vi.mock`. They run isolated (project "web-mocks"): in
 * the shared module graph of project "web" an earlier file may already have loaded the real module
 * (and what imports it), and the mock would then depend on the order files ran in.
 */
const webMockingTests = readdirSync(WEB_SRC, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(path.join(WEB_SRC, f), "utf8").includes("vi.mock("))
  .map((f) => `apps/web/src/${f.split(path.sep).join("/")}`);

/**
 * One Vitest run, four projects: shared (pure rules and schemas), server (Hono app in-process on
 * PGlite, or PostgreSQL with TEST_DATABASE_URL), web (React units in happy-dom) and e2e
 * (playwright-core driving the system Chromium against a real server).
 */
export default defineConfig({
  test: {
    // Three workers on two cores: a server test file waits on its database and on child processes
    // part of the time (measured: 196 s with 2 workers, 145 s with 3, 173 s with 4; docs/testing.md).
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // One module graph per worker, not per file: importing the app took ~1.3 s of every file.
          // Each file still gets its own database and runtime (harness.ts), and no test mocks modules.
          isolate: false,
          env: { NODE_ENV: "test" },
        },
      },
      {
        resolve: { alias: { "@": WEB_SRC } },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/src/test-setup.ts"],
          exclude: webMockingTests,
          environment: "happy-dom",
          // One worker: with more, each file set up its happy-dom environment and imports again
          // (0.6 s of CPU a file, ~40 s in all, against 0.3 s once) for about the same wall time
          // (docs/testing.md). Vitest runs projects of different maxWorkers in separate groups:
          // this one after shared, server and web-mocks.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          // One module graph per worker (45 s → 15 s); each file still gets a fresh happy-dom.
          isolate: false,
        },
      },
      {
        resolve: { alias: { "@": WEB_SRC } },
        test: {
          name: "web-mocks",
          include: webMockingTests,
          setupFiles: ["apps/web/src/test-setup.ts"],
          environment: "happy-dom",
          isolate: true,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          setupFiles: ["e2e/csp-guard.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two spec files at a time against the one shared server (and the few that start their
          // own): 371 s one at a time, 270 s with two, 284 s with three (docs/testing.md).
          maxWorkers: 2,
          // Its own group (after the others) when a run includes every project.
          sequence: { groupOrder: 2 },
          pool: "forks",
        },
      },
    ],
  },
});
