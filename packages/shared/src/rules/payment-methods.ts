/**
 * Payment-method kinds, fields and modes of a landing page (spec 001 §3 payment_methods, issue 11
 * §3): zod-free, so the builder page loads without zod (issue 17 §14); schemas/landing-pages.ts
 * validates with them.
 */
/** Payment method types and their configuration fields (spec 001 §3 payment_methods). */
export const PAYMENT_METHOD_TYPES = [
  "momo",
  "zalopay",
  "vietqr",
  "bank-transfer",
  "credit-card",
  "cash",
] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** Fields of each type; `secret` fields are encrypted at rest and never sent to a browser. */
export const PAYMENT_METHOD_FIELDS: Record<
  PaymentMethodType,
  { name: string; secret?: boolean; multiline?: boolean }[]
> = {
  momo: [
    { name: "mode" },
    { name: "partnerCode" },
    { name: "accessKey", secret: true },
    { name: "secretKey", secret: true },
  ],
  zalopay: [
    { name: "mode" },
    { name: "appId" },
    { name: "key1", secret: true },
    { name: "key2", secret: true },
  ],
  vietqr: [{ name: "bankCode" }, { name: "accountNumber" }, { name: "accountHolder" }],
  "bank-transfer": [
    { name: "bankName" },
    { name: "accountNumber" },
    { name: "accountHolder" },
    { name: "swiftCode" },
  ],
  "credit-card": [
    { name: "mode" },
    { name: "provider" },
    { name: "publicKey" },
    { name: "secretKey", secret: true },
    // Stripe's webhook signing secret (whsec_…), issue 11 §3.
    { name: "webhookSecret", secret: true },
  ],
  cash: [
    { name: "stores", multiline: true },
    { name: "instructions", multiline: true },
  ],
};
export const SECRET_FIELDS = ["accessKey", "secretKey", "key1", "key2", "webhookSecret"] as const;

/**
 * Which provider environment an online method (MoMo, ZaloPay, card) uses (issue 11 §3, decision
 * 0182): "sandbox" (the provider's test host and test keys; no real money) or "production".
 * Stored in the method's configuration; a configuration stored without it is sandbox.
 */
export const PAYMENT_MODES = ["sandbox", "production"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** Online method types that have a sandbox / production mode. */
export const MODE_METHOD_TYPES = ["momo", "zalopay", "credit-card"] as const satisfies PaymentMethodType[];

/**
 * The mode a Stripe key belongs to from its prefix (`sk_test_…`, `pk_live_…`, `rk_test_…`), or
 * null when the key has no Stripe prefix (then nothing is judged).
 */
export function stripeKeyMode(key: string | undefined): PaymentMode | null {
  const match = /^(?:sk|pk|rk)_(test|live)_/.exec(key?.trim() ?? "");
  if (!match) return null;
  return match[1] === "live" ? "production" : "sandbox";
}

export const STRIPE_KEYS_MODE_MESSAGE =
  "Stripe keys must match the mode: sandbox takes test keys (sk_test_…, pk_test_…), production live keys (sk_live_…, pk_live_…).";

export const BANK_NOT_IN_LIST = "Choose a bank from the NAPAS bank list.";
