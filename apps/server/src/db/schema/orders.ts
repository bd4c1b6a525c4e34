import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";
import { enrollments } from "./enrollments.ts";
import { landingPages, paymentMethods } from "./landing-pages.ts";

/**
 * orders (issue 11, DESIGN §6): the unit of payment. One open order (pending or
 * awaiting_confirmation) per student and course. `reference` is 8 characters a person can type
 * into a bank app (no 0/O/1/I) and is the VietQR/bank transfer note. Amounts are integers in the
 * currency's smallest unit (VND: whole đồng; USD: cents), computed on the server.
 * status moves only forward: pending → awaiting_confirmation → paid | rejected | expired |
 * cancelled | refunded (paid → refunded).
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The buyer; null once they deleted their account (the order is kept, anonymised — decision 0217). */
    student_id: text("student_id").references(() => user.id, { onDelete: "set null" }),
    enrollment_id: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "set null" }),
    landing_page_id: uuid("landing_page_id").references(() => landingPages.id, { onDelete: "set null" }),
    payment_method_id: uuid("payment_method_id").references(() => paymentMethods.id, {
      onDelete: "set null",
    }),
    /** momo | zalopay | vietqr | bank-transfer | credit-card | cash; null until the buyer chooses. */
    method: text("method"),
    /** Price before discounts, in the currency's smallest unit. */
    list_amount: integer("list_amount").notNull(),
    discount_amount: integer("discount_amount").notNull().default(0),
    /** What the buyer pays: list_amount − discount_amount, in the currency's smallest unit. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    coupon_code: text("coupon_code"),
    referral_code: text("referral_code"),
    /** Campaign of the /lp visit that opened the order (issue 12 §3; lower case, ≤ 100). */
    utm_source: text("utm_source"),
    utm_medium: text("utm_medium"),
    utm_campaign: text("utm_campaign"),
    status: text("status").notNull().default("pending"),
    /** momo | zalopay | stripe | manual (creator confirmed a transfer or cash). */
    provider: text("provider"),
    provider_transaction_id: text("provider_transaction_id"),
    /** Money arrived after expiry, or an amount/currency mismatch was recorded. */
    flagged: boolean("flagged").notNull().default(false),
    flag_reason: text("flag_reason"),
    /**
     * What a person must act on (decision 0217): paid_twice | paid_after_expiry | amount_mismatch |
     * refund_failed | dispute; null for an older flag or none. Cleared by `flag_resolved_at`.
     */
    flag_kind: text("flag_kind"),
    flag_resolved_at: timestamp("flag_resolved_at", { withTimezone: true }),
    rejection_reason: text("rejection_reason"),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    awaiting_at: timestamp("awaiting_at", { withTimezone: true }),
    paid_at: timestamp("paid_at", { withTimezone: true }),
    refunded_at: timestamp("refunded_at", { withTimezone: true }),
    /**
     * When the provider was last asked whether this paid order was refunded in its own portal
     * (MoMo's query lists `refundTrans`; issue 23 §7, `portal-refunds.service.ts`); null = never.
     */
    refunds_checked_at: timestamp("refunds_checked_at", { withTimezone: true }),
    /**
     * The course's money-back guarantee in days when the order was opened (issue 24 §3), kept so a
     * later change of the setting does not change what the buyer was promised; null = none.
     */
    guarantee_days: integer("guarantee_days"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_provider_txn_key").on(t.provider, t.provider_transaction_id),
    // One open order per student and course.
    uniqueIndex("orders_open_per_student_course_key")
      .on(t.student_id, t.course_id)
      .where(sql`${t.status} in ('pending', 'awaiting_confirmation')`),
    index("orders_course_created_idx").on(t.course_id, t.created_at),
    index("orders_status_created_idx").on(t.status, t.created_at),
    index("orders_paid_at_idx").on(t.paid_at),
    // Creator analytics (decision 0185): a course's payments and refunds in a range.
    index("orders_course_paid_idx").on(t.course_id, t.paid_at).where(sql`${t.paid_at} is not null`),
    index("orders_course_refunded_idx").on(t.course_id, t.refunded_at).where(sql`${t.status} = 'refunded'`),
    // Earnings' "needs a person" queue.
    index("orders_flag_open_idx").on(t.course_id).where(sql`${t.flagged} and ${t.flag_resolved_at} is null`),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending', 'awaiting_confirmation', 'paid', 'rejected', 'expired', 'cancelled', 'refunded')`,
    ),
    check(
      "orders_amount_check",
      sql`${t.amount} >= 0 and ${t.list_amount} >= 0 and ${t.discount_amount} >= 0`,
    ),
    check(
      "orders_guarantee_days_check",
      sql`${t.guarantee_days} is null or ${t.guarantee_days} between 1 and 90`,
    ),
  ],
);

/**
 * payment_events (issue 11 §1): append-only log of every provider callback/webhook received —
 * the raw body, whether its signature verified, and what it did (outcome).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    order_id: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    payment_method_id: uuid("payment_method_id").references(() => paymentMethods.id, {
      onDelete: "set null",
    }),
    provider: text("provider").notNull(),
    provider_transaction_id: text("provider_transaction_id"),
    raw_body: text("raw_body").notNull(),
    headers: jsonb("headers").notNull().default(sql`'{}'::jsonb`),
    signature_valid: boolean("signature_valid").notNull(),
    /** e.g. paid | duplicate | amount_mismatch | bad_signature | unknown_order | late_paid | failed */
    outcome: text("outcome").notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_order_idx").on(t.order_id, t.received_at)],
);

