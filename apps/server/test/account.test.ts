import { AUTH_MESSAGES } from "@academy/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTESTED_PASSWORD } from "../src/auth/account-recovery.ts";
import {
  account,
  courses,
  emailOutbox,
  profiles,
  session,
  user,
  verification,
} from "../src/db/schema/index.ts";
import {
  cookiesFrom,
  createTestContext,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./harness.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", TRUST_PROXY: "true" });
});
afterAll(async () => {
  await ctx?.close();
});

const PASSWORD = "correct-horse-battery";

function signIn(email: string, password: string) {
  return ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
}
function signUp(email: string, password: string, name = "Someone") {
  return ctx.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { name, email, password, callbackURL: "/auth?verified=1&redirect=%2Fjoin%2Fabc" },
  });
}
async function mailsTo(email: string, template: string) {
  const rows = await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email));
  return rows.filter((r) => r.template === template);
}
/** The token of the newest reset-style link (/reset-password?token=…) e-mailed to `email`. */
async function resetLinkFor(email: string, template: string): Promise<URL> {
  const mail = (await mailsTo(email, template)).at(-1);
  if (!mail) throw new Error(`no ${template} e-mail for ${email}`);
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no reset link in the e-mail");
  return new URL(link);
}
let ipCounter = 0;
/** "Forgot password?" from its own client address (the endpoint allows 3 per address and minute). */
function askReset(email: string) {
  ipCounter += 1;
  return ctx.request("/api/auth/request-password-reset", {
    method: "POST",
    json: { email },
    ip: `10.9.0.${ipCounter}`,
  });
}
function reset(token: string, newPassword: string) {
  return ctx.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword } });
}

describe("password reset (issue 16 item 5)", () => {
  it("e-mails a one-time, 1-hour link through the outbox; using it signs every session out", async () => {
    const who = await signUpAndSignIn(ctx, { name: "Forgetful Fay" });
    const second = cookiesFrom(await signIn(who.email, who.password));
    const asked = await askReset(who.email);
    expect(asked.status).toBe(200);
    const link = await resetLinkFor(who.email, "reset-password");
    expect(link.origin).toBe("http://localhost:3000");
    const token = link.searchParams.get("token")!;
    const [stored] = await ctx.runtime.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const minutes = (stored.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const done = await reset(token, "a brand new passphrase");
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ status: true, email: who.email });
    for (const cookie of [who.cookie, second])
      expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    expect(await ctx.runtime.db.select().from(session).where(eq(session.userId, who.userId))).toHaveLength(0);
    expect((await signIn(who.email, who.password)).status).toBe(401);
    expect((await signIn(who.email, "a brand new passphrase")).status).toBe(200);

    // One time only.
    const again = await reset(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect((await signIn(who.email, "yet another passphrase")).status).toBe(401);
  });

  it("refuses an expired link", async () => {
    const who = await signUpAndSignIn(ctx, { name: "Late Lam" });
    await askReset(who.email);
    const token = (await resetLinkFor(who.email, "reset-password")).searchParams.get("token")!;
    await ctx.runtime.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect((await reset(token, "a brand new passphrase")).status).toBe(400);
    expect((await signIn(who.email, who.password)).status).toBe(200);
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    const known = await signUpAndSignIn(ctx);
    const unknown = uniqueEmail("nobody");
    const a = await askReset(known.email);
    const b = await askReset(unknown);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    expect(await mailsTo(unknown, "reset-password")).toHaveLength(0);
  });

  it("refuses a blank or breached-common new password and keeps the token usable", async () => {
    const who = await signUpAndSignIn(ctx);
    await askReset(who.email);
    const token = (await resetLinkFor(who.email, "reset-password")).searchParams.get("token")!;
    const blank = await reset(token, "          ");
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toBe(AUTH_MESSAGES.passwordBlank);
    for (const common of ["password1", "Iloveyou1", "12345678"]) {
      const response = await reset(token, common);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(AUTH_MESSAGES.passwordCommon);
    }
    expect((await reset(token, "a brand new passphrase")).status).toBe(200);
  });
});

