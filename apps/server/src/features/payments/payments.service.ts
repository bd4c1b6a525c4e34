import { randomInt } from "node:crypto";
import {
  type Attribution,
  type CheckoutMethod,
  type CheckoutView,
  couponDiscount,
  DELETED_STUDENT_LABELS,
  encodeVietQr,
  findNapasBank,
  fromMinorUnits,
  generateOrderReference,
  isOrderReference,
  methodUnavailableReason,
  ONLINE_METHODS,
  ORDER_EXPIRY_MINUTES,
  type OrderMethod,
  type OrderStatus,
  PAYMENT_MESSAGES,
  toMinorUnits,
} from "@academy/shared";
import QRCode from "qrcode";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import {
  type Locale,
  orderAwaitingEmail,
  orderPaidCreatorEmail,
  orderReceiptEmail,
  orderRejectedEmail,
} from "../../email/templates.ts";
import type { Env } from "../../env.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import type { Logger } from "../../lib/logger.ts";
import { openJson } from "../../lib/secret-box.ts";
import { findOtherPaidOrder, listOpenAttemptsOfOrder } from "./attempts.queries.ts";
import * as q from "./payments.queries.ts";
import { MOMO_HOSTS, type MomoKeys } from "./providers/momo.ts";
import { ZALOPAY_HOSTS, type ZaloPayKeys } from "./providers/zalopay.ts";
import { sellerLines } from "./receipt-lines.ts";

