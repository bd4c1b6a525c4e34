import { type ErrorBody, mapErrorMessage } from "@academy/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, preLaunchSignups } from "../src/db/schema/index.ts";
import { createTestContext, type TestContext, uniqueEmail } from "./harness.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A Content-Security-Policy header as a map of directive → sources. */
function cspDirectives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe("security headers", () => {
  it.each(["/", "/api/health", "/api/nope", "/api/docs", "/dev/mailbox"])(
    "are set on %s",
    async (pathname) => {
      const response = await ctx.request(pathname);
      const csp = response.headers.get("content-security-policy");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    },
  );

  it("allow no inline or third-party scripts; the pages the server writes use a nonce", async () => {
    for (const pathname of ["/", "/api/health", "/dev/mailbox"]) {
      const csp = cspDirectives((await ctx.request(pathname)).headers.get("content-security-policy"));
      // index.html carries a per-response nonce (issue 25 item 7); nothing else is allowed.
      expect(
        csp.get("script-src")?.filter((s) => !/^'nonce-[A-Za-z0-9+/=]+'$/.test(s)),
        pathname,
      ).toEqual(["'self'"]);
    }
    const docs = cspDirectives((await ctx.request("/api/docs")).headers.get("content-security-policy"));
    // Swagger UI comes from the installed package (issue 16 item 17): no CDN; its start-up script
    // has this response's nonce instead of 'unsafe-inline' (issue 25 item 7).
    expect(docs.get("script-src")?.[0]).toBe("'self'");
    expect(docs.get("script-src")?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(docs.get("script-src")).toHaveLength(2);
    expect(docs.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("leave HSTS out outside production", async () => {
    for (const pathname of ["/", "/api/health"]) {
      expect((await ctx.request(pathname)).headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("mark API answers as not cacheable", async () => {
    expect((await ctx.request("/api/health")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("API basics", () => {
  it("answers health with the database status", async () => {
    const response = await ctx.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("refuses a JSON body over 1 MB with 413 and a JSON error, writing nothing", async () => {
    const [before] = await ctx.runtime.db.select({ n: count() }).from(preLaunchSignups);
    const response = await ctx.request("/api/pre-launch-signups", {
      method: "POST",
      json: { email: `${"a".repeat(1024 * 1024)}@example.com` },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String), reason: "server.bodyTooLarge" },
    });
    const [after] = await ctx.runtime.db.select({ n: count() }).from(preLaunchSignups);
    expect(after.n).toBe(before.n);
  });

  it("applies the body limit to the auth endpoints too", async () => {
    const response = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "x".repeat(1024 * 1024 + 1), email: "big@example.com", password: "correct-horse" },
    });
    expect(response.status).toBe(413);
  });

  it.each(["GET", "POST", "DELETE"])(
    "answers an unknown API path (%s) with a 404 JSON error",
    async (method) => {
      const response = await ctx.request("/api/nope", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    },
  );

  it("publishes an OpenAPI document listing the endpoints", async () => {
    const response = await ctx.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/pre-launch-signups",
        "/api/health",
        "/api/config",
        "/api/me",
        "/api/dashboard",
      ]),
    );
    expect(Object.keys(doc.paths["/api/pre-launch-signups"])).toEqual(["post"]);
  });

  it("reports Google sign-in as off without Google credentials", async () => {
    const response = await ctx.request("/api/config");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ googleEnabled: false, aiMode: "offline" });
  });
});

describe("POST /api/client-errors", () => {
  const valid = {
    message: "TypeError: x is undefined",
    stack: "at Foo (app.js:1:1)",
    timestamp: new Date().toISOString(),
    url: "http://localhost:3000/dashboard",
    userAgent: "Mozilla/5.0",
    component: "Global",
    route: "/dashboard",
  };

  it("accepts a valid record with 204 and logs it", async () => {
    const warn = vi.spyOn(ctx.runtime.logger, "warn");
    try {
      const response = await ctx.request("/api/client-errors", { method: "POST", json: valid });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ clientError: valid }), "client error");
    } finally {
      warn.mockRestore();
    }
  });

  it("drops network errors from reporting (spec 001 §8)", async () => {
    const warn = vi.spyOn(ctx.runtime.logger, "warn");
    try {
      const response = await ctx.request("/api/client-errors", {
        method: "POST",
        json: { ...valid, message: "TypeError: Failed to fetch" },
      });
      expect(response.status).toBe(204);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it.each([
    ["an empty object", {}],
    ["a bad timestamp", { ...valid, timestamp: "yesterday" }],
    ["a too-long message", { ...valid, message: "x".repeat(2001) }],
    ["a list", [1, 2, 3]],
  ])("rejects %s with 400", async (_label, body) => {
    const response = await ctx.request("/api/client-errors", { method: "POST", json: body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe("VALIDATION_FAILED");
  });

  it("rejects a body that is not JSON with 400", async () => {
    const response = await ctx.request("/api/client-errors", {
      method: "POST",
      body: "garbage",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(mapErrorMessage(((await response.json()) as ErrorBody).error.message)).toBe("json");
  });
});

describe("/dev/mailbox outside production", () => {
  it("lists captured messages newest first and shows a message's links", async () => {
    const first = uniqueEmail("mailbox-first");
    const second = uniqueEmail("mailbox-second");
    for (const email of [first, second]) {
      const response = await ctx.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Mailbox User", email, password: "correct-horse-battery" },
      });
      expect(response.status).toBe(200);
    }

    const list = await ctx.request("/dev/mailbox");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Dev mailbox");
    expect(html).toContain(first);
    expect(html).toContain(second);
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));

    const [mail] = await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.to_address, second));
    expect(mail.status).toBe("captured");
    expect(html).toContain(`href="/dev/mailbox/${mail.id}"`);
    const link = /http:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    const detail = await ctx.request(`/dev/mailbox/${mail.id}`);
    expect(detail.status).toBe(200);
    const page = await detail.text();
    expect(page).toContain(`class="mail-link" href="${link!.replaceAll("&", "&amp;")}"`);
    expect(page).toContain(second);
  });

  it("answers 404 for an unknown message", async () => {
    expect((await ctx.request("/dev/mailbox/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await ctx.request("/dev/mailbox/not-an-id")).status).toBe(404);
  });
});

describe("in production with Google configured", () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({
      NODE_ENV: "production",
      GOOGLE_CLIENT_ID: "client-id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "google-secret",
    });
    await prod.runtime.mailer.send(prod.runtime.db, {
      to: "secret-recipient@example.com",
      template: "t",
      subject: "Private subject",
      html: "<p>private</p>",
      text: "private",
    });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it("does not serve the dev mailbox", async () => {
    for (const pathname of ["/dev/mailbox", "/dev/mailbox/00000000-0000-0000-0000-000000000000"]) {
      const response = await prod.request(pathname);
      expect([200, 404, 503]).toContain(response.status);
      const body = await response.text();
      expect(body).not.toContain("Dev mailbox");
      expect(body).not.toContain("secret-recipient@example.com");
    }
  });

  it("sends HSTS", async () => {
    const response = await prod.request("/api/health");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("reports Google sign-in as on", async () => {
    expect(await (await prod.request("/api/config")).json()).toEqual({
      googleEnabled: true,
      aiMode: "offline",
    });
  });
});
