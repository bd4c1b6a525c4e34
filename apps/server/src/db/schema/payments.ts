import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * coupons (issue 11 §5): a creator's discount code. kind percent (value 1–100, a percentage) or
 * fixed (value in the smallest unit of `currency`). course_id null = every course of the creator.
 * max_redemptions null = unlimited; redemption_count is raised by a guarded UPDATE (exact under
 * concurrency) when an order takes the coupon and lowered when that order expires, is cancelled
 * or rejected. Codes are upper case and unique per creator.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    value: integer("value").notNull(),
    currency: text("currency"),
    course_id: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    max_redemptions: integer("max_redemptions"),
    redemption_count: integer("redemption_count").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_creator_code_key").on(t.creator_id, t.code),
    check("coupons_kind_check", sql`${t.kind} in ('percent', 'fixed')`),
    check("coupons_value_check", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      "coupons_redemptions_check",
      sql`${t.redemption_count} >= 0 and (${t.max_redemptions} is null or ${t.redemption_count} <= ${t.max_redemptions})`,
    ),
  ],
);

/**
 * referral_partners (issue 11 §5): someone who sends buyers with `?ref=CODE`; earns
 * commission_percent (0–100) of each paid order attributed to the code (orders.referral_code).
 * Commission on orders paid after commission_paid_through is owed; "mark paid" moves it to now.
 * Codes are upper case and unique per creator.
 */
export const referralPartners = pgTable(
  "referral_partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    commission_percent: integer("commission_percent").notNull(),
    commission_paid_through: timestamp("commission_paid_through", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_partners_creator_code_key").on(t.creator_id, t.code),
    index("referral_partners_code_idx").on(t.code),
    check(
      "referral_partners_commission_check",
      sql`${t.commission_percent} >= 0 and ${t.commission_percent} <= 100`,
    ),
  ],
);
