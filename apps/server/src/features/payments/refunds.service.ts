/**
 * The creator's refund request (issue 23 §7; payments audit D10, security N6): `refundOrder`.
 * Money paid through MoMo, ZaloPay or Stripe goes back through the same provider's refund API
 * (refund-provider.service.ts); VietQR, bank transfer and cash are "refunded outside Academy" by
 * the creator and only recorded. Bookkeeping happens in transactions with the order (and refund)
 * rows locked; the provider is called outside any transaction, between recording the refund
 * `pending` and settling it `succeeded` or `failed`. Pending refunds are asked about again by
 * refund-jobs.service.ts; refunds made in Stripe's dashboard arrive through
 * stripe-charges.service.ts; the attention list is attention.service.ts.
 */
import { randomUUID } from "node:crypto";
import { PAYMENT_MESSAGES, REFUND_MESSAGES, type RefundInput, type RefundView } from "@academy/shared";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as a from "./attempts.queries.ts";
import { creatorOrder } from "./confirmation.service.ts";
import { momoKeysOf, stripeKeysOf, zaloPayKeysOf } from "./methods.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { zaloPayRefundId } from "./providers/zalopay-refund.ts";
import {
  applySucceeded,
  extraTarget,
  isProvider,
  ownPayment,
  type Provider,
  refundsFor,
  sum,
  type Target,
  toView,
} from "./refund-ledger.ts";
import { callProvider, settleRefund } from "./refund-provider.service.ts";
import * as r from "./refunds.queries.ts";

/**
 * Refunds a paid order, or one extra payment of it (issue 23 §7). Creator of the course only
 * (NOT_FOUND for anyone else). Idempotent against double clicks: while a refund of the same payment
 * is pending, the same refund is answered and the provider is not called again.
 * - The order's own payment (no `attemptId`; the order must be `paid`) or the paid attempt
 *   `attemptId` that did not settle the order (paid twice, paid after expiry, amount mismatch).
 * - Paid through MoMo / ZaloPay / Stripe: the provider's refund API for what is left unrefunded
 *   (pending → succeeded | failed; a failure flags the order `refund_failed` with the provider's
 *   reason and can be retried; an unanswered call stays pending for `runRefundJobs`).
 * - VietQR, bank transfer, cash, manual confirmation, or `outside: true`: recorded as refunded
 *   outside Academy (through `manual`), succeeded at once.
 * On success: see `applySucceeded` (order refunded, access per N6, e-mail to the student).
 * Amounts in the currency's smallest unit.
 * @throws AppError NOT_FOUND, CONFLICT notPaid / notExtraPayment / alreadyRefunded / keysMissing /
 *   nothingToRefund.
 */
export async function refundOrder(
  deps: PaymentDeps,
  actor: SessionUser,
  orderId: string,
  input: RefundInput = {},
): Promise<RefundView> {
  const started = await deps.db.transaction(async (tx) => {
    const { order } = await creatorOrder(tx, actor, orderId);
    let target: Target;
    if (input.attemptId) {
      target = extraTarget(order, await a.findAttempt(tx, input.attemptId, true));
    } else {
      if (order.status !== "paid") throw new AppError("CONFLICT", PAYMENT_MESSAGES.notPaid);
      target = await ownPayment(tx, order);
    }
    const attemptId = target.attempt?.id ?? null;
    const earlier = refundsFor(await r.refundsOf(tx, order.id), attemptId);
    const pending = earlier.find((x) => x.status === "pending");
    if (pending) return { done: toView(pending, order.status) };
    const remaining = target.paid - sum(earlier);
    if (target.paid <= 0) throw new AppError("CONFLICT", REFUND_MESSAGES.nothingToRefund);
    if (remaining <= 0) throw new AppError("CONFLICT", REFUND_MESSAGES.alreadyRefunded);
    const online = isProvider(target.provider) && Boolean(target.transactionId) && !input.outside;
    const id = randomUUID();
    if (!online) {
      const refund = await r.insertRefund(tx, {
        id,
        order_id: order.id,
        attempt_id: attemptId,
        through: "manual",
        amount: remaining,
        currency: target.attempt?.currency ?? order.currency,
        status: "succeeded",
        reason: input.reason ?? null,
        requested_by: actor.id,
      });
      if (!refund) throw new Error("refund insert clashed");
      const updated = await applySucceeded(deps, tx, order, refund);
      return { done: toView(refund, updated.status) };
    }
    const provider = target.provider as Provider;
    const method = target.methodId ? await q.findMethodById(tx, target.methodId) : undefined;
    const keysOk =
      method &&
      (provider === "momo"
        ? momoKeysOf(deps.encryptionKey, method)
        : provider === "zalopay"
          ? zaloPayKeysOf(deps.encryptionKey, method)
          : stripeKeysOf(deps.encryptionKey, method));
    if (!keysOk) throw new AppError("CONFLICT", REFUND_MESSAGES.keysMissing);
    const short = id.replace(/-/g, "").slice(0, 12);
    const providerRefundId =
      provider === "momo"
        ? `${order.reference}-RF-${short}`
        : provider === "zalopay"
          ? zaloPayRefundId(method.configuration?.appId ?? "", short)
          : null;
    const refund = await r.insertRefund(tx, {
      id,
      order_id: order.id,
      attempt_id: attemptId,
      through: provider,
      amount: remaining,
      currency: target.attempt?.currency ?? order.currency,
      status: "pending",
      provider_refund_id: providerRefundId,
      reason: input.reason ?? null,
      requested_by: actor.id,
    });
    if (!refund) throw new Error("refund insert clashed");
    return {
      call: { refund, method, transactionId: target.transactionId as string, reference: order.reference },
    };
  });
  if (started.done) return started.done;
  const { refund, method, transactionId, reference } = started.call;
  const result = await callProvider(deps, refund, method, transactionId, reference);
  return settleRefund(deps, refund.id, result);
}
