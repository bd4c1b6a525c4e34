import { randomUUID } from "node:crypto";
import type { ErrorBody } from "@academy/shared";
import { hash } from "@node-rs/argon2";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_REGISTERED } from "../src/auth/auth.routes.ts";
import { signupRoleFromOAuthState } from "../src/auth/auth.ts";
import { account, emailOutbox, profiles, rateLimit, session, user } from "../src/db/schema/index.ts";
import {
  cookiesFrom,
  createTestContext,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./harness.ts";

const PASSWORD = "correct-horse-battery";

/** better-auth's error body shape, which /api/auth/* keeps for its client. */
async function authError(response: Response): Promise<{ code: string; message: string }> {
  return (await response.json()) as { code: string; message: string };
}

/** The `error` of an Academy API error body. */
async function apiError(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

let ctx: TestContext;
beforeAll(async () => {
  // In-process requests carry no client IP, so every sign-in and sign-up of this file would share
  // one rate-limit bucket; the limit itself is tested with its own context below.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await ctx?.close();
});

function signUp(c: TestContext, body: unknown) {
  return c.request("/api/auth/sign-up/email", { method: "POST", json: body });
}

function signIn(c: TestContext, email: string, password: string, ip?: string) {
  return c.request("/api/auth/sign-in/email", { method: "POST", json: { email, password }, ip });
}

async function outboxFor(c: TestContext, email: string) {
  return c.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email));
}

async function rowCounts(c: TestContext) {
  const db = c.runtime.db;
  const [[users], [profileRows], [mails]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { users: users.n, profiles: profileRows.n, mails: mails.n };
}

describe("sign-up creates the account and its profile together", () => {
  it("creates a creator profile with the full name and the lower-cased e-mail", async () => {
    const email = uniqueEmail("Mixed").replace("example.com", "Example.COM");
    const response = await signUp(ctx, { name: "  Lê Văn C  ", email, password: PASSWORD });
    expect(response.status).toBe(200);
    const [row] = await ctx.runtime.db.select().from(user).where(eq(user.email, email.toLowerCase()));
    expect(row).toBeDefined();
    expect(row.emailVerified).toBe(false);
    const [profile] = await ctx.runtime.db.select().from(profiles).where(eq(profiles.user_id, row.id));
    expect(profile).toMatchObject({ full_name: "Lê Văn C", email: email.toLowerCase(), role: "creator" });
  });

  it("rolls the profile back with the user when the transaction fails", async () => {
    const id = randomUUID();
    const email = uniqueEmail("rollback");
    let profileInsideTransaction: unknown;
    await expect(
      ctx.runtime.db.transaction(async (tx) => {
        await tx.insert(user).values({ id, name: "Rolled Back", email });
        [profileInsideTransaction] = await tx.select().from(profiles).where(eq(profiles.user_id, id));
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    // The trigger did write the profile inside the transaction…
    expect(profileInsideTransaction).toMatchObject({
      user_id: id,
      full_name: "Rolled Back",
      role: "creator",
    });
    // …and the rollback removed both rows.
    expect(await ctx.runtime.db.select().from(user).where(eq(user.id, id))).toEqual([]);
    expect(await ctx.runtime.db.select().from(profiles).where(eq(profiles.user_id, id))).toEqual([]);
  });

  it("writes exactly one verification e-mail with a verify-email link, captured without SMTP", async () => {
    const email = uniqueEmail("mail");
    expect((await signUp(ctx, { name: "Mail Test", email, password: PASSWORD })).status).toBe(200);
    const mails = await outboxFor(ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "verification", status: "captured" });
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/);
  });

  it("stores the password as an argon2id hash (m=19456, t=2, p=1) and still verifies 46 MiB ones", async () => {
    // The suite's contexts hash at 1 MiB (harness.ts); this one has the production parameters.
    const owasp = await createTestContext({ TEST_FAST_PASSWORD_HASH: "0" });
    try {
      const passwordOf = async (c: TestContext, userId: string) => {
        const [row] = await c.runtime.db
          .select({ password: account.password, providerId: account.providerId })
          .from(account)
          .where(eq(account.userId, userId));
        return row;
      };
      const row = await passwordOf(owasp, (await signUpAndSignIn(owasp)).userId);
      expect(row.providerId).toBe("credential");
      expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password).not.toContain(PASSWORD);
      // The test profile is what the rest of the suite uses, and only that.
      expect((await passwordOf(ctx, (await signUpAndSignIn(ctx)).userId)).password).toMatch(
        /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/,
      );
      // A password hashed with the earlier profile (46 MiB, t = 1; decision 0240) still signs in.
      const earlier = await signUpAndSignIn(owasp);
      const old = await hash(earlier.password, {
        algorithm: 2,
        memoryCost: 47_104,
        timeCost: 1,
        parallelism: 1,
      });
      await owasp.runtime.db.update(account).set({ password: old }).where(eq(account.userId, earlier.userId));
      const signIn = await owasp.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: earlier.email, password: earlier.password },
      });
      expect(signIn.status).toBe(200);
      const wrong = await owasp.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: earlier.email, password: `${earlier.password}x` },
      });
      expect(wrong.status).toBe(401);
    } finally {
      await owasp.close();
    }
  });
});

