/**
 * Refunds and disputes made in Stripe's own dashboard (issue 23 §7): a verified Stripe `charge.*`
 * webhook event is recorded as a `provider_portal` refund or flags the order `dispute`, and is
 * logged in payment_events.
 */
import * as a from "./attempts.queries.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { applySucceeded, refundsFor, sum } from "./refund-ledger.ts";
import * as r from "./refunds.queries.ts";
import { CALLBACK_LOG_MAX_CHARS } from "./settlement.service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parts of a Stripe Charge / Dispute that Academy reads. */
interface ChargeLike {
  id?: string;
  amount?: number;
  amount_refunded?: number;
  currency?: string;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string };
  reason?: string;
}

/**
 * A verified Stripe `charge.*` event for the stored method `paymentMethodId` (issue 23 §7: refunds
 * and disputes made in Stripe's own dashboard reach Academy):
 * - `charge.refunded`: `amount_refunded` beyond the refunds Academy already recorded for that
 *   PaymentIntent is recorded as a `provider_portal` refund (once per amount: replays are no-ops);
 *   the order becomes refunded when fully refunded, with access removed per N6.
 * - `charge.dispute.created`: the order is flagged `dispute` for the creator.
 * Only orders of the method owner's courses are touched. Every event is logged in payment_events.
 * @returns the outcome logged: refund_recorded | duplicate | dispute | unknown_order | ignored.
 */
export async function applyStripeChargeEvent(
  deps: PaymentDeps,
  paymentMethodId: string,
  event: { type: string; data: { object: unknown } },
  log: { rawBody?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const object = event.data.object as ChargeLike;
  const pi = typeof object.payment_intent === "string" ? object.payment_intent : object.payment_intent?.id;
  const outcome = await deps.db.transaction(async (tx) => {
    if (!pi || !UUID.test(paymentMethodId)) return { outcome: "unknown_order", orderId: null };
    const attempt = await a.findAttemptByTransaction(tx, "stripe", pi);
    const orderId = (await r.findOrderIdByTransaction(tx, "stripe", pi)) ?? attempt?.order_id;
    const order = orderId ? await q.findOrderById(tx, orderId, true) : undefined;
    const owner = await r.methodCreator(tx, paymentMethodId);
    const parties = order ? await q.orderContext(tx, order.id) : undefined;
    if (!order || !owner || parties?.creator_id !== owner) return { outcome: "unknown_order", orderId: null };
    if (event.type === "charge.dispute.created") {
      await q.updateOrder(tx, order.id, {
        flagged: true,
        flag_kind: "dispute",
        flag_reason:
          `Dispute opened in Stripe (${object.reason ?? "no reason given"}): ${object.amount ?? ""} ${(object.currency ?? "").toUpperCase()}`.trim(),
        flag_resolved_at: null,
      });
      return { outcome: "dispute", orderId: order.id };
    }
    if (event.type !== "charge.refunded") return { outcome: "ignored", orderId: order.id };
    const own = order.provider === "stripe" && order.provider_transaction_id === pi;
    const attemptId = own ? null : (attempt?.id ?? null);
    const recorded = sum(
      refundsFor(await r.refundsOf(tx, order.id), attemptId).filter((x) =>
        ["stripe", "provider_portal"].includes(x.through),
      ),
    );
    const diff = Number(object.amount_refunded ?? 0) - recorded;
    if (diff <= 0) return { outcome: "duplicate", orderId: order.id };
    const refund = await r.insertRefund(tx, {
      order_id: order.id,
      attempt_id: attemptId,
      through: "provider_portal",
      amount: diff,
      currency: (object.currency ?? order.currency).toUpperCase(),
      status: "succeeded",
      provider_refund_id: `${object.id ?? pi}:${object.amount_refunded}`,
      reason: "Refunded in Stripe",
    });
    if (!refund) return { outcome: "duplicate", orderId: order.id };
    await applySucceeded(deps, tx, order, refund);
    return { outcome: "refund_recorded", orderId: order.id };
  });
  await q.insertPaymentEvent(deps.db, {
    order_id: outcome.orderId,
    payment_method_id: UUID.test(paymentMethodId) ? paymentMethodId : null,
    provider: "stripe",
    provider_transaction_id: pi ?? null,
    raw_body: (log.rawBody ?? JSON.stringify(event)).slice(0, CALLBACK_LOG_MAX_CHARS.verified),
    headers: log.headers ?? {},
    signature_valid: true,
    outcome: outcome.outcome,
  });
  return outcome.outcome;
}