/**
 * payment_attempts (issue 23 §2, decision 0217): one call to MoMo, ZaloPay or Stripe for an order.
 * Each attempt has its own provider id, never reused: MoMo `orderId` (`REF-n`), ZaloPay
 * `app_trans_id` (`yymmdd_REF_n`, the date of the call in Vietnam time), Stripe: our `REF-n` in
 * the session's metadata (`provider_order_id`) and the session id (`provider_ref`). A verified
 * success for any attempt settles its order, whatever method the order shows now.
 * status: creating (the provider call is under way) → open (payable at the provider until
 * provider_expires_at) → paid | failed | expired. Amounts in the currency's smallest unit.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The stored method whose keys made the call (kept, archived, while attempts are open). */
    payment_method_id: uuid("payment_method_id").references(() => paymentMethods.id, {
      onDelete: "set null",
    }),
    /** momo | zalopay | stripe (check constraint). */
    provider: text("provider").$type<"momo" | "zalopay" | "stripe">().notNull(),
    /** 1, 2, … per order. */
    attempt_no: integer("attempt_no").notNull(),
    provider_order_id: text("provider_order_id").notNull(),
    /** MoMo requestId; Stripe Checkout Session id. */
    provider_ref: text("provider_ref"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("creating"),
    pay_url: text("pay_url"),
    /** MoMo transId, ZaloPay zp_trans_id, Stripe PaymentIntent id — once paid. */
    provider_transaction_id: text("provider_transaction_id"),
    /** What the provider reported as paid (may differ from `amount`: then the order is flagged). */
    paid_amount: integer("paid_amount"),
    /** Until when the provider's page takes money; reconciliation asks until then (and a grace after). */
    provider_expires_at: timestamp("provider_expires_at", { withTimezone: true }).notNull(),
    last_checked_at: timestamp("last_checked_at", { withTimezone: true }),
    paid_at: timestamp("paid_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_attempts_provider_order_key").on(t.provider, t.provider_order_id),
    uniqueIndex("payment_attempts_order_no_key").on(t.order_id, t.attempt_no),
    uniqueIndex("payment_attempts_provider_txn_key")
      .on(t.provider, t.provider_transaction_id)
      .where(sql`${t.provider_transaction_id} is not null`),
    index("payment_attempts_open_idx")
      .on(t.provider_expires_at)
      .where(sql`${t.status} in ('creating', 'open')`),
    index("payment_attempts_ref_idx").on(t.provider_ref).where(sql`${t.provider_ref} is not null`),
    check("payment_attempts_provider_check", sql`${t.provider} in ('momo', 'zalopay', 'stripe')`),
    check(
      "payment_attempts_status_check",
      sql`${t.status} in ('creating', 'open', 'paid', 'failed', 'expired')`,
    ),
  ],
);

/**
 * refunds (issue 23 §7): money given back for an order (or for one paid attempt of it, when the
 * order was paid twice). through: momo | zalopay | stripe (the provider's refund API) | manual
 * ("refunded outside Academy": VietQR, bank transfer, cash) | provider_portal (made in the
 * provider's own portal and reported by its webhook). status pending → succeeded | failed.
 * amount in the currency's smallest unit.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The paid attempt refunded (a duplicate payment), or null for the order's own payment. */
    attempt_id: uuid("attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    through: text("through").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("pending"),
    /** MoMo/ZaloPay m_refund_id or Stripe refund id. */
    provider_refund_id: text("provider_refund_id"),
    reason: text("reason"),
    failure_reason: text("failure_reason"),
    requested_by: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * When the money went back (set by the trigger `refunds_succeeded_at` the moment status
     * becomes succeeded): the day a refund nets out of revenue, commission and analytics.
     */
    succeeded_at: timestamp("succeeded_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.order_id),
    // Revenue netting (issue 23 §7): succeeded refunds of orders' own payments by date.
    index("refunds_netting_idx")
      .on(t.succeeded_at, t.order_id)
      .where(sql`${t.status} = 'succeeded' and ${t.attempt_id} is null`),
    uniqueIndex("refunds_provider_refund_key")
      .on(t.through, t.provider_refund_id)
      .where(sql`${t.provider_refund_id} is not null`),
    check(
      "refunds_through_check",
      sql`${t.through} in ('momo', 'zalopay', 'stripe', 'manual', 'provider_portal')`,
    ),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("refunds_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * refund_requests (issue 24 §3, decision 0227): a buyer's request for a refund under the course's
 * money-back guarantee, made from Purchases within `orders.guarantee_days` of `paid_at`. At most one
 * per order. status pending → approved (set when a refund of the order's own payment succeeded and
 * covers it, whoever made it) | declined (by the course's creator, with `decline_reason`).
 * `student_id` is null once the student deleted their account (the request stays with the order).
 */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    student_id: text("student_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason"),
    status: text("status").notNull().default("pending"),
    decided_by: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decline_reason: text("decline_reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refund_requests_order_key").on(t.order_id),
    index("refund_requests_pending_idx").on(t.created_at).where(sql`${t.status} = 'pending'`),
    check("refund_requests_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);