describe("sign-up for an e-mail that is already registered", () => {
  it("answers 422 USER_ALREADY_EXISTS 'already registered', whatever the case of the address", async () => {
    const email = uniqueEmail("dup");
    expect((await signUp(ctx, { name: "First", email, password: PASSWORD })).status).toBe(200);
    // A verified account (an unverified one is contested instead: account.test.ts, issue 16).
    await verifyEmailFromOutbox(ctx, email);
    for (const again of [email, email.toUpperCase(), `  ${email.replace("dup", "DUP")} `]) {
      const response = await signUp(ctx, { name: "Second", email: again, password: "another-password" });
      expect(response.status).toBe(422);
      const body = await authError(response);
      expect(body).toEqual({ code: "USER_ALREADY_EXISTS", message: ALREADY_REGISTERED });
      expect(body.message).toContain("already registered");
    }
    const users = await ctx.runtime.db.select().from(user).where(eq(user.email, email));
    expect(users).toHaveLength(1);
    expect(users[0].name).toBe("First");
    // No second e-mail goes to the owner of the address.
    expect(await outboxFor(ctx, email)).toHaveLength(1);
  });
});

describe("simultaneous sign-ups for one e-mail (a double-submitted form)", () => {
  it("create one account and answer every one like a new sign-up (the address is unverified)", async () => {
    const email = uniqueEmail("double");
    const responses = await Promise.all(
      [1, 2, 3].map(() => signUp(ctx, { name: "Double Submit", email, password: PASSWORD })),
    );
    const statuses = responses.map((r) => r.status).sort();
    const bodies = await Promise.all(responses.filter((r) => r.status !== 200).map((r) => r.json()));
    // Issue 16 item 5: a sign-up for an unverified address answers like a new one and e-mails
    // the address a link to finish the account by choosing its password.
    expect(statuses).toEqual([200, 200, 200]);
    expect(bodies).toEqual([]);
    expect(await ctx.runtime.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    const templates = (await outboxFor(ctx, email)).map((m) => m.template).sort();
    expect(templates).toEqual(["finish-account", "finish-account", "verification"]);
  });
});

describe("e-mail verification before sign-in", () => {
  it("refuses an unverified sign-in, resends the link, and signs in after verification", async () => {
    const email = uniqueEmail("verify");
    expect((await signUp(ctx, { name: "Verify Me", email, password: PASSWORD })).status).toBe(200);

    const early = await signIn(ctx, email, PASSWORD);
    expect(early.status).toBe(403);
    expect((await authError(early)).code).toBe("EMAIL_NOT_VERIFIED");
    expect(early.headers.getSetCookie().some((c) => c.startsWith("academy.session_token="))).toBe(false);

    const resend = await ctx.request("/api/auth/send-verification-email", {
      method: "POST",
      json: { email },
    });
    expect(resend.status).toBe(200);
    const mails = (await outboxFor(ctx, email)).filter((m) => m.template === "verification");
    expect(mails).toHaveLength(2);

    const verified = await verifyEmailFromOutbox(ctx, email);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    const [row] = await ctx.runtime.db.select().from(user).where(eq(user.email, email));
    expect(row.emailVerified).toBe(true);

    const response = await signIn(ctx, email, PASSWORD);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("academy.session_token="));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).not.toContain("secure");

    const me = await ctx.request("/api/me", { cookie: cookiesFrom(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, fullName: "Verify Me", emailVerified: true });
  });
});

