/**
 * The creator's decision on an order (issue 11 §5, §8): confirm a transfer or cash payment from
 * the verification queue (also a late one), reject it with a reason, and Student Management's
 * confirm / cancel of an enrolment's payment. `creatorOrder` locks an order of one of the actor's
 * courses for these and for refunds.
 */
import { randomInt } from "node:crypto";
import { generateOrderReference, type OrderStatus, PAYMENT_MESSAGES, toMinorUnits } from "@academy/shared";
import type { Executor } from "../../db/client.ts";
import { orderRejectedEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { findOtherPaidOrder } from "./attempts.queries.ts";
import { facts } from "./order-emails.ts";
import { expiryFor, orderNotFound } from "./orders.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { releaseCouponOf, settlePaid } from "./settlement.service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
