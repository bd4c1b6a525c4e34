import { z } from "zod";
import { cleanUtmValue } from "../rules/attribution.ts";
import {
  type MethodUnavailableReason,
  ORDER_METHODS,
  ORDER_STATUSES,
  type OrderMethod,
  type OrderStatus,
  PROMO_CODE_RE,
} from "../rules/orders.ts";

/** Texts of the selling flow (issue 11) that the server answers with and the web shows. */
export const PAYMENT_MESSAGES = {
  orderNotFound: "Order not found.",
  noPaymentSetUp: "The teacher has not set up payment for this course yet.",
  methodNotOffered: "This payment method is not offered for this course.",
  orderClosed: "This order is no longer open.",
  notAwaiting: "This order is not waiting for confirmation.",
  notPaid: "Only a paid order can be refunded.",
  couponInvalid: "This coupon code is not valid.",
  couponExpired: "This coupon has expired.",
  couponUsedUp: "This coupon has been fully redeemed.",
  couponTaken: "You already have a coupon with this code.",
  partnerTaken: "You already have a referral partner with this code.",
  providerNotConfigured: "This payment method is not fully set up by the teacher.",
  providerUnavailable: "The payment provider did not answer. Please try again or choose another method.",
  cardProviderUnsupported: "Card payments are available through Stripe only.",
  cardKeysModeMismatch:
    "The teacher's card keys do not match the payment mode (sandbox needs Stripe test keys, production live keys).",
  reasonRequired: "Please give a reason.",
  creatorOnly: "Only creators can see earnings.",
  paidElsewhere: "This student has already paid for this course with another order.",
  momoBelowMinimum: "MoMo takes payments from 1,000 VND. Please choose another method.",
  momoAboveMaximum: "MoMo takes payments up to 50,000,000 VND. Please choose another method.",
  vndOnly: "This method takes payments in VND only.",
  tooManyCallbacks: "Too many requests.",
} as const;

const code = z
  .string()
  .trim()
  .regex(PROMO_CODE_RE, "Codes are 3 to 32 letters, digits, - or _")
  .transform((v) => v.toUpperCase());

const utmValue = z.unknown().transform(cleanUtmValue).optional();

/** Optional body of POST /api/courses/{id}/enroll: where the buyer came from. */
export const enrollInputSchema = z
  .object({
    /** The landing page slug the visitor came from (/lp/{slug} → /join?lp=slug). */
    landingPage: z.string().trim().max(200).optional(),
    /** A referral code kept from `?ref=CODE` (30 days). Unknown codes are ignored. */
    ref: z.string().trim().max(64).optional(),
    /**
     * "Message teacher" on a paid course without payment methods: a pending enrolment without an
     * order, so the visitor can write to the teacher (messaging needs an enrolment).
     */
    contact: z.boolean().optional(),
    /**
     * The /lp visit's campaign parameters (issue 12 §3), carried on the enrol link. Each is cleaned
     * by `cleanUtmValue` (trimmed, lower case, ≤ UTM_MAX_LENGTH, letters/digits/`_ -.+:/@%`); an
     * invalid value is dropped without refusing the enrolment.
     */
    utm_source: utmValue,
    utm_medium: utmValue,
    utm_campaign: utmValue,
  })
  .default({});

/** POST /api/checkout/{reference}/method */
export const checkoutMethodSchema = z.object({
  method: z.enum(ORDER_METHODS, "Choose a payment method"),
});

/** POST /api/checkout/{reference}/coupon: `code` empty removes the coupon. */
export const checkoutCouponSchema = z.object({
  code: z.union([z.literal(""), code]),
});

/** POST /api/earnings/orders/{id}/reject */
export const rejectOrderSchema = z.object({
  reason: z.string().trim().min(1, PAYMENT_MESSAGES.reasonRequired).max(500, "At most 500 characters"),
});

/** GET /api/earnings/orders */
export const orderListQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  status: z.union([z.literal(""), z.enum(ORDER_STATUSES)]).default(""),
  method: z.union([z.literal(""), z.enum(ORDER_METHODS)]).default(""),
  courseId: z.union([z.literal(""), z.uuid()]).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** POST /api/earnings/coupons */
