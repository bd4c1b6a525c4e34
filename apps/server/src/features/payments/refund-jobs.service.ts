/**
 * The refund job (issue 23 §7): refunds still pending at a provider (an unanswered call, ZaloPay
 * "processing") are asked about again and settled. Run by the order job (reconciliation.service.ts).
 */
import * as a from "./attempts.queries.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { ownPayment } from "./refund-ledger.ts";
import { callProvider, settleRefund } from "./refund-provider.service.ts";
import * as r from "./refunds.queries.ts";

/**
 * The refund job (issue 23 §7; the lead calls it from the order job): asks the provider again
 * about every refund still pending for `olderThanSeconds` (default 60: longer than MoMo's 30 s
 * call, so a refund still in flight is not asked about; ZaloPay "processing", or a call whose
 * answer was lost) and settles it. Re-asking is safe: MoMo's requestId and Stripe's idempotency
 * key make a re-sent refund answer the first one; ZaloPay is asked through /v2/query_refund. @returns counts for logs and tests.
 */
export async function runRefundJobs(
  deps: PaymentDeps,
  opts: { olderThanSeconds?: number; limit?: number } = {},
): Promise<{ checked: number; succeeded: number; failed: number }> {
  let checked = 0;
  let succeeded = 0;
  let failed = 0;
  for (const refund of await r.listPendingProviderRefunds(
    deps.db,
    opts.olderThanSeconds ?? 60,
    opts.limit ?? 100,
  )) {
    const order = await q.findOrderById(deps.db, refund.order_id);
    if (!order) continue;
    const target = refund.attempt_id ? await a.findAttempt(deps.db, refund.attempt_id) : undefined;
    const own = refund.attempt_id ? null : await ownPayment(deps.db, order);
    const transactionId = target?.provider_transaction_id ?? own?.transactionId;
    const methodId = target?.payment_method_id ?? own?.methodId;
    const method = methodId ? await q.findMethodById(deps.db, methodId) : undefined;
    if (!transactionId || !method) continue;
    checked++;
    const result = await callProvider(deps, refund, method, transactionId, order.reference, true);
    const view = await settleRefund(deps, refund.id, result);
    if (view.status === "succeeded") succeeded++;
    if (view.status === "failed") failed++;
  }
  return { checked, succeeded, failed };
}
