import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionLookup } from "../src/auth/session-lookup.ts";
import { session, user, userSuspensions } from "../src/db/schema/index.ts";
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

/**
 * The embedded PGlite caches the lookup per token (decision 0213): every change to a session,
 * user or suspension row must reach the very next request, whichever way it was written.
 */
describe("session cache on PGlite", () => {
  const onPglite = () => ctx.runtime.handle.kind === "pglite";

  /** A signed-in account whose session the app's cache already holds (two requests answered). */
  async function warm() {
    const account = await signUpAndSignIn(ctx);
    expect((await me(account.cookie)).status).toBe(200);
    expect((await me(account.cookie)).status).toBe(200);
    return account;
  }

  it("answers from the cache: a row removed behind the triggers' back still signs in (until a change)", async (t) => {
    if (!onPglite()) t.skip();
    const account = await warm();
    await ctx.runtime.db.execute(sql`alter table "session" disable trigger session_auth_changed`);
    try {
      await ctx.runtime.db.delete(session).where(eq(session.token, tokenOf(account.cookie)));
    } finally {
      await ctx.runtime.db.execute(sql`alter table "session" enable trigger session_auth_changed`);
    }
    // Proves the cache is in use (no query saw the deletion)…
    expect((await me(account.cookie)).status).toBe(200);
    // …and that any later change to the auth tables drops it.
    await ctx.runtime.db.execute(sql`update "session" set updated_at = updated_at where false`);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("sign-out takes effect on the next request", async () => {
    const account = await warm();
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie: account.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("revoking every session (better-auth) takes effect on the next request", async () => {
    const account = await warm();
    const other = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: account.email, password: account.password },
    });
    const otherCookie = (other.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
    expect((await me(otherCookie)).status).toBe(200);
    const revoked = await ctx.request("/api/auth/revoke-other-sessions", {
      method: "POST",
      cookie: account.cookie,
      json: {},
    });
    expect(revoked.status).toBe(200);
    expect((await me(otherCookie)).status).toBe(401);
    expect((await me(account.cookie)).status).toBe(200);
  });

  it("a session deleted or expired in the database is refused on the next request", async () => {
    const deleted = await warm();
    await ctx.runtime.db.delete(session).where(eq(session.token, tokenOf(deleted.cookie)));
    expect((await me(deleted.cookie)).status).toBe(401);
    const expired = await warm();
    await ctx.runtime.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(expired.cookie)));
    expect((await me(expired.cookie)).status).toBe(401);
  });

  it("suspension takes effect on the next request, and lifting it too", async () => {
    const account = await warm();
    await ctx.runtime.db.insert(userSuspensions).values({ user_id: account.userId, reason: "test" });
    expect((await me(account.cookie)).status).toBe(401);
    await ctx.runtime.db.delete(userSuspensions).where(eq(userSuspensions.user_id, account.userId));
    expect((await me(account.cookie)).status).toBe(200);
  });

  it("a change to the user row (name, e-mail) shows in the next answer", async () => {
    const account = await signUpAndSignIn(ctx);
    const lookup = await createSessionLookup(ctx.runtime.db, ctx.runtime.auth, ctx.runtime.realtime);
    const headers = new Headers({ cookie: account.cookie });
    expect((await lookup(headers))?.user.name).toBe("Test User");
    expect((await lookup(headers))?.user.name).toBe("Test User");
    await ctx.runtime.db.update(user).set({ name: "Renamed" }).where(eq(user.id, account.userId));
    expect((await lookup(headers))?.user.name).toBe("Renamed");
  });

  it("a lookup racing a sign-out never brings the old answer back", async () => {
    const account = await warm();
    const token = tokenOf(account.cookie);
    // A cache miss (any change empties it) whose read runs next to the deletion.
    await ctx.runtime.db.execute(sql`update "session" set updated_at = updated_at where false`);
    await Promise.all([me(account.cookie), ctx.runtime.db.delete(session).where(eq(session.token, token))]);
    expect((await me(account.cookie)).status).toBe(401);
  });
});
