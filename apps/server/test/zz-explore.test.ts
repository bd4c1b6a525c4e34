import { afterAll, beforeAll, it } from "vitest";
import { createTestContext, type TestContext } from "./harness.ts";
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" }); });
afterAll(async () => { await ctx?.close(); });
it("explore", async () => {
  for (const init of [
    { body: "email=x@example.com", headers: { "content-type": "application/json" } },
    { body: "email=x@example.com", headers: { "content-type": "application/x-www-form-urlencoded" } },
    { body: "{\"email\":\"a@b.co\"}" },
  ]) {
    const r = await ctx.request("/api/pre-launch-signups", { method: "POST", ...init });
    console.log(r.status, await r.text());
  }
  const r = await ctx.request("/api/pre-launch-signups", { method: "POST", json: { email: "x".repeat(1024*1024+10) } });
  console.log(r.status, r.headers.get("content-type"), await r.text());
  const r2 = await ctx.request("/api/nope");
  console.log(r2.status, await r2.text());
  const r3 = await ctx.request("/");
  console.log(r3.status, Object.fromEntries(r3.headers));
  const r4 = await ctx.request("/api/openapi.json");
  console.log(r4.status, Object.keys((await r4.json()).paths));
  const r5 = await ctx.request("/api/client-errors", { method: "POST", json: { message: "x", timestamp: new Date().toISOString(), url: "http://x", userAgent: "ua" } });
  console.log(r5.status, await r5.text());
  const r6 = await ctx.request("/api/client-errors", { method: "POST", json: { foo: 1 } });
  console.log(r6.status, await r6.text());
});
