import { randomInt } from "node:crypto";
import {
  type Attribution,
  type CheckoutMethod,
  type CheckoutMethodResult,
  type CheckoutView,
  couponDiscount,
  DELETED_STUDENT_LABELS,
  encodeVietQr,
  findNapasBank,
  fromMinorUnits,
  generateOrderReference,
  isOrderReference,
  ONLINE_METHODS,
  ORDER_EXPIRY_MINUTES,
  type OrderMethod,
  type OrderStatus,
  PAYMENT_MESSAGES,
  stripeKeyMode,
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
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import type { Logger } from "../../lib/logger.ts";
import { openJson } from "../../lib/secret-box.ts";
import * as q from "./payments.queries.ts";
import { MOMO_HOSTS, type MomoKeys, momoCreatePayment, momoQuery } from "./providers/momo.ts";
import { stripeClient, stripeCreateSession } from "./providers/stripe.ts";
import {
  ZALOPAY_HOSTS,
  type ZaloPayKeys,
  zaloPayCreateOrder,
  zaloPayQuery,
  zaloPayTransId,
} from "./providers/zalopay.ts";

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

function hostMode(row: q.MethodRow): "production" | "sandbox" {
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

/** Methods a course takes from `pageId` (enabled, usable), with their rows. */
async function methodsOfPage(db: Executor, pageId: string | null) {
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
export async function sellingMethods(db: Db, courseId: string, landingSlug?: string) {
  const pageId = await q.findSellingPage(db, courseId, landingSlug);
  const methods = await methodsOfPage(db, pageId);
  return { pageId, types: methods.map((m) => m.method.type) };
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
async function ownOrder(db: Executor, actor: SessionUser, reference: string, lock = false) {
  const order = isOrderReference(reference) ? await q.findOrderByReference(db, reference, lock) : undefined;
  if (!order || order.student_id !== actor.id) throw orderNotFound();
  return order;
}

async function viewOf(db: Executor, order: q.OrderRecord): Promise<CheckoutView> {
  const ctx = await q.orderContext(db, order.id);
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
    methods: methods
      .map((m) => m.method)
      // VietQR carries VND only.
      .filter((m) => m.type !== "vietqr" || order.currency === "VND"),
    qrDataUrl,
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

function lang(locale: string | null | undefined): Locale {
  return locale === "en" ? "en" : "vi";
}

/**
 * Chooses how to pay (issue 11 §3). Only a pending order; the method must be one the course
 * takes. Sets method, payment_method_id and the expiry for that method. MoMo / ZaloPay: creates
 * the payment with the creator's keys and returns the provider's page (`redirectUrl`).
 * @throws AppError NOT_FOUND, CONFLICT orderClosed, VALIDATION_FAILED methodNotOffered,
 *   UNAVAILABLE providerNotConfigured / providerUnavailable.
 */
export async function chooseMethod(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
  method: OrderMethod,
  locale: Locale,
): Promise<CheckoutMethodResult> {
  const { db } = deps;
  const order = await ownOrder(db, actor, reference);
  if (order.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
  const pageId = order.landing_page_id ?? (await q.findSellingPage(db, order.course_id, undefined));
  const chosen = (await methodsOfPage(db, pageId)).find((m) => m.method.type === method);
  if (!chosen || (method === "vietqr" && order.currency !== "VND"))
    throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.methodNotOffered);
  let redirectUrl: string | null = null;
  const returnUrl = `${deps.env.appUrl}/checkout/${order.reference}`;
  if (method === "momo") {
    const keys = momoKeysOf(deps.encryptionKey, chosen.row);
    if (!keys || order.currency !== "VND")
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerNotConfigured);
    const ctx = await q.orderContext(db, order.id);
    try {
      const created = await momoCreatePayment(momoBase(deps, chosen.row), keys, {
        orderId: order.reference,
        amount: order.amount,
        orderInfo: `${order.reference} ${ctx?.course_title ?? ""}`.slice(0, 200),
        redirectUrl: returnUrl,
        ipnUrl: `${deps.env.appUrl}/api/payments/callbacks/momo/${chosen.row.id}`,
        lang: locale,
      });
      redirectUrl = created.payUrl;
    } catch (error) {
      deps.logger?.warn({ err: error, order: order.reference }, "MoMo create failed");
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerUnavailable);
    }
  } else if (method === "zalopay") {
    const keys = zaloPayKeysOf(deps.encryptionKey, chosen.row);
    if (!keys || order.currency !== "VND")
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerNotConfigured);
    const ctx = await q.orderContext(db, order.id);
    try {
      const created = await zaloPayCreateOrder(zaloPayBase(deps, chosen.row), keys, {
        appTransId: zaloPayTransId(order.reference, new Date(order.created_at)),
        appUser: actor.id.slice(0, 50),
        amount: order.amount,
        description: `Academy - ${ctx?.course_title ?? ""} #${order.reference}`.slice(0, 256),
        redirectUrl: returnUrl,
        callbackUrl: `${deps.env.appUrl}/api/payments/callbacks/zalopay/${chosen.row.id}`,
      });
      redirectUrl = created.orderUrl;
    } catch (error) {
      deps.logger?.warn({ err: error, order: order.reference }, "ZaloPay create failed");
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerUnavailable);
    }
  } else if (method === "credit-card") {
    const provider = (chosen.row.configuration?.provider ?? "").trim().toLowerCase();
    if (provider !== "stripe") throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.cardProviderUnsupported);
    const keys = stripeKeysOf(deps.encryptionKey, chosen.row);
    if (!keys) throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerNotConfigured);
    // The mode picks the kind of key (Stripe has one host; test and live keys decide the
    // environment): a stored mode that contradicts the key is refused (decision 0182). A method
    // stored before modes existed has no mode and is not judged.
    const storedMode = chosen.row.configuration?.mode;
    const keyMode = stripeKeyMode(keys.secretKey);
    if (storedMode && keyMode && keyMode !== hostMode(chosen.row))
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.cardKeysModeMismatch);
    const ctx = await q.orderContext(db, order.id);
    try {
      const session = await stripeCreateSession(
        stripeClient(keys.secretKey, deps.env.payments?.stripeBaseUrl),
        {
          reference: order.reference,
          amount: order.amount,
          currency: order.currency,
          name: ctx?.course_title ?? order.reference,
          successUrl: returnUrl,
          cancelUrl: returnUrl,
          email: actor.email,
        },
      );
      redirectUrl = session.url;
    } catch (error) {
      deps.logger?.warn({ err: error, order: order.reference }, "Stripe session failed");
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerUnavailable);
    }
  }
  const updated = await db.transaction(async (tx) => {
    const locked = await q.findOrderById(tx, order.id, true);
    if (locked?.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    return q.updateOrder(tx, order.id, {
      method,
      payment_method_id: chosen.row.id,
      expires_at: expiryFor(method),
    });
  });
  return { view: await viewOf(db, updated), redirectUrl };
}

