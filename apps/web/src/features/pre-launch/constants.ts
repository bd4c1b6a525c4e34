/** The page's in-page sections reachable from the header (spec 000 §2 Landing page). */
export const NAV_ANCHORS = ["features", "pricing", "examples", "help"] as const;
export type NavAnchor = (typeof NAV_ANCHORS)[number];

/** Where the help section sends questions. Placeholder address until the support inbox is decided. */
export const SUPPORT_EMAIL = "support@academy.vn";

/**
 * For elements that only receive focus from script (tabIndex -1: sections reached from the menu, the
 * success heading) so screen readers follow along. The app's global :focus-visible outline is
 * unlayered CSS, which Tailwind utilities cannot override, hence an inline style.
 */
export const SCRIPT_FOCUS_ONLY = { outline: "none" } as const;

/** Vietnamese payment methods offered on landing pages (brand names, not translated). */
export const PAYMENT_METHODS = ["MoMo", "ZaloPay", "VietQR"] as const;

/** Id of the hero's VIP e-mail input, focused by "Join the VIP List" buttons elsewhere on the page. */
export const HERO_EMAIL_ID = "hero-email";

/** Moves the visitor to the hero's VIP signup: focuses its e-mail input, or scrolls to the top after joining. */
export function focusHeroSignup(): void {
  const input = document.getElementById(HERO_EMAIL_ID);
  if (input instanceof HTMLInputElement) {
    input.scrollIntoView({ block: "center", behavior: "smooth" });
    input.focus({ preventScroll: true });
  } else {
    window.scrollTo({ top: 0, behavior: "smooth" });
  }
}