export const couponInputSchema = z
  .object({
    code,
    kind: z.enum(["percent", "fixed"]),
    /** percent: 1–100; fixed: whole units of `currency` (VND đồng, USD cents). */
    value: z.number().int().min(1, "The value must be at least 1").max(1_000_000_000),
    currency: z.enum(["VND", "USD"]).nullable().default(null),
    courseId: z.uuid().nullable().default(null),
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((c) => c.kind !== "percent" || c.value <= 100, {
    message: "A percentage is at most 100",
    path: ["value"],
  })
  .refine((c) => c.kind !== "fixed" || c.currency !== null, {
    message: "Choose the currency of a fixed discount",
    path: ["currency"],
  });

/** POST /api/earnings/partners */
export const partnerInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  code,
  commissionPercent: z.number().int().min(0).max(100),
});

/** One payment option of a checkout as the buyer sees it (no secrets). */
export type CheckoutMethod =
  | { type: "vietqr"; bankName: string; bankBin: string; accountNumber: string; accountHolder: string }
  | {
      type: "bank-transfer";
      bankName: string;
      accountNumber: string;
      accountHolder: string;
      swiftCode: string;
    }
  | { type: "cash"; stores: string; instructions: string }
  | { type: "momo" | "zalopay" | "credit-card" };

/** GET /api/checkout/{reference}: the buyer's own order. Amounts in the currency's smallest unit. */
export interface CheckoutView {
  reference: string;
  status: OrderStatus;
  courseId: string;
  courseTitle: string;
  teacherName: string | null;
  method: OrderMethod | null;
  listAmount: number;
  discountAmount: number;
  amount: number;
  currency: string;
  couponCode: string | null;
  expiresAt: string;
  rejectionReason: string | null;
  methods: CheckoutMethod[];
  /** The VietQR payload's PNG (data URL) with the amount and reference, when method is vietqr. */
  qrDataUrl: string | null;
  /** Methods the course takes that cannot take this amount, and why (issue 23 §5). */
  unavailableMethods: { type: CheckoutMethod["type"]; reason: MethodUnavailableReason }[];
  /**
   * The latest provider page of a pending order that may still take money (issue 23 §9): the
   * checkout shows "Checking your payment…" instead of inviting a second payment.
   */
  openAttempt: { provider: "momo" | "zalopay" | "stripe"; createdAt: string; expiresAt: string } | null;
  /**
   * The money-back guarantee this order was opened with, in days (issue 24 §3): the course's
   * setting when the order was opened, kept on the order; null when none (or nothing to pay).
   */
  guaranteeDays: number | null;
}

/** POST /api/checkout/{reference}/method */
export interface CheckoutMethodResult {
  view: CheckoutView;
  /** For MoMo / ZaloPay / card: the provider's payment page. */
  redirectUrl: string | null;
}

/**
 * The buyer of an order whose account was deleted, in the orders CSV (issue 23 item 8). The CSV's
 * headers are English whatever the creator's language, so its label is a neutral English one too.
 */
export const DELETED_STUDENT_LABEL = "Deleted student";

/** The same label in the creator's language, for e-mails about an anonymised order. */
export const DELETED_STUDENT_LABELS = { en: DELETED_STUDENT_LABEL, vi: "Học viên đã xóa tài khoản" } as const;

/** A row of the creator's orders table and verification queue. */
export interface OrderRow {
  id: string;
  reference: string;
  status: OrderStatus;
  method: OrderMethod | null;
  courseId: string;
  courseTitle: string;
  /** Null also once the buyer deleted their account. */
  studentName: string | null;
  /**
   * Null once the buyer deleted their account: the order is kept, anonymised (issue 23 item 8);
   * screens label it "Deleted student", the CSV `DELETED_STUDENT_LABEL`.
   */
  studentEmail: string | null;
  listAmount: number;
  discountAmount: number;
  amount: number;
  currency: string;
  couponCode: string | null;
  referralCode: string | null;
  flagged: boolean;
  flagReason: string | null;
  rejectionReason: string | null;
  createdAt: string;
  awaitingAt: string | null;
  paidAt: string | null;
  expiresAt: string;
  /** The order's latest refund (issue 23 §7), or null when none was asked. */
  refundStatus?: RefundStatus | null;
  /** Where a refund of this order goes back: the provider that took the money, or "manual" (outside Academy). */
  refundThrough?: "momo" | "zalopay" | "stripe" | "manual";
}

