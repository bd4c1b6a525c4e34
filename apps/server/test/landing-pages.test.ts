import {
  DEFAULT_SEO_DATA,
  DEFAULT_STYLE_DATA,
  type ErrorBody,
  type LandingPage,
  type LandingPageInput,
  type PaymentMethod,
  SAMPLE_TEXT_MESSAGE,
} from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courses,
  landingPageAnalytics,
  landingPages,
  paymentMethods,
  profiles,
  schools,
} from "../src/db/schema/index.ts";
import { LANDING_SCRIPT_PATH } from "../src/features/landing-pages/landing-public.ts";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // owner
let dan: Account; // another creator
let stu: Account; // a student
let courseId: string;
let danCourseId: string;
const PRICE = 1_990_000;
const SECRET = "momo-SECRET-value-9f8e7d";
const ACCESS = "momo-ACCESS-value-1a2b3c";
const CARD_SECRET = "sk_live_CARD_SECRET_42";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

function page(slug: string, extra: Partial<LandingPageInput> = {}): LandingPageInput {
  return {
    title: "Phở at home",
    description: "Cook phở at home, step by step.",
    slug,
    courseId,
    templateId: null,
    contentData: {
      sections: [
        {
          id: "hero",
          type: "hero",
          title: "",
          content: {
            headline: "Cook phở like a Hà Nội chef",
            subheadline: "Broth, noodles, herbs",
            ctaText: "Enroll Now",
          },
          styles: { backgroundColor: "transparent", textColor: "", padding: "2rem" },
        },
        {
          id: "price",
          type: "pricing_vn",
          title: "Tuition",
          content: { price: PRICE, originalPrice: 2_990_000, currency: "VND", features: ["All lessons"] },
          styles: { backgroundColor: "#FFF8E1", textColor: "", padding: "3rem" },
        },
      ],
    },
    styleData: DEFAULT_STYLE_DATA,
    seoData: {
      ...DEFAULT_SEO_DATA,
      metaTitle: "Phở course — learn to cook phở",
      metaDescription: "A step-by-step phở course in Vietnamese and English.",
      keywords: ["phở", "cooking"],
      ogTitle: "Phở at home",
      canonicalUrl: "https://academy.example/lp/pho",
    },
    isPublished: false,
    ...extra,
  };
}

async function create(who: Account, input: LandingPageInput): Promise<LandingPage> {
  const response = await call(who, "POST", "/api/landing-pages", input);
  if (response.status !== 201) throw new Error(`create failed ${response.status} ${await response.text()}`);
  return (await response.json()) as LandingPage;
}

