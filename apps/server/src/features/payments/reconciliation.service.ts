/**
 * Reconciliation and the order job (issue 11 §3, issue 23 §1, §4; decision 0217): asks the
 * providers about every open payment attempt until its page closes (`reconcileAttempt`, also
 * used by "Check my payment"), closes attempts and expires orders, and runs the refund job
 * (`runOrderJobs`, run on an interval by `createOrderJobWorker`).
 */
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import * as a from "./attempts.queries.ts";
import { momoBase, momoKeysOf, stripeKeysOf, zaloPayBase, zaloPayKeysOf } from "./methods.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { watchMomoPortalRefunds } from "./portal-refunds.service.ts";
import { MOMO_PENDING_CODES, momoQuery } from "./providers/momo.ts";
import { stripeClient, stripeRetrieveSession } from "./providers/stripe.ts";
import { zaloPayQuery } from "./providers/zalopay.ts";
import { runRefundJobs } from "./refund-jobs.service.ts";
import { applyProviderPayment, type CallbackOutcome, releaseCouponOf } from "./settlement.service.ts";

/** Minutes after a provider page closed during which reconciliation still asks about it. */
export const RECONCILE_GRACE_MINUTES = 10;

/**
 * Asks the provider about one attempt (MoMo /v2/gateway/api/query, ZaloPay /v2/query, Stripe
 * Checkout Session retrieve) and applies the answer like a callback (settlement.service.ts): paid
 * settles the order, a final failure or an expired page closes the attempt, anything else leaves
 * it open. Only MoMo resultCode 0 is paid (9000 is authorised, not captured).
 * @returns the outcome, or null when the attempt's method or keys are gone.
 * @throws on a network failure or time-out (the attempt is asked again later).
 */
export async function reconcileAttempt(
  deps: PaymentDeps,
  attempt: a.AttemptRecord,
): Promise<CallbackOutcome | null> {
  await a.updateAttempt(deps.db, attempt.id, { last_checked_at: new Date() });
  const row = attempt.payment_method_id
    ? await q.findMethodById(deps.db, attempt.payment_method_id)
    : undefined;
  if (!row) return null;
  const base = {
    provider: attempt.provider,
    paymentMethodId: row.id,
    providerOrderId: attempt.provider_order_id,
    reference: null,
    headers: { source: "status-query" },
  };
  if (attempt.provider === "momo") {
    const keys = momoKeysOf(deps.encryptionKey, row);
    if (!keys) return null;
    const r = await momoQuery(momoBase(deps, row), keys, attempt.provider_order_id);
    // 42: MoMo has no such order (the create never reached it) — the same as not paid yet until
    // the page's time is over.
    const status =
      r.resultCode === 0
        ? "paid"
        : MOMO_PENDING_CODES.includes(r.resultCode) || r.resultCode === 42
          ? "pending"
          : "failed";
    return applyProviderPayment(deps, {
      ...base,
      transactionId: r.transId,
      amount: r.amount,
      currency: "VND",
      status,
      rawBody: JSON.stringify(r.raw),
    });
  }
  if (attempt.provider === "zalopay") {
    const keys = zaloPayKeysOf(deps.encryptionKey, row);
    if (!keys) return null;
    const r = await zaloPayQuery(zaloPayBase(deps, row), keys, attempt.provider_order_id);
    // return_code 2 also answers an app_trans_id ZaloPay never saw: final only once the page closed.
    const closed = new Date(attempt.provider_expires_at).getTime() <= Date.now();
    const status = r.returnCode === 1 ? "paid" : r.returnCode === 2 && closed ? "failed" : "pending";
    return applyProviderPayment(deps, {
      ...base,
      transactionId: r.zpTransId,
      amount: r.amount,
      currency: "VND",
      status,
      rawBody: JSON.stringify(r.raw),
    });
  }
  const keys = stripeKeysOf(deps.encryptionKey, row);
  if (!keys || !attempt.provider_ref) return null;
  const s = await stripeRetrieveSession(
    stripeClient(keys.secretKey, deps.env.payments?.stripeBaseUrl),
    attempt.provider_ref,
  );
  const status = s.paymentStatus === "paid" ? "paid" : s.status === "expired" ? "expired" : "pending";
  return applyProviderPayment(deps, {
    ...base,
    providerRef: s.id,
    transactionId: s.paymentIntent ?? s.id,
    amount: s.amount,
    currency: s.currency,
    status,
    rawBody: JSON.stringify(s.raw),
  });
}

/**
 * The order jobs (issue 11 §3, issue 23 §1 and §4, decision 0217), one run:
 * 1. asks MoMo, ZaloPay and Stripe about every attempt still open there that started at least
 *    `requerySeconds` ago and was not asked in the last `recheckSeconds` — until its page closed
 *    plus RECONCILE_GRACE_MINUTES, whatever the order's own expiry (a paid answer settles the
 *    order like a callback);
 * 2. marks attempts whose page closed longer ago than that expired;
 * 3. expires pending orders past expires_at that have no provider page still open (coupon
 *    redemptions given back);
 * 4. asks the providers again about refunds still pending (`runRefundJobs`);
 * 5. looks for refunds made in MoMo's portal on recently paid MoMo orders (`watchMomoPortalRefunds`).
 * @returns counts for logs and tests.
 */
export async function runOrderJobs(
  deps: PaymentDeps,
  opts: { requerySeconds?: number; recheckSeconds?: number; limit?: number } = {},
): Promise<{
  requeried: number;
  recovered: number;
  expired: number;
  attemptsClosed: number;
  refundsChecked: number;
  portalRefunds: number;
}> {
  const limit = opts.limit ?? 200;
  let requeried = 0;
  let recovered = 0;
  const due = await a.listAttemptsToReconcile(deps.db, {
    olderThanSeconds: opts.requerySeconds ?? 60,
    recheckSeconds: opts.recheckSeconds ?? 60,
    graceMinutes: RECONCILE_GRACE_MINUTES,
    limit,
  });
  for (const attempt of due) {
    try {
      const outcome = await reconcileAttempt(deps, attempt);
      if (outcome === null) continue;
      requeried++;
      if (
        outcome === "paid" ||
        outcome === "late_paid" ||
        outcome === "double_payment" ||
        outcome === "flagged_late"
      )
        recovered++;
    } catch (error) {
      deps.logger?.warn({ err: error, attempt: attempt.provider_order_id }, "payment status query failed");
    }
  }
  const attemptsClosed = await a.expireClosedAttempts(deps.db, RECONCILE_GRACE_MINUTES);
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
  let refundsChecked = 0;
  try {
    refundsChecked = (await runRefundJobs(deps)).checked;
  } catch (error) {
    deps.logger?.warn({ err: error }, "refund status checks failed");
  }
  let portalRefunds = 0;
  try {
    portalRefunds = (await watchMomoPortalRefunds(deps)).recorded;
  } catch (error) {
    deps.logger?.warn({ err: error }, "portal refund look-ups failed");
  }
  return { requeried, recovered, expired, attemptsClosed, refundsChecked, portalRefunds };
}

/** Runs `runOrderJobs` every `intervalMs` (one run at a time); `stop` waits for a running one. */
export function createOrderJobWorker(deps: PaymentDeps, intervalMs: number) {
  return createIntervalWorker(
    () => runOrderJobs(deps),
    intervalMs,
    (error) => deps.logger?.error({ err: error }, "order jobs failed"),
    "order-jobs",
  );
}
