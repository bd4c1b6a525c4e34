import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * One Vitest run, four projects: shared (pure rules and schemas), server (Hono app in-process on
 * PGlite, or PostgreSQL with TEST_DATABASE_URL), web (React units in happy-dom) and e2e
 * (playwright-core driving the system Chromium against a real server).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", include: ["packages/shared/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          env: { NODE_ENV: "test" },
        },
      },
      {
        resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") } },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          pool: "forks",
        },
      },
    ],
  },
});
