import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_SECTION_STYLES,
  DEFAULT_STYLE_DATA,
  defaultSectionContent,
  SECTION_TYPES,
} from "../rules/landing-pages.ts";
import { isCurrencyCode, sectionContentProblem } from "../schemas/landing-sections.ts";
import { formatPrice, type RenderInput, renderLandingBody } from "./landing-page.ts";

/** Issue 16 item 12: per-type section content, and one bad section never breaks the page. */
const section = (id: string, type: string, content: Record<string, unknown>) => ({
  id,
  type,
  title: "",
  content,
  styles: DEFAULT_SECTION_STYLES,
});
const input = (sections: RenderInput["sections"], mode: RenderInput["mode"] = "public"): RenderInput => ({
  title: "T",
  description: "",
  sections,
  styles: DEFAULT_STYLE_DATA,
  course: null,
  lessons: [],
  instructor: null,
  payments: [],
  lang: "en",
  enrolHref: null,
  mode,
});

describe("section content schemas", () => {
  it("accept the default content of every type", () => {
    for (const type of SECTION_TYPES)
      expect(sectionContentProblem(type, defaultSectionContent(type)), type).toBeNull();
  });

  it("know currency codes Intl can format", () => {
    expect(isCurrencyCode("VND")).toBe(true);
    expect(isCurrencyCode("usd")).toBe(true);
    expect(isCurrencyCode("dollars")).toBe(false);
    expect(isCurrencyCode("V N")).toBe(false);
  });
});

describe("renderLandingBody with a bad stored section", () => {
  const bad = section("bad", "pricing_vn", { priceOverride: true, price: 5, currency: "dollars" });
  const good = section("good", "faq", { items: [{ question: "Spicy?", answer: "A little." }] });

  it("leaves the section out of the public page and reports it", () => {
    const onSectionError = vi.fn();
    const html = renderLandingBody({ ...input([bad, good]), onSectionError });
    expect(html).toContain("Spicy?");
    expect(html).not.toContain('id="bad"');
    expect(onSectionError).toHaveBeenCalledWith(
      expect.objectContaining({ id: "bad" }),
      0,
      "Currency must be a 3-letter code like VND or USD",
    );
  });

  it("shows the builder preview a placeholder naming the section", () => {
    const html = renderLandingBody(input([bad, good], "preview"));
    expect(html).toContain("data-invalid-section");
    expect(html).toContain("Section 1 (pricing_vn): Currency must be a 3-letter code like VND or USD");
  });

  it("formats an unknown currency without throwing", () => {
    expect(() => formatPrice(5, "dollars", "en")).not.toThrow();
    expect(formatPrice(5, "dollars", "en")).toBe("5 dollars");
  });
});
