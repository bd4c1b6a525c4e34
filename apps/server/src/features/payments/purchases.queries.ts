import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface PurchaseRecord {
  id: string;
  reference: string;
  status: string;
  method: string | null;
  provider: string | null;
  course_id: string;
  course_title: string;
  school_name: string | null;
  amount: number;
  currency: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  refunded_at: Date | string | null;
  refunded_amount: number;
  guarantee_days: number | null;
  /** A refund of the order's own payment is pending at a provider. */
  refund_pending: boolean;
  request_id: string | null;
  request_status: string | null;
  request_reason: string | null;
  request_created_at: Date | string | null;
  request_decided_at: Date | string | null;
  request_decline_reason: string | null;
}

const PURCHASE_COLUMNS = sql`
  o.id, o.reference, o.status, o.method, o.provider, o.course_id, c.title as course_title, s.name as school_name,
  o.amount, o.currency, o.created_at, o.paid_at, o.refunded_at,
  coalesce((select sum(r.amount) from refunds r where r.order_id = o.id and r.status = 'succeeded'), 0)::int as refunded_amount,
  o.guarantee_days,
  exists(select 1 from refunds r where r.order_id = o.id and r.attempt_id is null and r.status = 'pending') as refund_pending,
  rr.id as request_id, rr.status as request_status, rr.reason as request_reason,
  rr.created_at as request_created_at, rr.decided_at as request_decided_at,
  rr.decline_reason as request_decline_reason`;

/**
 * A student's orders, newest first, one page; with the total. Each with its money-back guarantee
 * (days), whether a refund is pending, and its refund request (issue 24 §3), if any.
 */
export async function listPurchases(db: Executor, studentId: string, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select ${PURCHASE_COLUMNS}
      from orders o join courses c on c.id = o.course_id left join schools s on s.id = c.school_id
      left join refund_requests rr on rr.order_id = o.id
      where o.student_id = ${studentId}
      order by o.created_at desc, o.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute(sql`select count(*)::int as n from orders where student_id = ${studentId}`),
  ]);
  return { rows: rowsOf<PurchaseRecord>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

export interface ReceiptRecord extends PurchaseRecord {
  student_id: string;
  buyer_name: string | null;
  buyer_email: string;
  buyer_locale: string | null;
  creator_email: string;
  creator_name: string | null;
  support_email: string | null;
  legal_name: string | null;
  tax_code: string | null;
  business_address: string | null;
}

/** One order of a student by reference, with what a receipt prints, or undefined. */
export async function findReceipt(db: Executor, studentId: string, reference: string) {
  return rowsOf<ReceiptRecord>(
    await db.execute(sql`
      select ${PURCHASE_COLUMNS}, o.student_id, sp.full_name as buyer_name, su.email as buyer_email,
        sp.locale as buyer_locale, cu.email as creator_email, cp.full_name as creator_name,
        s.support_email, s.legal_name, s.tax_code, s.business_address
      from orders o join courses c on c.id = o.course_id left join schools s on s.id = c.school_id
      left join refund_requests rr on rr.order_id = o.id
      join "user" su on su.id = o.student_id left join profiles sp on sp.user_id = o.student_id
      join "user" cu on cu.id = c.creator_id left join profiles cp on cp.user_id = c.creator_id
      where o.student_id = ${studentId} and o.reference = ${reference}`),
  )[0];
}
