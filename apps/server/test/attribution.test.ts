import type { CreatorOverview, CreatorRevenue } from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, landingPages, orders } from "../src/db/schema/index.ts";
import { LANDING_SCRIPT } from "../src/features/landing-pages/landing-public.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Issue 12 §3: the /lp visit's utm_source / utm_medium / utm_campaign and landing page are carried
 * to /join (by the page script), sent with Enroll Now, stored on the enrolment and the order, and
 * shown in creator analytics (Overview: enrolments by source; Revenue: by source and campaign).
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let uma: Account;
let freeCourse: string;
let paidCourse: string;
let freePage: { id: string; slug: string };
let paidPage: { id: string; slug: string };

const db = () => ctx.runtime.db;

async function pageOf(id: string) {
  const [row] = await db()
    .select({ id: landingPages.id, slug: landingPages.slug })
    .from(landingPages)
    .where(eq(landingPages.id, id));
  return row;
}

async function enroll(who: Account, courseId: string, body: unknown) {
  return ctx.request(`/api/courses/${courseId}/enroll`, { method: "POST", cookie: who.cookie, json: body });
}

async function enrolmentOf(who: Account, courseId: string) {
  const [row] = await db().select().from(enrollments).where(eq(enrollments.student_id, who.userId));
  expect(row.course_id).toBe(courseId);
  return row;
}

/** Today and yesterday as local dates of Asia/Ho_Chi_Minh (the creator's default zone). */
function range() {
  const local = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(d);
  return `from=${local(new Date(Date.now() - 86_400_000))}&to=${local(new Date())}`;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  uma = await signUpAndSignIn(ctx, { name: "Uma Creator" });
  freeCourse = await publishCourse(ctx, uma.cookie, oneLessonDraft("Free phở", { price: 0 }));
  paidCourse = await publishCourse(
    ctx,
    uma.cookie,
    oneLessonDraft("Paid phở", { price: 199000, currency: "VND" }),
  );
  freePage = await pageOf(await sellCourse(ctx, uma.cookie, freeCourse));
  paidPage = await pageOf(await sellCourse(ctx, uma.cookie, paidCourse));
});

afterAll(async () => {
  await ctx?.close();
});

describe("campaign attribution (issue 12 §3)", () => {
  it("keeps the campaign and landing page of a free enrolment, cleaned to lower case", async () => {
    const student = await signUpAndSignIn(ctx, { name: "From Facebook" });
    const r = await enroll(student, freeCourse, {
      landingPage: freePage.slug,
      utm_source: " Facebook ",
      utm_medium: "CPC",
      utm_campaign: "tet-2026",
    });
    expect(r.status).toBe(200);
    const row = await enrolmentOf(student, freeCourse);
    expect([row.utm_source, row.utm_medium, row.utm_campaign, row.landing_page_id]).toEqual([
      "facebook",
      "cpc",
      "tet-2026",
      freePage.id,
    ]);
  });

  it("drops invalid or over-long values without refusing the enrolment", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Bad Params" });
    const r = await enroll(student, freeCourse, {
      landingPage: freePage.slug,
      utm_source: "x".repeat(101),
      utm_medium: "<script>",
      utm_campaign: 42,
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { outcome: string }).outcome).toBe("created");
    const row = await enrolmentOf(student, freeCourse);
    expect([row.utm_source, row.utm_medium, row.utm_campaign, row.landing_page_id]).toEqual([
      null,
      null,
      null,
      freePage.id,
    ]);
  });

  it("keeps the campaign on the order of a paid course and on its pending enrolment", async () => {
    const student = await signUpAndSignIn(ctx, { name: "From Zalo" });
    const r = await enroll(student, paidCourse, {
      landingPage: paidPage.slug,
      utm_source: "zalo",
      utm_campaign: "spring",
    });
    expect(r.status).toBe(200);
    const { orderReference } = (await r.json()) as { orderReference: string };
    const [order] = await db().select().from(orders).where(eq(orders.reference, orderReference));
    expect([order.utm_source, order.utm_medium, order.utm_campaign, order.landing_page_id]).toEqual([
      "zalo",
      null,
      "spring",
      paidPage.id,
    ]);
    const row = await enrolmentOf(student, paidCourse);
    expect([row.utm_source, row.utm_campaign, row.payment_status]).toEqual(["zalo", "spring", "pending"]);
    // The creator confirms the payment (as issue 11's confirmation does: order paid, enrolment completed).
    await db().update(orders).set({ status: "paid", paid_at: new Date() }).where(eq(orders.id, order.id));
    await db().update(enrollments).set({ payment_status: "completed" }).where(eq(enrollments.id, row.id));
  });

  it("shows enrolments by source on the Overview and revenue by source and campaign", async () => {
    const overview = await ctx.request(`/api/analytics/creator/overview?${range()}`, { cookie: uma.cookie });
    expect(overview.status).toBe(200);
    const o = (await overview.json()) as CreatorOverview;
    // Facebook (free), direct (its parameters were dropped), Zalo (paid): one each, ties by name.
    expect(o.enrolmentsBySource).toEqual([
      { key: "direct", enrolments: 1 },
      { key: "facebook", enrolments: 1 },
      { key: "zalo", enrolments: 1 },
    ]);
    const revenue = await ctx.request(`/api/analytics/creator/revenue?${range()}`, { cookie: uma.cookie });
    const v = (await revenue.json()) as CreatorRevenue;
    const pick = (rows: CreatorRevenue["bySource"]) =>
      rows.map((x) => [x.label, x.currency, x.amount, x.orders]);
    expect(pick(v.bySource)).toEqual([["zalo", "VND", 199000, 1]]);
    expect(pick(v.byCampaign)).toEqual([["zalo / - / spring", "VND", 199000, 1]]);
  });
});

