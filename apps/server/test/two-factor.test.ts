import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, twoFactor, user } from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import {
  cookiesFrom,
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { secretOfUri, totpCode } from "./support/totp.ts";

/**
 * Issue 25 item 6: two-factor sign-in with better-auth's plugin — TOTP enrolment confirmed by a
 * code, a code step at sign-in, one-time recovery codes, trusted devices, admins refused the
 * admin API until they enrol, the creator's prompt after a first sale, and session management.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
}, 60_000);
afterAll(() => ctx?.close());

type Person = Awaited<ReturnType<typeof signUpAndSignIn>>;

function post(path: string, json: unknown, cookie?: string, userAgent?: string) {
  return ctx.request(`/api/auth${path}`, {
    method: "POST",
    json,
    cookie,
    headers: userAgent ? { "user-agent": userAgent } : undefined,
  });
}

/** A code that is none of the three the server accepts now (previous, current, next period). */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now(), step)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

async function status(cookie: string) {
  const response = await ctx.request("/api/account/two-factor", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    enabled: boolean;
    hasPassword: boolean;
    required: boolean;
    suggest: boolean;
  };
}

/** Enrols `person` in TOTP; @returns the base32 secret, the recovery codes and the new session cookie. */
async function enrol(person: Person): Promise<{ secret: string; codes: string[]; cookie: string }> {
  const enabled = await post("/two-factor/enable", { password: person.password }, person.cookie);
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const verified = await post("/two-factor/verify-totp", { code: totpCode(secret) }, person.cookie);
  expect(verified.status).toBe(200);
  const cookie = cookiesFrom(verified);
  expect(cookie).toContain("session_token");
  return { secret, codes: backupCodes, cookie };
}

/** Password sign-in: @returns the JSON body and the cookies it set. */
async function signIn(person: Person, cookie?: string) {
  const response = await post("/sign-in/email", { email: person.email, password: person.password }, cookie);
  expect(response.status).toBe(200);
  return { body: (await response.json()) as Record<string, unknown>, cookie: cookiesFrom(response) };
}

async function meStatus(cookie: string): Promise<number> {
  return (await ctx.request("/api/me", { cookie })).status;
}

