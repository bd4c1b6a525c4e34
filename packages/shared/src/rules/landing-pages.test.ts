import { describe, expect, it } from "vitest";
import { renderLandingBody } from "../render/landing-page.ts";
import { landingPageInputSchema, paymentMethodsInputSchema } from "../schemas/landing-pages.ts";
import {
  analyzeSeo,
  conversionRate,
  DEFAULT_SECTION_STYLES,
  DEFAULT_SEO_DATA,
  DEFAULT_STYLE_DATA,
  defaultSectionContent,
  descriptionPreview,
  deviceTypeForWidth,
  LANDING_LIMITS,
  landingSlug,
  metaCounterState,
  parseFeatures,
  parseKeywords,
  pickAutoTemplate,
  shouldAutoSave,
  templateSections,
  zaloLink,
} from "./landing-pages.ts";

const validPage = () => ({
  title: "Phở course",
  slug: "pho-course",
  contentData: { sections: [] },
  styleData: DEFAULT_STYLE_DATA,
  seoData: DEFAULT_SEO_DATA,
});

function firstMessage(input: unknown): string | undefined {
  const result = landingPageInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("landing-page rules (spec 001 §5, §9)", () => {
  it("slug: lowercased, special characters removed, spaces to hyphens, repeated hyphens collapse", () => {
    expect(landingSlug("Learn React -- Fast!")).toBe("learn-react-fast");
    expect(landingSlug("  Hello   World  ")).toBe("hello-world");
    expect(landingSlug("Học Tiếng Việt Đơn Giản")).toBe("hoc-tieng-viet-don-gian");
    expect(landingSlug("a@b#c")).toBe("abc");
  });

  it("list: description cut at 80 characters, rate with one decimal, 0% without views", () => {
    expect(descriptionPreview("x".repeat(80))).toBe("x".repeat(80));
    expect(descriptionPreview("x".repeat(81))).toBe(`${"x".repeat(80)}...`);
    expect(conversionRate(0, 0)).toBe("0%");
    expect(conversionRate(3, 1)).toBe("33.3%");
    expect(conversionRate(8, 1)).toBe("12.5%");
  });

  it("features one per line with blank lines dropped; keywords comma separated and trimmed", () => {
    expect(parseFeatures("a\n\n  b  \r\n\nc\n")).toEqual(["a", "b", "c"]);
    expect(parseKeywords(" phở , nấu ăn,, vietnam ")).toEqual(["phở", "nấu ăn", "vietnam"]);
  });

  it("meta counters turn red above 50 and 150; the maximums are 60 and 160", () => {
    expect(metaCounterState(50, "title")).toBe("ok");
    expect(metaCounterState(51, "title")).toBe("warn");
    expect(metaCounterState(61, "title")).toBe("over");
    expect(metaCounterState(150, "description")).toBe("ok");
    expect(metaCounterState(151, "description")).toBe("warn");
    expect(metaCounterState(161, "description")).toBe("over");
    const seo = (patch: object) => ({ ...validPage(), seoData: { ...DEFAULT_SEO_DATA, ...patch } });
    expect(firstMessage(seo({ metaTitle: "x".repeat(60) }))).toBeUndefined();
    expect(firstMessage(seo({ metaTitle: "x".repeat(61) }))).toBe("Meta title must be at most 60 characters");
    expect(firstMessage(seo({ metaDescription: "x".repeat(161) }))).toBe(
      "Meta description must be at most 160 characters",
    );
  });

  it("auto-saves only an existing page with a title and unsaved changes, after 30 s", () => {
    expect(LANDING_LIMITS.autoSaveDelayMs).toBe(30_000);
    expect(shouldAutoSave({ id: "p1", title: "Phở", dirty: true })).toBe(true);
    expect(shouldAutoSave({ id: null, title: "Phở", dirty: true })).toBe(false);
    expect(shouldAutoSave({ id: "p1", title: "   ", dirty: true })).toBe(false);
    expect(shouldAutoSave({ id: "p1", title: "Phở", dirty: false })).toBe(false);
    // A live page is never taken offline by an auto-save (decision 0071).
    expect(shouldAutoSave({ id: "p1", title: "Phở", dirty: true, isPublished: true })).toBe(false);
    expect(shouldAutoSave({ id: "p1", title: "Phở", dirty: true, isPublished: false })).toBe(true);
  });

  it("device type by the 768 px rule", () => {
    expect(deviceTypeForWidth(767)).toBe("mobile");
    expect(deviceTypeForWidth(768)).toBe("desktop");
  });

  it("defaults: colours, section styles, cookie consent on, VND pricing 1,990,000 / 2,990,000", () => {
    expect(DEFAULT_STYLE_DATA).toMatchObject({
      primaryColor: "#1A237E",
      secondaryColor: "#00C7B1",
      mobileButtonSize: "large",
    });
    expect(DEFAULT_SECTION_STYLES).toEqual({
      backgroundColor: "transparent",
      textColor: "",
      padding: "2rem",
    });
    expect(DEFAULT_SEO_DATA.analytics.cookieConsent).toBe(true);
    expect(defaultSectionContent("pricing_vn")).toMatchObject({
      price: 1_990_000,
      originalPrice: 2_990_000,
      currency: "VND",
    });
    expect(zaloLink("+84 912 345 678")).toBe("https://zalo.me/0912345678");
  });

  it("validates analytics IDs by their formats", () => {
    const withIds = (analytics: object) => ({
      ...validPage(),
      seoData: { ...DEFAULT_SEO_DATA, analytics: { ...DEFAULT_SEO_DATA.analytics, ...analytics } },
    });
    expect(
      firstMessage(
        withIds({
          googleAnalytics: "G-ABC123XYZ9",
          facebookPixel: "123456789012345",
          googleTagManager: "GTM-AB12CD3",
        }),
      ),
    ).toBeUndefined();
    expect(firstMessage(withIds({ googleAnalytics: "GA-1" }))).toBe(
      "Google Analytics ID must look like G-XXXXXXXXXX or UA-XXXXXXX-X",
    );
    expect(firstMessage(withIds({ facebookPixel: "12ab" }))).toBe(
      "Facebook Pixel ID must be 15 or 16 digits",
    );
    expect(firstMessage(withIds({ googleTagManager: "GTM_1" }))).toBe(
      "Google Tag Manager ID must look like GTM-XXXXXXX",
    );
  });

  it("page validation messages: title, slug, border radius, mobile font scale", () => {
    expect(firstMessage({ ...validPage(), title: " " })).toBe("Title is required");
    expect(firstMessage({ ...validPage(), slug: "" })).toBe("URL slug is required");
    expect(firstMessage({ ...validPage(), slug: "Has Spaces" })).toBe(
      "The URL slug may contain only lowercase letters, numbers and hyphens",
    );
    expect(firstMessage({ ...validPage(), styleData: { ...DEFAULT_STYLE_DATA, borderRadius: 21 } })).toBe(
      "Border radius must be between 0 and 20",
    );
    expect(firstMessage({ ...validPage(), styleData: { ...DEFAULT_STYLE_DATA, mobileFontScale: 1.6 } })).toBe(
      "Mobile font scale must be between 0.8 and 1.5",
    );
  });

  it("payment methods: each type once", () => {
    const cash = { methodType: "cash", isEnabled: true, configuration: { stores: "", instructions: "" } };
    const result = paymentMethodsInputSchema.safeParse({ methods: [cash, cash] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Each payment method can be added only once.");
  });

  it("converts older keyed-block templates into the section list", () => {
    const sections = templateSections({
      pricing_vn: { title: "Price", price: 10 },
      hero: { headline: "Hi", ctaText: "Go" },
      features_1: { features: ["a", "b"] },
      custom: { type: "faq", order: 0.5, items: [] },
    });
    expect(sections.map((s) => s.type)).toEqual(["hero", "faq", "features", "pricing_vn"]);
    expect(sections[0].content).toEqual({ headline: "Hi", ctaText: "Go" });
    expect(sections[3].title).toBe("Price");
    expect(sections[1].content).toEqual({ items: [] });
    expect(sections[0].styles).toEqual(DEFAULT_SECTION_STYLES);
    expect(templateSections({ sections: [{ id: "x", type: "faq", content: {} }] })[0].id).toBe("x");
  });

  it("auto-applies the first template named 'starter', else the first", () => {
    expect(pickAutoTemplate([{ name: "Pro" }, { name: "Course Starter" }])?.name).toBe("Course Starter");
    expect(pickAutoTemplate([{ name: "Pro" }, { name: "Bold" }])?.name).toBe("Pro");
    expect(pickAutoTemplate([])).toBeUndefined();
  });

  it("SEO analysis lists what is missing", () => {
    expect(analyzeSeo(DEFAULT_SEO_DATA)).toEqual([
      "missingMetaTitle",
      "missingMetaDescription",
      "missingKeywords",
      "missingOgTitle",
      "missingOgImage",
      "missingCanonical",
    ]);
  });
});

describe("landing renderer", () => {
  const base = {
    title: "T",
    description: "",
    styles: DEFAULT_STYLE_DATA,
    course: null,
    lessons: [],
    instructor: null,
    payments: [],
    lang: "en" as const,
    enrolHref: "/join/abc",
  };
  it("escapes content and shows 'Unsupported Section Type' only in the preview", () => {
    const sections = [
      {
        id: "h",
        type: "hero",
        title: "",
        content: { headline: "<script>x</script>" },
        styles: DEFAULT_SECTION_STYLES,
      },
      { id: "u", type: "carousel", title: "", content: {}, styles: DEFAULT_SECTION_STYLES },
    ];
    const preview = renderLandingBody({ ...base, sections, mode: "preview" });
    expect(preview).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(preview).not.toContain("<script>");
    expect(preview).toContain("Unsupported Section Type");
    expect(renderLandingBody({ ...base, sections, mode: "public" })).not.toContain(
      "Unsupported Section Type",
    );
  });
});