describe("resending the verification e-mail", () => {
  it("answers an unknown address like a known one and writes nothing", async () => {
    const email = uniqueEmail("unknown");
    const before = await rowCounts(ctx);
    const response = await ctx.request("/api/auth/send-verification-email", {
      method: "POST",
      json: { email },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(await rowCounts(ctx)).toEqual(before);
  });

  it("rejects a bad address with 400 and the e-mail message", async () => {
    const response = await ctx.request("/api/auth/send-verification-email", {
      method: "POST",
      json: { email: "nope" },
    });
    expect(response.status).toBe(400);
    expect((await authError(response)).message).toBe("Please enter a valid email address.");
  });
});

describe("sign-in failures do not reveal whether an account exists", () => {
  it("gives a wrong password and an unknown e-mail the same 401 status and body", async () => {
    const { email } = await signUpAndSignIn(ctx);
    const wrongPassword = await signIn(ctx, email, "not-the-password");
    const unknownEmail = await signIn(ctx, uniqueEmail("nobody"), "not-the-password");
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [a, b] = [await wrongPassword.text(), await unknownEmail.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password",
    });
  });
});

describe("sign-in rate limit per client IP", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ AUTH_RATE_LIMIT_MAX: "3", TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("allows AUTH_RATE_LIMIT_MAX attempts a minute from one IP, then answers 429; other IPs are unaffected", async () => {
    const email = uniqueEmail("limited");
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await signIn(limited, email, "wrong-password", "203.0.113.7")).status).toBe(401);
    }
    const blocked = await signIn(limited, email, "wrong-password", "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(0);

    expect((await signIn(limited, email, "wrong-password", "198.51.100.9")).status).toBe(401);

    const rows = await limited.runtime.db.select().from(rateLimit).where(like(rateLimit.key, "203.0.113.7%"));
    expect(rows).toHaveLength(1);
    expect(rows[0].key).toContain("/sign-in/email");
    expect(rows[0].count).toBe(3);
  });

  it("ignores a client-supplied internal client-IP header", async () => {
    const email = uniqueEmail("spoof");
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await signIn(limited, email, "wrong-password", "192.0.2.10")).status).toBe(401);
    }
    const spoofed = await limited.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "wrong-password" },
      ip: "192.0.2.10",
      headers: { "x-academy-client-ip": "192.0.2.99" },
    });
    expect(spoofed.status).toBe(429);
  });
});

describe("sign-up rejects bad input with 400 and writes nothing", () => {
  const cases: Array<[string, RequestInit & { json?: unknown }, string]> = [
    [
      "a blank name",
      { json: { name: "   ", email: "blank-name@example.com", password: PASSWORD } },
      "Full name is required.",
    ],
    [
      "a bad e-mail",
      { json: { name: "Bad Email", email: "not-an-email", password: PASSWORD } },
      "Please enter a valid email address.",
    ],
    [
      "a 7-character password",
      { json: { name: "Short", email: "short-pw@example.com", password: "1234567" } },
      "Password must be at least 8 characters.",
    ],
    [
      "a 129-character password",
      { json: { name: "Long", email: "long-pw@example.com", password: "a".repeat(129) } },
      "Password must be at most 128 characters.",
    ],
    [
      "a body that is not JSON",
      { body: "name=x&email=y", headers: { "content-type": "application/json" } },
      "Invalid data format",
    ],
    ["missing fields", { json: {} }, "Full name is required."],
    [
      "a missing password",
      { json: { name: "No Password", email: "no-pw@example.com" } },
      "Password is required.",
    ],
  ];

  it.each(cases)("%s", async (_label, init, message) => {
    const before = await rowCounts(ctx);
    const response = await ctx.request("/api/auth/sign-up/email", { method: "POST", ...init });
    expect(response.status).toBe(400);
    expect((await authError(response)).message).toBe(message);
    expect(await rowCounts(ctx)).toEqual(before);
  });
});

