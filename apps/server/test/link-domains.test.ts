import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, profiles, schoolDomains, schools } from "../src/db/schema/index.ts";
import { recheckSchedule, verifiedOrigins } from "../src/features/schools/schools.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
} from "./harness.ts";

/**
 * Issue 25 N1 (audit 2026-11-28): e-mailed account links never go to a domain the account does not
 * belong to, and a school's verified domain is trusted only on its own host while its DNS is freshly
 * confirmed. The audit's steps: creator B verifies a domain they control, then asks for a password
 * reset of someone else (a student of A, an admin) with `Origin: http://their-domain`; the victim's
 * e-mail must link to APP_URL, not to B's domain.
 */

const APP = "http://localhost:3000";
const A_DOMAIN = "learn.school-a.example";
const B_DOMAIN = "evil-b.example";
const LAPSED_DOMAIN = "lapsed.school-a.example";
const PENDING_DOMAIN = "pending.school-b.example";
const ADMIN_EMAIL = "root-admin@example.com";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let creatorA: Account;
let creatorB: Account;
let studentOfA: Account;
let studentOfB: Account;
let admin: Account;
let courseA: string;
let courseB: string;

async function schoolOf(who: Account): Promise<string> {
  // Opening Branding & Domains makes the creator's school when it does not exist yet.
  const response = await ctx.request("/api/schools/me/branding", { cookie: who.cookie });
  expect(response.status).toBe(200);
  const [row] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, who.userId));
  return row.id;
}

async function addDomain(schoolId: string, domain: string, status: string, checkedAgoMs: number | null) {
  await ctx.runtime.db.insert(schoolDomains).values({
    school_id: schoolId,
    domain,
    verification_token: `academy-verify-${domain.replace(/\W/g, "")}`,
    status,
    last_checked_at: checkedAgoMs === null ? null : new Date(Date.now() - checkedAgoMs),
    verified_at: status === "verified" ? new Date(Date.now() - (checkedAgoMs ?? 0)) : null,
  });
}

async function becomeStudent(who: Account) {
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
}

let ipCounter = 0;
/** POST to the app as a browser on `origin` (Host and Origin from it), from its own client address. */
function postFrom(origin: string, pathname: string, json: unknown, cookie?: string) {
  ipCounter += 1;
  return ctx.app.request(`${origin}${pathname}`, {
    method: "POST",
    headers: {
      host: new URL(origin).host,
      origin,
      "content-type": "application/json",
      "x-forwarded-for": `10.25.0.${ipCounter}`,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(json),
  });
}

/** The link of the newest e-mail of `template` to `email` whose text holds `marker`. */
async function newestLink(email: string, template: string, marker: string): Promise<URL> {
  const [mail] = await ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, email.toLowerCase()), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.created_at))
    .limit(1);
  const link = new RegExp(`https?://[^\\s"<]+${marker}[^\\s"<]*`).exec(mail?.text ?? "")?.[0];
  if (!link) throw new Error(`no ${template} link for ${email}`);
  return new URL(link);
}

async function mailCount(email: string): Promise<number> {
  const rows = await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email));
  return rows.length;
}

async function resetLinkAfterRequestFrom(origin: string, email: string): Promise<URL> {
  const response = await postFrom(origin, "/api/auth/request-password-reset", { email });
  expect(response.status).toBe(200);
  return newestLink(email, "reset-password", "/reset-password");
}

beforeAll(async () => {
  ctx = await createTestContext({
    ADMIN_EMAILS: ADMIN_EMAIL,
    DOMAIN_RECHECK_INTERVAL_MS: "3600000",
    AUTH_RATE_LIMIT_MAX: "1000",
    TRUST_PROXY: "true",
  });
  creatorA = await signUpAndSignIn(ctx, { name: "Creator A" });
  creatorB = await signUpAndSignIn(ctx, { name: "Creator B" });
  studentOfA = await signUpAndSignIn(ctx, { name: "Student E" });
  studentOfB = await signUpAndSignIn(ctx, { name: "Student F" });
  admin = await signUpAndSignIn(ctx, { name: "Platform Admin", email: ADMIN_EMAIL });
  await becomeStudent(studentOfA);
  await becomeStudent(studentOfB);
  courseA = await publishCourse(ctx, creatorA.cookie, oneLessonDraft("School A course"));
  courseB = await publishCourse(ctx, creatorB.cookie, oneLessonDraft("School B course"));
  for (const [who, course] of [
    [studentOfA, courseA],
    [studentOfB, courseB],
  ] as const) {
    const enrol = await ctx.request(`/api/courses/${course}/enroll`, { method: "POST", cookie: who.cookie });
    expect(enrol.status).toBeLessThan(300);
  }
  const schoolA = await schoolOf(creatorA);
  const schoolB = await schoolOf(creatorB);
  await addDomain(schoolA, A_DOMAIN, "verified", 60_000);
  await addDomain(schoolB, B_DOMAIN, "verified", 60_000);
  // Still "verified", but its DNS was last confirmed two hours ago (interval: one hour).
  await addDomain(schoolA, LAPSED_DOMAIN, "verified", 2 * 3_600_000);
  await addDomain(schoolB, PENDING_DOMAIN, "pending", null);
}, 90_000);