describe("TOTP enrolment and sign-in", () => {
  let person: Person;
  let secret: string;
  let codes: string[];

  it("enrolment asks for the password, shows an otpauth URI and 10 codes, and finishes with a code", async () => {
    person = await signUpAndSignIn(ctx, { name: "Tâm Two" });
    expect(await status(person.cookie)).toMatchObject({ enabled: false, hasPassword: true, required: false });

    const badPassword = await post("/two-factor/enable", { password: "not-the-password" }, person.cookie);
    expect(badPassword.status).toBe(400);
    expect(((await badPassword.json()) as { code: string }).code).toBe("INVALID_PASSWORD");

    const enabled = await post("/two-factor/enable", { password: person.password }, person.cookie);
    expect(enabled.status).toBe(200);
    const body = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(body.totpURI).toMatch(/^otpauth:\/\/totp\/Academy:/);
    expect(new URL(body.totpURI).searchParams.get("issuer")).toBe("Academy");
    expect(body.backupCodes).toHaveLength(10);
    expect(new Set(body.backupCodes).size).toBe(10);
    secret = secretOfUri(body.totpURI);
    codes = body.backupCodes;
    // Not on until a code confirms the app has the secret.
    expect(await status(person.cookie)).toMatchObject({ enabled: false });
    const [stored] = await ctx.runtime.db.select().from(twoFactor).where(eq(twoFactor.userId, person.userId));
    expect(stored.verified).toBe(false);
    // Secret and codes are stored encrypted, never as given.
    expect(stored.secret).not.toContain(secret);
    expect(stored.backupCodes).not.toContain(codes[0]);

    const wrong = await post("/two-factor/verify-totp", { code: wrongCode(secret) }, person.cookie);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_CODE");
    expect(await status(person.cookie)).toMatchObject({ enabled: false });

    const right = await post("/two-factor/verify-totp", { code: totpCode(secret) }, person.cookie);
    expect(right.status).toBe(200);
    person.cookie = cookiesFrom(right);
    expect(await status(person.cookie)).toMatchObject({ enabled: true });
    const me = (await (await ctx.request("/api/me", { cookie: person.cookie })).json()) as {
      twoFactorEnabled: boolean;
    };
    expect(me.twoFactorEnabled).toBe(true);
  });

  it("signing in needs the code: no session after the password, a wrong code refused, the right one signs in", async () => {
    const first = await signIn(person);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(first.cookie).not.toContain("session_token");
    expect(await meStatus(first.cookie)).toBe(401);

    const wrong = await post("/two-factor/verify-totp", { code: wrongCode(secret) }, first.cookie);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_CODE");

    const right = await post("/two-factor/verify-totp", { code: totpCode(secret) }, first.cookie);
    expect(right.status).toBe(200);
    const session = cookiesFrom(right);
    expect(await meStatus(session)).toBe(200);
    // The challenge is spent: it cannot mint a second session.
    const again = await post("/two-factor/verify-totp", { code: totpCode(secret) }, first.cookie);
    expect(again.status).toBe(401);
  });

  it("a recovery code signs in once; its second use is refused, another code still works", async () => {
    const first = await signIn(person);
    const used = await post("/two-factor/verify-backup-code", { code: codes[0] }, first.cookie);
    expect(used.status).toBe(200);
    expect(await meStatus(cookiesFrom(used))).toBe(200);

    const second = await signIn(person);
    const reused = await post("/two-factor/verify-backup-code", { code: codes[0] }, second.cookie);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { code: string }).code).toBe("INVALID_BACKUP_CODE");
    expect(await meStatus(second.cookie)).toBe(401);
    const other = await post("/two-factor/verify-backup-code", { code: codes[1] }, second.cookie);
    expect(other.status).toBe(200);
    expect(await meStatus(cookiesFrom(other))).toBe(200);
  });

  it("a challenge allows 5 wrong codes, then asks for a new sign-in", async () => {
    const first = await signIn(person);
    for (let i = 0; i < 5; i++) {
      const wrong = await post("/two-factor/verify-totp", { code: wrongCode(secret) }, first.cookie);
      expect(wrong.status).toBe(401);
    }
    const locked = await post("/two-factor/verify-totp", { code: totpCode(secret) }, first.cookie);
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as { code: string }).code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    // A fresh sign-in with the right code works (and resets the account's failure count).
    const fresh = await signIn(person);
    const right = await post("/two-factor/verify-totp", { code: totpCode(secret) }, fresh.cookie);
    expect(right.status).toBe(200);
  });

  it("a trusted device skips the code for later sign-ins; another browser still needs it", async () => {
    const first = await signIn(person);
    const trusted = await post(
      "/two-factor/verify-totp",
      { code: totpCode(secret), trustDevice: true },
      first.cookie,
    );
    expect(trusted.status).toBe(200);
    const trustCookie = cookiesFrom(trusted)
      .split("; ")
      .filter((c) => c.includes("trust_device"))
      .join("; ");
    expect(trustCookie).not.toBe("");
    const again = await signIn(person, trustCookie);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(await meStatus(again.cookie)).toBe(200);
    const elsewhere = await signIn(person);
    expect(elsewhere.body.twoFactorRedirect).toBe(true);
  });

  it("new recovery codes replace the old ones (password asked)", async () => {
    const refused = await post(
      "/two-factor/generate-backup-codes",
      { password: "wrong-password-1" },
      person.cookie,
    );
    expect(refused.ok).toBe(false);
    const made = await post(
      "/two-factor/generate-backup-codes",
      { password: person.password },
      person.cookie,
    );
    expect(made.status).toBe(200);
    const fresh = ((await made.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    const first = await signIn(person);
    const old = await post("/two-factor/verify-backup-code", { code: codes[2] }, first.cookie);
    expect(old.status).toBe(401);
    const ok = await post("/two-factor/verify-backup-code", { code: fresh[0] }, first.cookie);
    expect(ok.status).toBe(200);
  });

  it("turning it off asks for the password; then sign-in needs no code", async () => {
    const refused = await post("/two-factor/disable", { password: "wrong-password-1" }, person.cookie);
    expect(refused.status).toBe(400);
    expect(await status(person.cookie)).toMatchObject({ enabled: true });
    const off = await post("/two-factor/disable", { password: person.password }, person.cookie);
    expect(off.status).toBe(200);
    person.cookie = cookiesFrom(off);
    expect(await status(person.cookie)).toMatchObject({ enabled: false });
    const rows = await ctx.runtime.db.select().from(twoFactor).where(eq(twoFactor.userId, person.userId));
    expect(rows).toHaveLength(0);
    const plain = await signIn(person);
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect(await meStatus(plain.cookie)).toBe(200);
  });

  it("every change is in the person's security activity, in order, without codes or secrets", async () => {
    const response = await ctx.request("/api/account/security-events?page=1", { cookie: person.cookie });
    expect(response.status).toBe(200);
    const { events } = (await response.json()) as { events: { action: string; details: unknown }[] };
    const changes = events
      .map((e) => e.action)
      .filter((a) => a.startsWith("two_factor."))
      .reverse();
    // Turned on once (the sign-in codes after it are not changes); each recovery code that signed
    // in (two, then a new one after new codes were made; refused ones are not); off.
    expect(changes).toEqual([
      "two_factor.enabled",
      "two_factor.recovery_code_used",
      "two_factor.recovery_code_used",
      "two_factor.recovery_codes_regenerated",
      "two_factor.recovery_code_used",
      "two_factor.disabled",
    ]);
    expect(JSON.stringify(events)).not.toMatch(/secret|backup|\b\d{6}\b/i);
  });
});

