import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkKeyFingerprints, KeyMismatchError, keyFingerprint } from "../src/db/key-fingerprints.ts";
import { instanceKeys } from "../src/db/schema/index.ts";
import { loadEnv } from "../src/env.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createRuntime } from "../src/runtime.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "./harness.ts";

// Issue 16 item 9: several instances on one database must share AUTH_SECRET and ENCRYPTION_KEY.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function envWith(overrides: Record<string, string>) {
  return loadEnv({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    DATA_DIR: `/tmp/academy-keys-${process.pid}-${Math.random().toString(36).slice(2)}`,
    AUTH_SECRET: ctx.runtime.env.authSecret ?? "",
    ENCRYPTION_KEY: ctx.runtime.encryptionKey.toString("hex"),
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

describe("shared keys", () => {
  it("records one-way fingerprints of both keys on first start", async () => {
    const rows = await ctx.runtime.db.select().from(instanceKeys);
    expect(rows.map((row) => row.name).sort()).toEqual(["AUTH_SECRET", "ENCRYPTION_KEY"]);
    const secret = ctx.runtime.env.authSecret ?? "";
    expect(rows.find((row) => row.name === "AUTH_SECRET")?.fingerprint).toBe(
      keyFingerprint("AUTH_SECRET", secret),
    );
    for (const row of rows) {
      expect(row.fingerprint).toMatch(/^[0-9a-f]{32}$/);
      expect(row.fingerprint).not.toContain(ctx.runtime.encryptionKey.toString("hex").slice(0, 8));
    }
  });

  it("lets a second server with the same keys start", async () => {
    await expect(
      checkKeyFingerprints(ctx.runtime.db, {
        AUTH_SECRET: ctx.runtime.env.authSecret ?? "",
        ENCRYPTION_KEY: ctx.runtime.encryptionKey,
      }),
    ).resolves.toBeUndefined();
  });

  it("refuses to start a server whose ENCRYPTION_KEY differs, naming the variable", async () => {
    const start = createRuntime(envWith({ ENCRYPTION_KEY: "0f".repeat(32) }), {
      handle: ctx.runtime.handle,
      logger: createLogger("silent"),
    });
    await expect(start).rejects.toBeInstanceOf(KeyMismatchError);
    await expect(start).rejects.toThrow(/^ENCRYPTION_KEY differs/);
  });

  it("refuses to start a server whose AUTH_SECRET differs, and names both when both differ", async () => {
    const secretOnly = createRuntime(envWith({ AUTH_SECRET: "another-secret-another-secret-0123456789" }), {
      handle: ctx.runtime.handle,
      logger: createLogger("silent"),
    });
    await expect(secretOnly).rejects.toThrow(/^AUTH_SECRET differs/);
    await expect(
      checkKeyFingerprints(ctx.runtime.db, { AUTH_SECRET: "x".repeat(40), ENCRYPTION_KEY: Buffer.alloc(32) }),
    ).rejects.toThrow(/^AUTH_SECRET and ENCRYPTION_KEY differ/);
  });
});
