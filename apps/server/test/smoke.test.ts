import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe("smoke", () => {
  it("answers health and signs a verified user in", async () => {
    const health = await ctx.request("/api/health");
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    const { cookie } = await signUpAndSignIn(ctx, { name: "Trần Thị B" });
    const me = await ctx.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ fullName: "Trần Thị B", role: "creator", emailVerified: true });
  });
});
