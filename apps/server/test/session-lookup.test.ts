import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

/** The fast per-request session lookup (decision 0008) must answer exactly like better-auth. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function me(cookie: string) {
  return ctx.request("/api/me", { cookie });
}

function tokenOf(cookie: string): string {
  const value = /academy\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "";
  const decoded = decodeURIComponent(value);
  return decoded.slice(0, decoded.lastIndexOf("."));
}

async function sessionRow(cookie: string) {
  const [row] = await ctx.runtime.db
    .select()
    .from(session)
    .where(eq(session.token, tokenOf(cookie)));
  return row;
}

describe("per-request session lookup", () => {
  it("signs the request in with a valid cookie", async () => {
    const account = await signUpAndSignIn(ctx);
    const response = await me(account.cookie);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe(account.email);
  });

  it("refuses a cookie whose signature was tampered with, or that has none", async () => {
    const account = await signUpAndSignIn(ctx);
    const token = tokenOf(account.cookie);
    const forged = `academy.session_token=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect((await me(forged)).status).toBe(401);
    expect((await me(`academy.session_token=${token}`)).status).toBe(401);
    expect((await me("academy.session_token=%E0%A4%A")).status).toBe(401);
  });

  it("refuses a signed-out session", async () => {
    const account = await signUpAndSignIn(ctx);
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie: account.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("refuses an expired session and lets better-auth delete it", async () => {
    const account = await signUpAndSignIn(ctx);
    await ctx.runtime.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(account.cookie)));
    expect((await me(account.cookie)).status).toBe(401);
    expect(await sessionRow(account.cookie)).toBeUndefined();
  });

  it("hands a session due for its sliding refresh to better-auth, which extends it", async () => {
    const account = await signUpAndSignIn(ctx);
    // Signed in 2 days ago (updateAge is 1 day): the session expires in 28 of its 30 days.
    const old = new Date(Date.now() + 28 * DAY);
    await ctx.runtime.db
      .update(session)
      .set({ expiresAt: old })
      .where(eq(session.token, tokenOf(account.cookie)));
    expect((await me(account.cookie)).status).toBe(200);
    const refreshed = await sessionRow(account.cookie);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("leaves a fresh session as it is (no write on every request)", async () => {
    const account = await signUpAndSignIn(ctx);
    const before = await sessionRow(account.cookie);
    expect((await me(account.cookie)).status).toBe(200);
    const after = await sessionRow(account.cookie);
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });
});
