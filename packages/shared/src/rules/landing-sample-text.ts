import type { LandingSection } from "./landing-pages.ts";

/**
 * Template sample text on a landing page (issue 17 item 3): the starter templates fill
 * testimonials and FAQ with made-up people and answers. Publish lists the sections that still
 * hold them and asks the creator to confirm. Pure functions, no I/O.
 */

/** Section types whose template content is sample text the creator must replace. */
export const SAMPLE_TEXT_TYPES = ["testimonials", "faq"] as const;

const itemsOf = (content: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(content.items)
    ? content.items.filter((x): x is Record<string, unknown> => typeof x === "object" && x !== null)
    : [];

/** The comparable text of one testimonial or FAQ item (trimmed; empty when it has none). */
function itemText(type: string, item: Record<string, unknown>): string {
  const s = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return type === "faq" ? `${s(item.question)}\n${s(item.answer)}`.trim() : s(item.text);
}

/**
 * The page's testimonials and FAQ sections that still hold an item of a template's sample text
 * (the same testimonial text, or the same FAQ question and answer, as any template section of
 * the same type), in page order.
 * @param templateSections the sections of every template the builder knows (any language).
 */
export function sectionsWithSampleText(
  sections: readonly LandingSection[],
  templateSections: readonly LandingSection[],
): LandingSection[] {
  const samples = new Set<string>();
  for (const section of templateSections) {
    if (!(SAMPLE_TEXT_TYPES as readonly string[]).includes(section.type)) continue;
    for (const item of itemsOf(section.content)) {
      const text = itemText(section.type, item);
      if (text) samples.add(`${section.type}:${text}`);
    }
  }
  return sections.filter(
    (section) =>
      (SAMPLE_TEXT_TYPES as readonly string[]).includes(section.type) &&
      itemsOf(section.content).some((item) => samples.has(`${section.type}:${itemText(section.type, item)}`)),
  );
}
