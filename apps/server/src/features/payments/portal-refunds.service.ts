/**
 * Refunds a creator makes in MoMo's own portal (issue 23 §7: "refunds made in the provider's own
 * portal reach Academy"). MoMo sends no notification for them, but its status query lists every
 * refund of a payment (`refundTrans`), so the order job asks MoMo about each recently paid MoMo
 * order now and then and records what it did not know as a `provider_portal` refund — netted out
 * of revenue, analytics and commission, access per N6, e-mail to the student (`applySucceeded`).
 *
 * ZaloPay's refund query needs the merchant's own `m_refund_id`, which Academy never sees for a
 * portal refund, and ZaloPay sends no notification: such refunds are recorded by the creator
 * ("I refunded it in ZaloPay's portal", through `manual`). Stripe dashboard refunds arrive as
 * `charge.refunded` (stripe-charges.service.ts).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import * as a from "./attempts.queries.ts";
import { momoBase, momoKeysOf } from "./methods.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { type MomoRefundTrans, momoQuery } from "./providers/momo.ts";
import { applySucceeded, ownPayment, refundsFor, sum } from "./refund-ledger.ts";
import * as r from "./refunds.queries.ts";

/** Days after a MoMo payment during which Academy keeps looking for portal refunds of it. */
export const PORTAL_REFUND_WATCH_DAYS = 30;
/** Hours between two looks at one order (so each order costs MoMo at most 2 queries a day). */
export const PORTAL_REFUND_CHECK_HOURS = 12;

/** Paid MoMo orders due for a look, least recently looked at first. */
async function ordersToWatch(db: Executor, opts: { days: number; hours: number; limit: number }) {
  return (
    (await db.execute(sql`
      select id from orders
       where provider = 'momo' and status = 'paid' and provider_transaction_id is not null
         and paid_at >= now() - make_interval(days => ${opts.days})
         and (refunds_checked_at is null or refunds_checked_at <= now() - make_interval(hours => ${opts.hours}))
       order by refunds_checked_at nulls first, paid_at
       limit ${opts.limit}`)) as unknown as { rows: { id: string }[] }
  ).rows;
}

/**
 * Records the refunds MoMo lists for an order's own payment that Academy does not know yet
 * (matched by the refund's orderId — the id Academy sent for its own refunds — or its transId),
 * in one transaction with the order locked. Each becomes a succeeded `provider_portal` refund of
 * at most what is still unrefunded (whole VND); the order is refunded once they cover it.
 * @returns how many refunds were recorded.
 */
export async function recordMomoRefunds(
  deps: PaymentDeps,
  orderId: string,
  listed: readonly MomoRefundTrans[],
): Promise<number> {
  const done = listed.filter((t) => t.resultCode === 0 && t.amount > 0 && (t.transId || t.orderId));
  if (done.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    let order = await q.findOrderById(tx, orderId, true);
    if (order?.status !== "paid") return 0;
    let recorded = 0;
    for (const t of done) {
      const known = await r.refundsOf(tx, order.id);
      if (known.some((x) => x.provider_refund_id === t.orderId || x.provider_refund_id === t.transId))
        continue;
      const left = Number(order.amount) - sum(refundsFor(known, null));
      const amount = Math.min(t.amount, left);
      if (amount <= 0) {
        deps.logger?.warn(
          { order: order.reference, refund: t },
          "MoMo lists a refund beyond the order's amount",
        );
        continue;
      }
      const refund = await r.insertRefund(tx, {
        order_id: order.id,
        attempt_id: null,
        through: "provider_portal",
        amount,
        currency: order.currency,
        status: "succeeded",
        provider_refund_id: t.transId || t.orderId,
        reason: "Refunded in the MoMo portal",
      });
      if (!refund) continue;
      order = await applySucceeded(deps, tx, order, refund);
      recorded++;
      if (order.status !== "paid") break;
    }
    return recorded;
  });
}

/**
 * One pass of the portal-refund watch (run by the order job): for up to `limit` MoMo orders paid
 * in the last PORTAL_REFUND_WATCH_DAYS and not looked at for PORTAL_REFUND_CHECK_HOURS (`hours`),
 * asks MoMo's query about the attempt that paid the order and records unknown refunds
 * (`recordMomoRefunds`). The look is stamped before the call, so a failing order waits its turn.
 * @returns orders checked and refunds recorded. Network failures are logged, not thrown.
 */
export async function watchMomoPortalRefunds(
  deps: PaymentDeps,
  opts: { limit?: number; hours?: number } = {},
): Promise<{ checked: number; recorded: number }> {
  const due = await ordersToWatch(deps.db, {
    days: PORTAL_REFUND_WATCH_DAYS,
    hours: opts.hours ?? PORTAL_REFUND_CHECK_HOURS,
    limit: opts.limit ?? 20,
  });
  let checked = 0;
  let recorded = 0;
  for (const { id } of due) {
    await deps.db.execute(sql`update orders set refunds_checked_at = now() where id = ${id}`);
    const order = await q.findOrderById(deps.db, id);
    if (!order?.provider_transaction_id) continue;
    const attempt = await a.findAttemptByTransaction(deps.db, "momo", order.provider_transaction_id);
    const { methodId } = await ownPayment(deps.db, order);
    const method = methodId ? await q.findMethodById(deps.db, methodId) : undefined;
    const keys = method ? momoKeysOf(deps.encryptionKey, method) : null;
    if (!attempt || !method || !keys) continue;
    try {
      const answer = await momoQuery(momoBase(deps, method), keys, attempt.provider_order_id);
      checked++;
      if (answer.resultCode === 0) recorded += await recordMomoRefunds(deps, order.id, answer.refunds);
    } catch (error) {
      deps.logger?.warn({ err: error, order: order.reference }, "MoMo refund look-up failed");
    }
  }
  return { checked, recorded };
}
