import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ErrorBody, LANDING_EVENT_DATA_MESSAGE, NUL_MESSAGE } from "@academy/shared";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import {
  certificates,
  courses,
  emailOutbox,
  enrollments,
  landingPageAnalytics,
  landingPages,
  rateLimit,
  studentInvitations,
  user,
} from "../src/db/schema/index.ts";
import { loadEnv } from "../src/env.ts";
import { CROSS_SITE_MESSAGE, trustedOriginPolicy } from "../src/lib/request-guards.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  TEST_ORIGIN,
  type TestContext,
  uniqueEmail,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // a creator
let courseId: string;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", TRUST_PROXY: "true" });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Phở at home"));
});
afterAll(async () => {
  await ctx?.close();
});

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

describe("NUL characters (issue 16 item 10)", () => {
  it("refuses a NUL in a JSON body with 400 and the readable message, writing nothing", async () => {
    const before = (await ctx.runtime.db.select().from(courses)).length;
    const response = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: cara.cookie,
      json: oneLessonDraft("Phở\u0000 at home"),
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe(NUL_MESSAGE);
    expect((await ctx.runtime.db.select().from(courses)).length).toBe(before);
  });

  it("refuses a NUL in a nested field of a large body (a course draft's outline)", async () => {
    const draft = oneLessonDraft("Nested NUL");
    draft.outline = [
      {
        id: "s1",
        title: "Start",
        lessons: [{ id: "l1", title: "Wel\u0000come", type: "text", duration: 10 }],
      },
    ];
    const response = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: cara.cookie,
      json: draft,
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(NUL_MESSAGE);
  });

  it("refuses a NUL in a sign-up (better-auth's own endpoint) and creates no account", async () => {
    const email = uniqueEmail("nul");
    const response = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Nul\u0000Name", email, password: "correct-horse-battery" },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(NUL_MESSAGE);
    expect(await ctx.runtime.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it("refuses a NUL in a path parameter and in a query parameter with 400", async () => {
    const inPath = await ctx.request("/api/courses/abc%00def", { cookie: cara.cookie });
    expect(inPath.status).toBe(400);
    expect((await errorOf(inPath)).message).toBe(NUL_MESSAGE);
    const inQuery = await ctx.request("/api/courses?search=ph%00o", { cookie: cara.cookie });
    expect(inQuery.status).toBe(400);
    expect((await errorOf(inQuery)).message).toBe(NUL_MESSAGE);
    const publicPath = await ctx.request("/api/public/courses/%00");
    expect(publicPath.status).toBe(400);
  });

  it("accepts the text '\\u0000' (a backslash, not a NUL) and ordinary text", async () => {
    const title = "Escapes \\u0000 are text";
    const id = await publishCourse(ctx, cara.cookie, oneLessonDraft(title));
    const [row] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, id));
    expect(row.title).toBe(title);
  });
});

describe("$ patterns in server-rendered heads (issue 16 item 11)", () => {
  // Each of these is a special pattern of String.prototype.replace's replacement string.
  const TITLE = "Cook $` and $& and $' and $$ fast";
  const SHELL =
    '<!doctype html><html><head><title>Academy</title><meta name="description" content="Courses" /></head><body><div id="root"></div></body></html>';
  let webDist: string;
  let app: ReturnType<typeof createApp>["app"];
  let dollarCourseId: string;
  const CERTIFICATE_ID = "DOLLAR2345";

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "academy-web-"));
    writeFileSync(path.join(webDist, "index.html"), SHELL);
    app = createApp(ctx.runtime, { webDist }).app;
    dollarCourseId = await publishCourse(ctx, cara.cookie, oneLessonDraft(TITLE));
    const [enrolment] = await ctx.runtime.db
      .insert(enrollments)
      .values({ course_id: dollarCourseId, student_id: cara.userId })
      .returning();
    await ctx.runtime.db.insert(certificates).values({
      id: CERTIFICATE_ID,
      enrollment_id: enrolment.id,
      student_id: cara.userId,
      course_id: dollarCourseId,
      student_name: "Ann $& $`",
      course_title: TITLE,
      completion_date: new Date("2026-11-21T10:00:00Z"),
    });
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  /** The shell must appear once, intact, with the title escaped exactly once in the head. */
  function expectIntactHead(html: string, title: string) {
    expect(html).toContain(`<title>${title}</title>`);
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
  }

  it("/join/{id} shows a title with $` $& $' $$ verbatim", async () => {
    const response = await app.request(`${TEST_ORIGIN}/join/${dollarCourseId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expectIntactHead(html, "Cook $` and $&amp; and $&#39; and $$ fast · Academy");
    expect(html).toContain(
      '<meta property="og:title" content="Cook $` and $&amp; and $&#39; and $$ fast · Academy" />',
    );
  });

  it("/certificates/{id} shows a course title and name with $ patterns verbatim", async () => {
    const response = await app.request(`${TEST_ORIGIN}/certificates/${CERTIFICATE_ID}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expectIntactHead(html, "Certificate: Cook $` and $&amp; and $&#39; and $$ fast — Ann $&amp; $`");
    expect(html).toContain('"name":"Certificate of Completion: Cook $` and $& and $\' and $$ fast"');
  });
});

describe("CSV formula injection (issue 16 item 7)", () => {
  const DANGEROUS = [
    '=HYPERLINK("http://evil.example","x")',
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    "\tTabbed",
    "\rReturn",
  ];

  /** The cells of a CSV export (BOM stripped), parsed back as a spreadsheet would read them. */
  async function cellsOf(response: Response): Promise<string[][]> {
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    return Papa.parse<string[]>(text.trim(), { newline: "\r\n" }).data;
  }

  it("escapes course titles beginning with = + - @ tab or CR in the courses export", async () => {
    for (const title of DANGEROUS) {
      const [row] = await ctx.runtime.db
        .insert(courses)
        .values({ creator_id: cara.userId, title, slug: `csv-${Math.random().toString(36).slice(2)}` })
        .returning({ id: courses.id });
      expect(row.id).toBeTruthy();
    }
    const cells = await cellsOf(await ctx.request("/api/courses/export.csv", { cookie: cara.cookie }));
    const titles = cells.slice(1).map((line) => line[0]);
    for (const title of DANGEROUS) expect(titles).toContain(`'${title}`);
    expect(titles).toContain("Phở at home");
    // Nothing a spreadsheet would evaluate is left at the start of a cell.
    for (const line of cells.slice(1)) expect(line[0]).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("escapes student names beginning with = + - @ tab or CR in the students export", async () => {
    for (const name of DANGEROUS.slice(0, 4)) {
      const student = await signUpAndSignIn(ctx, { name });
      await ctx.runtime.db.insert(enrollments).values({ course_id: courseId, student_id: student.userId });
    }
    const cells = await cellsOf(await ctx.request("/api/students/export.csv", { cookie: cara.cookie }));
    expect(cells[0][0]).toBe("Name");
    const names = cells.slice(1).map((line) => line[0]);
    for (const name of DANGEROUS.slice(0, 4)) expect(names).toContain(`'${name}`);
    // Progress is still a plain number.
    for (const line of cells.slice(1)) expect(line[3]).toMatch(/^\d+$/);
  });
});

describe("CSRF: Origin and Sec-Fetch-Site on state-changing /api requests (issue 16 item 15)", () => {
  /** A request straight to the app with exactly the given headers (the harness adds a trusted Origin). */
  function raw(
    pathname: string,
    init: { method?: string; headers?: Record<string, string>; json?: unknown; cookie?: string },
    app = ctx.app,
  ) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    return Promise.resolve(
      app.request(`${TEST_ORIGIN}${pathname}`, {
        method: init.method ?? "POST",
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      }),
    );
  }

  async function courseCount() {
    return (await ctx.runtime.db.select().from(courses).where(eq(courses.creator_id, cara.userId))).length;
  }

  it("refuses a cross-site POST with the victim's cookie (foreign Origin) with 403 and writes nothing", async () => {
    const before = await courseCount();
    const response = await raw("/api/courses/publish", {
      cookie: cara.cookie,
      headers: { origin: "https://evil.example" },
      json: oneLessonDraft("Forged"),
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ code: "FORBIDDEN", message: CROSS_SITE_MESSAGE });
    expect(await courseCount()).toBe(before);
  });

  it("refuses Sec-Fetch-Site cross-site and same-site without a trusted Origin, on PATCH and DELETE too", async () => {
    for (const [method, site] of [
      ["PATCH", "cross-site"],
      ["DELETE", "same-site"],
    ] as const) {
      const response = await raw(`/api/courses/${courseId}`, {
        method,
        cookie: cara.cookie,
        headers: { "sec-fetch-site": site },
        json: method === "PATCH" ? { isPublished: false } : undefined,
      });
      expect(response.status).toBe(403);
    }
    const [row] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, courseId));
    expect(row.is_published).toBe(true);
  });

  it("refuses a cross-site sign-in and sign-out (better-auth endpoints)", async () => {
    const signIn = await raw("/api/auth/sign-in/email", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      json: { email: cara.email, password: cara.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    const signOut = await raw("/api/auth/sign-out", {
      cookie: cara.cookie,
      headers: { origin: "https://evil.example" },
      json: {},
    });
    expect(signOut.status).toBe(403);
    const me = await ctx.request("/api/me", { cookie: cara.cookie });
    expect(me.status).toBe(200);
  });

  it("lets same-origin browsers, trusted origins, non-browser clients and GETs through", async () => {
    const sameOrigin = await raw(`/api/courses/${courseId}`, {
      method: "PATCH",
      cookie: cara.cookie,
      headers: { "sec-fetch-site": "same-origin", origin: TEST_ORIGIN },
      json: { isPublished: true },
    });
    expect(sameOrigin.status).toBe(200);
    const noHeaders = await raw(`/api/courses/${courseId}`, {
      method: "PATCH",
      cookie: cara.cookie,
      json: { isPublished: true },
    });
    expect(noHeaders.status).toBe(200);
    const crossSiteGet = await raw("/api/courses", {
      method: "GET",
      cookie: cara.cookie,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSiteGet.status).toBe(200);
  });

  it("trusts TRUSTED_ORIGINS and an extra policy (a school's verified custom domain)", async () => {
    const policy = trustedOriginPolicy(
      {
        appUrl: TEST_ORIGIN,
        trustedOrigins: loadEnv({ TRUSTED_ORIGINS: "https://learn.example.com/, http://10.0.0.5:8080" })
          .trustedOrigins,
      },
      (origin) => origin === "https://school.example.vn",
    );
    expect(await policy(TEST_ORIGIN)).toBe(true);
    expect(await policy("https://learn.example.com")).toBe(true);
    expect(await policy("http://10.0.0.5:8080")).toBe(true);
    expect(await policy("https://school.example.vn")).toBe(true);
    expect(await policy("https://evil.example")).toBe(false);
    expect(await policy("http://localhost:3000.evil.example")).toBe(false);

    const custom = createApp(ctx.runtime, {
      originPolicy: (origin) => origin === "https://school.example.vn",
    }).app;
    const fromSchool = await raw(
      `/api/courses/${courseId}`,
      {
        method: "PATCH",
        cookie: cara.cookie,
        headers: { origin: "https://school.example.vn", "sec-fetch-site": "cross-site" },
        json: { isPublished: true },
      },
      custom,
    );
    expect(fromSchool.status).toBe(200);
  });

  it("exempts server-to-server payment callbacks under /api/payments/callbacks/", async () => {
    const callback = await raw("/api/payments/callbacks/momo/some-method", {
      headers: { origin: "https://payment.momo.vn", "sec-fetch-site": "cross-site" },
      json: { resultCode: 0 },
    });
    expect(callback.status).not.toBe(403);
    const elsewhere = await raw("/api/payments/other", {
      headers: { origin: "https://payment.momo.vn" },
      json: {},
    });
    expect(elsewhere.status).toBe(403);
  });
});

describe("landing-page events (issue 16 item 4)", () => {
  let pageId: string;
  beforeAll(async () => {
    const [row] = await ctx.runtime.db
      .insert(landingPages)
      .values({ creator_id: cara.userId, title: "Events", slug: "events-page", is_published: true })
      .returning({ id: landingPages.id });
    pageId = row.id;
  });
  let ipCounter = 0;
  function event(body: Record<string, unknown>, ip?: string) {
    ipCounter += 1;
    return ctx.request("/api/public/landing-pages/events-page/events", {
      method: "POST",
      ip: ip ?? `10.20.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
      json: { eventType: "view", deviceType: "mobile", ...body },
    });
  }
  async function counts() {
    const [row] = await ctx.runtime.db.select().from(landingPages).where(eq(landingPages.id, pageId));
    return { views: row.view_count, conversions: row.conversion_count };
  }

  it("bounds eventData: at most 10 short keys, strings ≤ 200 characters", async () => {
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key_${i}`, "x".repeat(200)]));
    expect((await event({ visitorId: "bound-ok", eventType: "conversion", eventData: ten })).status).toBe(
      204,
    );
    const before = (await ctx.runtime.db.select().from(landingPageAnalytics)).length;
    for (const eventData of [
      { ...ten, key_10: 1 },
      { ["k".repeat(41)]: 1 },
      { "bad key": 1 },
      { note: "x".repeat(201) },
      { nested: { deep: { deeper: 1 } } },
    ]) {
      const response = await event({ visitorId: "bound-bad", eventData });
      expect(response.status).toBe(400);
    }
    const eleven = await event({ visitorId: "bound-bad", eventData: { ...ten, key_10: 1 } });
    expect((await errorOf(eleven)).message).toBe(LANDING_EVENT_DATA_MESSAGE);
    expect((await ctx.runtime.db.select().from(landingPageAnalytics)).length).toBe(before);
  });

  it("counts a visitor's view once per page per 30 minutes; conversions always count", async () => {
    const start = await counts();
    expect((await event({ visitorId: "once" })).status).toBe(204);
    expect((await event({ visitorId: "once" })).status).toBe(204);
    expect((await event({ visitorId: "other" })).status).toBe(204);
    expect((await counts()).views).toBe(start.views + 2);
    expect((await event({ visitorId: "once", eventType: "conversion" })).status).toBe(204);
    expect((await counts()).conversions).toBe(start.conversions + 1);
    // 31 minutes later the same visitor counts again.
    await ctx.runtime.db
      .update(landingPageAnalytics)
      .set({ created_at: new Date(Date.now() - 31 * 60_000) })
      .where(eq(landingPageAnalytics.visitor_id, "once"));
    expect((await event({ visitorId: "once" })).status).toBe(204);
    expect((await counts()).views).toBe(start.views + 3);
  });

  it("rate-limits per visitor (20 a minute) and per address (120 a minute) in the database", async () => {
    for (let i = 0; i < 20; i++)
      expect((await event({ visitorId: "busy", eventType: "conversion" })).status).toBe(204);
    const over = await event({ visitorId: "busy", eventType: "conversion" });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("60");
    expect((await errorOf(over)).code).toBe("RATE_LIMITED");

    for (let i = 0; i < 120; i++)
      expect((await event({ visitorId: `crowd-${i}` }, "10.99.0.1")).status).toBe(204);
    expect((await event({ visitorId: "crowd-last" }, "10.99.0.1")).status).toBe(429);
    expect((await event({ visitorId: "crowd-last" }, "10.99.0.2")).status).toBe(204);
    const stored = await ctx.runtime.db
      .select()
      .from(landingPageAnalytics)
      .where(eq(landingPageAnalytics.visitor_id, "crowd-last"));
    expect(stored).toHaveLength(1);
  });
});

describe("unsolicited mail and enrolment (issue 16 item 8)", () => {
  let dan: Account; // another creator
  beforeAll(async () => {
    dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  });
  function invite(email: string, who = cara) {
    return ctx.request("/api/invitations", {
      method: "POST",
      cookie: who.cookie,
      json: { email, courseIds: [courseId] },
    });
  }

  it("a creator revokes a pending invitation: its link stops working; nobody else can revoke it", async () => {
    const email = uniqueEmail("revoked");
    const sent = await invite(email);
    expect(sent.status).toBe(201);
    const { invitationId, invitationLink } = (await sent.json()) as {
      invitationId: string;
      invitationLink: string;
    };
    const token = new URL(invitationLink).searchParams.get("invitation")!;
    const revokePath = `/api/invitations/${invitationId}/revoke`;
    expect((await ctx.request(revokePath, { method: "POST", json: {} })).status).toBe(401);
    expect((await ctx.request(revokePath, { method: "POST", cookie: dan.cookie, json: {} })).status).toBe(
      404,
    );
    expect((await ctx.request(`/api/invitations/lookup?token=${token}`)).status).toBe(200);
    expect((await ctx.request(revokePath, { method: "POST", cookie: cara.cookie, json: {} })).status).toBe(
      204,
    );
    const [row] = await ctx.runtime.db
      .select()
      .from(studentInvitations)
      .where(eq(studentInvitations.id, invitationId));
    expect(row.status).toBe("revoked");
    expect((await ctx.request(`/api/invitations/lookup?token=${token}`)).status).toBe(404);
    expect((await ctx.request(revokePath, { method: "POST", cookie: cara.cookie, json: {} })).status).toBe(
      404,
    );
  });

  it("assigning an existing account e-mails the student an invitation (issue 25 item 5)", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Assigned Amy" });
    const before = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to_address, student.email));
    const assigned = await ctx.request("/api/students/assign", {
      method: "POST",
      cookie: cara.cookie,
      json: { email: student.email, courseId },
    });
    expect(assigned.status).toBe(201);
    const after = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to_address, student.email));
    expect(after.length).toBe(before.length + 1);
    const mail = after.at(-1)!;
    expect(mail.template).toBe("invitation");
    expect(mail.text).toContain("/auth?invitation=");
  });

  it("limits invitations, assignments and bulk-e-mail recipients per creator per day, in the database", async () => {
    expect((await invite(uniqueEmail("limit"), dan)).status).toBe(404); // dan has no such course: not counted
    const danCourse = await publishCourse(ctx, dan.cookie, oneLessonDraft("Dan's course"));
    const first = await ctx.request("/api/invitations", {
      method: "POST",
      cookie: dan.cookie,
      json: { email: uniqueEmail("limit"), courseIds: [danCourse] },
    });
    expect(first.status).toBe(201);
    // The day's counter for Dan's invitations: 99 more were sent.
    await ctx.runtime.db
      .update(rateLimit)
      .set({ count: 100 })
      .where(eq(rateLimit.key, `daily:invitations:${dan.userId}`));
    const invitationsBefore = (await ctx.runtime.db.select().from(studentInvitations)).length;
    const over = await ctx.request("/api/invitations", {
      method: "POST",
      cookie: dan.cookie,
      json: { email: uniqueEmail("limit"), courseIds: [danCourse] },
    });
    expect(over.status).toBe(429);
    expect(await errorOf(over)).toEqual({
      code: "RATE_LIMITED",
      message: "Daily limit reached: at most 100 invitations a day. Please try again tomorrow.",
    });
    expect((await ctx.runtime.db.select().from(studentInvitations)).length).toBe(invitationsBefore);
    // Another creator is not affected.
    expect((await invite(uniqueEmail("free"))).status).toBe(201);

    // Assignments.
    const learner = await signUpAndSignIn(ctx);
    await ctx.runtime.db.insert(rateLimit).values({
      id: `t-${dan.userId}`,
      key: `daily:assignments:${dan.userId}`,
      count: 100,
      lastRequest: Date.now(),
    });
    const assign = await ctx.request("/api/students/assign", {
      method: "POST",
      cookie: dan.cookie,
      json: { email: learner.email, courseId: danCourse },
    });
    expect(assign.status).toBe(429);
    expect(
      await ctx.runtime.db.select().from(enrollments).where(eq(enrollments.student_id, learner.userId)),
    ).toHaveLength(0);

    // Bulk e-mail: 2 recipients when 9,999 of 10,000 are used.
    const [enrolment] = await ctx.runtime.db
      .insert(enrollments)
      .values({ course_id: danCourse, student_id: learner.userId })
      .returning({ id: enrollments.id });
    const other = await signUpAndSignIn(ctx);
    const [enrolment2] = await ctx.runtime.db
      .insert(enrollments)
      .values({ course_id: danCourse, student_id: other.userId })
      .returning({ id: enrollments.id });
    await ctx.runtime.db.insert(rateLimit).values({
      id: `b-${dan.userId}`,
      key: `daily:bulkEmailRecipients:${dan.userId}`,
      count: 9_999,
      lastRequest: Date.now(),
    });
    const bulk = await ctx.request("/api/students/email", {
      method: "POST",
      cookie: dan.cookie,
      json: { enrollmentIds: [enrolment.id, enrolment2.id], emailType: "reminder" },
    });
    expect(bulk.status).toBe(429);
    expect((await errorOf(bulk)).message).toContain("10000 bulk e-mail recipients");
  });
});