/** What the payments service needs. */
export interface PaymentDeps {
  db: Db;
  mailer: Mailer;
  env: Pick<Env, "appUrl" | "payments">;
  encryptionKey: Buffer;
  logger?: Logger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderNotFound(): AppError {
  return new AppError("NOT_FOUND", PAYMENT_MESSAGES.orderNotFound);
}

function minutesFromNow(minutes: number): Date {
  return new Date(Date.now() + minutes * 60_000);
}

/** The expiry of an order paid by `method` from now (issue 11 §1: 24 h manual, 15 min online). */
export function expiryFor(method: OrderMethod | null): Date {
  return minutesFromNow(
    method && ONLINE_METHODS.includes(method) ? ORDER_EXPIRY_MINUTES.online : ORDER_EXPIRY_MINUTES.manual,
  );
}

/** Decrypted secret fields of a stored payment method (only at the moment of use, DESIGN §6). */
function secretsOf(key: Buffer, row: q.MethodRow): Record<string, string> {
  return row.secret_data ? openJson<Record<string, string>>(key, row.secret_data) : {};
}

/** A creator's MoMo keys from a stored method, or null when incomplete. */
export function momoKeysOf(key: Buffer, row: q.MethodRow): MomoKeys | null {
  const s = secretsOf(key, row);
  const partnerCode = row.configuration?.partnerCode ?? "";
  if (!partnerCode || !s.accessKey || !s.secretKey) return null;
  return { partnerCode, accessKey: s.accessKey, secretKey: s.secretKey };
}

/** A creator's ZaloPay keys from a stored method, or null when incomplete. */
export function zaloPayKeysOf(key: Buffer, row: q.MethodRow): ZaloPayKeys | null {
  const s = secretsOf(key, row);
  const appId = row.configuration?.appId ?? "";
  if (!/^\d+$/.test(appId) || !s.key1 || !s.key2) return null;
  return { appId, key1: s.key1, key2: s.key2 };
}

/** A creator's Stripe keys (secret key and webhook signing secret), or null when incomplete. */
export function stripeKeysOf(
  key: Buffer,
  row: q.MethodRow,
): { secretKey: string; webhookSecret: string } | null {
  const s = secretsOf(key, row);
  if (!s.secretKey || !s.webhookSecret) return null;
  return { secretKey: s.secretKey, webhookSecret: s.webhookSecret };
}

export function hostMode(row: q.MethodRow): "production" | "sandbox" {
  return row.configuration?.mode === "production" ? "production" : "sandbox";
}

export function momoBase(deps: Pick<PaymentDeps, "env">, row: q.MethodRow): string {
  return deps.env.payments?.momoBaseUrl ?? MOMO_HOSTS[hostMode(row)];
}

export function zaloPayBase(deps: Pick<PaymentDeps, "env">, row: q.MethodRow): string {
  return deps.env.payments?.zaloPayBaseUrl ?? ZALOPAY_HOSTS[hostMode(row)];
}

/** The public part of an enabled method as the buyer sees it, or null when it cannot be used. */
function toCheckoutMethod(row: q.MethodRow): CheckoutMethod | null {
  const c = row.configuration ?? {};
  switch (row.method_type) {
    case "vietqr": {
      const bank = findNapasBank(c.bankCode);
      if (!bank || !/^\d{6,19}$/.test(c.accountNumber ?? "")) return null;
      return {
        type: "vietqr",
        bankName: bank.shortName,
        bankBin: bank.bin,
        accountNumber: c.accountNumber,
        accountHolder: c.accountHolder ?? "",
      };
    }
    case "bank-transfer":
      if (!c.accountNumber) return null;
      return {
        type: "bank-transfer",
        bankName: c.bankName ?? "",
        accountNumber: c.accountNumber,
        accountHolder: c.accountHolder ?? "",
        swiftCode: c.swiftCode ?? "",
      };
    case "cash":
      return { type: "cash", stores: c.stores ?? "", instructions: c.instructions ?? "" };
    case "momo":
    case "zalopay":
      return { type: row.method_type };
    case "credit-card":
      return { type: "credit-card" };
    default:
      return null;
  }
}

/** Methods a course takes from `pageId` (enabled, not archived, usable), with their rows. */
export async function methodsOfPage(db: Executor, pageId: string | null) {
  if (!pageId) return [];
  const rows = await q.listEnabledMethods(db, pageId);
  return rows
    .map((row) => ({ row, method: toCheckoutMethod(row) }))
    .filter((m): m is { row: q.MethodRow; method: CheckoutMethod } => m.method !== null);
}

/**
 * Whether a course can be paid for (issue 11 §2): the enabled methods of the landing page the
 * visitor came from (`landingSlug`, when connected to the course and published), else of the
 * course's most recently published landing page. @returns the page id and method types.
 */
export async function sellingMethods(
  db: Db,
  courseId: string,
  landingSlug?: string,
  price?: { amount: number; currency: string },
) {
  const pageId = await q.findSellingPage(db, courseId, landingSlug);
  const methods = await methodsOfPage(db, pageId);
  return {
    pageId,
    // Issue 23 §5: with `price` (smallest unit), methods that cannot take it are left out.
    types: methods
      .map((m) => m.method.type)
      .filter((type) => !price || methodUnavailableReason(type, price.amount, price.currency) === null),
  };
}

/**
 * Whether buyers can pay for a course (issue 11 §2, the publish warning): `ready` when /join would
 * offer at least one usable method (the course's most recently published landing page); and the
 * landing page where payment is set up (the course's most recently updated page, any status), or
 * null when the course has none yet. Says nothing about the price: callers decide whether the
 * course is paid.
 */
export async function paymentSetup(
  db: Db,
  courseId: string,
): Promise<{ ready: boolean; landingPageId: string | null }> {
  const { types } = await sellingMethods(db, courseId);
  return { ready: types.length > 0, landingPageId: await q.latestPageOfCourse(db, courseId) };
}

/**
 * Opens (or reuses) the buyer's order for a paid course (issue 11 §1–2, called by Enroll Now).
 * One transaction: the enrolment is inserted as pending when absent (a cancelled one becomes
 * pending again — issue 16 item 13), then the open order of the student and course is reused or a
 * new one inserted (reference: 8 characters, retried on a clash; the partial unique index keeps
 * one open order). list_amount = the course price in the smallest unit (server-computed). A
 * referral code of one of the creator's partners is attributed; others are ignored.
 * @returns the order reference, or null when the enrolment is already completed.
 * @throws AppError CONFLICT noPaymentSetUp when the course takes no payment method.
 */
export async function openOrder(
  db: Db,
  actor: SessionUser,
  course: { id: string; price: number; currency: string; creatorId: string; schoolId: string | null },
  input: { landingPage?: string; ref?: string; contact?: boolean } & Attribution,
): Promise<{ reference: string | null; enrollmentId: string; created: boolean }> {
  // Issue 12 §3: the page and campaign of the visit are kept on a new enrolment and the new order.
  const visitedPageId = input.landingPage ? await q.findVisitedPage(db, course.id, input.landingPage) : null;
  const pageId = visitedPageId ?? (await q.findSellingPage(db, course.id, undefined));
  const attribution: Attribution = {
    utm_source: input.utm_source,
    utm_medium: input.utm_medium,
    utm_campaign: input.utm_campaign,
  };
  if ((await methodsOfPage(db, pageId)).length === 0) {
    if (!input.contact) throw new AppError("CONFLICT", PAYMENT_MESSAGES.noPaymentSetUp);
    // "Message teacher": a pending enrolment (no order) so the visitor can write to the teacher.
    return db.transaction(async (tx) => {
      const inserted = await q.insertPendingEnrolment(tx, {
        studentId: actor.id,
        courseId: course.id,
        schoolId: course.schoolId,
        amount: course.price,
        source: "self",
        attribution,
        landingPageId: visitedPageId,
      });
      const enrolment = await q.findEnrolmentForUpdate(tx, actor.id, course.id);
      if (!enrolment) throw new Error("enrolment vanished");
      if (enrolment.payment_status === "cancelled")
        await q.setEnrolmentPaymentStatus(tx, enrolment.id, "pending", course.price);
      return { reference: null, enrollmentId: enrolment.id, created: Boolean(inserted) };
    });
  }
  const refCode = input.ref?.trim().toUpperCase();
  const partner = refCode ? await q.findPartnerCode(db, course.creatorId, refCode) : undefined;
  const listAmount = toMinorUnits(course.price, course.currency);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        let created = false;
        const inserted = await q.insertPendingEnrolment(tx, {
          studentId: actor.id,
          courseId: course.id,
          schoolId: course.schoolId,
          amount: course.price,
          source: "self",
          attribution,
          landingPageId: visitedPageId,
        });
        const enrolment = await q.findEnrolmentForUpdate(tx, actor.id, course.id);
        if (!enrolment) throw new Error("enrolment vanished");
        created = Boolean(inserted);
        if (enrolment.payment_status === "completed")
          return { reference: null, enrollmentId: enrolment.id, created };
        if (enrolment.payment_status === "cancelled")
          await q.setEnrolmentPaymentStatus(tx, enrolment.id, "pending", course.price);
        const open = await q.findOpenOrder(tx, actor.id, course.id);
        if (open) return { reference: open.reference, enrollmentId: enrolment.id, created };
        const order = await q.insertOrder(tx, {
          reference: generateOrderReference(randomInt),
          course_id: course.id,
          student_id: actor.id,
          enrollment_id: enrolment.id,
          landing_page_id: pageId,
          list_amount: listAmount,
          discount_amount: 0,
          amount: listAmount,
          currency: course.currency,
          referral_code: partner?.code ?? null,
          utm_source: attribution.utm_source ?? null,
          utm_medium: attribution.utm_medium ?? null,
          utm_campaign: attribution.utm_campaign ?? null,
          status: "pending",
          expires_at: expiryFor(null),
        });
        return { reference: order.reference, enrollmentId: enrolment.id, created };
      });
    } catch (error) {
      // A reference clash or a concurrent open order: try again (the second finds the open one).
      if (!isUniqueViolation(error) || attempt === 4) throw error;
    }
  }
  throw new Error("unreachable");
}

