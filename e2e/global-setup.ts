import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { adminAccount, E2E_ADMIN_SLOTS } from "./accounts.ts";
import { chromiumPath } from "./browser.ts";
import { makePgliteTemplate, ROOT, startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2e: { baseURL: string; chromium: string } | { skip: string };
  }
}

/**
 * Builds the web app if needed and starts one real server for the browser suite. Without a
 * Chromium the suite is skipped with a loud notice — unless REQUIRE_E2E=1 (CI), which fails.
 */
export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  if (!chromium) {
    const message =
      "Chromium not found (set CHROMIUM_PATH or apt-get install chromium): browser tests SKIPPED";
    if (process.env.REQUIRE_E2E === "1") throw new Error(`${message} — REQUIRE_E2E=1 makes this a failure`);
    console.warn(`\n${"!".repeat(80)}\n!! ${message}\n${"!".repeat(80)}\n`);
    project.provide("e2e", { skip: message });
    return;
  }
  if (!existsSync(path.join(ROOT, "apps/web/dist/index.html")) || process.env.E2E_BUILD === "1") {
    // NODE_ENV=production: Vitest sets NODE_ENV=test, which Vite would pass on to React and build
    // its development runtime (about 60 KB more gzip per route); the bench's route-js reads this
    // same apps/web/dist when it is not stale.
    const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("web build failed");
  }
  if (process.env.E2E_SERVER_TSX !== "1") {
    // --if-stale: the server suites of the same run have built it already.
    const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("server build failed");
  }
  const template = await makePgliteTemplate();
  // The admin accounts specs sign up (e2e/accounts.ts adminAccount) are admins from sign-up.
  const server = await startServer({
    ADMIN_EMAILS: E2E_ADMIN_SLOTS.map((slot) => adminAccount(slot, "").email).join(","),
  });
  project.provide("e2e", { baseURL: server.url, chromium });
  return async () => {
    await server.stop();
    rmSync(path.dirname(template), { recursive: true, force: true });
  };
}
