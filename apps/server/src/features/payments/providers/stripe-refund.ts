import type Stripe from "stripe";
import type { ProviderRefundResult } from "./momo-refund.ts";

/**
 * Stripe refunds (issue 23 §7, payments audit D10) through the project's `stripe` SDK (23.1.0,
 * `node_modules/stripe/cjs/resources/Refunds.d.ts`): `refunds.create({ payment_intent, amount })`
 * with an idempotency key (a retried call after a lost answer creates no second refund —
 * https://docs.stripe.com/api/idempotent_requests), and `refunds.retrieve(id)`. A Refund's
 * `status` is pending | requires_action | succeeded | failed | canceled, with `failure_reason`
 * when failed (https://docs.stripe.com/api/refunds/object). Amounts are in Stripe's smallest unit,
 * which is ours (VND zero-decimal, USD cents).
 */

function toResult(refund: Stripe.Refund): ProviderRefundResult {
  if (refund.status === "succeeded") return { status: "succeeded", providerRefundId: refund.id, raw: refund };
  if (refund.status === "failed" || refund.status === "canceled")
    return {
      status: "failed",
      providerRefundId: refund.id,
      reason: `Stripe: ${refund.failure_reason ?? refund.status}`,
      raw: refund,
    };
  return { status: "pending", providerRefundId: refund.id, raw: refund };
}

/**
 * Refunds `amount` (smallest unit) of PaymentIntent `paymentIntent`; `idempotencyKey` is our
 * refund row id. @returns the refund's outcome. @throws Stripe errors: a refusal
 * (`StripeInvalidRequestError`, e.g. more than was charged) — the caller records it as failed — or
 * a connection error / timeout (outcome unknown: the caller re-sends with the same key).
 */
export async function stripeRefund(
  client: Stripe,
  input: { paymentIntent: string; amount: number; idempotencyKey: string; metadata?: Record<string, string> },
): Promise<ProviderRefundResult> {
  const refund = await client.refunds.create(
    { payment_intent: input.paymentIntent, amount: input.amount, metadata: input.metadata },
    { idempotencyKey: input.idempotencyKey },
  );
  return toResult(refund);
}

/** The current outcome of Stripe refund `id` (pending refunds are asked again by the job). */
export async function stripeRetrieveRefund(client: Stripe, id: string): Promise<ProviderRefundResult> {
  return toResult(await client.refunds.retrieve(id));
}

/** True for a Stripe error that is a definite refusal (4xx), not a lost answer. */
export function isStripeRefusal(error: unknown): error is { message: string; statusCode?: number } {
  const e = error as { type?: string; statusCode?: number };
  return (
    e?.type === "StripeInvalidRequestError" ||
    e?.type === "StripeCardError" ||
    (typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500)
  );
}
