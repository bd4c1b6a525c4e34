import {
  DEFAULT_SEO_DATA,
  DEFAULT_STYLE_DATA,
  type ErrorBody,
  type LandingPage,
  type LandingPageInput,
  sectionContentProblem,
  templateSections,
} from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { landingPages } from "../src/db/schema/index.ts";
import { TEMPLATE_SEED } from "../src/features/landing-pages/seed-templates.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

/**
 * Issue 16 item 12: landing-page section content is validated per type on save (readable 400
 * naming the section), and a stored page with a bad section still answers /lp/{slug} with 200.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account;
let courseId: string;

const styles = { backgroundColor: "transparent", textColor: "", padding: "2rem" };
type Section = LandingPageInput["contentData"]["sections"][number];

function page(slug: string, sections: Section[], isPublished = false): LandingPageInput {
  return {
    title: "Bún chả",
    description: "Grill bún chả at home.",
    slug,
    courseId,
    templateId: null,
    contentData: { sections },
    styleData: DEFAULT_STYLE_DATA,
    seoData: DEFAULT_SEO_DATA,
    isPublished,
  };
}

const hero: Section = {
  id: "hero",
  type: "hero",
  title: "",
  content: { headline: "Grill like Hà Nội", subheadline: "Pork, herbs, dipping sauce", ctaText: "Join" },
  styles,
};
const pricing = (content: Record<string, unknown>): Section => ({
  id: "price",
  type: "pricing_vn",
  title: "Tuition",
  content: { priceOverride: true, price: 990_000, currency: "VND", features: ["All lessons"], ...content },
  styles,
});
const faq: Section = {
  id: "faq",
  type: "faq",
  title: "Questions",
  content: { items: [{ question: "Is it spicy?", answer: "Only if you like." }] },
  styles,
};

async function save(method: "POST" | "PUT", path: string, input: LandingPageInput) {
  return ctx.request(path, { method, cookie: cara.cookie, json: input });
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Cara" });
  courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Bún chả at home"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("section content is validated per type on save", () => {
  it("accepts every section of the seeded templates", () => {
    for (const template of TEMPLATE_SEED) {
      const data = template.template_data as { translations?: Record<string, unknown> };
      const all = [
        ...templateSections(template.template_data),
        ...Object.values(data.translations ?? {}).flatMap((t) => templateSections(t)),
      ];
      expect(all.length).toBeGreaterThan(0);
      for (const s of all)
        expect(sectionContentProblem(s.type, s.content), `${template.name} ${s.type}`).toBeNull();
    }
  });

  it("refuses an unknown currency with a 400 naming the section, and writes nothing", async () => {
    const response = await save(
      "POST",
      "/api/landing-pages",
      page("bun-cha-bad", [hero, pricing({ currency: "dollars" })]),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe(
      "Section 2 “Tuition” (pricing_vn): Currency must be a 3-letter code like VND or USD",
    );
    expect(
      await ctx.runtime.db.select().from(landingPages).where(eq(landingPages.slug, "bun-cha-bad")),
    ).toEqual([]);
  });

  it("refuses wrong shapes, sizes and depth on update, keeping the stored page", async () => {
    const created = await save("POST", "/api/landing-pages", page("bun-cha", [hero, pricing({}), faq]));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as LandingPage;
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 10; i++) {
      cursor.next = {};
      cursor = cursor.next as Record<string, unknown>;
    }
    const cases: Array<[Section[], string]> = [
      [
        [hero, pricing({ price: "a lot" })],
        "Section 2 “Tuition” (pricing_vn): Price must be a number like 1990000",
      ],
      [[hero, pricing({ price: -5 })], "Section 2 “Tuition” (pricing_vn): Price must be 0 or more"],
      [
        [{ ...faq, content: { items: "Is it spicy?" } }],
        "Section 1 “Questions” (faq): Questions must be a list",
      ],
      [
        [{ ...hero, content: { headline: "x".repeat(201) } }],
        "Section 1 (hero): Headline must be at most 200 characters",
      ],
      [
        [{ ...hero, content: { image: "javascript:alert(1)" } }],
        "Section 1 (hero): Image must be an uploaded image or an https:// address",
      ],
      [
        [
          hero,
          { ...faq, content: { items: Array.from({ length: 101 }, () => ({ question: "?", answer: "!" })) } },
        ],
        "Section 2 “Questions” (faq): At most 100 questions",
      ],
      [
        [{ ...faq, type: "custom", content: deep }],
        "Section 1 “Questions” (custom): Its content is nested too deeply",
      ],
      [
        [{ ...faq, type: "custom", content: { blob: "x".repeat(100_001) } }],
        "Section 1 “Questions” (custom): Its content must be at most 100,000 characters",
      ],
      [
        [{ ...hero, id: "z", type: "contact_zalo", title: "Zalo", content: { zaloNumber: "<script>" } }],
        "Section 1 “Zalo” (contact_zalo): Zalo number may hold digits, spaces and + ( ) . - only",
      ],
    ];
    for (const [sections, message] of cases) {
      const response = await save("PUT", `/api/landing-pages/${id}`, page("bun-cha", sections));
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toBe(message);
    }
    const [stored] = await ctx.runtime.db.select().from(landingPages).where(eq(landingPages.id, id));
    expect((stored.content_data as { sections: Section[] }).sections.map((s) => s.id)).toEqual([
      "hero",
      "price",
      "faq",
    ]);
    // Valid variants still save: numeric strings, lower-case codes, text features, empty values.
    const ok = await save(
      "PUT",
      `/api/landing-pages/${id}`,
      page("bun-cha", [hero, pricing({ price: "990000", currency: "usd", features: "One\nTwo" }), faq]),
    );
    expect(ok.status).toBe(200);
  });
});

describe("a stored bad section never breaks /lp/{slug}", () => {
  it("serves the page without the bad section (200) and logs it", async () => {
    const created = await save(
      "POST",
      "/api/landing-pages",
      page("bun-cha-live", [hero, pricing({}), faq], true),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as LandingPage;
    // Stored before validation existed: a currency Intl refuses (it threw: 500) and a features object.
    const bad = [
      hero,
      pricing({ currency: "dollars", price: 5 }),
      { ...faq, id: "broken", type: "features", title: "Broken", content: { features: { nope: true } } },
      faq,
    ];
    await ctx.runtime.db
      .update(landingPages)
      .set({ content_data: { sections: bad } })
      .where(eq(landingPages.id, id));
    const warn = vi.spyOn(ctx.runtime.logger, "warn");
    try {
      const response = await ctx.request("/lp/bun-cha-live");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Grill like Hà Nội");
      expect(html).toContain("Is it spicy?");
      expect(html).not.toContain('id="price"');
      expect(html).not.toContain('id="broken"');
      const logged = warn.mock.calls.map((c) => c[0] as unknown as Record<string, unknown>);
      expect(logged).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ slug: "bun-cha-live", sectionId: "price", sectionType: "pricing_vn" }),
          expect.objectContaining({ slug: "bun-cha-live", sectionId: "broken", sectionType: "features" }),
        ]),
      );
    } finally {
      warn.mockRestore();
    }
  });
});
