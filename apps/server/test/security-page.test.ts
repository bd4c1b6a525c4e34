import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SecurityEventList } from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { emailOutbox, securityEvents } from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import { recordSecurityEvent, redactSecrets } from "../src/lib/security-events.ts";
import {
  cookiesFrom,
  createTestContext,
  enrolTwoFactor,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  TEST_ORIGIN,
  type TestContext,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Issue 25 item 7: /.well-known/security.txt from the Admin Panel's settings; a Content-Security-
 * Policy without 'unsafe-inline' for scripts, with a per-response nonce where the server writes
 * script tags; the security log (new-device sign-ins, payout-relevant changes) without secrets.
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let admin: Account;
let cara: Account;
let stu: Account;

const UA_A =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const UA_B =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1";

function cspDirectives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The script-src sources and the `<script …>` start tags of an HTML response. */
async function scriptsOf(response: Response) {
  const scriptSrc = cspDirectives(response.headers.get("content-security-policy")).get("script-src") ?? [];
  const tags = (await response.text()).match(/<script\b[^>]*>/gi) ?? [];
  return { scriptSrc, tags };
}

async function saveSettings(extra: Record<string, unknown>) {
  return ctx.request("/api/admin/settings", {
    method: "PUT",
    cookie: admin.cookie,
    json: {
      platformName: "Academy",
      supportEmail: "support@academy.local",
      defaultLanguage: "vi",
      signupMode: "open",
      maintenanceBanner: "",
      liveChatHours: "9-5",
      liveChatUrl: "",
      publicStatsMinimum: 100,
      ...extra,
    },
  });
}

async function signIn(who: Account, userAgent: string, ip = "203.0.113.7") {
  const response = await ctx.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email: who.email, password: who.password },
    headers: { "user-agent": userAgent, "x-forwarded-for": ip },
  });
  expect(response.status).toBe(200);
  return cookiesFrom(response);
}