function facts(
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

async function releaseCouponOf(tx: Executor, order: q.OrderRecord): Promise<void> {
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
 * transaction id; flagged when it was no longer open (late money); the enrolment becomes
 * completed (lessons open, enrollment_count + 1); receipt to the student and a note to the
 * creator through the outbox; a realtime notification on commit.
 */
export async function settlePaid(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  opts: { provider: string; transactionId: string | null; flagReason?: string },
): Promise<q.OrderRecord> {
  const late = !["pending", "awaiting_confirmation"].includes(order.status);
  const flagReason = opts.flagReason ?? (late ? `Paid after the order was ${order.status}` : null);
  const updated = await q.updateOrder(tx, order.id, {
    status: "paid",
    paid_at: new Date(),
    provider: opts.provider,
    provider_transaction_id: opts.transactionId,
    ...(flagReason ? { flagged: true, flag_reason: flagReason } : {}),
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
 * awaiting_confirmation or pending order → paid (provider manual), enrolment completed, receipt.
 * @throws AppError NOT_FOUND (not the actor's course), CONFLICT notAwaiting
 */
export async function confirmOrder(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await creatorOrder(tx, actor, orderId);
    if (order.status !== "awaiting_confirmation" && order.status !== "pending")
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
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

/** Outcome of one provider callback, as logged in payment_events.outcome. */
export type CallbackOutcome =
  | "paid"
  | "late_paid"
  | "duplicate"
  | "amount_mismatch"
  | "bad_signature"
  | "unknown_order"
  | "unknown_method"
  | "failed"
  | "ignored"
  | "double_payment";

/**
 * Applies a verified provider payment to the order `reference` (DESIGN §6; issue 11 §4) in one
 * transaction with the order row locked: the same provider transaction twice has one effect
 * (duplicate); an amount or currency different from the order's is recorded and flagged and
 * never enrols; money for an order no longer open (expired, cancelled, rejected) still enrols and
 * is flagged; a second, different transaction for a paid order is flagged as a double payment.
 * Every call appends one payment_events row.
 */
export async function applyProviderPayment(
  deps: Pick<PaymentDeps, "db" | "mailer" | "env">,
  input: {
    provider: "momo" | "zalopay" | "stripe";
    paymentMethodId: string;
    reference: string | null;
    transactionId: string;
    amount: number;
    currency: string;
    success: boolean;
    rawBody: string;
    headers: Record<string, string>;
  },
): Promise<CallbackOutcome> {
  return deps.db.transaction(async (tx) => {
    const order =
      input.reference && isOrderReference(input.reference)
        ? await q.findOrderByReference(tx, input.reference, true)
        : undefined;
    let outcome: CallbackOutcome;
    if (!order || order.payment_method_id !== input.paymentMethodId) outcome = "unknown_order";
    else if (!input.success) outcome = "failed";
    else if (order.provider === input.provider && order.provider_transaction_id === input.transactionId)
      outcome = "duplicate";
    else if (order.status === "paid" || order.status === "refunded") {
      outcome = "double_payment";
      await q.updateOrder(tx, order.id, {
        flagged: true,
        flag_reason: `Second payment ${input.provider} ${input.transactionId}`,
      });
    } else if (input.amount !== order.amount || input.currency !== order.currency) {
      outcome = "amount_mismatch";
      await q.updateOrder(tx, order.id, {
        flagged: true,
        flag_reason: `Amount mismatch: received ${input.amount} ${input.currency}, expected ${order.amount} ${order.currency} (${input.provider} ${input.transactionId})`,
      });
    } else {
      const late = order.status !== "pending" && order.status !== "awaiting_confirmation";
      outcome = late ? "late_paid" : "paid";
    }
    await q.insertPaymentEvent(tx, {
      order_id: order?.id ?? null,
      payment_method_id: UUID.test(input.paymentMethodId) ? input.paymentMethodId : null,
      provider: input.provider,
      provider_transaction_id: input.transactionId || null,
      raw_body: input.rawBody,
      headers: input.headers,
      signature_valid: true,
      outcome,
    });
    if (order && (outcome === "paid" || outcome === "late_paid"))
      await settlePaid(deps, tx, order, { provider: input.provider, transactionId: input.transactionId });
    return outcome;
  });
}

/** Logs a callback that could not be verified (bad signature, unknown method, malformed body). */
export async function recordRejectedCallback(
  db: Db,
  input: {
    provider: string;
    paymentMethodId: string | null;
    rawBody: string;
    headers: Record<string, string>;
    outcome: CallbackOutcome;
    /** True for a verified event that is simply not one Academy acts on. */
    signatureValid?: boolean;
  },
): Promise<void> {
  await q.insertPaymentEvent(db, {
    order_id: null,
    payment_method_id:
      input.paymentMethodId && UUID.test(input.paymentMethodId) ? input.paymentMethodId : null,
    provider: input.provider,
    raw_body: input.rawBody.slice(0, 100_000),
    headers: input.headers,
    signature_valid: input.signatureValid ?? false,
    outcome: input.outcome,
  });
}

/** A stored payment method by id (callbacks), or undefined. */
export async function paymentMethodById(db: Db, id: string) {
  return UUID.test(id) ? q.findMethodById(db, id) : undefined;
}

/**
 * The order jobs (issue 11 §3): first re-queries MoMo / ZaloPay orders whose callback has not
 * come for `requerySeconds` (a paid answer settles them like a callback), then expires pending
 * orders past expires_at (coupon redemptions given back). @returns counts for logs and tests.
 */
export async function runOrderJobs(
  deps: PaymentDeps,
  opts: { requerySeconds?: number; limit?: number } = {},
): Promise<{ requeried: number; recovered: number; expired: number }> {
  const limit = opts.limit ?? 200;
  let requeried = 0;
  let recovered = 0;
  for (const order of await q.listOrdersToRequery(deps.db, opts.requerySeconds ?? 60, limit)) {
    if (!order.payment_method_id) continue;
    const row = await q.findMethodById(deps.db, order.payment_method_id);
    if (!row) continue;
    requeried++;
    try {
      if (order.method === "momo") {
        const keys = momoKeysOf(deps.encryptionKey, row);
        if (!keys) continue;
        const r = await momoQuery(momoBase(deps, row), keys, order.reference);
        if (r.resultCode === 0) {
          const outcome = await applyProviderPayment(deps, {
            provider: "momo",
            paymentMethodId: row.id,
            reference: order.reference,
            transactionId: r.transId,
            amount: r.amount,
            currency: "VND",
            success: true,
            rawBody: JSON.stringify(r.raw),
            headers: { source: "status-query" },
          });
          if (outcome === "paid" || outcome === "late_paid") recovered++;
        }
      } else if (order.method === "zalopay") {
        const keys = zaloPayKeysOf(deps.encryptionKey, row);
        if (!keys) continue;
        const r = await zaloPayQuery(
          zaloPayBase(deps, row),
          keys,
          zaloPayTransId(order.reference, new Date(order.created_at)),
        );
        if (r.returnCode === 1) {
          const outcome = await applyProviderPayment(deps, {
            provider: "zalopay",
            paymentMethodId: row.id,
            reference: order.reference,
            transactionId: r.zpTransId,
            amount: r.amount,
            currency: "VND",
            success: true,
            rawBody: JSON.stringify(r.raw),
            headers: { source: "status-query" },
          });
          if (outcome === "paid" || outcome === "late_paid") recovered++;
        }
      }
    } catch (error) {
      deps.logger?.warn({ err: error, order: order.reference }, "order status query failed");
    }
  }
  let expired = 0;
  for (const order of await q.listExpiredOrders(deps.db, limit)) {
    await deps.db.transaction(async (tx) => {
      const locked = await q.findOrderById(tx, order.id, true);
      if (locked?.status !== "pending" || new Date(locked.expires_at).getTime() > Date.now()) return;
      const updated = await q.updateOrder(tx, locked.id, { status: "expired" });
      await releaseCouponOf(tx, updated);
      expired++;
    });
  }
  return { requeried, recovered, expired };
}

/** Runs `runOrderJobs` every `intervalMs` (one run at a time); `stop` waits for a running one. */
export function createOrderJobWorker(deps: PaymentDeps, intervalMs: number) {
  return createIntervalWorker(
    () => runOrderJobs(deps),
    intervalMs,
    (error) => deps.logger?.error({ err: error }, "order jobs failed"),
  );
}
