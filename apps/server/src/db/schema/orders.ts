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
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
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
    rejection_reason: text("rejection_reason"),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    awaiting_at: timestamp("awaiting_at", { withTimezone: true }),
    paid_at: timestamp("paid_at", { withTimezone: true }),
    refunded_at: timestamp("refunded_at", { withTimezone: true }),
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
    check(
      "orders_status_check",
      sql`${t.status} in ('pending', 'awaiting_confirmation', 'paid', 'rejected', 'expired', 'cancelled', 'refunded')`,
    ),
    check(
      "orders_amount_check",
      sql`${t.amount} >= 0 and ${t.list_amount} >= 0 and ${t.discount_amount} >= 0`,
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
