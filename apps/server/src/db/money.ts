import { type SQL, sql } from "drizzle-orm";

/**
 * Money moves (issue 23 §7): the one definition of revenue every screen nets refunds with
 * (Earnings, Analytics, the dashboard, partner commission — DESIGN §8).
 *
 * A SQL relation with columns `order_id`, `course_id`, `currency`, `amount` (bigint, the
 * currency's smallest unit: whole VND), `at` (timestamptz) and `kind` ('paid' | 'refund'):
 * - `+orders.amount` at `paid_at` for every order that was paid (status paid, or refunded since);
 * - `−refunds.amount` at `refunds.succeeded_at` for every succeeded refund of an order's own
 *   payment (a partial refund nets its part; a refund of an extra payment — "paid twice" — nets
 *   nothing, as that payment was never counted).
 *
 * `courseJoin` restricts the orders `o` by their course, e.g. `join c on c.id = o.course_id` or
 * `join courses c on c.id = o.course_id and c.creator_id = …`. `range` keeps moves with
 * `start <= at < end` (both SQL timestamptz values or Dates). `orderColumns` (trusted names of
 * `orders` columns, never user input) are carried along for grouping.
 */
export function moneyMoves(
  courseJoin: SQL,
  range?: { start: unknown; end: unknown },
  orderColumns: readonly string[] = [],
): SQL {
  const extra = sql.raw(orderColumns.map((c) => `, o.${c}`).join(""));
  const paid = range
    ? sql`and o.paid_at >= ${range.start} and o.paid_at < ${range.end}`
    : sql`and o.paid_at is not null`;
  const back = range ? sql`and r.succeeded_at >= ${range.start} and r.succeeded_at < ${range.end}` : sql``;
  return sql`select o.id as order_id, o.course_id, o.currency, o.amount::bigint as amount, o.paid_at as at,
           'paid'::text as kind${extra}
      from orders o ${courseJoin}
     where o.status in ('paid', 'refunded') ${paid}
    union all
    select o.id, o.course_id, o.currency, -r.amount::bigint, r.succeeded_at, 'refund'::text${extra}
      from refunds r join orders o on o.id = r.order_id ${courseJoin}
     where r.status = 'succeeded' and r.attempt_id is null ${back}`;
}

/**
 * The money given back on an order's own payment (succeeded refunds, smallest unit) as a SQL
 * scalar for the order aliased `o`.
 */
export const refundedOf = sql`coalesce((select sum(r.amount) from refunds r
  where r.order_id = o.id and r.status = 'succeeded' and r.attempt_id is null), 0)`;
