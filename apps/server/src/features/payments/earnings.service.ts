import {
  type CouponRow,
  type couponInputSchema,
  csvCell,
  DELETED_STUDENT_LABEL,
  type EarningsSummary,
  type OrderList,
  type OrderListQuery,
  type OrderMethod,
  type OrderRow,
  type OrderStatus,
  PAYMENT_MESSAGES,
  type PartnerRow,
  type partnerInputSchema,
  type RefundStatus,
} from "@academy/shared";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { coupons, referralPartners } from "../../db/schema/index.ts";
import { METHOD_NAMES } from "../../email/order-templates.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as e from "./earnings.queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @throws AppError FORBIDDEN creatorOnly for students. */
export async function assertCreator(db: Db, actor: SessionUser): Promise<void> {
  const role = await e.findRole(db, actor.id);
  if (role !== "creator" && role !== "admin") throw new AppError("FORBIDDEN", PAYMENT_MESSAGES.creatorOnly);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: e.OrderListRecord): OrderRow {
  return {
    id: r.id,
    reference: r.reference,
    status: r.status as OrderStatus,
    method: r.method as OrderMethod | null,
    courseId: r.course_id,
    courseTitle: r.course_title,
    studentName: r.student_email === null ? null : r.student_name,
    studentEmail: r.student_email,
    listAmount: Number(r.list_amount),
    discountAmount: Number(r.discount_amount),
    amount: Number(r.amount),
    currency: r.currency,
    couponCode: r.coupon_code,
    referralCode: r.referral_code,
    flagged: r.flagged,
    flagReason: r.flag_reason,
    rejectionReason: r.rejection_reason,
    createdAt: new Date(r.created_at).toISOString(),
    awaitingAt: iso(r.awaiting_at),
    paidAt: iso(r.paid_at),
    expiresAt: new Date(r.expires_at).toISOString(),
    refundStatus: (r.refund_status as RefundStatus | null) ?? null,
    refundThrough: ["momo", "zalopay", "stripe"].includes(r.provider ?? "")
      ? (r.provider as "momo" | "zalopay" | "stripe")
      : "manual",
  };
}

/**
 * Earnings & Referrals summary (issue 11 §5, spec 000 §2 Earnings card): revenue per currency net
 * of refunds (today in Vietnam time, last 30 days, all time; smallest units), the daily series of
 * the last 30 days, and how many orders await confirmation or are flagged. @throws FORBIDDEN
 */
export async function earningsSummary(db: Db, actor: SessionUser): Promise<EarningsSummary> {
  await assertCreator(db, actor);
  const { totals, daily, counts } = await e.revenue(db, actor.id, e.EARNINGS_TIMEZONE);
  return {
    revenue: totals.map((t) => ({
      currency: t.currency,
      today: Number(t.today),
      last30Days: Number(t.last30),
      allTime: Number(t.all_time),
      paidOrders: Number(t.paid_orders),
    })),
    daily: daily.map((d) => ({ day: d.day, currency: d.currency, amount: Number(d.amount) })),
    awaitingCount: Number(counts?.awaiting ?? 0),
    flaggedCount: Number(counts?.flagged ?? 0),
  };
}

const NOT_YOUR_COURSE = "Choose one of your courses.";

/**
 * The orders list's course filter (issue 11 §5) must name one of the actor's courses; "" is all.
 * @throws AppError VALIDATION_FAILED (path courseId)
 */
async function assertCourseFilter(db: Db, actor: SessionUser, courseId: string): Promise<void> {
  if (courseId && !(await e.ownsCourse(db, actor.id, courseId)))
    throw new AppError("VALIDATION_FAILED", NOT_YOUR_COURSE, [
      { path: "courseId", message: NOT_YOUR_COURSE },
    ]);
}

/** GET /api/earnings/courses: the creator's courses for the orders filter. @throws FORBIDDEN */
export async function listOrderCourses(db: Db, actor: SessionUser): Promise<{ id: string; title: string }[]> {
  await assertCreator(db, actor);
  return e.listCreatorCourses(db, actor.id);
}

/**
 * The creator's orders, filtered (q: reference or student; status; method; courseId of one of the
 * creator's courses), awaiting confirmation first. @throws FORBIDDEN, VALIDATION_FAILED courseId
 */
