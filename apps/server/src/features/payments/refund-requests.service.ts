/**
 * Refund requests under a money-back guarantee (issue 24 §3, decision 0227). A creator may set a
 * guarantee of N days per course (`courses.guarantee_days`, kept on each new order as
 * `orders.guarantee_days`); within N days of `paid_at` the buyer asks for a refund from Purchases
 * (`requestRefund`), the creator is e-mailed and finds it in Earnings (`listRefundRequests`), and
 * either approves it — the existing refund (`refundOrder`: through the provider that took the
 * money, or recorded as refunded outside Academy), which marks the request approved once the
 * refund succeeded and covers the order (`refund-ledger.ts applySucceeded`) — or declines it with a
 * reason the student is e-mailed (`declineRefundRequest`). There is no second refund path.
 */
import {
  isWithinGuarantee,
  type OrderMethod,
  PAYMENT_MESSAGES,
  REFUND_MESSAGES,
  REFUND_REQUEST_MESSAGES,
  type RefundRequestInput,
  type RefundRequestItem,
  type RefundRequestStatus,
  type RefundRequestView,
  type RefundView,
} from "@academy/shared";
import { refundRequestDeclinedEmail, refundRequestedEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { facts } from "./order-emails.ts";
import { ownOrder } from "./orders.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { isProvider } from "./refund-ledger.ts";
import * as rq from "./refund-requests.queries.ts";
import { refundOrder } from "./refunds.service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A request as its student sees it. */
export function requestView(row: rq.RefundRequestRecord): RefundRequestView {
  return {
    id: row.id,
    status: row.status as RefundRequestStatus,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
    declineReason: row.decline_reason,
  };
}

const requestNotFound = () => new AppError("NOT_FOUND", REFUND_REQUEST_MESSAGES.notFound);

/**
 * POST /api/purchases/{reference}/refund-request: the signed-in buyer asks for a refund of their
 * own order under its money-back guarantee, with an optional reason (≤ 1000 characters). One
 * transaction with the order locked; the course's creator is e-mailed (in the creator's language)
 * through the outbox. @returns the request (status pending).
 * @throws AppError NOT_FOUND orderNotFound (not the actor's order, or no such reference);
 *   CONFLICT refund.alreadyRefunded (refunded), payment.notPaid (not paid), refund.nothingToRefund
 *   (nothing was paid: free or 100 % coupon), refundRequest.noGuarantee (the order has no
 *   guarantee), refundRequest.windowClosed (now ≥ paid_at + guarantee_days days),
 *   refundRequest.alreadyRequested (the order already has a request, whatever its status),
 *   refundRequest.refundUnderway (a refund of it is pending at the provider).
 */
export async function requestRefund(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
  input: RefundRequestInput,
): Promise<RefundRequestView> {
  return deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, actor, reference, true);
    if (order.status === "refunded") throw new AppError("CONFLICT", REFUND_MESSAGES.alreadyRefunded);
    if (order.status !== "paid" || !order.paid_at) throw new AppError("CONFLICT", PAYMENT_MESSAGES.notPaid);
    if (order.amount <= 0) throw new AppError("CONFLICT", REFUND_MESSAGES.nothingToRefund);
    if (!order.guarantee_days) throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.noGuarantee);
    if (!isWithinGuarantee(order.paid_at, order.guarantee_days))
      throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.windowClosed);
    if (await rq.findRequestOfOrder(tx, order.id))
      throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.alreadyRequested);
    if (await rq.hasPendingRefund(tx, order.id))
      throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.refundUnderway);
    const row = await rq.insertRefundRequest(tx, {
      order_id: order.id,
      student_id: actor.id,
      reason: input.reason ?? null,
    });
    if (!row) throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.alreadyRequested);
    const ctx = await q.orderContext(tx, order.id);
    if (ctx)
      await deps.mailer.send(tx, {
        to: ctx.creator_email,
        ...refundRequestedEmail({
          ...facts(ctx, order, "creator", `${deps.env.appUrl}/dashboard/earnings`),
          guaranteeDays: order.guarantee_days,
          paidAt: order.paid_at,
          reason: row.reason,
        }),
      });
    return requestView(row);
  });
}

