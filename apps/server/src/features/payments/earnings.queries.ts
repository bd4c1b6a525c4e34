import type { OrderListQuery } from "@academy/shared";
import { likePattern } from "@academy/shared";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { moneyMoves, refundedOf } from "../../db/money.ts";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface OrderListRecord {
  id: string;
  reference: string;
  status: string;
  method: string | null;
  course_id: string;
  course_title: string;
  student_name: string | null;
  /** Null once the buyer deleted their account (the order is kept anonymised, issue 23 item 8). */
  student_email: string | null;
  list_amount: number;
  discount_amount: number;
  amount: number;
  currency: string;
  coupon_code: string | null;
  referral_code: string | null;
  flagged: boolean;
  flag_reason: string | null;
  rejection_reason: string | null;
  created_at: Date | string;
  awaiting_at: Date | string | null;
  paid_at: Date | string | null;
  expires_at: Date | string;
  /** The latest refund's status (issue 23 §7), or null. */
  refund_status: string | null;
  /** momo | zalopay | stripe | manual | coupon: who took the money (where a refund goes back). */
  provider: string | null;
}

function filters(creatorId: string, f: Omit<OrderListQuery, "page" | "pageSize">) {
  const parts = [sql`c.creator_id = ${creatorId}`];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.method) parts.push(sql`o.method = ${f.method}`);
  if (f.courseId) parts.push(sql`o.course_id = ${f.courseId}`);
  if (f.q) {
    const pattern = likePattern(f.q);
    parts.push(
      sql`(o.reference ilike ${`%${f.q
        .trim()
        .toUpperCase()
        .replace(/[%_\\]/g, "")}%`} or p.name_fold like ${pattern} or p.email_fold like ${pattern})`,
    );
  }
  return sql.join(parts, sql` and `);
}

const SELECT = sql`
  select o.id, o.reference, o.status, o.method, o.course_id, c.title as course_title,
    p.full_name as student_name, u.email as student_email, o.list_amount, o.discount_amount, o.amount,
    o.currency, o.coupon_code, o.referral_code, o.flagged, o.flag_reason, o.rejection_reason,
    o.created_at, o.awaiting_at, o.paid_at, o.expires_at, o.provider,
    (select rf.status from refunds rf where rf.order_id = o.id order by rf.created_at desc, rf.id desc limit 1) as refund_status
  from orders o join courses c on c.id = o.course_id
  left join "user" u on u.id = o.student_id left join profiles p on p.user_id = o.student_id`;

/**
 * The creator's orders: the verification queue first (awaiting_confirmation, oldest first), then
 * every other order newest first. Paginated (page from 1).
 */