/** The reference of the student's open order for a course, or null. */
export async function openOrderOf(db: Db, studentId: string, courseId: string): Promise<string | null> {
  return (await q.findOpenOrder(db, studentId, courseId))?.reference ?? null;
}

/** The buyer's own order by reference; NOT_FOUND for others (no existence leak). */
export async function ownOrder(db: Executor, actor: SessionUser, reference: string, lock = false) {
  const order = isOrderReference(reference) ? await q.findOrderByReference(db, reference, lock) : undefined;
  if (!order || order.student_id !== actor.id) throw orderNotFound();
  return order;
}

/** The buyer's view of an order (issue 11 §3, issue 23 §5 and §9). */
export async function viewOf(db: Executor, order: q.OrderRecord): Promise<CheckoutView> {
  const ctx = await q.orderContext(db, order.id);
  const open =
    order.status === "pending"
      ? (await listOpenAttemptsOfOrder(db, order.id)).find(
          (x) => x.status === "open" || x.status === "creating",
        )
      : undefined;
  const pageId = order.landing_page_id ?? (await q.findSellingPage(db, order.course_id, undefined));
  const methods = await methodsOfPage(db, pageId);
  let qrDataUrl: string | null = null;
  if (order.method === "vietqr" && order.currency === "VND") {
    const vietqr = methods.find((m) => m.method.type === "vietqr")?.method;
    if (vietqr && vietqr.type === "vietqr") {
      const payload = encodeVietQr({
        bin: vietqr.bankBin,
        accountNumber: vietqr.accountNumber,
        amount: order.amount,
        note: order.reference,
      });
      qrDataUrl = await QRCode.toDataURL(payload, { width: 280, margin: 2, errorCorrectionLevel: "M" });
    }
  }
  return {
    reference: order.reference,
    status: order.status as OrderStatus,
    courseId: order.course_id,
    courseTitle: ctx?.course_title ?? "",
    teacherName: ctx?.creator_name ?? null,
    method: (order.method as OrderMethod | null) ?? null,
    listAmount: order.list_amount,
    discountAmount: order.discount_amount,
    amount: order.amount,
    currency: order.currency,
    couponCode: order.coupon_code,
    expiresAt: new Date(order.expires_at).toISOString(),
    rejectionReason: order.rejection_reason,
    // Issue 23 §5: a method that cannot take this amount is not offered; the buyer sees why.
    methods: methods
      .map((m) => m.method)
      .filter((m) => methodUnavailableReason(m.type, order.amount, order.currency) === null),
    unavailableMethods: methods.flatMap((m) => {
      const reason = methodUnavailableReason(m.method.type, order.amount, order.currency);
      return reason ? [{ type: m.method.type, reason }] : [];
    }),
    qrDataUrl,
    openAttempt: open
      ? {
          provider: open.provider,
          createdAt: new Date(open.created_at).toISOString(),
          expiresAt: new Date(open.provider_expires_at).toISOString(),
        }
      : null,
  };
}

