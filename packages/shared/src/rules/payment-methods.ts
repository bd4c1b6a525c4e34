/**
 * Payment-method kinds, fields and modes of a landing page (spec 001 §3 payment_methods, issue 11
 * §3): zod-free, so the builder page loads without zod (issue 17 §14); schemas/landing-pages.ts
 * validates with them.
 */
import { type MethodUnavailableReason, methodUnavailableReason } from "./orders.ts";
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

/**
 * What each method needs before buyers can be offered it (issue 23 §5): groups of field names, each
 * group satisfied by any one of its fields (cash: where to pay or instructions). Secret fields count
 * when a value is typed or one is stored.
 */
export const REQUIRED_PAYMENT_FIELDS: Record<PaymentMethodType, readonly (readonly string[])[]> = {
  momo: [["partnerCode"], ["accessKey"], ["secretKey"]],
  zalopay: [["appId"], ["key1"], ["key2"]],
  vietqr: [["bankCode"], ["accountNumber"], ["accountHolder"]],
  "bank-transfer": [["bankName"], ["accountNumber"], ["accountHolder"]],
  "credit-card": [["publicKey"], ["secretKey"], ["webhookSecret"]],
  cash: [["stores", "instructions"]],
};

/**
 * The required field groups of a method that are empty (issue 23 §5), in form order.
 * @param configuration the method's field values (public and any newly typed secrets).
 * @param secretsSet which secrets are stored; `"assume"` counts every secret as present (the shared
 *   schema cannot see stored secrets; the server checks the merged result).
 * @returns [] when the method is complete, e.g. `[["accountNumber"], ["accountHolder"]]` otherwise.
 */
export function missingPaymentFields(
  type: PaymentMethodType,
  configuration: Readonly<Record<string, string | undefined>>,
  secretsSet: Readonly<Record<string, boolean>> | "assume" = {},
): string[][] {
  const secret = new Set(PAYMENT_METHOD_FIELDS[type].filter((f) => f.secret).map((f) => f.name));
  const filled = (name: string) =>
    Boolean(configuration[name]?.trim()) ||
    (secret.has(name) && (secretsSet === "assume" || secretsSet[name] === true));
  return REQUIRED_PAYMENT_FIELDS[type].filter((group) => !group.some(filled)).map((group) => [...group]);
}

/**
 * The message for an empty required field of an enabled method (issue 23 §5), by field name; the
 * web shows its translation (reason `paymentMethod.<key>`).
 */
export const PAYMENT_METHOD_MESSAGES = {
  bankCode: "Choose the bank, or turn this method off.",
  bankName: "Choose the bank, or turn this method off.",
  accountNumber: "Enter the account number (6 to 19 digits), or turn this method off.",
  accountHolder: "Enter the account holder's name, or turn this method off.",
  stores: "Enter where to pay or instructions, or turn this method off.",
  partnerCode: "Enter the MoMo partner code, or turn this method off.",
  accessKey: "Enter the MoMo access key, or turn this method off.",
  secretKey: "Enter the secret key, or turn this method off.",
  appId: "Enter the ZaloPay app ID, or turn this method off.",
  key1: "Enter ZaloPay Key 1, or turn this method off.",
  key2: "Enter ZaloPay Key 2, or turn this method off.",
  publicKey: "Enter the Stripe publishable key, or turn this method off.",
  webhookSecret: "Enter the Stripe webhook signing secret, or turn this method off.",
} as const;

/** The message for a missing required field group (its first field's message). */
export function missingFieldMessage(group: readonly string[]): string {
  const key = group[0] as keyof typeof PAYMENT_METHOD_MESSAGES;
  return PAYMENT_METHOD_MESSAGES[key] ?? "Fill in the required fields, or turn this method off.";
}

/**
 * The issues of enabled methods with empty required fields (issue 23 §5): one per missing group, at
 * `methods.<index>.configuration.<field>` (path as an array for zod, joined by dots for the API).
 */
export function incompleteMethodIssues(
  methods: readonly {
    methodType: PaymentMethodType;
    isEnabled: boolean;
    configuration: Readonly<Record<string, string | undefined>>;
  }[],
  secretsSet: (index: number) => Readonly<Record<string, boolean>> | "assume",
): { path: (string | number)[]; message: string }[] {
  return methods.flatMap((method, index) =>
    method.isEnabled
      ? missingPaymentFields(method.methodType, method.configuration, secretsSet(index)).map((group) => ({
          path: ["methods", index, "configuration", group[0]],
          message: missingFieldMessage(group),
        }))
      : [],
  );
}

/**
 * Whether buyers are offered a method on a course's page (issue 23 §5, §6): enabled, complete
 * (`missingPaymentFields`) and able to take the price (`methodUnavailableReason`: MoMo 1,000–50,000,000
 * VND; MoMo, ZaloPay and VietQR in VND only).
 * @param course the connected course's price (smallest currency unit) and currency; null = no price check.
 * @returns "ok", "off", "incomplete" or the price reason.
 */
export function methodOfferState(
  method: {
    methodType: PaymentMethodType;
    isEnabled: boolean;
    configuration: Readonly<Record<string, string | undefined>>;
  },
  secretsSet: Readonly<Record<string, boolean>> | "assume",
  course: { price: number; currency: string } | null,
): "ok" | "off" | "incomplete" | MethodUnavailableReason {
  if (!method.isEnabled) return "off";
  if (missingPaymentFields(method.methodType, method.configuration, secretsSet).length) return "incomplete";
  const reason = course ? methodUnavailableReason(method.methodType, course.price, course.currency) : null;
  return reason ?? "ok";
}