/**
 * Runs the landing page script (LANDING_SCRIPT) against a minimal page: the URL's query, the
 * referrer, one enrol link; records the events it sends and where the enrol click goes.
 */
async function runScript(search: string, referrer: string) {
  const sent: Array<Record<string, unknown>> = [];
  let clickHandler: ((ev: unknown) => void) | undefined;
  const link = {
    getAttribute: (name: string) => (name === "href" ? "/join/course-1?lp=pho" : null),
    closest: (selector: string) => (selector === "a[data-enrol]" ? link : { id: "hero" }),
  };
  const location = { search, host: "academy.test", href: "" };
  const document = {
    body: {
      getAttribute: (name: string) =>
        name === "data-slug" ? "pho" : name === "data-analytics" ? "{}" : null,
      hasAttribute: () => false,
    },
    referrer,
    addEventListener: (_type: string, fn: (ev: unknown) => void) => {
      clickHandler = fn;
    },
  };
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
  };
  const fetch = async (_url: string, init: { body: string }) => {
    sent.push(JSON.parse(init.body));
    return {};
  };
  const run = new Function(
    "window",
    "document",
    "location",
    "localStorage",
    "fetch",
    "setTimeout",
    LANDING_SCRIPT,
  );
  run({ innerWidth: 1280 }, document, location, localStorage, fetch, () => 0);
  clickHandler?.({ target: link, button: 0, preventDefault: () => {} });
  await new Promise((resolve) => setImmediate(resolve));
  return { sent, href: location.href };
}

describe("the landing page script carries the campaign (issue 12 §3)", () => {
  it("sends the utm parameters with the view and the conversion and appends them to the enrol link", async () => {
    const { sent, href } = await runScript(
      "?utm_source=Facebook&utm_medium=cpc&utm_campaign=tet%202026&ref=ANNA",
      "https://l.facebook.com/",
    );
    expect(sent.map((e) => [e.eventType, e.eventData])).toEqual([
      ["view", { utm_source: "facebook", utm_medium: "cpc", utm_campaign: "tet 2026" }],
      ["conversion", { source: "hero", utm_source: "facebook", utm_medium: "cpc", utm_campaign: "tet 2026" }],
    ]);
    expect(href).toBe(
      "/join/course-1?lp=pho&ref=ANNA&utm_source=facebook&utm_medium=cpc&utm_campaign=tet%202026",
    );
  });

  it("carries the referrer's channel as the source when the URL has none, and nothing for a direct visit", async () => {
    const fromZalo = await runScript("", "https://zalo.me/g/abc");
    expect(fromZalo.sent[0].eventData).toEqual({});
    expect(fromZalo.href).toBe("/join/course-1?lp=pho&utm_source=zalo");
    const direct = await runScript("?utm_source=%3Cscript%3E", "");
    expect(direct.href).toBe("/join/course-1?lp=pho");
    const sameSite = await runScript("", "https://academy.test/lp/other");
    expect(sameSite.href).toBe("/join/course-1?lp=pho");
  });
});