async function publishCourse(who: Account, title: string): Promise<string> {
  const response = await call(who, "POST", "/api/courses/publish", {
    title,
    description: "Nấu phở tại nhà. Cook phở at home.",
    category: "creative",
    skillLevel: "beginner",
    estimatedDuration: 2,
    price: PRICE,
    currency: "VND",
    outline: [
      {
        id: "s1",
        title: "Broth",
        lessons: [
          {
            id: "l1",
            title: "Bones and spices",
            type: "text",
            duration: 15,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
    ],
  });
  if (response.status !== 200) throw new Error(`publish failed ${response.status} ${await response.text()}`);
  return ((await response.json()) as { courseId: string }).courseId;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Cara Nguyễn" });
  dan = await signUpAndSignIn(ctx, { name: "Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Stu" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
  courseId = await publishCourse(cara, "Phở at home");
  danCourseId = await publishCourse(dan, "Dan's course");
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("landing pages: create, save, publish", () => {
  it("creates a draft, lists it newest first with its course title, and updates in place", async () => {
    const created = await create(cara, page("pho-at-home"));
    expect(created).toMatchObject({
      slug: "pho-at-home",
      isPublished: false,
      courseTitle: "Phở at home",
      viewCount: 0,
    });
    expect(created.contentData.sections[1].styles.padding).toBe("3rem");
    const second = await create(cara, page("pho-two", { courseId: null }));
    const list = (await (await call(cara, "GET", "/api/landing-pages")).json()) as { pages: LandingPage[] };
    expect(list.pages.map((p) => p.id)).toEqual([second.id, created.id]);
    const saved = await call(
      cara,
      "PUT",
      `/api/landing-pages/${created.id}`,
      page("pho-at-home", { title: "Phở 2" }),
    );
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as LandingPage).title).toBe("Phở 2");
  });

  it("fills section defaults: padding 2rem and transparent background", async () => {
    const input = page("defaults-page");
    const sections = [{ id: "f", type: "features", content: { features: ["a"] } }];
    const created = await create(cara, { ...input, contentData: { sections } } as LandingPageInput);
    expect(created.contentData.sections[0].styles).toEqual({
      backgroundColor: "transparent",
      textColor: "",
      padding: "2rem",
    });
  });

  it("answers every validation message with 400 and writes nothing", async () => {
    const before = (await ctx.runtime.db.select().from(landingPages)).length;
    const cases: [Partial<LandingPageInput>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ slug: "" }, "URL slug is required"],
      [{ slug: "Not A Slug!" }, "The URL slug may contain only lowercase letters, numbers and hyphens"],
      [
        { seoData: { ...DEFAULT_SEO_DATA, metaTitle: "x".repeat(61) } },
        "Meta title must be at most 60 characters",
      ],
      [
        { seoData: { ...DEFAULT_SEO_DATA, metaDescription: "x".repeat(161) } },
        "Meta description must be at most 160 characters",
      ],
      [{ styleData: { ...DEFAULT_STYLE_DATA, borderRadius: 25 } }, "Border radius must be between 0 and 20"],
      [
        { styleData: { ...DEFAULT_STYLE_DATA, mobileFontScale: 0.5 } },
        "Mobile font scale must be between 0.8 and 1.5",
      ],
      [
        {
          seoData: {
            ...DEFAULT_SEO_DATA,
            analytics: { ...DEFAULT_SEO_DATA.analytics, googleAnalytics: "GA-1" },
          },
        },
        "Google Analytics ID must look like G-XXXXXXXXXX or UA-XXXXXXX-X",
      ],
      [
        {
          seoData: { ...DEFAULT_SEO_DATA, analytics: { ...DEFAULT_SEO_DATA.analytics, facebookPixel: "12" } },
        },
        "Facebook Pixel ID must be 15 or 16 digits",
      ],
      [
        {
          seoData: {
            ...DEFAULT_SEO_DATA,
            analytics: { ...DEFAULT_SEO_DATA.analytics, googleTagManager: "GTM" },
          },
        },
        "Google Tag Manager ID must look like GTM-XXXXXXX",
      ],
      [{ courseId: danCourseId }, "Choose one of your own courses."],
      [{ templateId: "00000000-0000-4000-8000-000000000000" }, "Template not found."],
      [
        { styleData: { ...DEFAULT_STYLE_DATA, primaryColor: "red" } },
        "Primary colour must be a hex colour like #1A237E",
      ],
      [
        { seoData: { ...DEFAULT_SEO_DATA, canonicalUrl: "ftp://example.com" } },
        "Canonical URL must start with http:// or https://",
      ],
      [
        {
          contentData: {
            sections: Array.from({ length: 51 }, (_, i) => ({
              id: `s${i}`,
              type: "faq",
              title: "",
              content: {},
            })),
          },
        },
        "A page can have at most 50 sections",
      ],
      [
        {
          contentData: {
            sections: [
              {
                id: "p",
                type: "cta",
                title: "",
                content: {},
                styles: { backgroundColor: "transparent", textColor: "", padding: "big" },
              },
            ],
          },
        },
        "Padding must look like 2rem or 16px",
      ],
    ];
    for (const [patch, message] of cases) {
      const response = await call(cara, "POST", "/api/landing-pages", page("bad-input", patch));
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect((await ctx.runtime.db.select().from(landingPages)).length).toBe(before);
  });

  it("keeps slugs unique across the platform with a clear message", async () => {
    const response = await call(
      dan,
      "POST",
      "/api/landing-pages",
      page("pho-at-home", { courseId: danCourseId }),
    );
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.message).toBe("This URL slug is already taken. Please choose another.");
    // issue 17 §6: a stable reason the web app translates (the English message stays for API clients).
    expect(error.reason).toBe("landing.slugTaken");
  });

  it("auto-save rules: a save without a title is refused; Save Draft and auto-save keep the page unpublished", async () => {
    const created = await create(cara, page("autosave-page", { isPublished: true }));
    const noTitle = await call(
      cara,
      "PUT",
      `/api/landing-pages/${created.id}`,
      page("autosave-page", { title: "  " }),
    );
    expect(noTitle.status).toBe(400);
    expect((await errorOf(noTitle)).message).toBe("Title is required");
    const draft = await call(
      cara,
      "PUT",
      `/api/landing-pages/${created.id}`,
      page("autosave-page", { isPublished: false }),
    );
    expect(((await draft.json()) as LandingPage).isPublished).toBe(false);
    expect((await ctx.request("/lp/autosave-page")).status).toBe(404);
  });

  it("refuses students (403) and anonymous callers (401) on create", async () => {
    const student = await call(stu, "POST", "/api/landing-pages", page("student-page", { courseId: null }));
    expect(student.status).toBe(403);
    expect((await call(null, "POST", "/api/landing-pages", page("anon-page"))).status).toBe(401);
  });
});

describe("templates", () => {
  it("lists at least three active templates with a starter, full sections, in English and Vietnamese; converts keyed blocks", async () => {
    const en = (await (await call(cara, "GET", "/api/landing-page-templates?locale=en")).json()) as {
      templates: { name: string; sections: { type: string }[]; category: string }[];
    };
    expect(en.templates.length).toBeGreaterThanOrEqual(3);
    expect(en.templates.some((t) => t.name.toLowerCase().includes("starter"))).toBe(true);
    const categories = en.templates.map((t) => t.category);
    expect(categories).toEqual([...categories].sort());
    const starter = en.templates.find((t) => t.name.includes("Starter"));
    expect(new Set(starter?.sections.map((s) => s.type))).toEqual(
      new Set([
        "hero",
        "features",
        "curriculum",
        "instructor",
        "testimonials",
        "pricing_vn",
        "faq",
        "cta",
        "contact_zalo",
      ]),
    );
    const classic = en.templates.find((t) => t.name === "Classic Academy");
    expect(classic?.sections.map((s) => s.type)).toEqual([
      "hero",
      "features",
      "instructor",
      "pricing",
      "faq",
      "cta",
    ]);
    const vi = (await (await call(cara, "GET", "/api/landing-page-templates?locale=vi")).json()) as typeof en;
    expect(vi.templates.find((t) => t.name.includes("Starter"))?.sections[0]).toMatchObject({
      content: { headline: "Làm chủ kỹ năng mới trong vài tuần" },
    });
    expect((await call(null, "GET", "/api/landing-page-templates")).status).toBe(401);
  });
});

describe("template sample text (issue 24 §1)", () => {
  it("refuses to publish a page that still shows a template's hero, testimonials or FAQ unless confirmed", async () => {
    const { templates } = (await (
      await call(cara, "GET", "/api/landing-page-templates?locale=vi")
    ).json()) as {
      templates: { name: string; sections: LandingPageInput["contentData"]["sections"] }[];
    };
    const starter = templates.find((t) => t.name.includes("Starter"));
    const sections = (starter?.sections ?? []).filter((x) =>
      ["hero", "testimonials", "faq"].includes(x.type),
    );
    expect(sections.map((x) => x.type).sort()).toEqual(["faq", "hero", "testimonials"]);
    const withSamples = page("sample-page", { contentData: { sections }, isPublished: true });

    const refusedResponse = await call(cara, "POST", "/api/landing-pages", withSamples);
    expect(refusedResponse.status).toBe(409);
    const refused = await refusedResponse.json();
    expect(refused).toMatchObject({
      error: { code: "CONFLICT", message: SAMPLE_TEXT_MESSAGE, reason: "landingSample.sampleText" },
    });
    const flagged = (refused as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path);
    expect(flagged.sort()).toEqual(sections.map((x) => `sections.${x.id}`).sort());
    // A draft is fine; publishing it needs the confirmation; with it the page goes live.
    const draft = await create(cara, { ...withSamples, slug: "sample-draft", isPublished: false });
    expect(
      (await call(cara, "PUT", `/api/landing-pages/${draft.id}`, { ...withSamples, slug: "sample-draft" }))
        .status,
    ).toBe(409);
    const confirmed = await call(cara, "PUT", `/api/landing-pages/${draft.id}`, {
      ...withSamples,
      slug: "sample-draft",
      confirmSampleText: true,
    });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { isPublished: boolean }).isPublished).toBe(true);
    // The creator's own words publish without a question.
    const own = sections
      .map((x) =>
        x.type === "hero"
          ? { ...x, content: { ...x.content, headline: "Phở của bà", subheadline: "Nấu như ở nhà" } }
          : x,
      )
      .filter((x) => x.type === "hero");
    expect(
      (await create(cara, page("own-words", { contentData: { sections: own }, isPublished: true }))).id,
    ).toBeTruthy();
  });
});

