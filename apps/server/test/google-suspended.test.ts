import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import { createTestContext, enrolTwoFactor, signUpAndSignIn, type TestContext } from "./harness.ts";
import { FAKE_GOOGLE_ENV, googleSignIn } from "./support/fake-google.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(FAKE_GOOGLE_ENV);
}, 60_000);
afterAll(() => ctx?.close());

describe("Google sign-in of a suspended account (issue 14 Users)", () => {
  it("signs an active account in, and sends a suspended one to /auth with the refusal", async () => {
    const admin = await signUpAndSignIn(ctx, { name: "Ada Admin" });
    await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" });
    await enrolTwoFactor(ctx, admin); // admin routes need two-factor sign-in (issue 25 item 6)
    const victim = await signUpAndSignIn(ctx, { name: "Gus Google" });
    const profile = { email: victim.email, name: "Gus Google", sub: "google-sub-gus" };

    const ok = await googleSignIn(ctx, profile);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/dashboard");
    expect(ok.headers.getSetCookie().join(";")).toContain("session_token=");

    const suspended = await ctx.request(`/api/admin/users/${victim.userId}/suspend`, {
      method: "POST",
      cookie: admin.cookie,
      json: { reason: "Spam" },
    });
    expect(suspended.status).toBe(200);

    const refused = await googleSignIn(ctx, profile);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(
      "http://localhost:3000/auth?tab=signin&error=account_suspended",
    );
    expect(refused.headers.getSetCookie().join(";")).not.toContain("session_token=");
    expect(await ctx.runtime.db.select().from(session).where(eq(session.userId, victim.userId))).toHaveLength(
      0,
    );

    await ctx.request(`/api/admin/users/${victim.userId}/restore`, {
      method: "POST",
      cookie: admin.cookie,
      json: {},
    });
    const again = await googleSignIn(ctx, profile);
    expect(again.headers.get("location")).toBe("/dashboard");
  });

  it("refuses Google sign-in of an account with two-factor sign-in on (issue 25 item 6): password and code instead", async () => {
    const person = await signUpAndSignIn(ctx, { name: "Tina Two" });
    const profile = { email: person.email, name: "Tina Two", sub: "google-sub-tina" };
    const before = await googleSignIn(ctx, profile);
    expect(before.headers.get("location")).toBe("/dashboard");
    await enrolTwoFactor(ctx, person);
    const sessionsBefore = (
      await ctx.runtime.db.select().from(session).where(eq(session.userId, person.userId))
    ).length;
    const refused = await googleSignIn(ctx, profile);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(
      "http://localhost:3000/auth?tab=signin&error=two_factor_password",
    );
    expect(refused.headers.getSetCookie().join(";")).not.toContain("session_token=");
    expect(await ctx.runtime.db.select().from(session).where(eq(session.userId, person.userId))).toHaveLength(
      sessionsBefore,
    );
  });
});
