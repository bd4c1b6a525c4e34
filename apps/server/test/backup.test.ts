import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { serverProcessArgs, withMigratedPglite } from "./support/server-process.ts";

// Issue 16 "Also": `npm run backup` while the server runs, `npm run restore FILE` into an empty
// data directory, and the restored server has the data and the files.

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const children: ChildProcess[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), "academy-backup-"));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function envFor(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
  for (const name of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "SMTP_URL",
    "APP_URL",
    "AUTH_SECRET",
    "ENCRYPTION_KEY",
    "NODE_OPTIONS",
  ])
    delete env[name];
  return { ...env, LOG_LEVEL: "warn", NODE_ENV: "test" };
}

/** Runs a node script to its end: exit code and output. */
function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env });
    let output = "";
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** Starts the server bundle on `dataDir` (a new one gets the suite's migrated database first). */
async function startServer(dataDir: string) {
  const port = await freePort();
  withMigratedPglite(dataDir);
  const child = spawn(process.execPath, serverProcessArgs(), {
    cwd: ROOT,
    env: envFor(dataDir, port),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    port,
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

function joinEarlyAccess(base: string, email: string) {
  return fetch(`${base}/api/pre-launch-signups`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(tmp, { recursive: true, force: true });
});

/** The base names of the files in a backup archive. */
async function memberNames(file: string): Promise<string[]> {
  const names: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => void names.push(path.basename(entry.path)) });
  return names;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("backup and restore (embedded database)", () => {
  it("backs up a running server into one file and restores it into an empty data directory", async () => {
    const original = path.join(tmp, "original");
    const server = await startServer(original);
    expect((await joinEarlyAccess(server.base, "kept@example.com")).status).toBe(201);
    const upload = path.join(original, "uploads", "material", "u1", "notes.pdf");
    mkdirSync(path.dirname(upload), { recursive: true });
    writeFileSync(upload, "%PDF-1.4 kept\n");

    const file = path.join(tmp, "academy.tar");
    const backup = await run("scripts/backup.ts", [file], envFor(original, server.port));
    expect(backup.code, backup.output).toBe(0);
    expect(existsSync(file)).toBe(true);
    // Issue 25 N15: the archive holds the keys, so only its owner may read it, and the script says so.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(backup.output).toContain("WARNING: this archive holds the secrets");
    expect(await memberNames(file)).toEqual(expect.arrayContaining(["auth-secret", "encryption-key"]));
    const withoutKeys = path.join(tmp, "academy-no-keys.tar");
    const lean = await run(
      "scripts/backup.ts",
      ["--exclude-secrets", withoutKeys],
      envFor(original, server.port),
    );
    expect(lean.code, lean.output).toBe(0);
    expect(statSync(withoutKeys).mode & 0o777).toBe(0o600);
    expect(lean.output).not.toContain("WARNING");
    const leanNames = await memberNames(withoutKeys);
    expect(leanNames).toContain("pglite.tar.gz");
    expect(leanNames).not.toContain("auth-secret");
    expect(leanNames).not.toContain("encryption-key");
    // The server kept serving during the backup.
    expect((await fetch(`${server.base}/api/health`)).ok).toBe(true);
    // The backup endpoint is closed without the token.
    expect((await fetch(`${server.base}/ops/backup`)).status).toBe(404);
    expect(await server.stop()).toBe(0);

    // Not into a data directory in use or with content.
    const refused = await run("scripts/restore.ts", [file], envFor(original, server.port));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("not empty");

    const restoredDir = path.join(tmp, "restored");
    const restore = await run("scripts/restore.ts", [file], envFor(restoredDir, server.port));
    expect(restore.code, restore.output).toBe(0);
    expect(readFileSync(path.join(restoredDir, "uploads", "material", "u1", "notes.pdf"), "utf8")).toBe(
      "%PDF-1.4 kept\n",
    );
    expect(readFileSync(path.join(restoredDir, "encryption-key"), "utf8")).toBe(
      readFileSync(path.join(original, "encryption-key"), "utf8"),
    );
    const restored = await startServer(restoredDir);
    // The sign-up made before the backup is there.
    expect((await joinEarlyAccess(restored.base, "kept@example.com")).status).toBe(409);
    expect((await joinEarlyAccess(restored.base, "new@example.com")).status).toBe(201);
    expect(await restored.stop()).toBe(0);
  }, 300_000);
});