describe("password strength: zxcvbn score of at least 2 (issue 25 item 5, finding #14)", () => {
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;

  it("refuses aaaaaaaa, 12345678, password and the like on sign-up, writing nothing", async () => {
    for (const weak of [
      "aaaaaaaa",
      "12345678",
      "password",
      "qwertyui",
      "abcd1234",
      "Password1!",
      "aaaaaaaaaaaa",
    ]) {
      const email = uniqueEmail("weak");
      const response = await signUp(email, weak);
      expect(response.status, weak).toBe(400);
      expect([AUTH_MESSAGES.passwordWeak, AUTH_MESSAGES.passwordCommon]).toContain(await message(response));
      expect(await ctx.runtime.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
    // aaaaaaaa was accepted before (the audit's reproduction): now the strength message.
    expect(await message(await signUp(uniqueEmail("weak"), "aaaaaaaa"))).toBe(AUTH_MESSAGES.passwordWeak);
    // The person's own e-mail name is a guessable word.
    const named = uniqueEmail("nguyenvanlan");
    const own = await signUp(named, `${named.split("@")[0]}`);
    expect(own.status).toBe(400);
    expect((await signUp(uniqueEmail("strong"), PASSWORD)).status).toBe(200);
  });

  it("refuses a guessable password on reset and on change, keeping the old one", async () => {
    const who = await signUpAndSignIn(ctx);
    await askReset(who.email);
    const token = (await resetLinkFor(who.email, "reset-password")).searchParams.get("token")!;
    const weakReset = await reset(token, "aaaaaaaa");
    expect(weakReset.status).toBe(400);
    expect(await message(weakReset)).toBe(AUTH_MESSAGES.passwordWeak);
    const weakChange = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: who.cookie,
      json: { currentPassword: who.password, newPassword: "zzzzzzzzzz" },
    });
    expect(weakChange.status).toBe(400);
    expect(await message(weakChange)).toBe(AUTH_MESSAGES.passwordWeak);
    expect((await signIn(who.email, who.password)).status).toBe(200);
    expect((await reset(token, "tall lanterns over hoi an")).status).toBe(200);
  });
});

describe("pre-account takeover (issue 16 item 5)", () => {
  it("a second sign-up answers like a new one, e-mails the address, and the first password never becomes active", async () => {
    const victim = uniqueEmail("victim");
    // The attacker signs up first with the victim's address and a password of their choosing.
    expect((await signUp(victim, "attacker-chose-this", "Mallory")).status).toBe(200);
    // The victim signs up: no "Account exists", the same answer as a new sign-up.
    const fresh = await signUp(uniqueEmail("fresh"), PASSWORD);
    const second = await signUp(victim, "victims-own-secret", "Victor");
    expect(second.status).toBe(fresh.status);
    expect(Object.keys((await second.json()) as object).sort()).toEqual(
      Object.keys((await fresh.json()) as object).sort(),
    );
    expect(await mailsTo(victim, "finish-account")).toHaveLength(1);
    // Neither password signs in; the account has only one row.
    expect((await signIn(victim, "attacker-chose-this")).status).not.toBe(200);
    expect((await signIn(victim, "victims-own-secret")).status).not.toBe(200);
    const [row] = await ctx.runtime.db.select().from(user).where(eq(user.email, victim));
    const [credential] = await ctx.runtime.db
      .select()
      .from(account)
      .where(and(eq(account.userId, row.id), eq(account.providerId, "credential")));
    expect(credential.password).toBe(CONTESTED_PASSWORD);

    // The victim clicks the verification link from the attacker's sign-up: it leads to "choose your password".
    const verify = await verifyEmailFromOutbox(ctx, victim);
    expect(verify.status).toBe(302);
    const location = new URL(verify.headers.get("location")!, "http://localhost:3000");
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("verify")).toBe("1");
    expect(location.searchParams.get("next")).toBe("/auth?verified=1&redirect=%2Fjoin%2Fabc");
    expect(verify.headers.getSetCookie().some((c) => c.startsWith("academy.session_token="))).toBe(false);
    expect((await ctx.runtime.db.select().from(user).where(eq(user.email, victim)))[0].emailVerified).toBe(
      false,
    );

    const chosen = await reset(location.searchParams.get("token")!, "victims-real-passphrase");
    expect(chosen.status).toBe(200);
    expect((await ctx.runtime.db.select().from(user).where(eq(user.email, victim)))[0].emailVerified).toBe(
      true,
    );
    expect((await signIn(victim, "victims-real-passphrase")).status).toBe(200);
    expect((await signIn(victim, "attacker-chose-this")).status).toBe(401);
  });

  it("the finish-account e-mail's link also verifies by choosing the password", async () => {
    const email = uniqueEmail("twice");
    await signUp(email, "first-try-password");
    await signUp(email, "second-try-password");
    const link = await resetLinkFor(email, "finish-account");
    expect(link.searchParams.get("verify")).toBe("1");
    expect((await reset(link.searchParams.get("token")!, "the chosen passphrase")).status).toBe(200);
    expect((await signIn(email, "the chosen passphrase")).status).toBe(200);
  });

  it("a sign-up for a verified address still answers Account exists", async () => {
    const who = await signUpAndSignIn(ctx);
    const response = await signUp(who.email, "some-other-password");
    expect(response.status).toBe(422);
    expect(await mailsTo(who.email, "finish-account")).toHaveLength(0);
  });
});