export interface OrderList {
  orders: OrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** Revenue of one currency, net of refunds, in its smallest unit. */
export interface RevenueTotals {
  currency: string;
  today: number;
  last30Days: number;
  allTime: number;
  paidOrders: number;
}

export interface EarningsSummary {
  revenue: RevenueTotals[];
  /** Net revenue per day of the last 30 days (creator's time zone), per currency. */
  daily: { day: string; currency: string; amount: number }[];
  awaitingCount: number;
  flaggedCount: number;
}

export interface CouponRow {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  currency: string | null;
  courseId: string | null;
  courseTitle: string | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  expiresAt: string | null;
}

export interface PartnerRow {
  id: string;
  name: string;
  code: string;
  commissionPercent: number;
  /** Per currency: paid orders, sales and commission (smallest units). */
  totals: { currency: string; orders: number; sales: number; commission: number; owed: number }[];
  commissionPaidThrough: string | null;
}

// ---- Refunds and "Needs your attention" (issue 23 §7, §10) ----

/** Texts of refunds and of the attention list that the server answers with and the web shows. */
export const REFUND_MESSAGES = {
  alreadyRefunded: "This payment has already been refunded.",
  notExtraPayment: "This payment cannot be refunded on its own.",
  keysMissing:
    "The payment method's keys are missing, so Academy cannot refund through the provider. Refund the buyer yourself, then mark it refunded outside Academy.",
  nothingToRefund: "Nothing was paid for this order.",
  notFlagged: "This order does not need your attention any more.",
  cannotEnrol: "This payment cannot enrol the student.",
  studentDeleted:
    "The student deleted their account, so they cannot be enrolled. Refund the payment instead.",
} as const;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How a refund goes back: the provider's refund API, by the creator outside Academy, or made in the provider's portal. */
export type RefundThrough = "momo" | "zalopay" | "stripe" | "manual" | "provider_portal";

/**
 * Body of POST /api/earnings/orders/{id}/refund. `attemptId`: refund that one paid attempt (the
 * extra payment of an order paid twice, or a payment that could not settle the order) instead of
 * the order's own payment. `outside`: the creator returned the money themselves ("Mark refunded
 * outside Academy"), recorded at once. `reason`: a note kept with the refund.
 */
export const refundInputSchema = z
  .object({
    attemptId: z.string().uuid("Choose a payment of this order.").optional(),
    outside: z.boolean().optional(),
    reason: z.string().trim().max(500, "Keep the note under 500 characters.").optional(),
  })
  .strict();
export type RefundInput = z.output<typeof refundInputSchema>;

/** Answer of a refund action. Amount in the currency's smallest unit. */
export interface RefundView {
  id: string;
  orderId: string;
  attemptId: string | null;
  through: RefundThrough;
  status: RefundStatus;
  amount: number;
  currency: string;
  failureReason: string | null;
  orderStatus: OrderStatus;
}

export const ATTENTION_KINDS = [
  "paid_twice",
  "paid_after_expiry",
  "amount_mismatch",
  "refund_failed",
  "dispute",
  "other",
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/**
 * One order a person must act on (GET /api/earnings/attention). Amounts in the currency's smallest
 * unit. `extraPayment`: the paid attempt that did not settle the order (paid twice, paid after
 * expiry, amount mismatch). `refundThrough`: where a refund of `extraPayment` (else of the order)
 * goes back — the provider (momo, zalopay, stripe) or "manual" (outside Academy). Student fields are
 * null once the student deleted their account.
 */
export interface AttentionItem {
  orderId: string;
  reference: string;
  kind: AttentionKind;
  reason: string | null;
  status: OrderStatus;
  method: OrderMethod | null;
  amount: number;
  currency: string;
  extraPayment: {
    attemptId: string;
    provider: "momo" | "zalopay" | "stripe";
    amount: number;
    currency: string;
    paidAt: string | null;
  } | null;
  failedRefund: { attemptId: string | null; reason: string | null } | null;
  pendingRefund: boolean;
  refundThrough: "momo" | "zalopay" | "stripe" | "manual";
  studentName: string | null;
  studentEmail: string | null;
  courseId: string;
  courseTitle: string;
  createdAt: string;
  paidAt: string | null;
  flaggedAt: string;
}

/** GET /api/purchases: the student's own orders, newest first (issue 23 §9). */
export const purchaseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

/** One of the student's orders on the Purchases page. Amounts in the currency's smallest unit. */
export interface PurchaseRow {
  reference: string;
  status: OrderStatus;
  method: OrderMethod | null;
  courseId: string;
  courseTitle: string;
  schoolName: string | null;
  amount: number;
  currency: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  /** Money given back (succeeded refunds), in the smallest unit; 0 when none. */
  refundedAmount: number;
  /** A receipt exists (paid or refunded). */
  hasReceipt: boolean;
  /** The order's money-back guarantee in days (issue 24 §3), null when none. */
  guaranteeDays: number | null;
  /** When the guarantee ends (paid_at + guaranteeDays days), null without one or before payment. */
  guaranteeEndsAt: string | null;
  /**
   * "Request a refund" is offered: paid, something paid, inside the guarantee, no request yet and
   * no refund recorded or under way.
   */
  canRequestRefund: boolean;
  /** The refund request of this order (at most one), or null. */
  refundRequest: RefundRequestView | null;
}

export interface PurchaseList {
  purchases: PurchaseRow[];
  total: number;
  page: number;
  pageSize: number;
}

// ---- Refund requests under a money-back guarantee (issue 24 §3, decision 0227) ----

/** Texts of refund requests that the server answers with and the web shows. */
export const REFUND_REQUEST_MESSAGES = {
  noGuarantee: "This order has no money-back guarantee. Message the teacher about a refund.",
  windowClosed: "The money-back guarantee of this order has ended.",
  alreadyRequested: "You have already asked for a refund of this order.",
  refundUnderway: "A refund of this order is already under way.",
  notFound: "Refund request not found.",
  decided: "This refund request has already been decided.",
} as const;

export const REFUND_REQUEST_STATUSES = ["pending", "approved", "declined"] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** Longest reason a student or a creator can give, in characters. */
export const REFUND_REQUEST_REASON_MAX = 1000;

/** Body of POST /api/purchases/{reference}/refund-request: an optional reason. */
export const refundRequestInputSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REFUND_REQUEST_REASON_MAX, "At most 1000 characters")
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict();
export type RefundRequestInput = z.output<typeof refundRequestInputSchema>;

/**
 * Body of POST /api/earnings/refund-requests/{id}/approve: `outside` records a refund the creator
 * made themselves ("Mark refunded outside Academy"); otherwise the money goes back through the
 * provider that took it (or is recorded outside Academy when it cannot).
 */
export const refundRequestApproveSchema = z.object({ outside: z.boolean().optional() }).strict();

/** Body of POST /api/earnings/refund-requests/{id}/decline: the reason the student is e-mailed. */
export const refundRequestDeclineSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, PAYMENT_MESSAGES.reasonRequired)
      .max(REFUND_REQUEST_REASON_MAX, "At most 1000 characters"),
  })
  .strict();

