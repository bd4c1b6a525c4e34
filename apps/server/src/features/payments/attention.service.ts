/**
 * Earnings' "Needs your attention" (issue 23 §10): the creator's flagged orders
 * (GET /api/earnings/attention) and the two ways to close a flag besides a refund: enrol a
 * payment that arrived after the order expired, and "Mark handled".
 */
import {
  type AttentionItem,
  type AttentionKind,
  type OrderMethod,
  type OrderStatus,
  REFUND_MESSAGES,
} from "@academy/shared";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as a from "./attempts.queries.ts";
import { creatorOrder } from "./confirmation.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { isOwnPayment, isProvider, refundsFor, sum } from "./refund-ledger.ts";
import * as r from "./refunds.queries.ts";
import { settlePaid } from "./settlement.service.ts";

/**
 * "Enrol the student" for money that arrived after the order expired (issue 23 §10): the order is
 * settled by its paid attempt (paid, enrolment completed, receipt) and the flag resolved. An order
 * already paid only has its flag resolved. Creator only.
 * @throws AppError NOT_FOUND, CONFLICT notFlagged / cannotEnrol / studentDeleted.
 */
export async function enrolLatePayment(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await creatorOrder(tx, actor, orderId);
    if (!order.flagged || order.flag_resolved_at || order.flag_kind !== "paid_after_expiry")
      throw new AppError("CONFLICT", REFUND_MESSAGES.notFlagged);
    if (order.status === "paid") {
      const updated = await q.updateOrder(tx, order.id, { flag_resolved_at: new Date() });
      return { id: updated.id, status: updated.status as OrderStatus };
    }
    if (!order.student_id) throw new AppError("CONFLICT", REFUND_MESSAGES.studentDeleted);
    const attempt = (await a.paidAttemptsOf(tx, order.id))[0];
    if (!attempt?.provider_transaction_id || order.status === "refunded")
      throw new AppError("CONFLICT", REFUND_MESSAGES.cannotEnrol);
    const refunded = sum(refundsFor(await r.refundsOf(tx, order.id), attempt.id));
    if (refunded > 0) throw new AppError("CONFLICT", REFUND_MESSAGES.cannotEnrol);
    await settlePaid(deps, tx, order, {
      provider: attempt.provider,
      transactionId: attempt.provider_transaction_id,
      flagReason: order.flag_reason ?? "Paid after expiry",
    });
    const updated = await q.updateOrder(tx, order.id, { flag_resolved_at: new Date() });
    return { id: updated.id, status: updated.status as OrderStatus };
  });
}

/**
 * "Mark handled" (a dispute answered in Stripe, or an older flag): the order's flag is resolved
 * and leaves the attention list. Creator only. @throws AppError NOT_FOUND, CONFLICT notFlagged.
 */
export async function resolveFlag(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await creatorOrder(tx, actor, orderId);
    if (!order.flagged || order.flag_resolved_at) throw new AppError("CONFLICT", REFUND_MESSAGES.notFlagged);
    const updated = await q.updateOrder(tx, order.id, { flag_resolved_at: new Date() });
    return { id: updated.id, status: updated.status as OrderStatus };
  });
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * GET /api/earnings/attention (issue 23 §10): the actor's orders that need a person — flagged and
 * not resolved — newest change first, at most 200, each with its kind, amounts, the extra payment
 * (a paid attempt that did not settle the order), the last failed refund, and where a refund would
 * go back. Callers check the creator role.
 */
export async function listAttention(
  deps: Pick<PaymentDeps, "db">,
  actor: SessionUser,
): Promise<AttentionItem[]> {
  const rows = await r.listAttention(deps.db, actor.id, 200);
  const { attempts, refunds } = await r.attemptsAndRefundsOf(
    deps.db,
    rows.map((o) => o.id),
  );
  return rows.map((o) => {
    const mine = refunds.filter((x) => x.order_id === o.id);
    const extra = attempts.find(
      (a) =>
        a.order_id === o.id &&
        a.provider_transaction_id &&
        !isOwnPayment(o, a) &&
        sum(refundsFor(mine, a.id)) < Number(a.paid_amount ?? a.amount),
    );
    const lastFailed = [...mine].reverse().find((x) => x.status === "failed");
    const kind = (
      ["paid_twice", "paid_after_expiry", "amount_mismatch", "refund_failed", "dispute"].includes(
        o.flag_kind ?? "",
      )
        ? o.flag_kind
        : "other"
    ) as AttentionKind;
    const targetProvider = extra ? extra.provider : o.provider;
    return {
      orderId: o.id,
      reference: o.reference,
      kind,
      reason: o.flag_reason,
      status: o.status as OrderStatus,
      method: o.method as OrderMethod | null,
      amount: Number(o.amount),
      currency: o.currency,
      extraPayment: extra
        ? {
            attemptId: extra.id,
            provider: extra.provider,
            amount: Number(extra.paid_amount ?? extra.amount),
            currency: extra.currency,
            paidAt: iso(extra.paid_at),
          }
        : null,
      failedRefund: lastFailed
        ? { attemptId: lastFailed.attempt_id, reason: lastFailed.failure_reason }
        : null,
      pendingRefund: mine.some((x) => x.status === "pending"),
      refundThrough: isProvider(targetProvider) ? targetProvider : "manual",
      studentName: o.student_name,
      studentEmail: o.student_email,
      courseId: o.course_id,
      courseTitle: o.course_title,
      createdAt: new Date(o.created_at).toISOString(),
      paidAt: iso(o.paid_at),
      flaggedAt: new Date(o.flagged_at).toISOString(),
    };
  });
}
