import type { LandingSection } from "./landing-pages.ts";

/**
 * Template sample text on a landing page (issue 17 item 3, issue 24 §1): the starter templates fill
 * the hero with a generic promise and testimonials and FAQ with made-up people and answers. The
 * builder flags the sections that still hold them; Publish lists them and asks the creator to
 * confirm, and the server refuses to publish without that confirmation. Pure functions, no I/O.
 */

/** Section types whose template content is sample text the creator must replace. */
export const SAMPLE_TEXT_TYPES = ["hero", "testimonials", "faq"] as const;

/** The API's refusal when a page to publish still holds template sample text (issue 24 §1). */
export const SAMPLE_TEXT_MESSAGE =
  "This page still shows the template's sample text. Replace it, or confirm that you want to publish it as it is.";

const itemsOf = (content: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(content.items)
    ? content.items.filter((x): x is Record<string, unknown> => typeof x === "object" && x !== null)
    : [];

/** The comparable text of one testimonial or FAQ item (trimmed; empty when it has none). */
function itemText(type: string, item: Record<string, unknown>): string {
  const s = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return type === "faq" ? `${s(item.question)}\n${s(item.answer)}`.trim() : s(item.text);
}

/** The comparable texts of a section: its items, or a hero's headline and subheadline each. */
function textsOf(section: LandingSection): string[] {
  const content = (section.content ?? {}) as Record<string, unknown>;
  if (section.type === "hero") {
    return [content.headline, content.subheadline]
      .map((v) => (typeof v === "string" ? v.trim() : ""))
      .filter(Boolean);
  }
  return itemsOf(content)
    .map((item) => itemText(section.type, item))
    .filter(Boolean);
}

/**
 * The page's hero, testimonials and FAQ sections that still hold a template's sample text (the same
 * hero headline or subheadline, testimonial text, or FAQ question and answer as any template
 * section of the same type), in page order.
 * @param templateSections the sections of every template the builder knows (any language).
 */
export function sectionsWithSampleText(
  sections: readonly LandingSection[],
  templateSections: readonly LandingSection[],
): LandingSection[] {
  const samples = new Set<string>();
  for (const section of templateSections) {
    if (!(SAMPLE_TEXT_TYPES as readonly string[]).includes(section.type)) continue;
    for (const text of textsOf(section)) samples.add(`${section.type}:${text}`);
  }
  return sections.filter(
    (section) =>
      (SAMPLE_TEXT_TYPES as readonly string[]).includes(section.type) &&
      textsOf(section).some((text) => samples.has(`${section.type}:${text}`)),
  );
}