describe("payment methods", () => {
  let pageId: string;
  beforeAll(async () => {
    pageId = (await create(cara, page("pay-page"))).id;
  });

  it("saves the ordered set, encrypts secrets at rest and never returns them", async () => {
    const response = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [
        {
          methodType: "vietqr",
          isEnabled: true,
          configuration: { bankCode: "VCB", accountNumber: "1234567890", accountHolder: "CARA NGUYEN" },
        },
        {
          methodType: "momo",
          isEnabled: true,
          configuration: { partnerCode: "MOMO123", accessKey: ACCESS, secretKey: SECRET },
        },
        {
          methodType: "credit-card",
          isEnabled: false,
          configuration: { provider: "stripe", publicKey: "pk_1", secretKey: CARD_SECRET },
        },
        {
          methodType: "bank-transfer",
          isEnabled: true,
          configuration: {
            bankName: "ACB",
            accountNumber: "99887766",
            accountHolder: "CARA",
            swiftCode: "ASCBVNVX",
          },
        },
      ],
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(ACCESS);
    expect(text).not.toContain(CARD_SECRET);
    const methods = (JSON.parse(text) as { methods: PaymentMethod[] }).methods;
    expect(methods.map((m) => m.methodType)).toEqual(["vietqr", "momo", "credit-card", "bank-transfer"]);
    expect(methods[1]).toMatchObject({
      configuration: { partnerCode: "MOMO123" },
      secretsSet: { accessKey: true, secretKey: true },
    });
    const rows = await ctx.runtime.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.landing_page_id, pageId));
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain(CARD_SECRET);
    expect(rows.find((r) => r.method_type === "momo")?.secret_data).toMatch(/^v1\./);
  });

  it("keeps a stored secret when it is left out, replaces it when a new one is sent", async () => {
    const put = (secretKey?: string) =>
      call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
        methods: [
          {
            methodType: "momo",
            isEnabled: true,
            configuration: { partnerCode: "MOMO123", ...(secretKey ? { secretKey } : {}) },
          },
          {
            methodType: "vietqr",
            isEnabled: true,
            configuration: { bankCode: "VCB", accountNumber: "1234567890", accountHolder: "CARA NGUYEN" },
          },
          {
            methodType: "bank-transfer",
            isEnabled: true,
            configuration: {
              bankName: "ACB",
              accountNumber: "99887766",
              accountHolder: "CARA",
              swiftCode: "ASCBVNVX",
            },
          },
        ],
      });
    const kept = (await (await put()).json()) as { methods: PaymentMethod[] };
    expect(kept.methods[0].secretsSet).toEqual({ accessKey: true, secretKey: true });
    const replaced = await put("new-secret-value");
    expect(await replaced.text()).not.toContain("new-secret-value");
    const got = await call(cara, "GET", `/api/landing-pages/${pageId}/payment-methods`);
    const body = await got.text();
    expect(body).not.toContain("new-secret-value");
    expect(body).not.toContain(ACCESS);
    expect((JSON.parse(body) as { methods: PaymentMethod[] }).methods.map((m) => m.methodType)).toEqual([
      "momo",
      "vietqr",
      "bank-transfer",
    ]);
  });

  it("refuses a type added twice and a bad account number, writing nothing", async () => {
    const before = await ctx.runtime.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.landing_page_id, pageId));
    const twice = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [
        { methodType: "cash", isEnabled: true, configuration: { stores: "A", instructions: "" } },
        { methodType: "cash", isEnabled: true, configuration: { stores: "B", instructions: "" } },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).message).toBe("Each payment method can be added only once.");
    const badAccount = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [
        {
          methodType: "vietqr",
          isEnabled: true,
          configuration: { bankCode: "VCB", accountNumber: "12ab", accountHolder: "" },
        },
      ],
    });
    expect((await errorOf(badAccount)).message).toBe("Account number must be 6 to 19 digits");
    const badBank = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [
        {
          methodType: "vietqr",
          isEnabled: true,
          configuration: { bankCode: "XXX", accountNumber: "123456", accountHolder: "" },
        },
      ],
    });
    expect((await errorOf(badBank)).message).toBe("Choose a bank from the NAPAS bank list.");
    const badSwift = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [
        {
          methodType: "bank-transfer",
          isEnabled: true,
          configuration: { bankName: "ACB", accountNumber: "123456", accountHolder: "", swiftCode: "AB" },
        },
      ],
    });
    expect((await errorOf(badSwift)).message).toBe("SWIFT code must be 8 or 11 letters and digits");
    const after = await ctx.runtime.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.landing_page_id, pageId));
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it("the public page names the enabled methods in order, with no QR, account, transfer note or secret (issue 23 §6)", async () => {
    await call(cara, "PUT", `/api/landing-pages/${pageId}`, page("pay-page", { isPublished: true }));
    const html = await (await ctx.request("/lp/pay-page")).text();
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain(ACCESS);
    expect(html).not.toContain("new-secret-value");
    expect(html).not.toContain(CARD_SECRET);
    // The page's language is vi-VN (the default): Vietnamese labels, in the saved order.
    const payments = /<section class="lp-section lp-payments"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect([...payments.matchAll(/<li data-method="([a-z-]+)">/g)].map((m) => m[1])).toEqual([
      "momo",
      "vietqr",
      "bank-transfer",
    ]);
    expect(payments).toContain("Ví MoMo");
    expect(payments).toContain("Chuyển khoản ngân hàng");
    // Nothing payable: no QR image or EMV payload, no account number, SWIFT or transfer note.
    expect(html).not.toContain("data:image/png");
    expect(html).not.toMatch(/000201010212|A000000727/);
    expect(html).not.toContain("99887766");
    expect(html).not.toContain("1234567890");
    expect(html).not.toContain("ASCBVNVX");
    expect(html).not.toContain("Nội dung chuyển khoản");
  });
});

