/**
 * The buyer's order (issue 11 §1–3): opening it from Enroll Now (`openOrder`, with its pending
 * enrolment), finding the buyer's own order by reference, and the checkout view of it
 * (`viewOf`, GET /api/checkout/{reference}). What the buyer does to an open order is in
 * checkout.service.ts.
 */
import { randomInt } from "node:crypto";
import {
  type Attribution,
  type CheckoutView,
  encodeVietQr,
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
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { listOpenAttemptsOfOrder } from "./attempts.queries.ts";
import { methodsOfPage } from "./methods.service.ts";
import * as q from "./payments.queries.ts";

/** NOT_FOUND orderNotFound: the answer for an order that is missing or not the actor's. */
export function orderNotFound(): AppError {
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

/**
 * Opens (or reuses) the buyer's order for a paid course (issue 11 §1–2, called by Enroll Now).
 * One transaction: the enrolment is inserted as pending when absent (a cancelled one becomes
 * pending again — issue 16 item 13), then the open order of the student and course is reused or a
 * new one inserted (reference: 8 characters, retried on a clash; the partial unique index keeps
 * one open order). list_amount = the course price in the smallest unit (server-computed);
 * guarantee_days = the course's money-back guarantee in days at this moment (issue 24 §3). A
 * referral code of one of the creator's partners is attributed; others are ignored.
 * @returns the order reference, or null when the enrolment is already completed.
 * @throws AppError CONFLICT noPaymentSetUp when the course takes no payment method.
 */
export async function openOrder(
  db: Db,
  actor: SessionUser,
  course: {
    id: string;
    price: number;
    currency: string;
    creatorId: string;
    schoolId: string | null;
    /** The course's money-back guarantee in days (null = none), kept on a new order (issue 24 §3). */
    guaranteeDays?: number | null;
  },
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
          guarantee_days: course.guaranteeDays ?? null,
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
    guaranteeDays: order.amount > 0 ? (order.guarantee_days ?? null) : null,
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
