import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { refundRequests } from "../../db/schema/index.ts";

/** SQL of refund requests under a money-back guarantee (issue 24 §3). */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type RefundRequestRecord = typeof refundRequests.$inferSelect;

/** Inserts a request; undefined when the order already has one (one request per order). */
export async function insertRefundRequest(db: Executor, values: typeof refundRequests.$inferInsert) {
  const [row] = await db.insert(refundRequests).values(values).onConflictDoNothing().returning();
  return row as RefundRequestRecord | undefined;
}

/** The request of an order, or undefined. */
export async function findRequestOfOrder(db: Executor, orderId: string) {
  return rowsOf<RefundRequestRecord>(
    await db.execute(sql`select * from refund_requests where order_id = ${orderId}`),
  )[0];
}

/** A request by id, optionally locked. */
export async function findRequest(db: Executor, id: string, lock = false) {
  return rowsOf<RefundRequestRecord>(
    await db.execute(sql`select * from refund_requests where id = ${id} ${lock ? sql`for update` : sql``}`),
  )[0];
}

/** Whether a refund of the order's own payment is under way at a provider (pending). */
export async function hasPendingRefund(db: Executor, orderId: string): Promise<boolean> {
  return (
    rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from refunds
        where order_id = ${orderId} and attempt_id is null and status = 'pending'`),
    )[0]?.n > 0
  );
}

/**
 * Marks the order's pending request approved (decided by `decidedBy`, null when the refund came
 * from the provider's portal). @returns the approved request, or undefined when none was pending.
 */
export async function approvePendingOfOrder(db: Executor, orderId: string, decidedBy: string | null) {
  return rowsOf<RefundRequestRecord>(
    await db.execute(sql`
      update refund_requests set status = 'approved', decided_by = ${decidedBy}, decided_at = now()
      where order_id = ${orderId} and status = 'pending' returning *`),
  )[0];
}

/** Declines a pending request with the creator's reason. @returns the request, or undefined when not pending. */
export async function declineRequest(db: Executor, id: string, decidedBy: string, reason: string) {
  return rowsOf<RefundRequestRecord>(
    await db.execute(sql`
      update refund_requests
      set status = 'declined', decided_by = ${decidedBy}, decided_at = now(), decline_reason = ${reason}
      where id = ${id} and status = 'pending' returning *`),
  )[0];
}

export interface PendingRequestRecord {
  id: string;
  reason: string | null;
  created_at: Date | string;
  order_id: string;
  reference: string;
  amount: number;
  currency: string;
  method: string | null;
  provider: string | null;
  provider_transaction_id: string | null;
  paid_at: Date | string;
  guarantee_days: number;
  course_id: string;
  course_title: string;
  student_name: string | null;
  student_email: string | null;
  refund_pending: boolean;
  refund_failed: boolean;
}

/**
 * The creator's pending refund requests, oldest first (at most `limit`), with the order, course,
 * student (null once they deleted their account) and the state of the latest refund of the order's
 * own payment (pending at a provider, or failed).
 */
export async function listPendingForCreator(db: Executor, creatorId: string, limit: number) {
  return rowsOf<PendingRequestRecord>(
    await db.execute(sql`
      select rr.id, rr.reason, rr.created_at, o.id as order_id, o.reference, o.amount, o.currency,
        o.method, o.provider, o.provider_transaction_id, o.paid_at, o.guarantee_days, o.course_id,
        c.title as course_title, p.full_name as student_name, u.email as student_email,
        coalesce(last.status = 'pending', false) as refund_pending,
        coalesce(last.status = 'failed', false) as refund_failed
      from refund_requests rr join orders o on o.id = rr.order_id join courses c on c.id = o.course_id
      left join "user" u on u.id = o.student_id left join profiles p on p.user_id = o.student_id
      left join lateral (
        select r.status from refunds r where r.order_id = o.id and r.attempt_id is null
        order by r.created_at desc, r.id desc limit 1
      ) last on true
      where c.creator_id = ${creatorId} and rr.status = 'pending'
      order by rr.created_at, rr.id limit ${limit}`),
  );
}
