import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "./global-setup.ts";
import { freePort } from "./support/server-process.ts";

/**
 * Issue 28 §4: what docs/deploy.md tells a self-hoster to run, run here where this machine can:
 * the Caddyfile adapts (and asks Academy's endpoint), the systemd unit verifies, the Dockerfile
 * builds with `npm run build` as a non-root user, and — on PostgreSQL — the server bundle starts
 * twice on one fresh database (both migrate at once), each healthy and answering Caddy's ask.
 * (Docker itself has no daemon on this machine; the image is not built here.)
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const has = (binary: string) => spawnSync("sh", ["-c", `command -v ${binary}`]).status === 0;

describe("deployment files (docs/deploy.md)", () => {
  it("the Dockerfile builds what npm start runs, and runs it as an unprivileged user", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/^FROM node:20[^\n]* AS build$/m);
    expect(dockerfile).toMatch(/^RUN npm run build && npm prune --omit=dev/m);
    expect(dockerfile).toMatch(/^USER academy$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "scripts\/start\.mjs"\]$/m);
    expect(read("package.json")).toContain('"start": "node scripts/start.mjs"');
    const compose = read("deploy/compose.yaml");
    for (const service of ["postgres:", "minio:", "academy-1:", "academy-2:", "caddy:"])
      expect(compose).toContain(`\n  ${service}`);
  });

  it.skipIf(!has("caddy"))("the Caddyfile adapts, with on-demand TLS asking /api/domains/allowed", () => {
    const result = spawnSync("caddy", ["adapt", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
      cwd: ROOT,
      env: { ...process.env, ACADEMY_HOST: "academy.example.com", ACME_EMAIL: "ops@example.com" },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    const config = JSON.parse(result.stdout);
    const policies = config.apps.tls.automation.on_demand;
    expect(policies.ask).toBe("http://academy-1:3000/api/domains/allowed");
    expect(result.stdout).toContain('"uri":"/api/health"');
  });

  it.skipIf(!has("systemd-analyze"))("the systemd unit verifies", () => {
    const result = spawnSync("systemd-analyze", ["verify", "deploy/academy.service"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
  });
});

const info = inject("testDatabase");
describe.skipIf(info.kind !== "postgres")("two instances of the bundle on one PostgreSQL", () => {
  const started: ChildProcess[] = [];
  let database = "";
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    if (info.kind === "postgres" && database) {
      const admin = new pg.Client({ connectionString: info.url });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });

  it("both migrate at once, answer health and Caddy's ask, and stop cleanly", async () => {
    if (info.kind !== "postgres") return;
    const build = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(path.join(ROOT, "apps/server/dist/server.mjs"))).toBe(true);
    database = `academy_deploy_${process.pid}`;
    const admin = new pg.Client({ connectionString: info.url });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await admin.end();

    const shared = {
      NODE_ENV: "production",
      DATABASE_URL: withDatabase(info.url, database),
      AUTH_SECRET: "deploy-test-secret-0123456789-0123456789",
      ENCRYPTION_KEY: "ab".repeat(32),
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
    };
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        let output = "";
        const child = spawn(process.execPath, ["apps/server/dist/server.mjs"], {
          cwd: ROOT,
          env: {
            ...process.env,
            ...shared,
            PORT: String(port),
            APP_URL: `http://127.0.0.1:${port}`,
            DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "academy-deploy-")),
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        started.push(child);
        child.stdout?.on("data", (d) => {
          output += d;
        });
        child.stderr?.on("data", (d) => {
          output += d;
        });
        const url = `http://127.0.0.1:${port}`;
        const deadline = Date.now() + 90_000;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode}):\n${output}`);
          const ok = await fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) break;
          if (Date.now() > deadline) throw new Error(`instance never became healthy:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return { child, url };
      }),
    );
    for (const { url } of instances) {
      const ask = await fetch(`${url}/api/domains/allowed?domain=not-a-school.example`);
      expect(ask.status).toBe(404);
      expect(await ask.json()).toEqual({ allowed: false });
    }
    const codes = await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise<number | null>((resolve) => {
            child.once("exit", (code) => resolve(code));
            child.kill("SIGTERM");
          }),
      ),
    );
    expect(codes).toEqual([0, 0]);
  }, 180_000);
});