describe("the public page /lp/{slug}", () => {
  let draftId: string;
  beforeAll(async () => {
    await create(cara, page("pho-live", { isPublished: true }));
    draftId = (await create(cara, page("pho-draft"))).id;
  });

  it("sends the SEO tags in the HTML <head> without JavaScript, and the sections with the page's styles", async () => {
    const response = await ctx.request("/lp/pho-live");
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Phở course — learn to cook phở</title>");
    expect(head).toContain(
      '<meta name="description" content="A step-by-step phở course in Vietnamese and English.">',
    );
    expect(head).toContain('<meta name="keywords" content="phở, cooking">');
    expect(head).toContain('<meta name="robots" content="index,follow">');
    expect(head).toContain('<link rel="canonical" href="https://academy.example/lp/pho">');
    expect(head).toContain('<meta property="og:title" content="Phở at home">');
    expect(head).toContain('"@type":"Course"');
    expect(head).toContain('"priceCurrency":"VND"');
    expect(head).toContain(`"price":${PRICE}`);
    expect(head).toContain("--lp-primary:#1A237E");
    expect(head).toContain(`<script src="${LANDING_SCRIPT_PATH}" defer>`);
    expect(html).toContain("Cook phở like a Hà Nội chef");
    expect(html).toContain("background-color:#FFF8E1");
    expect(html).toContain(`href="/join/${courseId}?lp=pho-live" data-enrol`);
    expect(response.headers.get("content-security-policy")).toContain("https://www.googletagmanager.com");
    // "Report this page" (issue 14) leads to the web app's /report page for this page.
    const [{ id: liveId }] = await ctx.runtime.db
      .select({ id: landingPages.id })
      .from(landingPages)
      .where(eq(landingPages.slug, "pho-live"));
    expect(html).toContain(
      `href="/report?type=landing_page&amp;id=${liveId}&amp;back=%2Flp%2Fpho-live" rel="nofollow" style="color:inherit">Báo cáo trang này</a>`,
    );
    // The second request is a cache hit answered before the other middleware: same bytes and headers.
    const cached = await ctx.request("/lp/pho-live");
    expect(await cached.text()).toBe(html);
    expect(cached.headers.get("content-security-policy")).toBe(
      response.headers.get("content-security-policy"),
    );
    expect(cached.headers.get("x-content-type-options")).toBe("nosniff");
    expect(cached.headers.get("etag")).toBe(response.headers.get("etag"));
    const notModified = await ctx.request("/lp/pho-live", {
      headers: { "if-none-match": cached.headers.get("etag") ?? "" },
    });
    expect(notModified.status).toBe(304);
    const script = await ctx.request(LANDING_SCRIPT_PATH);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
  });

  it("carries the school's logo and name, back to its school page, and a guarantee only when set (issue 24 §6, §3)", async () => {
    await ctx.runtime.db
      .update(schools)
      .set({ name: "Cara Cooking School", logo_url: "/files/school-logo/cara.png" })
      .where(eq(schools.creator_id, cara.userId));
    const [school] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    await ctx.runtime.db.update(courses).set({ guarantee_days: 14 }).where(eq(courses.id, courseId));
    await create(cara, page("pho-school", { isPublished: true }));
    const html = await (await ctx.request("/lp/pho-school")).text();
    const bar = html.slice(html.indexOf('data-testid="lp-school"'), html.indexOf("</header>"));
    expect(bar).toContain(`<a href="/s/${school.slug}">`);
    expect(bar).toContain('<img src="/files/school-logo/cara.png"');
    expect(bar).toContain("<span>Cara Cooking School</span>");
    expect(html).toMatch(
      /<li class="lp-guarantee">(Hoàn tiền trong 14 ngày|14-day money-back guarantee)<\/li>/,
    );

    // No guarantee set: no guarantee line.
    await ctx.runtime.db.update(courses).set({ guarantee_days: null }).where(eq(courses.id, courseId));
    await create(cara, page("pho-school-2", { isPublished: true }));
    const plain = await (await ctx.request("/lp/pho-school-2")).text();
    expect(plain).not.toContain("lp-guarantee");
    expect(plain).toContain("Cara Cooking School");
  });

  it("shows 'Page Not Found' for unknown slugs and unpublished pages; preview=1 only for the owner", async () => {
    for (const path of ["/lp/nothing-here", "/lp/pho-draft", "/lp/pho-draft?preview=1"]) {
      const response = await ctx.request(path, { headers: { "accept-language": "en-US" } });
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
    }
    // issue 17 §6: the visitor's language, else the page's (pho-draft is a vi-VN page), else English.
    const unknown = await ctx.request("/lp/nothing-here");
    expect(await unknown.text()).toContain("<h1>Page Not Found</h1>");
    const viVisitor = await ctx.request("/lp/nothing-here", {
      headers: { "accept-language": "vi-VN,vi;q=0.9" },
    });
    expect(viVisitor.status).toBe(404);
    const viHtml = await viVisitor.text();
    expect(viHtml).toContain("<h1>Không tìm thấy trang</h1>");
    expect(viHtml).toContain('<html lang="vi">');
    const viCookie = await ctx.request("/lp/nothing-here", { cookie: "academy_lang=vi" });
    expect(await viCookie.text()).toContain("Không tìm thấy trang");
    const viPage = await ctx.request("/lp/pho-draft");
    expect(viPage.status).toBe(404);
    expect(await viPage.text()).toContain("Không tìm thấy trang");
    for (const who of [dan, stu]) {
      const response = await call(who, "GET", "/lp/pho-draft?preview=1");
      expect(response.status).toBe(404);
    }
    const owner = await call(cara, "GET", "/lp/pho-draft?preview=1");
    expect(owner.status).toBe(200);
    const html = await owner.text();
    expect(html).toContain("Cook phở like a Hà Nội chef");
    expect(html).toContain('content="noindex,nofollow"');
    expect(html).toContain("data-preview");
    expect(html).not.toContain("/report?type=landing_page");
    expect(owner.headers.get("cache-control")).toContain("no-store");
    // Unpublishing takes the cached page down at once.
    await call(cara, "PUT", `/api/landing-pages/${draftId}`, page("pho-draft", { isPublished: true }));
    expect((await ctx.request("/lp/pho-draft")).status).toBe(200);
    await call(cara, "PUT", `/api/landing-pages/${draftId}`, page("pho-draft", { isPublished: false }));
    expect((await ctx.request("/lp/pho-draft")).status).toBe(404);
  });

  it("records one view and one conversion per event with visitor, agent, referrer and device", async () => {
    const event = (eventType: string, deviceType = "mobile") =>
      ctx.request("/api/public/landing-pages/pho-live/events", {
        method: "POST",
        headers: { "user-agent": "TestAgent/1.0" },
        json: { eventType, visitorId: "v-123", deviceType, referrer: "https://zalo.me/x" },
      });
    expect((await event("view")).status).toBe(204);
    expect((await event("conversion", "desktop")).status).toBe(204);
    const [row] = await ctx.runtime.db.select().from(landingPages).where(eq(landingPages.slug, "pho-live"));
    expect(row.view_count).toBe(1);
    expect(row.conversion_count).toBe(1);
    const events = await ctx.runtime.db
      .select()
      .from(landingPageAnalytics)
      .where(eq(landingPageAnalytics.landing_page_id, row.id));
    expect(
      events.map((e) => [e.event_type, e.visitor_id, e.user_agent, e.referrer, e.device_type]).sort(),
    ).toEqual([
      ["conversion", "v-123", "TestAgent/1.0", "https://zalo.me/x", "desktop"],
      ["view", "v-123", "TestAgent/1.0", "https://zalo.me/x", "mobile"],
    ]);
    // Unpublished pages and bad events are not counted.
    expect(
      (
        await ctx.request("/api/public/landing-pages/pho-draft/events", {
          method: "POST",
          json: { eventType: "view", visitorId: "v", deviceType: "mobile" },
        })
      ).status,
    ).toBe(204);
    const [draft] = await ctx.runtime.db
      .select()
      .from(landingPages)
      .where(eq(landingPages.slug, "pho-draft"));
    expect(draft.view_count).toBe(0);
    const bad = await ctx.request("/api/public/landing-pages/pho-live/events", {
      method: "POST",
      json: { eventType: "click", visitorId: "v", deviceType: "mobile" },
    });
    expect(bad.status).toBe(400);
    const analytics = await call(cara, "GET", `/api/landing-pages/${row.id}/analytics`);
    expect(await analytics.json()).toEqual({
      views: 1,
      conversions: 1,
      byDevice: { mobile: { views: 1, conversions: 0 }, desktop: { views: 0, conversions: 1 } },
    });
  });

  it("How to pay ends with the Enrol call to action; no QR or payable code anywhere (issue 23 §6)", async () => {
    const { renderPublicLandingPage } = await import("../src/features/landing-pages/landing-public.ts");
    const rendered = await renderPublicLandingPage(ctx.runtime.db, "http://x", "pay-page", {
      preview: false,
      viewerId: null,
    });
    expect(rendered.status).toBe(200);
    const payments =
      /<section class="lp-section lp-payments"[\s\S]*?<\/section>/.exec(rendered.html)?.[0] ?? "";
    expect(payments).toContain(`href="/join/${courseId}?lp=pay-page" data-enrol>Đăng ký ngay</a>`);
    expect(payments).toContain("mã QR và nội dung chuyển khoản có mã đơn hàng của bạn");
    // The QR the page used to carry (course price, title as the note) is not there in any form.
    const { encodeVietQr } = await import("@academy/shared");
    const payload = encodeVietQr({
      bin: "970436",
      accountNumber: "1234567890",
      amount: PRICE,
      note: "Pho at home",
    });
    expect(rendered.html).not.toContain(payload);
    expect(rendered.html).not.toContain('<img class="lp-qr"');
    expect(rendered.html).not.toContain("Pho at home");
  });
});

