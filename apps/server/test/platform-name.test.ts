import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { emailOutbox } from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import {
  createTestContext,
  enrolTwoFactor,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
} from "./harness.ts";

let ctx: TestContext;
let webDist: string;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let admin: Account;
let courseId: string;

const settings = (platformName: string) => ({
  platformName,
  supportEmail: "help@example.com",
  defaultLanguage: "en",
  signupMode: "open",
  maintenanceBanner: "",
  liveChatHours: "9AM-5PM EST",
  liveChatUrl: "",
  publicStatsMinimum: 100,
});

async function verificationMailOf(email: string) {
  const [mail] = await ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, email), eq(emailOutbox.template, "verification")))
    .orderBy(desc(emailOutbox.created_at))
    .limit(1);
  return mail;
}

async function signUp(email: string) {
  const response = await ctx.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "accept-language": "en" },
    json: { name: "Nina New", email, password: "correct-horse-battery" },
  });
  expect(response.status).toBe(200);
  return verificationMailOf(email);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAndSignIn(ctx, { name: "Ada Admin" });
  await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" });
  await enrolTwoFactor(ctx, admin); // admin routes need two-factor sign-in (issue 25 item 6)
  courseId = await publishCourse(ctx, admin.cookie, oneLessonDraft("Phở at home"));
  webDist = mkdtempSync(path.join(os.tmpdir(), "academy-web-"));
  writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8" /><title>Academy</title></head><body><div id="root"></div></body></html>',
  );
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe("the platform name from Settings (issue 14)", () => {
  it("names the platform in e-mails and server-rendered titles, and follows a change at once", async () => {
    const before = await signUp(uniqueEmail("before"));
    expect(before.subject).toBe("Verify your email address for Academy");
    expect(before.text).toContain("Thanks for creating your Academy account.");
    expect(`${before.subject}${before.html}${before.text}`).not.toContain("\uE000");

    const saved = await ctx.request("/api/admin/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: settings("Sao & Trăng"),
    });
    expect(saved.status).toBe(200);

    const after = await signUp(uniqueEmail("after"));
    expect(after.subject).toBe("Verify your email address for Sao & Trăng");
    expect(after.text).toContain("Thanks for creating your Sao & Trăng account.");
    expect(after.html).toContain("Sao &amp; Trăng");
    expect(after.html).not.toContain("Academy");

    const { app } = createApp(ctx.runtime, { webDist });
    const html = await (await app.request(`http://localhost:3000/join/${courseId}`)).text();
    expect(html).toContain("<title>Phở at home · Sao &amp; Trăng</title>");

    await ctx.request("/api/admin/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: settings("Academy"),
    });
    expect((await signUp(uniqueEmail("back"))).subject).toBe("Verify your email address for Academy");
  });
});