describe("sign-out", () => {
  it("ends the session: the old cookie no longer works and the session row is gone", async () => {
    const { cookie, userId } = await signUpAndSignIn(ctx);
    expect((await ctx.request("/api/me", { cookie })).status).toBe(200);
    expect(await ctx.runtime.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(1);

    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie, json: {} });
    expect(out.status).toBe(200);

    const me = await ctx.request("/api/me", { cookie });
    expect(me.status).toBe(401);
    expect(await ctx.runtime.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
  });
});

describe("GET and PATCH /api/me", () => {
  it("answers 401 UNAUTHORIZED without a cookie", async () => {
    const response = await ctx.request("/api/me");
    expect(response.status).toBe(401);
    const body = (await response.json()) as ErrorBody;
    expect(body).toEqual({
      error: { code: "UNAUTHORIZED", message: expect.any(String), reason: "server.signIn" },
    });
    expect(body.error.message.length).toBeGreaterThan(0);
  });

  it("answers 401 for a made-up session cookie", async () => {
    const response = await ctx.request("/api/me", { cookie: "academy.session_token=forged.value" });
    expect(response.status).toBe(401);
    expect((await apiError(response)).code).toBe("UNAUTHORIZED");
  });

  it("refuses PATCH without a cookie", async () => {
    const response = await ctx.request("/api/me", { method: "PATCH", json: { locale: "en" } });
    expect(response.status).toBe(401);
  });

  it("persists a locale change and rejects an unknown locale without changing anything", async () => {
    const { cookie, userId } = await signUpAndSignIn(ctx);
    const localeOf = async () =>
      (
        await ctx.runtime.db
          .select({ locale: profiles.locale })
          .from(profiles)
          .where(eq(profiles.user_id, userId))
      )[0].locale;
    expect(await localeOf()).toBe("vi");

    const ok = await ctx.request("/api/me", { method: "PATCH", cookie, json: { locale: "en" } });
    expect(ok.status).toBe(204);
    expect(await localeOf()).toBe("en");
    expect(await (await ctx.request("/api/me", { cookie })).json()).toMatchObject({ locale: "en" });

    const bad = await ctx.request("/api/me", { method: "PATCH", cookie, json: { locale: "fr" } });
    expect(bad.status).toBe(400);
    const error = await apiError(bad);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.issues?.map((issue) => issue.path)).toEqual(["locale"]);
    expect(await localeOf()).toBe("en");
  });
});

describe("sign-up role (issue 4: an account made from /join is a student)", () => {
  let roleCtx: TestContext;
  beforeAll(async () => {
    roleCtx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(async () => {
    await roleCtx?.close();
  });

  it("makes a student when the sign-up asks for it, a creator otherwise, and never an admin", async () => {
    const role = async (email: string) => {
      const [row] = await roleCtx.runtime.db
        .select({ role: profiles.role })
        .from(profiles)
        .where(eq(profiles.email, email));
      return row?.role;
    };
    const student = uniqueEmail("student-role");
    const creator = uniqueEmail("creator-role");
    expect(
      (
        await roleCtx.request("/api/auth/sign-up/email", {
          method: "POST",
          json: { name: "S", email: student, password: PASSWORD, signupRole: "student" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await roleCtx.request("/api/auth/sign-up/email", {
          method: "POST",
          json: { name: "C", email: creator, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(await role(student)).toBe("student");
    expect(await role(creator)).toBe("creator");
    const admin = await roleCtx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "A", email: uniqueEmail("admin-role"), password: PASSWORD, signupRole: "admin" },
    });
    expect(admin.status).toBe(400);
  });
});

describe("signupRoleFromOAuthState (Google sign-up from /join or an invitation)", () => {
  it("honours only a student request carried through the OAuth state", () => {
    expect(signupRoleFromOAuthState({ signupRole: "student", callbackURL: "/invitation" })).toBe("student");
    expect(signupRoleFromOAuthState({ signupRole: "admin" })).toBeUndefined();
    expect(signupRoleFromOAuthState({ signupRole: "creator" })).toBeUndefined();
    expect(signupRoleFromOAuthState({})).toBeUndefined();
    expect(signupRoleFromOAuthState(null)).toBeUndefined();
    expect(signupRoleFromOAuthState("student")).toBeUndefined();
  });
});
