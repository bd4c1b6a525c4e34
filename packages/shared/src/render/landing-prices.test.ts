import { describe, expect, it } from "vitest";
import {
  courseStructuredData,
  createSection,
  DEFAULT_SECTION_STYLES,
  DEFAULT_STYLE_DATA,
  defaultSectionContent,
  type LandingSection,
  sectionPrice,
} from "../rules/landing-pages.ts";
import { sectionsWithSampleText } from "../rules/landing-sample-text.ts";
import { type RenderCourse, type RenderInput, renderLandingBody } from "./landing-page.ts";

/** Issue 17 item 3: landing-page prices follow the course; template sample text is flagged. */
const templatePricing: LandingSection = {
  id: "p",
  type: "pricing_vn",
  title: "Tuition",
  content: { price: 1_990_000, originalPrice: 2_990_000, currency: "VND", features: ["All lessons"] },
  styles: DEFAULT_SECTION_STYLES,
};
const course = (price: number, currency = "VND"): RenderInput["course"] => ({
  id: "c",
  title: "Phở",
  description: null,
  price,
  currency,
  enrollmentCount: 0,
  estimatedDuration: 60,
});
const base: RenderInput = {
  title: "T",
  description: "",
  sections: [templatePricing],
  styles: DEFAULT_STYLE_DATA,
  course: null,
  lessons: [],
  instructor: null,
  payments: [{ type: "cash" }],
  lang: "vi",
  enrolHref: "/join/c",
  mode: "public",
};
const priceText = (html: string) => /<p class="lp-price">(.*?)<\/p>/.exec(html)?.[1] ?? "";

describe("pricing sections show the connected course's price", () => {
  it("a free course: 'Free' (Miễn phí), no template price, no payment methods", () => {
    const html = renderLandingBody({ ...base, course: course(0) });
    expect(priceText(html)).toBe("Miễn phí");
    expect(html).not.toContain("1.990.000");
    expect(html).not.toContain("lp-payments");
  });

  it("a paid course: its own price and currency, no template 'original' price", () => {
    const html = renderLandingBody({ ...base, course: course(25, "USD"), lang: "en" });
    expect(priceText(html)).toBe("$25.00");
    expect(html).not.toContain("2,990,000");
    expect(html).toContain("lp-payments");
  });

  it("the creator's override wins; without a course the section's figures show", () => {
    const override = { ...templatePricing, content: { ...templatePricing.content, priceOverride: true } };
    const html = renderLandingBody({ ...base, sections: [override], course: course(500_000) });
    expect(priceText(html)).toContain("1.990.000");
    expect(priceText(html)).toContain("2.990.000");
    expect(priceText(renderLandingBody({ ...base, course: null }))).toContain("1.990.000");
    expect(sectionPrice({}, "pricing", course(0))).toMatchObject({ price: 0, fromCourse: true });
  });

  it("new pricing sections follow the course and never default to $49/$99", () => {
    for (const type of ["pricing", "pricing_vn"] as const) {
      const content = defaultSectionContent(type);
      expect(content).toMatchObject({ priceOverride: false, currency: "VND" });
      expect(content.price).not.toBe(49);
      const html = renderLandingBody({ ...base, sections: [createSection(type)], course: course(199_000) });
      expect(priceText(html).replace(/\s/g, " ")).toBe("199.000 ₫");
    }
  });
});

describe("template sample text (testimonials, FAQ)", () => {
  const template: LandingSection[] = [
    {
      id: "t",
      type: "testimonials",
      title: "What students say",
      content: { items: [{ name: "Minh Anh", text: "Clear, practical and easy to follow after work." }] },
      styles: DEFAULT_SECTION_STYLES,
    },
    {
      id: "f",
      type: "faq",
      title: "FAQ",
      content: { items: [{ question: "How long do I have access?", answer: "For life." }] },
      styles: DEFAULT_SECTION_STYLES,
    },
  ];
  it("lists the sections still holding a template item, not the edited ones", () => {
    const edited: LandingSection = {
      ...template[1]!,
      id: "f2",
      content: { items: [{ question: "How long do I have access?", answer: "One year, then renew." }] },
    };
    const page = [template[0]!, edited, templatePricing];
    expect(sectionsWithSampleText(page, template).map((s) => s.id)).toEqual(["t"]);
    expect(sectionsWithSampleText([template[1]!], template).map((s) => s.id)).toEqual(["f"]);
    expect(sectionsWithSampleText([edited], template)).toEqual([]);
  });
});

describe("the course's rating on a landing page (issue 24 §2)", () => {
  const rated = (rating: RenderCourse["rating"]): RenderCourse => ({
    ...(course(0) as RenderCourse),
    rating,
  });
  it("shows the rating only when publicRating gave one, in the page's language", () => {
    const none = renderLandingBody({ ...base, sections: [], course: rated(null) });
    expect(none).not.toContain("lp-rating");
    expect(none).not.toContain("★");
    const vi = renderLandingBody({
      ...base,
      sections: [],
      course: rated({ average: 4.3, count: 12 }),
    });
    expect(vi).toContain('<li class="lp-rating">★ 4,3 (12 đánh giá)</li>');
    const en = renderLandingBody({
      ...base,
      sections: [],
      lang: "en",
      course: rated({ average: 4, count: 3 }),
    });
    expect(en).toContain('<li class="lp-rating">★ 4.0 (3 reviews)</li>');
  });

  it("puts AggregateRating in the structured data only with a shown rating", () => {
    const input = { name: "Phở", description: "d", url: "https://x/lp/p", providerName: "Lan", price: 0 };
    expect(courseStructuredData(input)).not.toHaveProperty("aggregateRating");
    expect(courseStructuredData({ ...input, rating: null })).not.toHaveProperty("aggregateRating");
    expect(courseStructuredData({ ...input, rating: { average: 4.3, count: 12 } }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      ratingCount: 12,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });
});
