import {
  DEFAULT_SEO_DATA,
  DEFAULT_STYLE_DATA,
  type ErrorBody,
  type LandingPageInput,
  type SchoolBranding,
} from "@academy/shared";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { isDatabaseUnavailable, STALE_HEADER } from "../src/features/operations/operations.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

/**
 * Issue 25 item 5, security finding #18: when the database refuses connections (SQLSTATE 55000
 * "not currently accepting connections", 57P01–57P03, class 08, or a closed PGlite) every route
 * answers 503 with Retry-After, never 500; /lp/{slug} and /s/{slug} serve their last good render
 * when this server has one. On PostgreSQL the audit's reproduction is used (ALTER DATABASE …
 * ALLOW_CONNECTIONS false and terminating the backends); on PGlite the database is closed.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account;
let courseId: string;
let schoolSlug: string;
let databaseName: string;
const info = inject("testDatabase");

function landingPage(slug: string): LandingPageInput {
  return {
    title: "Phở at home",
    description: "Cook phở at home.",
    slug,
    courseId,
    templateId: null,
    contentData: {
      sections: [
        {
          id: "hero",
          type: "hero",
          title: "",
          content: { headline: "Cook phở like a Hà Nội chef", subheadline: "Broth", ctaText: "Enroll Now" },
          styles: { backgroundColor: "transparent", textColor: "", padding: "2rem" },
        },
      ],
    },
    styleData: DEFAULT_STYLE_DATA,
    seoData: DEFAULT_SEO_DATA,
    isPublished: true,
  };
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  if (info.kind !== "postgres") throw new Error("PostgreSQL only");
  const client = new pg.Client({ connectionString: info.url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The audit's outage: the database refuses new connections and the open ones are ended. */
async function takeDatabaseDown() {
  if (info.kind === "pglite") {
    await ctx.runtime.handle.close();
    return;
  }
  await admin(async (client) => {
    await client.query(`alter database ${databaseName} allow_connections false`);
    await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName],
    );
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Phở 101"));
  const created = await ctx.request("/api/landing-pages", {
    method: "POST",
    cookie: cara.cookie,
    json: landingPage("pho-outage"),
  });
  expect(created.status).toBe(201);
  const branding = await ctx.request("/api/schools/me/branding", { cookie: cara.cookie });
  schoolSlug = ((await branding.json()) as SchoolBranding).slug;
  const result = (await ctx.runtime.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  databaseName = result.rows[0]?.name ?? "";
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  if (info.kind !== "pglite" && databaseName)
    await admin((client) => client.query(`alter database ${databaseName} allow_connections true`));
  await ctx?.close().catch(() => {});
});

describe("connection refusals are classified (finding #18)", () => {
  it("counts 55000 'not accepting connections', 57P01–57P03, 08xxx and a closed PGlite; not query errors", () => {
    const err = (code: string, message = "x") => Object.assign(new Error(message), { code });
    expect(
      isDatabaseUnavailable(err("55000", 'database "academy" is not currently accepting connections')),
    ).toBe(true);
    for (const code of ["57P01", "57P02", "57P03", "08000", "08003", "08006", "08P01"])
      expect(isDatabaseUnavailable(err(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
    // The same SQLSTATE for a query mistake stays a 500.
    expect(
      isDatabaseUnavailable(err("55000", 'currval of sequence "s" is not yet defined in this session')),
    ).toBe(false);
    expect(isDatabaseUnavailable(err("23505", "duplicate key"))).toBe(false);
  });
});

describe("the database refuses connections (finding #18)", () => {
  it("serves /lp and /s from their last good render, and 503 with Retry-After everywhere else", async () => {
    // Good renders while the database is up.
    const lp = await ctx.request("/lp/pho-outage");
    expect(lp.status).toBe(200);
    const lpHtml = await lp.text();
    expect(lpHtml).toContain("Cook phở like a Hà Nội chef");
    const school = await ctx.request(`/s/${schoolSlug}`);
    expect(school.status).toBe(200);
    const schoolHtml = await school.text();

    await takeDatabaseDown();
    // Much later: the renders are no longer fresh, only the last good copy.
    const later = Date.now() + 10 * 60_000;
    vi.spyOn(Date, "now").mockImplementation(() => later);

    const staleLp = await ctx.request("/lp/pho-outage");
    expect(staleLp.status).toBe(200);
    expect(staleLp.headers.get(STALE_HEADER)).toBe("1");
    expect(await staleLp.text()).toBe(lpHtml);
    const staleSchool = await ctx.request(`/s/${schoolSlug}`);
    expect(staleSchool.status).toBe(200);
    expect(staleSchool.headers.get(STALE_HEADER)).toBe("1");
    expect(await staleSchool.text()).toBe(schoolHtml);

    const requests: Array<[string, RequestInit & { json?: unknown; cookie?: string }]> = [
      ["/lp/never-rendered", {}],
      [`/s/${schoolSlug}?page=2`, {}],
      ["/api/me", { cookie: cara.cookie }],
      ["/api/courses", { cookie: cara.cookie }],
      [`/api/public/courses/${courseId}/school-brand`, {}],
      ["/api/health", {}],
      ["/api/conversations", { cookie: cara.cookie }],
      ["/api/landing-pages", { method: "POST", cookie: cara.cookie, json: landingPage("another") }],
      ["/api/auth/get-session", { cookie: cara.cookie }],
      [
        "/api/payments/callbacks/momo/00000000-0000-4000-8000-000000000000",
        { method: "POST", json: { orderId: "x", resultCode: 0 } },
      ],
    ];
    for (const [path, init] of requests) {
      const response = await ctx.request(path, init);
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(503);
      expect(Number(response.headers.get("retry-after")), path).toBeGreaterThan(0);
      if (path.startsWith("/api/") && !path.startsWith("/api/auth/") && path !== "/api/health")
        expect(((await response.json()) as ErrorBody).error.code, path).toBe("UNAVAILABLE");
    }
  });
});
