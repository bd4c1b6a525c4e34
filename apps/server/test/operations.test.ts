import type { ErrorBody } from "@academy/shared";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { MAX_STREAMS_PER_USER } from "../src/features/messaging/messaging.stream.ts";
import { isDatabaseUnavailable } from "../src/features/operations/operations.service.ts";
import { isLoopback, redactUrl, unsafeBindingWarning } from "../src/features/operations/operations.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

// Issue 16 items 16, 17 and 18 (operations).

let ctx: TestContext;
let proxied: TestContext;

/** A pino logger that keeps its lines (parsed) in `lines`. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  proxied = await createTestContext({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await proxied?.close();
  await ctx?.close().catch(() => {});
});

describe("unsafe defaults", () => {
  it("warns loudly when a non-production server listens beyond loopback", () => {
    expect(unsafeBindingWarning({ host: "0.0.0.0", port: 3000, nodeEnv: "development" })).toContain(
      "NODE_ENV=production",
    );
    expect(unsafeBindingWarning({ host: "192.168.1.10", port: 3000, nodeEnv: "test" })).toBeDefined();
    expect(unsafeBindingWarning({ host: "127.0.0.1", port: 3000, nodeEnv: "development" })).toBeUndefined();
    expect(unsafeBindingWarning({ host: "::1", port: 3000, nodeEnv: "development" })).toBeUndefined();
    expect(unsafeBindingWarning({ host: "0.0.0.0", port: 3000, nodeEnv: "production" })).toBeUndefined();
  });

  it("tells loopback addresses from others", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "localhost"])
      expect(isLoopback(address), address).toBe(true);
    for (const address of ["10.0.0.1", "203.0.113.5", "::ffff:10.0.0.1", "0.0.0.0", "", undefined])
      expect(isLoopback(address), String(address)).toBe(false);
  });

  it("answers /dev/mailbox only to clients on this machine", async () => {
    const remote = await proxied.request("/dev/mailbox", { headers: { "x-forwarded-for": "203.0.113.5" } });
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain("Dev mailbox");
    const remoteMail = await proxied.request("/dev/mailbox/00000000-0000-0000-0000-000000000000", {
      headers: { "x-forwarded-for": "203.0.113.5" },
    });
    expect(remoteMail.status).toBe(404);
    const local = await proxied.request("/dev/mailbox", { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(local.status).toBe(200);
    expect(await local.text()).toContain("Dev mailbox");
  });

  it("serves Swagger UI from the installed package, with no CDN in the page or its CSP", async () => {
    const page = await ctx.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("cdn.jsdelivr.net");
    expect(html).toContain("/api/docs/assets/swagger-ui-dist/swagger-ui-bundle.js");
    expect(page.headers.get("content-security-policy")).not.toContain("cdn.jsdelivr.net");
    const script = await ctx.request("/api/docs/assets/swagger-ui-dist/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect(await script.text()).toContain("SwaggerUIBundle");
    const css = await ctx.request("/api/docs/assets/swagger-ui-dist/swagger-ui.css");
    expect(css.status).toBe(200);
    expect((await ctx.request("/api/docs/assets/swagger-ui-dist/package.json")).status).toBe(404);
    expect((await ctx.request("/api/docs/assets/swagger-ui-dist/..%2F..%2Fpackage.json")).status).toBe(404);
  });
});

describe("limits", () => {
  it(`allows ${MAX_STREAMS_PER_USER} event streams per user, answers 429 to one more, and frees a slot when one closes`, async () => {
    const member = await signUpAndSignIn(ctx, { name: "Tab Collector" });
    const open = async () => {
      const controller = new AbortController();
      const response = await ctx.request("/api/messaging/events", {
        cookie: member.cookie,
        signal: controller.signal,
      });
      return { response, controller };
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await open();
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    const extra = await open();
    expect(extra.response.status).toBe(429);
    expect(((await extra.response.json()) as ErrorBody).error.code).toBe("RATE_LIMITED");
    // Another user is not affected.
    const other = await signUpAndSignIn(ctx, { name: "Other Person" });
    const controller = new AbortController();
    const theirs = await ctx.request("/api/messaging/events", {
      cookie: other.cookie,
      signal: controller.signal,
    });
    expect(theirs.status).toBe(200);
    controller.abort();

    streams[0].controller.abort();
    await streams[0].response.body?.cancel().catch(() => {});
    let again = await open();
    for (let attempt = 0; again.response.status === 429 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await open();
    }
    expect(again.response.status).toBe(200);
    for (const stream of [...streams.slice(1), again]) stream.controller.abort();
  });

  it("strips tokens from logged addresses", async () => {
    expect(redactUrl("/api/auth/verify-email?token=eyJhbGciOi.abc.def&callbackURL=%2Fdashboard")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2Fdashboard",
    );
    expect(redactUrl("/invitation?token=AbCdEf123456")).toBe("/invitation?token=[redacted]");
    expect(redactUrl("/x?reset_token=1&access_token=2&page=3")).toBe(
      "/x?reset_token=[redacted]&access_token=[redacted]&page=3",
    );
    expect(redactUrl("/api/auth/reset-password/Zx9yW8vU7tS6rQ5pO4nM3?callbackURL=/reset")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=/reset",
    );
    expect(redactUrl("/api/courses/123")).toBe("/api/courses/123");

    const { logger, lines } = captureLogger();
    const { app } = createApp({ ...ctx.runtime, logger });
    await app.request(`${TEST_ORIGIN}/api/auth/reset-password/Zx9yW8vU7tS6rQ5pO4nM3abc?callbackURL=%2Freset`);
    const logged = JSON.stringify(lines);
    expect(logged).toContain("reset-password/[redacted]");
    expect(logged).not.toContain("Zx9yW8vU7tS6rQ5pO4nM3abc");
  });
});

describe("database down", () => {
  it("classifies connection failures, not query errors", () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "57P01" }) }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })])),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("syntax error"))).toBe(false);
  });

  // Last: it closes this file's database.
  it("answers 503 with Retry-After and logs one line per outage", async () => {
    const { logger, lines } = captureLogger();
    const { app } = createApp({ ...ctx.runtime, logger });
    await ctx.runtime.handle.close();
    for (let i = 0; i < 4; i++) {
      const response = await app.request(`${TEST_ORIGIN}/api/certificates/ABCDEFGHJK`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(((await response.json()) as ErrorBody).error.code).toBe("UNAVAILABLE");
    }
    const health = await app.request(`${TEST_ORIGIN}/api/health`);
    expect(health.status).toBe(503);
    const errors = lines.filter((line) => (line.level as number) >= 50);
    expect(errors.map((line) => line.msg)).toEqual(["database unreachable: answering 503 until it is back"]);
  });
});