describe("verification signs you in (issue 17 item 7)", () => {
  it("sets a session cookie and returns to where the person was", async () => {
    const email = uniqueEmail("auto");
    expect((await signUp(email, PASSWORD)).status).toBe(200);
    const verified = await verifyEmailFromOutbox(ctx, email);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/auth?verified=1&redirect=%2Fjoin%2Fabc");
    const cookie = cookiesFrom(verified);
    expect(cookie).toContain("academy.session_token=");
    const me = await ctx.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, emailVerified: true });
  });
});

describe("passwords (issue 16 item 14)", () => {
  it("sign-up refuses blank and breached-common passwords and creates nothing", async () => {
    for (const [password, message] of [
      ["        ", AUTH_MESSAGES.passwordBlank],
      ["qwerty123", AUTH_MESSAGES.passwordCommon],
      ["PASSWORD123", AUTH_MESSAGES.passwordCommon],
    ] as const) {
      const email = uniqueEmail("weak");
      const response = await signUp(email, password);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
      expect(await ctx.runtime.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });

  it("changing the password signs the other sessions out and keeps this one", async () => {
    const who = await signUpAndSignIn(ctx);
    const other = cookiesFrom(await signIn(who.email, who.password));
    const common = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: who.cookie,
      json: { currentPassword: who.password, newPassword: "password1" },
    });
    expect(common.status).toBe(400);
    const changed = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: who.cookie,
      json: {
        currentPassword: who.password,
        newPassword: "a changed passphrase",
        revokeOtherSessions: false,
      },
    });
    expect(changed.status).toBe(200);
    const current = cookiesFrom(changed) || who.cookie;
    expect((await ctx.request("/api/me", { cookie: current })).status).toBe(200);
    expect((await ctx.request("/api/me", { cookie: other })).status).toBe(401);
    expect((await signIn(who.email, "a changed passphrase")).status).toBe(200);
  });
});

