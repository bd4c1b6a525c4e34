/**
 * Prices as the landing pages show them (spec 001 §2): the renderer (landing-page.ts) uses this,
 * and so does the builder page, which then loads without the renderer and its zod-based section
 * checks (issue 17 §14). Pure: no Node or DOM.
 */

export type RenderLang = "en" | "vi";

/** The price text of a free course, per language. */
export const FREE_LABEL = { en: "Free", vi: "Miễn phí" } as const satisfies Record<RenderLang, string>;

/** Money in the course currency: VND without decimals ('Free' when 0 or missing, spec 001 §2). */
export function formatPrice(amount: number | null | undefined, currency: string, lang: RenderLang): string {
  if (!amount) return FREE_LABEL[lang];
  try {
    return new Intl.NumberFormat(lang === "vi" ? "vi-VN" : "en-US", {
      style: "currency",
      currency: currency || "VND",
      maximumFractionDigits: currency === "VND" ? 0 : 2,
    }).format(amount);
  } catch {
    // A currency code Intl does not know (stored before issue 16 item 12): the number and the code.
    return `${new Intl.NumberFormat(lang === "vi" ? "vi-VN" : "en-US").format(amount)} ${currency}`;
  }
}
