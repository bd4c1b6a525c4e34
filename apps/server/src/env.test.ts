import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvError, loadEnv, resolveAuthSecret, resolveEncryptionKey } from "./env.ts";

/** The EnvError that loading `source` throws. */
function envError(source: Record<string, string>): EnvError {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("loadEnv accepted the configuration");
}

describe("loadEnv defaults", () => {
  it("runs with no configuration at all", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      appUrl: "http://localhost:3000",
      databaseUrl: undefined,
      authSecret: undefined,
      smtpUrl: undefined,
      google: undefined,
      logLevel: "info",
      trustProxy: false,
      authRateLimitMax: 10,
    });
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.dataDir).toBe(path.resolve("data"));
  });

  it("treats blank values as unset", () => {
    expect(loadEnv({ PORT: "", APP_URL: "  ", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      appUrl: "http://localhost:3000",
      databaseUrl: undefined,
    });
  });

  it("derives APP_URL from PORT and strips a trailing slash from a given one", () => {
    expect(loadEnv({ PORT: "4123" }).appUrl).toBe("http://localhost:4123");
    expect(loadEnv({ APP_URL: "https://academy.example.com/" }).appUrl).toBe("https://academy.example.com");
  });

  it("resolves a relative DATA_DIR to an absolute path", () => {
    expect(loadEnv({ DATA_DIR: "some/dir" }).dataDir).toBe(path.resolve("some/dir"));
  });

  it("reads Google credentials, TRUST_PROXY and the rate limit", () => {
    const env = loadEnv({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT_MAX: "3",
    });
    expect(env.google).toEqual({ clientId: "id", clientSecret: "secret" });
    expect(env.trustProxy).toBe(true);
    expect(env.authRateLimitMax).toBe(3);
  });

  it("hashes passwords at the OWASP cost unless NODE_ENV=test asks for the test profile", () => {
    expect(loadEnv({}).passwordHashing).toBe("owasp");
    expect(loadEnv({ NODE_ENV: "test" }).passwordHashing).toBe("owasp");
    expect(loadEnv({ NODE_ENV: "test", TEST_FAST_PASSWORD_HASH: "1" }).passwordHashing).toBe("fast-test");
    expect(loadEnv({ NODE_ENV: "development", TEST_FAST_PASSWORD_HASH: "1" }).passwordHashing).toBe("owasp");
    expect(
      loadEnv({ NODE_ENV: "production", TEST_FAST_PASSWORD_HASH: "true", APP_URL: "https://a.example" })
        .passwordHashing,
    ).toBe("owasp");
  });
});

describe("EnvError names each bad variable", () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["AUTH_SECRET", { AUTH_SECRET: "short" }],
    ["SMTP_URL", { SMTP_URL: "http://x" }],
    ["APP_URL", { APP_URL: "ftp://example.com" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["GOOGLE_CLIENT_SECRET", { GOOGLE_CLIENT_ID: "id-without-secret" }],
    ["GOOGLE_CLIENT_ID", { GOOGLE_CLIENT_SECRET: "secret-without-id" }],
  ])("%s (%j)", (name, source) => {
    const error = envError(source);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0].startsWith(`${name}: `)).toBe(true);
    expect(error.message).toContain(name);
  });

  it("lists every bad variable at once", () => {
    const error = envError({
      PORT: "abc",
      DATABASE_URL: "mysql://x",
      AUTH_SECRET: "short",
      SMTP_URL: "http://x",
      GOOGLE_CLIENT_ID: "id",
    });
    expect(error.name).toBe("EnvError");
    expect(error.problems.map((p) => p.split(":")[0]).sort()).toEqual(
      ["AUTH_SECRET", "DATABASE_URL", "GOOGLE_CLIENT_SECRET", "PORT", "SMTP_URL"].sort(),
    );
    expect(error.message).toMatch(/^Invalid configuration:\n/);
    expect(error.problems.find((p) => p.startsWith("AUTH_SECRET"))).toContain("at least 32 characters");
  });
});

describe("resolveAuthSecret", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  function tempDataDir(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "academy-env-"));
    dirs.push(dir);
    return path.join(dir, "data");
  }

  it("creates a 0600 secret file in DATA_DIR once and returns the same secret afterwards", () => {
    const dataDir = tempDataDir();
    const env = loadEnv({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "auth-secret");
    expect(existsSync(file)).toBe(false);

    const secret = resolveAuthSecret(env);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = statSync(file).mtimeMs;

    expect(resolveAuthSecret(env)).toBe(secret);
    expect(resolveAuthSecret(loadEnv({ DATA_DIR: dataDir }))).toBe(secret);
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it("gives every data directory its own secret", () => {
    expect(resolveAuthSecret(loadEnv({ DATA_DIR: tempDataDir() }))).not.toBe(
      resolveAuthSecret(loadEnv({ DATA_DIR: tempDataDir() })),
    );
  });

  it("prefers AUTH_SECRET and writes no file", () => {
    const dataDir = tempDataDir();
    const secret = "s".repeat(40);
    expect(resolveAuthSecret(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: secret }))).toBe(secret);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });
});

describe("resolveEncryptionKey", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  function tempDataDir(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "academy-key-"));
    dirs.push(dir);
    return path.join(dir, "data");
  }

  it("generates a 32-byte key into a 0600 file once, then reads it back", () => {
    const dataDir = tempDataDir();
    const key = resolveEncryptionKey(loadEnv({ DATA_DIR: dataDir }));
    expect(key.length).toBe(32);
    const file = path.join(dataDir, "encryption-key");
    expect(readFileSync(file, "utf8").trim()).toBe(key.toString("hex"));
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveEncryptionKey(loadEnv({ DATA_DIR: dataDir })).equals(key)).toBe(true);
  });

  it("prefers ENCRYPTION_KEY (64 hex characters) and refuses anything else", () => {
    const hex = "ab".repeat(32);
    const dataDir = tempDataDir();
    expect(resolveEncryptionKey(loadEnv({ DATA_DIR: dataDir, ENCRYPTION_KEY: hex })).toString("hex")).toBe(
      hex,
    );
    expect(existsSync(path.join(dataDir, "encryption-key"))).toBe(false);
    expect(() => loadEnv({ ENCRYPTION_KEY: "short" })).toThrow(/ENCRYPTION_KEY: must be 64 hex characters/);
  });
});