describe("account settings (issue 16 item 14)", () => {
  it("answers 401 to anonymous callers on every endpoint", async () => {
    for (const [method, path, json] of [
      ["GET", "/api/account", undefined],
      ["PUT", "/api/account", { fullName: "X", avatarUrl: null, locale: "en", timeZone: "UTC" }],
      ["GET", "/api/account/sessions", undefined],
      ["POST", "/api/account/sessions/revoke", { all: true }],
      ["GET", "/api/account/deletion", undefined],
      ["DELETE", "/api/account", { password: "x" }],
    ] as const) {
      expect((await ctx.request(path, { method, json })).status).toBe(401);
    }
  });

  it("saves name, avatar, language and time zone; refuses a name over 120 characters and an unknown zone", async () => {
    const who = await signUpAndSignIn(ctx, { name: "Settings Sam" });
    const initial = await ctx.request("/api/account", { cookie: who.cookie });
    expect(await initial.json()).toMatchObject({
      fullName: "Settings Sam",
      email: who.email,
      hasPassword: true,
      timeZone: "Asia/Ho_Chi_Minh",
    });
    const good = {
      fullName: "x".repeat(120),
      avatarUrl: "https://cdn.example.com/me.png",
      locale: "en",
      timeZone: "Europe/Paris",
    };
    const saved = await ctx.request("/api/account", { method: "PUT", cookie: who.cookie, json: good });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject(good);
    const [row] = await ctx.runtime.db.select().from(user).where(eq(user.id, who.userId));
    expect(row.name).toBe(good.fullName);
    for (const bad of [
      { ...good, fullName: "x".repeat(121) },
      { ...good, fullName: "x".repeat(100_000) },
      { ...good, fullName: "   " },
      { ...good, timeZone: "Mars/Olympus" },
      { ...good, avatarUrl: "javascript:alert(1)" },
    ]) {
      const response = await ctx.request("/api/account", { method: "PUT", cookie: who.cookie, json: bad });
      expect(response.status).toBe(400);
    }
    expect((await ctx.runtime.db.select().from(user).where(eq(user.id, who.userId)))[0].name).toBe(
      good.fullName,
    );
  });

  it("lists the person's sessions and signs out others, one, or everywhere — never someone else's", async () => {
    const who = await signUpAndSignIn(ctx);
    const stranger = await signUpAndSignIn(ctx);
    const phone = cookiesFrom(await signIn(who.email, who.password));
    const tablet = cookiesFrom(await signIn(who.email, who.password));
    const list = (await (await ctx.request("/api/account/sessions", { cookie: who.cookie })).json()) as {
      sessions: Array<{ id: string; current: boolean }>;
    };
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);

    const strangers = (await (
      await ctx.request("/api/account/sessions", { cookie: stranger.cookie })
    ).json()) as {
      sessions: Array<{ id: string }>;
    };
    const foreign = await ctx.request("/api/account/sessions/revoke", {
      method: "POST",
      cookie: who.cookie,
      json: { id: strangers.sessions[0].id },
    });
    expect(foreign.status).toBe(404);
    expect((await ctx.request("/api/me", { cookie: stranger.cookie })).status).toBe(200);

    const tabletId = list.sessions.find((s) => !s.current)!.id;
    expect(
      (
        await ctx.request("/api/account/sessions/revoke", {
          method: "POST",
          cookie: who.cookie,
          json: { id: tabletId },
        })
      ).status,
    ).toBe(200);
    const others = await ctx.request("/api/account/sessions/revoke", {
      method: "POST",
      cookie: who.cookie,
      json: { others: true },
    });
    expect(await others.json()).toEqual({ revoked: 1 });
    expect((await ctx.request("/api/me", { cookie: phone })).status).toBe(401);
    expect((await ctx.request("/api/me", { cookie: tablet })).status).toBe(401);
    expect((await ctx.request("/api/me", { cookie: who.cookie })).status).toBe(200);

    const everywhere = await ctx.request("/api/account/sessions/revoke", {
      method: "POST",
      cookie: who.cookie,
      json: { all: true },
    });
    expect(everywhere.status).toBe(200);
    expect((await ctx.request("/api/me", { cookie: who.cookie })).status).toBe(401);
  });

  it("deletes the account and its data only with the account's password", async () => {
    const who = await signUpAndSignIn(ctx);
    const course = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: who.cookie,
      json: {
        title: "To be deleted",
        description: "A course that goes with its creator.",
        category: "creative",
        skillLevel: "beginner",
        estimatedDuration: 1,
        outline: [
          {
            id: "s1",
            title: "Start",
            lessons: [
              {
                id: "l1",
                title: "Welcome",
                type: "text",
                duration: 10,
                content: { type: "text", html: "<p>Welcome</p>" },
              },
            ],
          },
        ],
      },
    });
    expect(course.status).toBe(200);
    const wrong = await ctx.request("/api/account", {
      method: "DELETE",
      cookie: who.cookie,
      json: { password: "someone else's password" },
    });
    expect(wrong.status).toBe(400);
    expect(await ctx.runtime.db.select().from(user).where(eq(user.id, who.userId))).toHaveLength(1);
    const done = await ctx.request("/api/account", {
      method: "DELETE",
      cookie: who.cookie,
      json: { password: who.password },
    });
    expect(done.status).toBe(204);
    expect(await ctx.runtime.db.select().from(user).where(eq(user.id, who.userId))).toHaveLength(0);
    expect(await ctx.runtime.db.select().from(profiles).where(eq(profiles.user_id, who.userId))).toHaveLength(
      0,
    );
    expect(
      await ctx.runtime.db.select().from(courses).where(eq(courses.creator_id, who.userId)),
    ).toHaveLength(0);
    expect((await ctx.request("/api/me", { cookie: who.cookie })).status).toBe(401);
    expect((await signIn(who.email, who.password)).status).toBe(401);
  });
});
