import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const DIST = path.join(ROOT, "apps/server/dist");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The bundled server that `npm start` runs (issue 17 §12, decision 0208): scripts/build-server.mjs
 * builds it (in the suite's global setup); it starts on an empty DATA_DIR (so it found and ran the
 * migrations), serves files it locates from its sources' addresses (Swagger UI), and its bundled
 * PDF worker renders a certificate.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("bundled server (npm start)", () => {
  let tmp: string;
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> | undefined;
  let output = "";
  let base = "";

  beforeAll(async () => {
    // The suite's global setup built the bundle from these sources (scripts/build-server.mjs
    // --if-stale); a second build here only rewrote the files other test files start servers from.
    tmp = mkdtempSync(path.join(os.tmpdir(), "academy-bundle-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "SMTP_URL", "AUTH_SECRET", "NODE_OPTIONS"])
      delete env[name];
    Object.assign(env, {
      DATA_DIR: path.join(tmp, "data"),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
    });
    child = spawn(process.execPath, [path.join(DIST, "server.mjs")], { cwd: tmp, env, stdio: "pipe" });
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    exited = new Promise((resolve) => child?.once("exit", (code) => resolve(code)));
    const deadline = Date.now() + 150_000; // a loaded 2-core machine is slow to start
    for (;;) {
      if (child.exitCode !== null) throw new Error(`bundled server exited (${child.exitCode}):\n${output}`);
      const ok = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`bundled server did not become healthy:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it("writes the server and the PDF worker bundles", () => {
    expect(existsSync(path.join(DIST, "server.mjs"))).toBe(true);
    expect(existsSync(path.join(DIST, "pdf-worker.mjs"))).toBe(true);
  });

  it("serves the API on a migrated database and files found from the sources' addresses", async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const signup = await fetch(`${base}/api/pre-launch-signups`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bundle@example.com" }),
    });
    expect(signup.status).toBeLessThan(300);
    const swagger = await fetch(`${base}/api/docs/assets/swagger-ui-dist/swagger-ui.css`);
    expect(swagger.status).toBe(200);
    expect((await swagger.text()).length).toBeGreaterThan(1000);
  });

  it("renders a certificate with the bundled PDF worker", async () => {
    const worker = (await import(pathToFileURL(path.join(DIST, "pdf-worker.mjs")).href)) as {
      default: (input: unknown) => Promise<Uint8Array>;
    };
    const pdf = await worker.default({
      id: "7K3M9QX2PA",
      studentName: "Lan Nguyen",
      courseTitle: "Bundled course",
      schoolName: null,
      completionDate: new Date("2026-11-21T10:00:00Z"),
      issuedAt: new Date("2026-11-21T10:00:00Z"),
      verifyUrl: `${base}/certificates/7K3M9QX2PA`,
    });
    expect(Buffer.from(pdf).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }, 60_000);
});