afterAll(async () => {
  await ctx?.close();
});

describe("password-reset links (audit N1)", () => {
  it("a reset asked from another creator's verified domain links to APP_URL (the audit's attack)", async () => {
    const link = await resetLinkAfterRequestFrom(`http://${B_DOMAIN}`, studentOfA.email);
    expect(link.origin).toBe(APP);
    expect(link.searchParams.get("token")).toBeTruthy();
  });

  it("an admin's and a creator's reset links always use APP_URL, even from their own school's domain", async () => {
    expect((await resetLinkAfterRequestFrom(`http://${B_DOMAIN}`, admin.email)).origin).toBe(APP);
    expect((await resetLinkAfterRequestFrom(`http://${A_DOMAIN}`, admin.email)).origin).toBe(APP);
    expect((await resetLinkAfterRequestFrom(`http://${B_DOMAIN}`, creatorA.email)).origin).toBe(APP);
    expect((await resetLinkAfterRequestFrom(`http://${A_DOMAIN}`, creatorA.email)).origin).toBe(APP);
    expect((await resetLinkAfterRequestFrom(`http://${B_DOMAIN}`, creatorB.email)).origin).toBe(APP);
  });

  it("a student of school A asking on A's domain gets A's domain; on the app, APP_URL", async () => {
    expect((await resetLinkAfterRequestFrom(`http://${A_DOMAIN}`, studentOfA.email)).origin).toBe(
      `http://${A_DOMAIN}`,
    );
    expect((await resetLinkAfterRequestFrom(APP, studentOfA.email)).origin).toBe(APP);
    // B's own student on B's domain: B's domain; on A's domain: APP_URL.
    expect((await resetLinkAfterRequestFrom(`http://${B_DOMAIN}`, studentOfB.email)).origin).toBe(
      `http://${B_DOMAIN}`,
    );
    expect((await resetLinkAfterRequestFrom(`http://${A_DOMAIN}`, studentOfB.email)).origin).toBe(APP);
  });

  it("an unverified, lapsed or unknown domain, or an origin with a port, is not trusted at all", async () => {
    const before = await mailCount(studentOfA.email);
    for (const origin of [
      `http://${LAPSED_DOMAIN}`,
      `http://${PENDING_DOMAIN}`,
      "http://attacker.example",
      `http://${A_DOMAIN}:8443`,
    ]) {
      const response = await postFrom(origin, "/api/auth/request-password-reset", {
        email: studentOfA.email,
      });
      expect(response.status, origin).toBe(403);
    }
    expect(await mailCount(studentOfA.email)).toBe(before);
    // Without an Origin (not a browser), the link is APP_URL's.
    const plain = await ctx.app.request(`http://${A_DOMAIN}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { host: A_DOMAIN, "content-type": "application/json", "x-forwarded-for": "10.25.2.1" },
      body: JSON.stringify({ email: studentOfA.email }),
    });
    expect(plain.status).toBe(200);
    expect((await newestLink(studentOfA.email, "reset-password", "/reset-password")).origin).toBe(APP);
  });
});

describe("verification links (audit N1)", () => {
  function signUpFrom(origin: string, email: string, callbackURL?: string) {
    return postFrom(origin, "/api/auth/sign-up/email", {
      email,
      password: "correct-horse-battery",
      name: "New Person",
      ...(callbackURL ? { callbackURL, signupRole: "student" } : {}),
    });
  }

  it("a sign-up on B's domain joins B's school only through B's own course", async () => {
    const joining = uniqueEmail("joins-b");
    expect((await signUpFrom(`http://${B_DOMAIN}`, joining, `/join/${courseB}`)).status).toBe(200);
    expect((await newestLink(joining, "verification", "verify-email")).origin).toBe(`http://${B_DOMAIN}`);

    // Naming A's course from B's domain, or no course at all: APP_URL.
    const foreign = uniqueEmail("foreign");
    expect((await signUpFrom(`http://${B_DOMAIN}`, foreign, `/join/${courseA}`)).status).toBe(200);
    expect((await newestLink(foreign, "verification", "verify-email")).origin).toBe(APP);
    const plain = uniqueEmail("plain");
    expect((await signUpFrom(`http://${B_DOMAIN}`, plain)).status).toBe(200);
    expect((await newestLink(plain, "verification", "verify-email")).origin).toBe(APP);
  });

  it("a sign-up on A's lapsed domain is refused (its origin is no longer trusted)", async () => {
    const lapsed = uniqueEmail("lapsed");
    expect((await signUpFrom(`http://${LAPSED_DOMAIN}`, lapsed, `/join/${courseA}`)).status).toBe(403);
    expect(await mailCount(lapsed)).toBe(0);
  });

  it("a resend asked from another school's domain for an unverified account links to APP_URL", async () => {
    const victim = uniqueEmail("unverified");
    expect((await signUpFrom(APP, victim, `/join/${courseA}`)).status).toBe(200);
    const resend = await postFrom(`http://${B_DOMAIN}`, "/api/auth/send-verification-email", {
      email: victim,
      callbackURL: `/join/${courseB}`,
    });
    expect(resend.status).toBe(200);
    expect((await newestLink(victim, "verification", "verify-email")).origin).toBe(APP);
  });
});

describe("invitation links (audit N1)", () => {
  it("use APP_URL whatever origin the creator's request came from", async () => {
    const email = uniqueEmail("invitee");
    const response = await postFrom(
      `http://${A_DOMAIN}`,
      "/api/invitations",
      { email, courseIds: [courseA] },
      creatorA.cookie,
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { invitationLink: string };
    expect(new URL(body.invitationLink).origin).toBe(APP);
    expect((await newestLink(email, "invitation", "invitation=")).origin).toBe(APP);
  });
});

describe("trusted origins (audit N1 and #15's note)", () => {
  function crossSitePost(host: string, origin: string) {
    return ctx.app.request(`http://${host}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        host,
        origin,
        "sec-fetch-site": "cross-site",
        "content-type": "application/json",
        "x-forwarded-for": `10.25.1.${++ipCounter}`,
      },
      body: JSON.stringify({ email: studentOfA.email, password: "correct-horse-battery" }),
    });
  }

  it("a verified domain is trusted on its own host only, not on the app's /api or another school's", async () => {
    expect((await crossSitePost(A_DOMAIN, `http://${A_DOMAIN}`)).status).toBe(200);
    expect((await crossSitePost("localhost:3000", `http://${A_DOMAIN}`)).status).toBe(403);
    expect((await crossSitePost(B_DOMAIN, `http://${A_DOMAIN}`)).status).toBe(403);
    // The account-deletion route of the audit's #15 note, from a school's domain to the app: 403.
    const del = await ctx.app.request(`${APP}/api/account`, {
      method: "DELETE",
      headers: { host: "localhost:3000", origin: `http://${B_DOMAIN}`, cookie: studentOfA.cookie },
    });
    expect(del.status).toBe(403);
  });

  it("better-auth's list holds the app plus only the verified domain the request is addressed to", async () => {
    const trusted = ctx.runtime.auth.options.trustedOrigins as (request?: Request) => Promise<string[]>;
    const on = (host: string) => new Request(`http://${host}/api/auth/sign-in/email`, { headers: { host } });
    expect(await trusted(on(A_DOMAIN))).toEqual(expect.arrayContaining([APP, `http://${A_DOMAIN}`]));
    expect(await trusted(on(A_DOMAIN))).not.toContain(`http://${B_DOMAIN}`);
    expect(await trusted(on("localhost:3000"))).not.toContain(`http://${A_DOMAIN}`);
    expect(await trusted(on(LAPSED_DOMAIN))).not.toContain(`http://${LAPSED_DOMAIN}`);
    expect(await trusted(on(PENDING_DOMAIN))).not.toContain(`http://${PENDING_DOMAIN}`);
  });

  it("a domain not confirmed within the re-check interval is not trusted; the worker re-checks in time", async () => {
    const trust = { production: false, freshMs: 3_600_000 };
    const origins = await verifiedOrigins(ctx.runtime.db, trust);
    expect(origins).toContain(`https://${A_DOMAIN}`);
    expect(origins).not.toContain(`https://${LAPSED_DOMAIN}`);
    // An hour after A's last check, A is no longer trusted either (unless re-checked meanwhile).
    expect(await verifiedOrigins(ctx.runtime.db, trust, Date.now() + 3_600_000)).not.toContain(
      `https://${A_DOMAIN}`,
    );
    // The worker re-checks a domain before its trust runs out: due after interval minus one tick.
    const schedule = recheckSchedule(3_600_000);
    expect(schedule.tickMs).toBe(600_000);
    expect(schedule.dueAfterMs + schedule.tickMs).toBeLessThanOrEqual(3_600_000);
  });
});