export async function listCreatorOrders(
  db: Db,
  actor: SessionUser,
  query: OrderListQuery,
): Promise<OrderList> {
  await assertCreator(db, actor);
  await assertCourseFilter(db, actor, query.courseId);
  const { rows, total } = await e.listOrders(db, actor.id, query);
  return { orders: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The orders as CSV (UTF-8 with BOM), every cell escaped against formulae (csvCell). Amounts in
 * major units of their currency. Streams keyset pages of 2,000 rows. @throws FORBIDDEN
 */
export async function ordersCsv(
  db: Db,
  actor: SessionUser,
  query: Omit<OrderListQuery, "page" | "pageSize">,
) {
  await assertCreator(db, actor);
  await assertCourseFilter(db, actor, query.courseId);
  const header = [
    "Reference",
    "Status",
    "Method",
    "Course",
    "Student",
    "Email",
    "Currency",
    "List amount",
    "Discount",
    "Amount",
    "Coupon",
    "Referral",
    "Flag",
    "Created",
    "Paid",
  ];
  const encoder = new TextEncoder();
  const pages = e.allOrders(db, actor.id, query);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${header.map(csvCell).join(",")}\r\n`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      const lines = next.value.map((r) => {
        const minor = r.currency === "VND" ? 0 : 2;
        const money = (v: number) => (Number(v) / 10 ** minor).toFixed(minor);
        return [
          r.reference,
          r.status,
          // The method's name, not its key (issue 24 §5).
          r.method ? (METHOD_NAMES[r.method]?.en ?? r.method) : "",
          r.course_title,
          r.student_email === null ? DELETED_STUDENT_LABEL : (r.student_name ?? ""),
          r.student_email ?? "",
          r.currency,
          money(r.list_amount),
          money(r.discount_amount),
          money(r.amount),
          r.coupon_code ?? "",
          r.referral_code ?? "",
          r.flag_reason ?? "",
          new Date(r.created_at).toISOString(),
          r.paid_at ? new Date(r.paid_at).toISOString() : "",
        ]
          .map(csvCell)
          .join(",");
      });
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
    },
  });
}

/** The creator's coupons, newest first. @throws FORBIDDEN */
export async function listCouponsOf(db: Db, actor: SessionUser): Promise<CouponRow[]> {
  await assertCreator(db, actor);
  return (await e.listCoupons(db, actor.id)).map((c) => ({
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: Number(c.value),
    currency: c.currency,
    courseId: c.course_id,
    courseTitle: c.course_title,
    maxRedemptions: c.max_redemptions === null ? null : Number(c.max_redemptions),
    redemptionCount: Number(c.redemption_count),
    expiresAt: iso(c.expires_at),
  }));
}

/**
 * Creates a coupon (issue 11 §5). A course must be the actor's.
 * @throws AppError FORBIDDEN, VALIDATION_FAILED (course), CONFLICT couponTaken
 */
export async function createCoupon(db: Db, actor: SessionUser, input: z.output<typeof couponInputSchema>) {
  await assertCreator(db, actor);
  if (input.courseId && !(await e.ownsCourse(db, actor.id, input.courseId)))
    throw new AppError("VALIDATION_FAILED", "Choose one of your courses.", [
      { path: "courseId", message: "Choose one of your courses." },
    ]);
  try {
    await db.insert(coupons).values({
      creator_id: actor.id,
      code: input.code,
      kind: input.kind,
      value: input.value,
      currency: input.kind === "fixed" ? input.currency : null,
      course_id: input.courseId,
      max_redemptions: input.maxRedemptions,
      expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.couponTaken, [
        { path: "code", message: PAYMENT_MESSAGES.couponTaken },
      ]);
    throw error;
  }
  return listCouponsOf(db, actor);
}

/** Deletes one of the actor's coupons (orders keep the code). @throws FORBIDDEN, NOT_FOUND */
export async function deleteCoupon(db: Db, actor: SessionUser, id: string): Promise<void> {
  await assertCreator(db, actor);
  const result = UUID.test(id)
    ? await db.execute(sql`delete from coupons where id = ${id} and creator_id = ${actor.id} returning id`)
    : { rows: [] };
  if ((result as unknown as { rows: unknown[] }).rows.length === 0)
    throw new AppError("NOT_FOUND", "Coupon not found.");
}

/**
 * The actor's referral partners with, per currency, paid orders, sales, commission and the
 * commission owed (orders paid after the last "mark paid", less the commission of money refunded
 * since on orders paid before it — issue 23 §7). Sales are net of refunds, partial ones included
 * (`orders` counts orders still paid). Smallest units, commission floored. @throws FORBIDDEN
 */
export async function listPartnersOf(db: Db, actor: SessionUser): Promise<PartnerRow[]> {
  await assertCreator(db, actor);
  const { partners, totals, clawbacks } = await e.listPartners(db, actor.id);
  return partners.map((p) => {
    const pct = Number(p.commission_percent);
    const mine = totals.filter((t) => t.code === p.code);
    const back = clawbacks.filter((b) => b.code === p.code);
    const currencies = [...new Set([...mine.map((t) => t.currency), ...back.map((b) => b.currency)])].sort();
    return {
      id: p.id,
      name: p.name,
      code: p.code,
      commissionPercent: pct,
      commissionPaidThrough: iso(p.commission_paid_through),
      totals: currencies.map((currency) => {
        const t = mine.find((x) => x.currency === currency);
        const refundedAfterPayout = Number(back.find((x) => x.currency === currency)?.refunded ?? 0);
        const sales = Number(t?.sales ?? 0);
        return {
          currency,
          orders: Number(t?.orders ?? 0),
          sales,
          commission: Math.floor((sales * pct) / 100),
          // Refunds net out (issue 23 §7): commission already paid for an order refunded since is
          // taken back from what is owed (negative when more was paid out than is now due).
          owed:
            Math.floor((Number(t?.paid_after ?? 0) * pct) / 100) -
            Math.floor((refundedAfterPayout * pct) / 100),
        };
      }),
    };
  });
}

/** Adds a referral partner. @throws FORBIDDEN, CONFLICT partnerTaken */
export async function createPartner(db: Db, actor: SessionUser, input: z.output<typeof partnerInputSchema>) {
  await assertCreator(db, actor);
  try {
    await db.insert(referralPartners).values({
      creator_id: actor.id,
      name: input.name,
      code: input.code,
      commission_percent: input.commissionPercent,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.partnerTaken, [
        { path: "code", message: PAYMENT_MESSAGES.partnerTaken },
      ]);
    throw error;
  }
  return listPartnersOf(db, actor);
}

/** "Mark commission paid": everything owed up to now is paid. @throws FORBIDDEN, NOT_FOUND */
export async function markCommissionPaid(db: Db, actor: SessionUser, id: string) {
  await assertCreator(db, actor);
  const result = UUID.test(id)
    ? await db.execute(
        sql`update referral_partners set commission_paid_through = now() where id = ${id} and creator_id = ${actor.id} returning id`,
      )
    : { rows: [] };
  if ((result as unknown as { rows: unknown[] }).rows.length === 0)
    throw new AppError("NOT_FOUND", "Referral partner not found.");
  return listPartnersOf(db, actor);
}