async function eventsOf(userId: string) {
  return ctx.runtime.db.select().from(securityEvents).where(eq(securityEvents.user_id, userId));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", TRUST_PROXY: "true" });
  [admin, cara, stu] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Ada Admin" }),
    signUpAndSignIn(ctx, { name: "Cara Creator" }),
    signUpAndSignIn(ctx, { name: "Stu Student" }),
  ]);
  await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" });
  await enrolTwoFactor(ctx, admin); // admin routes need two-factor sign-in (issue 25 item 6)
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("/.well-known/security.txt (RFC 9116)", () => {
  it("is 404 while neither a security contact nor a support e-mail is configured", async () => {
    expect((await ctx.request("/.well-known/security.txt")).status).toBe(404);
  });

  it("refuses a contact that is not an e-mail, mailto: or https: address, writing nothing", async () => {
    for (const bad of ["javascript:alert(1)", "http://example.com/security", "mailto:nobody", "call me"]) {
      const response = await saveSettings({ securityContact: bad });
      expect(response.status, bad).toBe(400);
      expect(JSON.stringify(await response.json())).toContain("mailto:");
    }
    expect((await ctx.request("/.well-known/security.txt")).status).toBe(404);
  });

  it("serves the Admin Panel's contact with Expires, Preferred-Languages and Canonical", async () => {
    expect((await saveSettings({ securityContact: "security@example.com" })).status).toBe(200);
    const response = await ctx.request("/.well-known/security.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; ?charset=utf-8/i);
    const body = await response.text();
    expect(body).toContain("Contact: mailto:security@example.com\n");
    expect(body).toContain("Preferred-Languages: en, vi\n");
    expect(body).toContain(`Canonical: ${TEST_ORIGIN}/.well-known/security.txt\n`);
    const expires = new Date(/^Expires: (\S+)$/m.exec(body)?.[1] ?? "");
    const days = (expires.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(170);
    expect(days).toBeLessThan(366);
    // The public settings show it too (the Admin Panel form reads them).
    const settings = (await (await ctx.request("/api/platform-settings")).json()) as {
      securityContact: string;
    };
    expect(settings.securityContact).toBe("mailto:security@example.com");
  });

  it("takes an https: page, and falls back to the saved support e-mail when the contact is emptied", async () => {
    expect((await saveSettings({ securityContact: "https://example.com/security" })).status).toBe(200);
    expect(await (await ctx.request("/.well-known/security.txt")).text()).toContain(
      "Contact: https://example.com/security\n",
    );
    expect((await saveSettings({ securityContact: "", supportEmail: "help@example.com" })).status).toBe(200);
    expect(await (await ctx.request("/.well-known/security.txt")).text()).toContain(
      "Contact: mailto:help@example.com\n",
    );
  });
});

describe("Content-Security-Policy: no 'unsafe-inline' scripts", () => {
  it("gives the SPA's index.html a fresh nonce per response that every script tag carries", async () => {
    const dist = path.join(os.tmpdir(), `academy-csp-${Date.now().toString(36)}`);
    mkdirSync(path.join(dist, "assets"), { recursive: true });
    writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
        "<script>document.documentElement.dataset.theme='light'</script>" +
        '<script type="application/ld+json">{"@type":"Course"}</script></head><body><div id=root></div></body></html>',
    );
    const { app, metrics } = createApp(ctx.runtime, { webDist: dist });
    try {
      const nonces: string[] = [];
      for (const pathname of ["/", "/dashboard/account"]) {
        const { scriptSrc, tags } = await scriptsOf(await app.request(`${TEST_ORIGIN}${pathname}`));
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc[0]).toBe("'self'");
        const nonce = /^'nonce-([A-Za-z0-9+/=]{24})'$/.exec(scriptSrc[1] ?? "")?.[1];
        expect(nonce, scriptSrc.join(" ")).toBeTruthy();
        // Every script that runs carries the nonce; a JSON-LD data block (never run) is left as it is.
        expect(tags).toHaveLength(3);
        for (const tag of tags)
          if (tag.includes("application/ld+json")) expect(tag).not.toContain("nonce=");
          else expect(tag).toContain(` nonce="${nonce}"`);
        nonces.push(nonce as string);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      metrics.close();
    }
  });

  it("starts the API reference with a nonce instead of 'unsafe-inline'", async () => {
    const { scriptSrc, tags } = await scriptsOf(await ctx.request("/api/docs"));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = /^'nonce-(.+)'$/.exec(scriptSrc.find((s) => s.startsWith("'nonce-")) ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(tags.length).toBeGreaterThan(1);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves /lp and /s pages whose scripts are all same-origin files or JSON-LD data", async () => {
    const courseId = await publishCourse(
      ctx,
      cara.cookie,
      oneLessonDraft("CSP course", { price: 99_000, currency: "VND" }),
    );
    const pageId = await sellCourse(ctx, cara.cookie, courseId);
    const page = (await (
      await ctx.request(`/api/landing-pages/${pageId}`, { cookie: cara.cookie })
    ).json()) as { slug: string };
    const school = (await (
      await ctx.request("/api/schools/me/branding", { cookie: cara.cookie })
    ).json()) as { slug: string };
    for (const pathname of [
      `/lp/${page.slug}`,
      `/lp/${page.slug}`,
      `/s/${school.slug}`,
      "/lp/no-such-page",
    ]) {
      const response = await ctx.request(pathname);
      expect([200, 404], pathname).toContain(response.status);
      const html = await response.clone().text();
      const { scriptSrc, tags } = await scriptsOf(response);
      expect(scriptSrc[0], pathname).toBe("'self'");
      expect(scriptSrc, pathname).not.toContain("'unsafe-inline'");
      expect(scriptSrc.some((s) => s.includes("*") && !s.startsWith("https://"))).toBe(false);
      for (const tag of tags) {
        // Either a file from this origin or a JSON-LD data block (never executed, so not a script).
        expect(
          / src="\/[^/]/.test(tag) || /type="application\/ld\+json"/.test(tag),
          `${pathname}: ${tag}`,
        ).toBe(true);
      }
      // No inline event handlers (onclick=…, onload=…) anywhere in the page.
      expect(html, pathname).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    }
  }, 60_000);
});

describe("security log", () => {
  it("records a sign-in from a new device once, with its /24 network, and e-mails the person", async () => {
    await signIn(stu, UA_A, "198.51.100.23");
    const before = (await eventsOf(stu.userId)).length;
    await signIn(stu, UA_A, "198.51.100.99"); // same browser, same /24: known
    expect((await eventsOf(stu.userId)).length).toBe(before);
    await signIn(stu, UA_B, "192.0.2.44");
    const events = (await eventsOf(stu.userId)).filter((e) => e.action === "sign_in.new_device");
    expect(events.length).toBe(before + 1);
    const latest = events.at(-1);
    expect(latest?.ip).toBe("192.0.2.0/24");
    expect(latest?.user_agent).toBe(UA_B);
    await signIn(stu, UA_B, "192.0.2.45");
    expect((await eventsOf(stu.userId)).filter((e) => e.action === "sign_in.new_device").length).toBe(
      before + 1,
    );
    const mails = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to_address, stu.email));
    const notice = mails.filter((m) => m.template === "new-device-sign-in");
    expect(notice.length).toBe(before + 1);
    expect(notice.at(-1)?.text).toMatch(/Safari · iOS|iOS/);
    expect(notice.at(-1)?.text).toContain("192.0.2.0/24");
  });

  it("shows each person only their own events, and admins everyone's with the e-mail", async () => {
    const own = (await (
      await ctx.request("/api/account/security-events", { cookie: stu.cookie })
    ).json()) as SecurityEventList;
    expect(own.events.length).toBeGreaterThan(0);
    expect(own.pageSize).toBe(10);
    expect(own.events[0].action).toBe("sign_in.new_device");
    const other = (await (
      await ctx.request("/api/account/security-events", { cookie: admin.cookie })
    ).json()) as SecurityEventList;
    expect(other.events.some((e) => own.events.some((o) => o.id === e.id))).toBe(false);
    expect((await ctx.request("/api/admin/security-events", { cookie: stu.cookie })).status).toBe(403);
    expect((await ctx.request("/api/account/security-events")).status).toBe(401);
    const all = (await (
      await ctx.request("/api/admin/security-events", { cookie: admin.cookie })
    ).json()) as SecurityEventList;
    expect(all.events.find((e) => e.id === own.events[0].id)?.email).toBe(stu.email.toLowerCase());
  });

  it("records payment-method and seller-detail changes by field name, never the secret values", async () => {
    const courseId = await publishCourse(
      ctx,
      cara.cookie,
      oneLessonDraft("Payout course", { price: 99_000, currency: "VND" }),
    );
    const pageId = await sellCourse(ctx, cara.cookie, courseId);
    const put = await ctx.request(`/api/landing-pages/${pageId}/payment-methods`, {
      method: "PUT",
      cookie: cara.cookie,
      json: {
        methods: [
          {
            methodType: "momo",
            isEnabled: true,
            configuration: {
              mode: "sandbox",
              partnerCode: "MOMOPARTNER",
              accessKey: "ACCESS-very-secret-1",
              secretKey: "SECRET-very-secret-2",
            },
          },
          {
            methodType: "vietqr",
            isEnabled: true,
            configuration: { bankCode: "VCB", accountNumber: "0123456789", accountHolder: "NGUYEN CARA" },
          },
        ],
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const branding = (await (
      await ctx.request("/api/schools/me/branding", { cookie: cara.cookie })
    ).json()) as Record<string, unknown>;
    const saved = await ctx.request("/api/schools/me/branding", {
      method: "PUT",
      cookie: cara.cookie,
      json: {
        ...Object.fromEntries(
          ["name", "slug", "description", "logoUrl", "faviconUrl", "primaryColor", "accentColor", "font"].map(
            (k) => [k, branding[k]],
          ),
        ),
        supportEmail: "",
        socialLinks: {},
        legalName: "Cara Co. Ltd",
        taxCode: "0312345678",
        businessAddress: "1 Lê Lợi, Q1",
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const events = await eventsOf(cara.userId);
    const methods = events.filter((e) => e.action === "payment_methods.updated");
    expect(methods.length).toBeGreaterThan(0);
    const last = methods.at(-1)?.details as Record<string, string[]>;
    expect(last.added).toEqual(expect.arrayContaining(["momo", "vietqr"]));
    expect(last.replacedProtectedFields).toEqual(
      expect.arrayContaining(["momo.accessKey", "momo.secretKey"]),
    );
    expect(last.changedFields).toEqual(expect.arrayContaining(["vietqr.accountNumber"]));
    const seller = events.find((e) => e.action === "seller_details.updated");
    expect((seller?.details as { changedFields?: string[] } | undefined)?.changedFields).toEqual(
      expect.arrayContaining(["legalName", "taxCode", "businessAddress"]),
    );
    const stored = JSON.stringify(events);
    for (const value of [
      "ACCESS-very-secret-1",
      "SECRET-very-secret-2",
      "0123456789",
      "0312345678",
      "Cara Co. Ltd",
    ])
      expect(stored).not.toContain(value);
  }, 60_000);

  it("recordSecurityEvent drops secrets whatever the caller passes (for the 2FA work)", async () => {
    await recordSecurityEvent(ctx.runtime.db, {
      userId: cara.userId,
      action: "two_factor.enabled",
      details: {
        method: "totp",
        secret: "JBSWY3DPEHPK3PXP",
        backupCodes: ["aaaa-bbbb", "cccc-dddd"],
        nested: { password: "hunter2", apiKey: "k", accessToken: "t", note: "sk_live_51Habc" },
        jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
      },
      ip: "2001:db8:abcd:12::1",
    });
    const [row] = (await eventsOf(cara.userId)).filter((e) => e.action === "two_factor.enabled");
    const stored = JSON.stringify(row.details);
    for (const secret of ["JBSWY3DPEHPK3PXP", "aaaa-bbbb", "hunter2", "sk_live_51Habc", "eyJhbGci"])
      expect(stored).not.toContain(secret);
    expect((row.details as { method: string }).method).toBe("totp");
    expect(row.ip).toBe("2001:db8:abcd::/48");
    expect(redactSecrets({ token: "x", list: [{ otp: "1" }], ok: 1 })).toEqual({
      token: "[redacted]",
      list: [{ otp: "[redacted]" }],
      ok: 1,
    });
  });
});