/** A refund request as its student sees it. Dates are ISO instants. */
export interface RefundRequestView {
  id: string;
  status: RefundRequestStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** The creator's reason, for a declined request. */
  declineReason: string | null;
}

/**
 * A pending refund request in the creator's Earnings queue (GET /api/earnings/refund-requests).
 * `amount` in the currency's smallest unit; `refundThrough`: where the money goes back (the
 * provider that took it, or "manual" — outside Academy); `refundPending`: a refund of it is under
 * way at the provider; `refundFailed`: the last attempt failed (retry, or refund outside Academy).
 * Student fields are null once the student deleted their account.
 */
export interface RefundRequestItem {
  id: string;
  orderId: string;
  reference: string;
  courseId: string;
  courseTitle: string;
  studentName: string | null;
  studentEmail: string | null;
  amount: number;
  currency: string;
  method: OrderMethod | null;
  paidAt: string;
  guaranteeDays: number;
  reason: string | null;
  createdAt: string;
  refundThrough: "momo" | "zalopay" | "stripe" | "manual";
  refundPending: boolean;
  refundFailed: boolean;
}

export const PURCHASE_MESSAGES = {
  receiptNotFound: "There is no receipt for this order.",
  tooManyReceiptEmails: "You have asked for this receipt several times. Please try again in an hour.",
} as const;