describe("platform admins must enrol", () => {
  it("an admin without 2FA gets 403 TWO_FACTOR_REQUIRED on admin routes, and the panel opens after enrolment", async () => {
    const admin = await signUpAndSignIn(ctx, { name: "Ada Admin" });
    expect(await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" })).toBe(
      "changed",
    );
    expect(await status(admin.cookie)).toMatchObject({ enabled: false, required: true });

    for (const path of ["/api/admin/users", "/api/admin/subjects", "/api/admin/audit"]) {
      const refused = await ctx.request(path, { cookie: admin.cookie });
      expect(refused.status, path).toBe(403);
      const body = (await refused.json()) as { error: { code: string; reason?: string } };
      expect(body.error.code).toBe("TWO_FACTOR_REQUIRED");
      expect(body.error.reason).toBe("admin.twoFactorRequired");
    }
    // A write is refused too, and nothing is written.
    const write = await ctx.request("/api/admin/subjects", {
      method: "POST",
      cookie: admin.cookie,
      json: { name: "Not before 2FA" },
    });
    expect(write.status).toBe(403);
    const subjects = await ctx.request("/api/subjects", { cookie: admin.cookie });
    expect(JSON.stringify(await subjects.json())).not.toContain("Not before 2FA");

    // A non-admin still gets the plain FORBIDDEN.
    const creator = await signUpAndSignIn(ctx, { name: "Cara Creator" });
    const notAdmin = await ctx.request("/api/admin/users", { cookie: creator.cookie });
    expect(notAdmin.status).toBe(403);
    expect(((await notAdmin.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");

    const { cookie } = await enrol(admin);
    expect((await ctx.request("/api/admin/users", { cookie })).status).toBe(200);
    // Turning 2FA off closes the panel again.
    const off = await post("/two-factor/disable", { password: admin.password }, cookie);
    expect(off.status).toBe(200);
    const closed = await ctx.request("/api/admin/users", { cookie: cookiesFrom(off) });
    expect(closed.status).toBe(403);
  });
});

describe("creators are prompted after their first sale", () => {
  it("suggest is true for a creator with a paid order and 2FA off, false before the sale and after enrolling", async () => {
    const creator = await signUpAndSignIn(ctx, { name: "Seller" });
    expect(await status(creator.cookie)).toMatchObject({ suggest: false });
    const courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Bánh mì"));
    const buyer = await signUpAndSignIn(ctx, { name: "Buyer" });
    const order = {
      reference: `T${Date.now()}`,
      course_id: courseId,
      student_id: buyer.userId,
      list_amount: 100_000,
      amount: 100_000,
      currency: "VND",
      expires_at: new Date(Date.now() + 3_600_000),
    };
    await ctx.runtime.db.insert(orders).values({ ...order, status: "pending" });
    expect(await status(creator.cookie)).toMatchObject({ suggest: false });
    await ctx.runtime.db
      .insert(orders)
      .values({ ...order, reference: `${order.reference}P`, status: "paid", paid_at: new Date() });
    expect(await status(creator.cookie)).toMatchObject({ suggest: true });
    // The buyer (a creator by default, with no sales) is not prompted.
    expect(await status(buyer.cookie)).toMatchObject({ suggest: false });
    const { cookie } = await enrol(creator);
    expect(await status(cookie)).toMatchObject({ enabled: true, suggest: false });
  });
});

describe("sessions and devices", () => {
  it("lists the account's sessions with device and this-device flag; ends one, then every other", async () => {
    const person = await signUpAndSignIn(ctx, { name: "Many Devices" });
    const phoneUa =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";
    const phone = cookiesFrom(
      await post("/sign-in/email", { email: person.email, password: person.password }, undefined, phoneUa),
    );
    const laptop = cookiesFrom(
      await post(
        "/sign-in/email",
        { email: person.email, password: person.password },
        undefined,
        "Firefox/120",
      ),
    );
    const list = async (cookie: string) => {
      const response = await ctx.request("/api/account/sessions", { cookie });
      expect(response.status).toBe(200);
      return (
        (await response.json()) as {
          sessions: Array<{ id: string; userAgent: string | null; current: boolean }>;
        }
      ).sessions;
    };
    const all = await list(person.cookie);
    expect(all).toHaveLength(3);
    expect(all.filter((s) => s.current)).toHaveLength(1);
    const phoneRow = all.find((s) => s.userAgent === phoneUa);
    expect(phoneRow?.current).toBe(false);

    const one = await ctx.request("/api/account/sessions/revoke", {
      method: "POST",
      cookie: person.cookie,
      json: { id: phoneRow?.id },
    });
    expect(one.status).toBe(200);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect(await list(person.cookie)).toHaveLength(2);

    // Another person's session id is not found, and not ended.
    const stranger = await signUpAndSignIn(ctx, { name: "Stranger" });
    const [theirs] = await list(stranger.cookie);
    const foreign = await ctx.request("/api/account/sessions/revoke", {
      method: "POST",
      cookie: person.cookie,
      json: { id: theirs.id },
    });
    expect(foreign.status).toBe(404);
    expect(await meStatus(stranger.cookie)).toBe(200);

    const others = await ctx.request("/api/account/sessions/revoke", {
      method: "POST",
      cookie: person.cookie,
      json: { others: true },
    });
    expect(((await others.json()) as { revoked: number }).revoked).toBe(1);
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(person.cookie)).toBe(200);
    const [left] = await list(person.cookie);
    expect(left.current).toBe(true);
  });
});

describe("two-factor state is the account's", () => {
  it("deleting the user deletes its two-factor row", async () => {
    const person = await signUpAndSignIn(ctx, { name: "Gone" });
    await enrol(person);
    await ctx.runtime.db.delete(user).where(eq(user.id, person.userId));
    expect(
      await ctx.runtime.db.select().from(twoFactor).where(eq(twoFactor.userId, person.userId)),
    ).toHaveLength(0);
  });
});
