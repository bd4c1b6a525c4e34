/**
 * Orders and money rules shared by the server and the web app (issue 11, DESIGN.md §6).
 */

/** Characters of an order reference: A–Z and 2–9 without 0, O, 1 and I (easy to type into a bank app). */
export const ORDER_REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** Length of an order reference (e.g. AC7K2QFP). */
export const ORDER_REFERENCE_LENGTH = 8;

const REFERENCE_RE = new RegExp(`^[${ORDER_REFERENCE_ALPHABET}]{${ORDER_REFERENCE_LENGTH}}$`);

/** True for a well-formed order reference (8 characters of ORDER_REFERENCE_ALPHABET). */
export function isOrderReference(value: string): boolean {
  return REFERENCE_RE.test(value);
}

/**
 * A new order reference from `randomIndex(n)` (a uniform random integer 0 ≤ i < n; the server passes
 * `crypto.randomInt`). 32^8 ≈ 1.1 × 10^12 references; the database's unique key catches a clash.
 */
export function generateOrderReference(randomIndex: (n: number) => number): string {
  let out = "";
  for (let i = 0; i < ORDER_REFERENCE_LENGTH; i++)
    out += ORDER_REFERENCE_ALPHABET[randomIndex(ORDER_REFERENCE_ALPHABET.length)];
  return out;
}

export const ORDER_STATUSES = [
  "pending",
  "awaiting_confirmation",
  "paid",
  "rejected",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses in which an order is still open (one per student and course). */
export const OPEN_ORDER_STATUSES = ["pending", "awaiting_confirmation"] as const;

export const ORDER_METHODS = ["momo", "zalopay", "vietqr", "bank-transfer", "credit-card", "cash"] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];
/** Methods paid through a provider's page (callback decides); the others are confirmed by the creator. */
export const ONLINE_METHODS: readonly OrderMethod[] = ["momo", "zalopay", "credit-card"];

/** Order lifetime in minutes: 24 h for transfers and cash, 15 min for wallets and cards (issue 11 §1). */
export const ORDER_EXPIRY_MINUTES = {
  manual: 24 * 60,
  online: 15,
} as const;

/** Minor units per major unit of a currency (VND has none). */
export function currencyExponent(currency: string): number {
  return currency === "VND" ? 0 : 2;
}

/** A course price (major units, e.g. 199000 VND or 19.99 USD) → integer smallest units (199000, 1999). */
export function toMinorUnits(price: number, currency: string): number {
  return Math.round(price * 10 ** currencyExponent(currency));
}

/** Integer smallest units → major units (1999 USD cents → 19.99). */
export function fromMinorUnits(amount: number, currency: string): number {
  return amount / 10 ** currencyExponent(currency);
}

/**
 * The discount of a coupon on `listAmount` (smallest units): percent → floor(list × pct / 100);
 * fixed → min(value, list) when the currency matches, else 0. Never more than the list amount.
 */
export function couponDiscount(
  listAmount: number,
  currency: string,
  coupon: { kind: "percent" | "fixed"; value: number; currency: string | null },
): number {
  if (coupon.kind === "percent") return Math.min(listAmount, Math.floor((listAmount * coupon.value) / 100));
  if (coupon.currency !== currency) return 0;
  return Math.min(listAmount, coupon.value);
}

/** Coupon and referral codes: 3–32 letters, digits, dash or underscore; stored upper case. */
export const PROMO_CODE_RE = /^[A-Za-z0-9_-]{3,32}$/;

/** Days a `?ref=CODE` from /lp or /join is remembered by the browser (issue 11 §5). */
export const REFERRAL_KEEP_DAYS = 30;

/**
 * Escapes one CSV cell: quotes when needed, and a leading = + - @ (or tab/CR) gets a ' so
 * spreadsheets never run it as a formula (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * Amount limits of MoMo's one-time payment (developers.momo.vn "One-Time Payments": Min 1.000 VND,
 * Max 50.000.000 VND), whole VND.
 */
export const MOMO_AMOUNT_LIMITS = { min: 1_000, max: 50_000_000 } as const;

/** Why a method cannot take an amount (issue 23 §5): shown to the buyer and the creator. */
export type MethodUnavailableReason = "vndOnly" | "momoBelowMinimum" | "momoAboveMaximum";

/**
 * Whether `method` can take `amount` (smallest units) in `currency` (issue 23 §5): MoMo, ZaloPay
 * and VietQR carry VND only; MoMo only 1,000–50,000,000 VND. @returns null when it can, else why.
 */
export function methodUnavailableReason(
  method: OrderMethod,
  amount: number,
  currency: string,
): MethodUnavailableReason | null {
  if ((method === "momo" || method === "zalopay" || method === "vietqr") && currency !== "VND")
    return "vndOnly";
  if (method === "momo") {
    if (amount < MOMO_AMOUNT_LIMITS.min) return "momoBelowMinimum";
    if (amount > MOMO_AMOUNT_LIMITS.max) return "momoAboveMaximum";
  }
  return null;
}

/**
 * How long a provider's payment page may take money, in minutes (decision 0217). ZaloPay is told
 * (`expire_duration_seconds`) and so is Stripe (`expires_at`; its minimum is 30 minutes, 35 leaves
 * a margin for latency and clock skew). MoMo's captureWallet request has no documented lifetime
 * field, so 100 minutes is the horizon Academy assumes for its page and keeps asking MoMo about.
 * An order with a provider attempt never expires before the attempt's page does.
 */
export const PROVIDER_PAGE_MINUTES = { momo: 100, zalopay: 15, stripe: 35 } as const;
