/**
 * The refund bookkeeping shared by every way money goes back (issue 23 §7; payments audit D10,
 * security N6): what a refund counts against (the order's own payment, or one extra paid attempt),
 * how much of it is already given back, the refund as the API shows it, and what a succeeded
 * refund does to the order, the enrolment and the student (`applySucceeded`).
 */
import {
  type OrderStatus,
  REFUND_MESSAGES,
  type RefundStatus,
  type RefundThrough,
  type RefundView,
} from "@academy/shared";
import type { Executor } from "../../db/client.ts";
import { refundIssuedEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import { notify } from "../notifications/notifications.service.ts";
import * as a from "./attempts.queries.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import * as rq from "./refund-requests.queries.ts";
import * as r from "./refunds.queries.ts";

/** The providers whose refund API Academy calls. */
const PROVIDERS = ["momo", "zalopay", "stripe"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const isProvider = (v: string | null | undefined): v is Provider =>
  v !== null && v !== undefined && (PROVIDERS as readonly string[]).includes(v);

/** A refund as the API shows it, with the order's status after it. */
export function toView(refund: r.RefundRecord, orderStatus: string): RefundView {
  return {
    id: refund.id,
    orderId: refund.order_id,
    attemptId: refund.attempt_id,
    through: refund.through as RefundThrough,
    status: refund.status as RefundStatus,
    amount: Number(refund.amount),
    currency: refund.currency,
    failureReason: refund.failure_reason,
    orderStatus: orderStatus as OrderStatus,
  };
}

/** What a refund gives back: the order's own payment, or one paid attempt (an extra payment). */
export interface Target {
  attempt: a.AttemptRecord | null;
  provider: string | null;
  transactionId: string | null;
  methodId: string | null;
  paid: number;
}

/** The payment the order itself was settled with: its provider, transaction and the method whose keys took it. */
export async function ownPayment(tx: Executor, order: q.OrderRecord): Promise<Target> {
  let methodId = order.payment_method_id;
  if (isProvider(order.provider) && order.provider_transaction_id) {
    const attempt = await a.findAttemptByTransaction(tx, order.provider, order.provider_transaction_id);
    if (attempt?.payment_method_id) methodId = attempt.payment_method_id;
  }
  return {
    attempt: null,
    provider: order.provider,
    transactionId: order.provider_transaction_id,
    methodId,
    paid: Number(order.amount),
  };
}

/** Whether a paid attempt is the payment that settled the order (refunded only with the order). */
export function isOwnPayment(
  order: Pick<q.OrderRecord, "status" | "provider" | "provider_transaction_id">,
  attempt: Pick<a.AttemptRecord, "provider" | "provider_transaction_id">,
): boolean {
  return (
    (order.status === "paid" || order.status === "refunded") &&
    order.provider === attempt.provider &&
    order.provider_transaction_id === attempt.provider_transaction_id
  );
}

/** A paid attempt that is not the order's own payment (so it can be refunded on its own). */
export function extraTarget(order: q.OrderRecord, attempt: a.AttemptRecord | undefined): Target {
  if (
    !attempt ||
    attempt.order_id !== order.id ||
    attempt.status !== "paid" ||
    !attempt.provider_transaction_id ||
    isOwnPayment(order, attempt)
  )
    throw new AppError("CONFLICT", REFUND_MESSAGES.notExtraPayment);
  return {
    attempt,
    provider: attempt.provider,
    transactionId: attempt.provider_transaction_id,
    methodId: attempt.payment_method_id,
    paid: Number(attempt.paid_amount ?? attempt.amount),
  };
}

/** Refunds that count against a target: same attempt (or none), pending or succeeded. */
export function refundsFor(list: r.RefundRecord[], attemptId: string | null) {
  return list.filter((x) => (x.attempt_id ?? null) === attemptId && x.status !== "failed");
}

/** The total amount of `list`, in the currency's smallest unit. */
export const sum = (list: r.RefundRecord[]) => list.reduce((s, x) => s + Number(x.amount), 0);

/**
 * The effects of a succeeded refund, inside `tx` with the order locked (issue 23 §7):
 * - of the order's own payment, once the succeeded refunds cover the order's amount: order
 *   `refunded` with `refunded_at` (so it nets out of Earnings, Analytics revenue and the partner's
 *   commission, which all count paid orders and subtract refunded ones), and the enrolment is
 *   cancelled ONLY if no other paid order of the same student and course still grants access (N6);
 * - of an extra payment: the order stays paid and keeps its access;
 * - an open paid_twice / paid_after_expiry / amount_mismatch / refund_failed flag is resolved;
 * - once the order is refunded, its pending refund request under a money-back guarantee is
 *   approved, decided by whoever asked for the refund (issue 24 §3);
 * - the student (when the account still exists) gets the refund e-mail.
 * @returns the order after the update.
 */
export async function applySucceeded(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  refund: r.RefundRecord,
): Promise<q.OrderRecord> {
  let updated = order;
  let accessEnded = false;
  const set: Partial<q.OrderRecord> = {};
  if (!refund.attempt_id && order.status === "paid") {
    const covered = sum(
      refundsFor(await r.refundsOf(tx, order.id), null).filter((x) => x.status === "succeeded"),
    );
    if (covered >= Number(order.amount)) {
      set.status = "refunded";
      set.refunded_at = new Date();
    }
  }
  if (
    order.flagged &&
    !order.flag_resolved_at &&
    ["paid_twice", "paid_after_expiry", "amount_mismatch", "refund_failed"].includes(order.flag_kind ?? "")
  )
    set.flag_resolved_at = new Date();
  if (Object.keys(set).length > 0) updated = await q.updateOrder(tx, order.id, set);
  if (set.status === "refunded") await rq.approvePendingOfOrder(tx, order.id, refund.requested_by);
  const parties = await q.orderContext(tx, order.id);
  if (set.status === "refunded" && order.student_id) {
    if (!(await a.findOtherPaidOrder(tx, order.student_id, order.course_id, order.id))) {
      const enrolmentId =
        order.enrollment_id ?? (await r.findEnrolmentId(tx, order.student_id, order.course_id));
      if (enrolmentId) {
        await q.setEnrolmentPaymentStatus(tx, enrolmentId, "cancelled");
        accessEnded = true;
      }
    }
  }
  if (set.status === "refunded" && order.student_id && parties)
    await notify(
      tx,
      {
        userIds: [order.student_id],
        type: "order_refunded",
        data: { courseTitle: parties.course_title, reference: order.reference },
        link: "/dashboard/account#purchases",
      },
      { mailer: deps.mailer, appUrl: deps.env.appUrl },
    );
  if (parties?.student_email) {
    const locale = parties.student_locale === "en" ? "en" : "vi";
    await deps.mailer.send(tx, {
      to: parties.student_email,
      ...refundIssuedEmail({
        locale,
        schoolName: parties.school_name,
        recipientName: parties.student_name,
        courseTitle: parties.course_title,
        reference: order.reference,
        amount: Number(refund.amount),
        currency: refund.currency,
        method: order.method,
        studentLabel: parties.student_email,
        url: `${deps.env.appUrl}/join/${order.course_id}`,
        through: refund.through,
        accessEnded,
      }),
    });
  }
  return updated;
}