/** The id of the buyer's own order (for its live stream). @throws AppError NOT_FOUND */
export async function ownOrderId(db: Db, actor: SessionUser, reference: string): Promise<string> {
  return (await ownOrder(db, actor, reference)).id;
}

/** GET /api/checkout/{reference}: the buyer's order (issue 11 §3). @throws AppError NOT_FOUND */
export async function getCheckout(db: Db, actor: SessionUser, reference: string): Promise<CheckoutView> {
  return viewOf(db, await ownOrder(db, actor, reference));
}

export function lang(locale: string | null | undefined): Locale {
  return locale === "en" ? "en" : "vi";
}

export function facts(
  ctx: NonNullable<Awaited<ReturnType<typeof q.orderContext>>>,
  order: q.OrderRecord,
  to: "creator" | "student",
  url: string,
) {
  return {
    locale: lang(to === "creator" ? ctx.creator_locale : ctx.student_locale),
    schoolName: ctx.school_name,
    recipientName: to === "creator" ? ctx.creator_name : ctx.student_name,
    courseTitle: ctx.course_title,
    reference: order.reference,
    amount: order.amount,
    currency: order.currency,
    method: order.method ?? (order.provider === "coupon" ? "coupon" : null),
    studentLabel:
      ctx.student_email === null
        ? DELETED_STUDENT_LABELS[lang(ctx.creator_locale)]
        : ctx.student_name
          ? `${ctx.student_name} (${ctx.student_email})`
          : ctx.student_email,
    url,
    // Receipts name the seller (issue 23 §9).
    sellerLines:
      to === "student"
        ? sellerLines(lang(ctx.student_locale), {
            schoolName: ctx.school_name,
            legalName: ctx.legal_name,
            taxCode: ctx.tax_code,
            businessAddress: ctx.business_address,
            contact: ctx.support_email ?? ctx.creator_email,
          }).map((r) => `${r.label}: ${r.value}`)
        : undefined,
  };
}