export async function listOrders(db: Executor, creatorId: string, f: OrderListQuery) {
  const where = filters(creatorId, f);
  const rows = rowsOf<OrderListRecord>(
    await db.execute(sql`${SELECT} where ${where}
      order by (o.status = 'awaiting_confirmation') desc,
        case when o.status = 'awaiting_confirmation' then o.awaiting_at end asc,
        o.created_at desc, o.id
      limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
  );
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from orders o join courses c on c.id = o.course_id
      left join profiles p on p.user_id = o.student_id where ${where}`),
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every matching order (CSV), newest first, in keyset pages of `pageSize`. */
export async function* allOrders(
  db: Executor,
  creatorId: string,
  f: Omit<OrderListQuery, "page" | "pageSize">,
) {
  const where = filters(creatorId, f);
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql` and (o.created_at, o.id) < (${after.created}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const rows = rowsOf<OrderListRecord>(
      await db.execute(
        sql`${SELECT} where ${where}${cursor} order by o.created_at desc, o.id desc limit 2000`,
      ),
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    after = { created: new Date(last.created_at).toISOString(), id: last.id };
    if (rows.length < 2000) return;
  }
}

/**
 * Revenue per currency, net of refunds (`moneyMoves`: paid amounts by paid_at, every succeeded
 * refund of an order's own payment — partial ones too — by the day it succeeded), for
 * today (creator's time zone), the last 30 days and all time; daily series of the last 30 days.
 */
export async function revenue(db: Executor, creatorId: string, timezone: string) {
  const totals = rowsOf<{
    currency: string;
    today: string | number;
    last30: string | number;
    all_time: string | number;
    paid_orders: string | number;
  }>(
    await db.execute(sql`
      with money as (${moneyMoves(sql`join courses c on c.id = o.course_id and c.creator_id = ${creatorId}`)})
      select currency,
        coalesce(sum(amount) filter (where (at at time zone ${timezone})::date = (now() at time zone ${timezone})::date), 0) as today,
        coalesce(sum(amount) filter (where at >= now() - interval '30 days'), 0) as last30,
        coalesce(sum(amount), 0) as all_time,
        count(*) filter (where kind = 'paid') as paid_orders
      from money group by currency order by currency`),
  );
  const daily = rowsOf<{ day: string; currency: string; amount: string | number }>(
    await db.execute(sql`
      with money as (${moneyMoves(sql`join courses c on c.id = o.course_id and c.creator_id = ${creatorId}`, { start: sql`now() - interval '31 days'`, end: sql`now() + interval '1 day'` })})
      select to_char((at at time zone ${timezone})::date, 'YYYY-MM-DD') as day, currency, sum(amount) as amount
      from money where at >= now() - interval '30 days' group by 1, 2 order by 1, 2`),
  );
  const [counts] = rowsOf<{ awaiting: string | number; flagged: string | number }>(
    await db.execute(sql`
      select count(*) filter (where o.status = 'awaiting_confirmation') as awaiting,
        count(*) filter (where o.flagged and o.flag_resolved_at is null) as flagged
      from orders o join courses c on c.id = o.course_id where c.creator_id = ${creatorId}`),
  );
  return { totals, daily, counts };
}

/** The time zone "today" is counted in (DESIGN §7; profiles carry none yet: Vietnam). */
export const EARNINGS_TIMEZONE = "Asia/Ho_Chi_Minh";

export async function listCoupons(db: Executor, creatorId: string) {
  return rowsOf<{
    id: string;
    code: string;
    kind: "percent" | "fixed";
    value: number;
    currency: string | null;
    course_id: string | null;
    course_title: string | null;
    max_redemptions: number | null;
    redemption_count: number;
    expires_at: Date | string | null;
  }>(
    await db.execute(sql`
      select k.*, c.title as course_title from coupons k left join courses c on c.id = k.course_id
      where k.creator_id = ${creatorId} order by k.created_at desc`),
  );
}

export async function listPartners(db: Executor, creatorId: string) {
  const partners = rowsOf<{
    id: string;
    name: string;
    code: string;
    commission_percent: number;
    commission_paid_through: Date | string | null;
  }>(
    await db.execute(
      sql`select * from referral_partners where creator_id = ${creatorId} order by created_at desc`,
    ),
  );
  const totals = rowsOf<{
    code: string;
    currency: string;
    orders: string | number;
    sales: string | number;
    paid_after: string | number;
  }>(
    await db.execute(sql`
      select code, currency, count(*) filter (where status = 'paid') as orders, sum(net) as sales,
        coalesce(sum(net) filter (where paid_through is null or paid_at > paid_through), 0) as paid_after
      from (select o.referral_code as code, o.currency, o.status, o.paid_at,
                   rp.commission_paid_through as paid_through, o.amount - ${refundedOf} as net
              from orders o join courses c on c.id = o.course_id
              join referral_partners rp on rp.creator_id = c.creator_id and rp.code = o.referral_code
             where c.creator_id = ${creatorId} and o.status in ('paid', 'refunded')) sales
      group by code, currency`),
  );
  // Issue 23 §7: money refunded (wholly or in part) on an order whose commission was already
  // marked paid takes that part of the commission back.
  const clawbacks = rowsOf<{ code: string; currency: string; refunded: string | number }>(
    await db.execute(sql`
      select o.referral_code as code, o.currency, sum(r.amount) as refunded
      from refunds r join orders o on o.id = r.order_id join courses c on c.id = o.course_id
      join referral_partners rp on rp.creator_id = c.creator_id and rp.code = o.referral_code
      where c.creator_id = ${creatorId} and r.status = 'succeeded' and r.attempt_id is null
        and rp.commission_paid_through is not null
        and o.paid_at <= rp.commission_paid_through and r.succeeded_at > rp.commission_paid_through
      group by o.referral_code, o.currency`),
  );
  return { partners, totals, clawbacks };
}

/** Whether a course belongs to the creator. */
export async function ownsCourse(db: Executor, creatorId: string, courseId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from courses where id = ${courseId} and creator_id = ${creatorId}`),
  );
  return rows.length === 1;
}

/** The creator's courses (id, title), newest first, for the orders filter. */
export async function listCreatorCourses(db: Executor, creatorId: string) {
  return rowsOf<{ id: string; title: string }>(
    await db.execute(
      sql`select id, title from courses where creator_id = ${creatorId} order by created_at desc, id limit 500`,
    ),
  );
}

export async function findRole(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ role: string }>(
    await db.execute(sql`select role from profiles where user_id = ${userId}`),
  );
  return row?.role;
}
