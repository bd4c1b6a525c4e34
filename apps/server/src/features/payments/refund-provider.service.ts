/**
 * The refund provider calls (issue 23 §7): one call of MoMo's, ZaloPay's or Stripe's refund API
 * for a pending refund, made outside any transaction (`callProvider`), and settling the refund
 * with the answer in one transaction (`settleRefund`: pending, failed — the order flagged
 * `refund_failed` — or succeeded).
 */
import type { RefundView } from "@academy/shared";
import type Stripe from "stripe";
import { momoBase, momoKeysOf, stripeKeysOf, zaloPayBase, zaloPayKeysOf } from "./methods.service.ts";
import { orderNotFound } from "./orders.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { momoRefund, type ProviderRefundResult } from "./providers/momo-refund.ts";
import { stripeClient } from "./providers/stripe.ts";
import { isStripeRefusal, stripeRefund, stripeRetrieveRefund } from "./providers/stripe-refund.ts";
import { zaloPayQueryRefund, zaloPayRefund } from "./providers/zalopay-refund.ts";
import { applySucceeded, toView } from "./refund-ledger.ts";
import * as r from "./refunds.queries.ts";

/**
 * One provider call for a pending refund (outside any transaction). `resend`: the job asks again
 * about a refund whose answer was lost (MoMo: the same orderId/requestId, idempotent; ZaloPay:
 * /v2/query_refund; Stripe: retrieve, or create again with the same idempotency key).
 * @returns the outcome, or null when it is still unknown (network failure, timeout).
 */
export async function callProvider(
  deps: PaymentDeps,
  refund: r.RefundRecord,
  method: q.MethodRow,
  transactionId: string,
  reference: string,
  resend = false,
): Promise<ProviderRefundResult | null> {
  const description = `Refund ${reference}`;
  try {
    if (refund.through === "momo") {
      const keys = momoKeysOf(deps.encryptionKey, method);
      if (!keys) return null;
      return await momoRefund(momoBase(deps, method), keys, {
        orderId: refund.provider_refund_id as string,
        transId: transactionId,
        amount: Number(refund.amount),
        description,
        lang: "en",
      });
    }
    if (refund.through === "zalopay") {
      const keys = zaloPayKeysOf(deps.encryptionKey, method);
      if (!keys) return null;
      if (resend)
        return await zaloPayQueryRefund(zaloPayBase(deps, method), keys, refund.provider_refund_id as string);
      return await zaloPayRefund(zaloPayBase(deps, method), keys, {
        mRefundId: refund.provider_refund_id as string,
        zpTransId: transactionId,
        amount: Number(refund.amount),
        description,
      });
    }
    const keys = stripeKeysOf(deps.encryptionKey, method);
    if (!keys) return null;
    const client: Stripe = stripeClient(keys.secretKey, deps.env.payments?.stripeBaseUrl);
    if (resend && refund.provider_refund_id)
      return await stripeRetrieveRefund(client, refund.provider_refund_id);
    try {
      return await stripeRefund(client, {
        paymentIntent: transactionId,
        amount: Number(refund.amount),
        idempotencyKey: refund.id,
        metadata: { reference, refund: refund.id },
      });
    } catch (error) {
      if (isStripeRefusal(error))
        return {
          status: "failed",
          providerRefundId: "",
          reason: `Stripe: ${String((error as { message?: string }).message ?? "refused")}`.slice(0, 500),
          raw: null,
        };
      throw error;
    }
  } catch (error) {
    deps.logger?.warn({ err: error, refund: refund.id }, "refund call got no answer; it stays pending");
    return null;
  }
}

/**
 * Settles a pending refund with the provider's answer in one transaction (refund and order rows
 * locked). A refund no longer pending is left alone (a webhook or the job settled it first).
 * null or "pending": stays pending (the Stripe refund id is kept). failed: the order is flagged
 * `refund_failed` with the provider's reason. succeeded: `applySucceeded`.
 */
export async function settleRefund(
  deps: PaymentDeps,
  refundId: string,
  result: ProviderRefundResult | null,
): Promise<RefundView> {
  return deps.db.transaction(async (tx) => {
    const pre = await r.findRefund(tx, refundId);
    if (!pre) throw orderNotFound();
    // Order first, then refund: the same lock order as refundOrder.
    const order = await q.findOrderById(tx, pre.order_id, true);
    let refund = await r.findRefund(tx, refundId, true);
    if (!order || !refund) throw orderNotFound();
    if (refund.status !== "pending" || !result) return toView(refund, order.status);
    const providerRefundId = result.providerRefundId || refund.provider_refund_id;
    if (result.status === "pending") {
      if (providerRefundId !== refund.provider_refund_id)
        refund = await r.updateRefund(tx, refund.id, { provider_refund_id: providerRefundId });
      return toView(refund, order.status);
    }
    if (result.status === "failed") {
      refund = await r.updateRefund(tx, refund.id, {
        status: "failed",
        failure_reason: result.reason,
        provider_refund_id: providerRefundId,
      });
      const updated = await q.updateOrder(tx, order.id, {
        flagged: true,
        flag_kind: "refund_failed",
        flag_reason: `Refund failed: ${result.reason}`.slice(0, 1000),
        flag_resolved_at: null,
      });
      return toView(refund, updated.status);
    }
    refund = await r.updateRefund(tx, refund.id, {
      status: "succeeded",
      provider_refund_id: providerRefundId,
    });
    const updated = await applySucceeded(deps, tx, order, refund);
    return toView(refund, updated.status);
  });
}