/**
 * "I have transferred" / "I will pay in cash" (issue 11 §3): a pending VietQR, bank-transfer or cash
 * order → awaiting_confirmation (awaiting_at now); the creator gets an e-mail. Repeating it
 * answers the same. @throws AppError NOT_FOUND, CONFLICT orderClosed
 */
export async function markTransferred(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
): Promise<CheckoutView> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await ownOrder(tx, actor, reference, true);
    if (locked.status === "awaiting_confirmation") return locked;
    if (locked.status !== "pending" || !["vietqr", "bank-transfer", "cash"].includes(locked.method ?? ""))
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const updated = await q.updateOrder(tx, locked.id, {
      status: "awaiting_confirmation",
      awaiting_at: new Date(),
    });
    const ctx = await q.orderContext(tx, locked.id);
    if (ctx)
      await deps.mailer.send(tx, {
        to: ctx.creator_email,
        ...orderAwaitingEmail(facts(ctx, updated, "creator", `${deps.env.appUrl}/dashboard/earnings`)),
      });
    return updated;
  });
  return viewOf(deps.db, order);
}

/**
 * Cancels the buyer's own open order (they chose not to buy). The coupon redemption is given back.
 * @throws AppError NOT_FOUND, CONFLICT orderClosed
 */
export async function cancelOwnOrder(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
): Promise<CheckoutView> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await ownOrder(tx, actor, reference, true);
    if (locked.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const updated = await q.updateOrder(tx, locked.id, { status: "cancelled" });
    await releaseCouponOf(tx, updated);
    return updated;
  });
  return viewOf(deps.db, order);
}

/** Gives back the coupon redemption an order took (it expired, was cancelled or rejected). */
export async function releaseCouponOf(tx: Executor, order: q.OrderRecord): Promise<void> {
  if (!order.coupon_code) return;
  const ctx = await q.orderContext(tx, order.id);
  if (ctx) await q.releaseCoupon(tx, ctx.creator_id, order.coupon_code);
}

/**
 * Applies (or with "" removes) a coupon of the course's creator to the buyer's pending order
 * (issue 11 §5). The redemption is taken with a guarded UPDATE in the same transaction as the
 * order (exact under concurrency); the previous coupon's redemption is given back. A discount to
 * 0 pays the order at once (enrolled without payment).
 * @throws AppError NOT_FOUND, CONFLICT orderClosed, VALIDATION_FAILED couponInvalid / couponExpired / couponUsedUp
 */