describe("owner only: another creator, a student and anonymous are refused on every endpoint", () => {
  let pageId: string;
  beforeAll(async () => {
    pageId = (await create(cara, page("owner-only", { isPublished: true }))).id;
  });
  const endpoints = (id: string): [string, string, unknown?][] => [
    ["GET", `/api/landing-pages/${id}`],
    ["PUT", `/api/landing-pages/${id}`, page("owner-only-hijack", { courseId: null })],
    ["DELETE", `/api/landing-pages/${id}`],
    ["GET", `/api/landing-pages/${id}/payment-methods`],
    ["PUT", `/api/landing-pages/${id}/payment-methods`, { methods: [] }],
    ["GET", `/api/landing-pages/${id}/analytics`],
    ["GET", `/api/landing-pages/${id}/qr.png`],
  ];

  it("answers 404 to another creator and a student, 401 to anonymous, and changes nothing", async () => {
    for (const who of [dan, stu, null]) {
      for (const [method, path, json] of endpoints(pageId)) {
        const response = await call(who, method, path, json);
        expect(response.status, `${method} ${path}`).toBe(who ? 404 : 401);
      }
    }
    const [row] = await ctx.runtime.db.select().from(landingPages).where(eq(landingPages.id, pageId));
    expect(row.slug).toBe("owner-only");
    const list = (await (await call(dan, "GET", "/api/landing-pages")).json()) as { pages: LandingPage[] };
    expect(list.pages.some((p) => p.id === pageId)).toBe(false);
    const courses = (await (await call(dan, "GET", "/api/landing-page-courses")).json()) as {
      courses: { id: string }[];
    };
    expect(courses.courses.map((c) => c.id)).toEqual([danCourseId]);
    const context = await call(dan, "GET", `/api/landing-page-context?courseId=${courseId}`);
    expect(context.status).toBe(400);
  });

  it("the owner gets a QR code of the published page and deletes it with its payment methods", async () => {
    const qr = await call(cara, "GET", `/api/landing-pages/${pageId}/qr.png`);
    expect(qr.headers.get("content-type")).toBe("image/png");
    await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
      methods: [
        {
          methodType: "cash",
          isEnabled: true,
          configuration: { stores: "Shop 1", instructions: "Pay at the counter" },
        },
      ],
    });
    expect((await call(cara, "DELETE", `/api/landing-pages/${pageId}`)).status).toBe(204);
    expect(
      await ctx.runtime.db.select().from(paymentMethods).where(eq(paymentMethods.landing_page_id, pageId)),
    ).toEqual([]);
    expect((await ctx.request("/lp/owner-only")).status).toBe(404);
  });
});