/**
 * GET /api/earnings/refund-requests: the actor's pending refund requests, oldest first, at most
 * 200 — student, course, amount (smallest unit), payment date, guarantee (days), reason, and where
 * a refund would go back. Callers check the creator role.
 */
export async function listRefundRequests(
  deps: Pick<PaymentDeps, "db">,
  actor: SessionUser,
): Promise<RefundRequestItem[]> {
  const rows = await rq.listPendingForCreator(deps.db, actor.id, 200);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    reference: r.reference,
    courseId: r.course_id,
    courseTitle: r.course_title,
    studentName: r.student_name,
    studentEmail: r.student_email,
    amount: Number(r.amount),
    currency: r.currency,
    method: r.method as OrderMethod | null,
    paidAt: new Date(r.paid_at).toISOString(),
    guaranteeDays: Number(r.guarantee_days),
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
    refundThrough: isProvider(r.provider) && r.provider_transaction_id ? r.provider : "manual",
    refundPending: Boolean(r.refund_pending),
    refundFailed: Boolean(r.refund_failed),
  }));
}

/** A pending request of one of the actor's courses. @throws AppError NOT_FOUND, CONFLICT decided */
async function creatorsPendingRequest(
  deps: Pick<PaymentDeps, "db">,
  actor: SessionUser,
  id: string,
  lock: boolean,
  tx: Parameters<typeof rq.findRequest>[0] = deps.db,
) {
  const request = UUID.test(id) ? await rq.findRequest(tx, id, lock) : undefined;
  if (!request) throw requestNotFound();
  const ctx = await q.orderContext(tx, request.order_id);
  if (!ctx || ctx.creator_id !== actor.id) throw requestNotFound();
  if (request.status !== "pending") throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.decided);
  return { request, ctx };
}

/**
 * POST /api/earnings/refund-requests/{id}/approve ("Approve and refund"): the course's creator
 * refunds the whole order through `refundOrder` — back through MoMo / ZaloPay / Stripe when the
 * order was paid there, else (or with `outside`) recorded as refunded outside Academy. The request
 * becomes approved when that refund succeeds and covers the order (at once for a manual one; for a
 * provider refund when the provider confirms); a failed refund leaves it pending (and the order in
 * "Needs your attention"). @returns the refund as `refundOrder` answers it.
 * @throws AppError NOT_FOUND refundRequest.notFound (not the actor's course), CONFLICT
 *   refundRequest.decided, and whatever `refundOrder` throws (alreadyRefunded, keysMissing …).
 */
export async function approveRefundRequest(
  deps: PaymentDeps,
  actor: SessionUser,
  id: string,
  input: { outside?: boolean },
): Promise<RefundView> {
  const { request } = await creatorsPendingRequest(deps, actor, id, false);
  return refundOrder(deps, actor, request.order_id, input.outside ? { outside: true } : {});
}

/**
 * POST /api/earnings/refund-requests/{id}/decline: the course's creator declines a pending request
 * with a reason (1–1000 characters); the student keeps access and is e-mailed the reason in their
 * language. @returns the request (status declined).
 * @throws AppError NOT_FOUND refundRequest.notFound, CONFLICT refundRequest.decided,
 *   refundRequest.refundUnderway (a refund of the order is pending at the provider).
 */
export async function declineRefundRequest(
  deps: PaymentDeps,
  actor: SessionUser,
  id: string,
  reason: string,
): Promise<RefundRequestView> {
  return deps.db.transaction(async (tx) => {
    const { request, ctx } = await creatorsPendingRequest(deps, actor, id, true, tx);
    if (await rq.hasPendingRefund(tx, request.order_id))
      throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.refundUnderway);
    const declined = await rq.declineRequest(tx, request.id, actor.id, reason);
    if (!declined) throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.decided);
    const order = await q.findOrderById(tx, request.order_id);
    if (order && ctx.student_email)
      await deps.mailer.send(tx, {
        to: ctx.student_email,
        ...refundRequestDeclinedEmail({
          ...facts(ctx, order, "student", `${deps.env.appUrl}/dashboard/account#purchases`),
          reason,
        }),
      });
    return requestView(declined);
  });
}