export async function applyCoupon(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
  code: string,
): Promise<CheckoutView> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await ownOrder(tx, actor, reference, true);
    if (locked.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const ctx = await q.orderContext(tx, locked.id);
    if (!ctx) throw orderNotFound();
    if (locked.coupon_code) await q.releaseCoupon(tx, ctx.creator_id, locked.coupon_code);
    if (!code)
      return q.updateOrder(tx, locked.id, {
        coupon_code: null,
        discount_amount: 0,
        amount: locked.list_amount,
      });
    const coupon = await q.findCoupon(tx, ctx.creator_id, code);
    if (!coupon || (coupon.course_id && coupon.course_id !== locked.course_id))
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponInvalid, [
        { path: "code", message: PAYMENT_MESSAGES.couponInvalid },
      ]);
    if (coupon.expires_at && new Date(coupon.expires_at).getTime() <= Date.now())
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponExpired, [
        { path: "code", message: PAYMENT_MESSAGES.couponExpired },
      ]);
    const discount = couponDiscount(locked.list_amount, locked.currency, coupon);
    if (discount <= 0)
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponInvalid, [
        { path: "code", message: PAYMENT_MESSAGES.couponInvalid },
      ]);
    if (!(await q.redeemCoupon(tx, coupon.id)))
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponUsedUp, [
        { path: "code", message: PAYMENT_MESSAGES.couponUsedUp },
      ]);
    const updated = await q.updateOrder(tx, locked.id, {
      coupon_code: coupon.code,
      discount_amount: discount,
      amount: locked.list_amount - discount,
    });
    if (updated.amount === 0)
      return settlePaid(deps, tx, updated, { provider: "coupon", transactionId: null });
    return updated;
  });
  return viewOf(deps.db, order);
}

/**
 * Marks a locked order paid inside `tx` (DESIGN §6): status paid, paid_at, provider and its
 * transaction id (flagged only with `flagReason`); the enrolment becomes completed (lessons open,
 * enrollment_count + 1); receipt to the student and a note to the creator through the outbox; a
 * realtime notification on commit. Late money is judged by the caller (settlement.service.ts).
 */
export async function settlePaid(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  opts: { provider: string; transactionId: string | null; flagReason?: string },
): Promise<q.OrderRecord> {
  const flagReason = opts.flagReason ?? null;
  // The order's method is how it was paid (the buyer may have switched after opening that page).
  const paidWith = PROVIDER_METHOD[opts.provider];
  const updated = await q.updateOrder(tx, order.id, {
    status: "paid",
    paid_at: new Date(),
    ...(paidWith ? { method: paidWith } : {}),
    provider: opts.provider,
    provider_transaction_id: opts.transactionId,
    ...(flagReason ? { flagged: true, flag_reason: flagReason, flag_resolved_at: null } : {}),
  });
  const ctx = await q.orderContext(tx, order.id);
  if (ctx) {
    if (ctx.student_email)
      await deps.mailer.send(tx, {
        to: ctx.student_email,
        ...orderReceiptEmail(facts(ctx, updated, "student", `${deps.env.appUrl}/learn/${order.course_id}`)),
      });
    if (opts.provider !== "manual")
      await deps.mailer.send(tx, {
        to: ctx.creator_email,
        ...orderPaidCreatorEmail(facts(ctx, updated, "creator", `${deps.env.appUrl}/dashboard/earnings`)),
      });
  }
  // Last: it locks the course row (enrollment_count) — shared by every buyer of the course — so
  // the lock is held only until the commit that follows.
  if (order.enrollment_id)
    await q.setEnrolmentPaymentStatus(
      tx,
      order.enrollment_id,
      "completed",
      fromMinorUnits(order.amount, order.currency),
    );
  return updated;
}

const PROVIDER_METHOD: Record<string, OrderMethod | undefined> = {
  momo: "momo",
  zalopay: "zalopay",
  stripe: "credit-card",
};

/** An order of one of the actor's courses, locked. NOT_FOUND for others. */
export async function creatorOrder(tx: Executor, actor: SessionUser, orderId: string) {
  const order = UUID.test(orderId) ? await q.findOrderById(tx, orderId, true) : undefined;
  if (!order) throw orderNotFound();
  const ctx = await q.orderContext(tx, order.id);
  if (!ctx || ctx.creator_id !== actor.id) throw orderNotFound();
  return { order, ctx };
}

/**
 * Confirm (verification queue, issue 11 §5): one transaction with the order row locked; an
 * awaiting_confirmation, pending or expired order (a transfer that arrived after the 24 h —
 * payments audit D11) → paid (provider manual), enrolment completed, receipt. An expired order
 * whose student already holds another paid order of the course is refused (paidElsewhere).
 * @throws AppError NOT_FOUND (not the actor's course), CONFLICT notAwaiting / paidElsewhere
 */
export async function confirmOrder(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await creatorOrder(tx, actor, orderId);
    if (!["awaiting_confirmation", "pending", "expired"].includes(order.status))
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
    if (order.status === "expired") {
      if (!order.student_id) throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
      const open = await q.findOpenOrder(tx, order.student_id, order.course_id);
      const paid = await findOtherPaidOrder(tx, order.student_id, order.course_id, order.id);
      if (paid) throw new AppError("CONFLICT", PAYMENT_MESSAGES.paidElsewhere);
      if (open) {
        const cancelled = await q.updateOrder(tx, open.id, { status: "cancelled" });
        await releaseCouponOf(tx, cancelled);
      }
    }
    const paid = await settlePaid(deps, tx, order, { provider: "manual", transactionId: null });
    return { id: paid.id, status: paid.status as OrderStatus };
  });
}

/**
 * Reject with a reason: an open order → rejected (the enrolment stays pending: the student may
 * pay again with a new order); the coupon is given back; the student gets an e-mail.
 * @throws AppError NOT_FOUND, CONFLICT notAwaiting
 */
export async function rejectOrder(deps: PaymentDeps, actor: SessionUser, orderId: string, reason: string) {
  return deps.db.transaction(async (tx) => {
    const { order, ctx } = await creatorOrder(tx, actor, orderId);
    if (order.status !== "awaiting_confirmation" && order.status !== "pending")
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
    const updated = await q.updateOrder(tx, order.id, { status: "rejected", rejection_reason: reason });
    await releaseCouponOf(tx, updated);
    if (ctx.student_email)
      await deps.mailer.send(tx, {
        to: ctx.student_email,
        ...orderRejectedEmail({
          ...facts(ctx, updated, "student", `${deps.env.appUrl}/join/${order.course_id}`),
          reason,
        }),
      });
    return { id: updated.id, status: updated.status as OrderStatus };
  });
}

/**
 * Student Management's payment actions use orders (issue 11 §8): confirm pays the enrolment's open
 * order (or, without one, records a manual paid order of the course price); cancel cancels it.
 * Runs inside the caller's transaction; the caller has checked ownership and locked the enrolment.
 */
export async function settleEnrolmentOrders(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  enrolment: { id: string; studentId: string; courseId: string; price: number; currency: string },
  action: "confirm" | "cancel",
): Promise<void> {
  const open = await q.findOpenOrder(tx, enrolment.studentId, enrolment.courseId);
  const locked = open ? await q.findOrderById(tx, open.id, true) : undefined;
  if (action === "cancel") {
    if (locked) {
      const updated = await q.updateOrder(tx, locked.id, { status: "cancelled" });
      await releaseCouponOf(tx, updated);
    }
    return;
  }
  if (locked) {
    await settlePaid(deps, tx, locked, { provider: "manual", transactionId: null });
    return;
  }
  const amount = toMinorUnits(enrolment.price, enrolment.currency);
  const order = await q.insertOrder(tx, {
    reference: generateOrderReference(randomInt),
    course_id: enrolment.courseId,
    student_id: enrolment.studentId,
    enrollment_id: enrolment.id,
    list_amount: amount,
    amount,
    currency: enrolment.currency,
    status: "pending",
    expires_at: expiryFor(null),
  });
  await settlePaid(deps, tx, order, { provider: "manual", transactionId: null });
}
