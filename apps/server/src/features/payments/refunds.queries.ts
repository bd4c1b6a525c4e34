import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { refunds } from "../../db/schema/index.ts";
import type { AttemptRecord } from "./attempts.queries.ts";

/** SQL of refunds and of Earnings' "Needs your attention" (issue 23 §7, §10). */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type RefundRecord = typeof refunds.$inferSelect;

/** The order paid by a provider transaction (its own payment), or undefined. */
export async function findOrderIdByTransaction(db: Executor, provider: string, transactionId: string) {
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from orders where provider = ${provider} and provider_transaction_id = ${transactionId}`),
  )[0]?.id;
}

/** The refunds of an order, oldest first. */
export async function refundsOf(db: Executor, orderId: string): Promise<RefundRecord[]> {
  return rowsOf<RefundRecord>(
    await db.execute(sql`select * from refunds where order_id = ${orderId} order by created_at, id`),
  );
}

/** A refund row, optionally locked. */
export async function findRefund(db: Executor, id: string, lock = false) {
  return rowsOf<RefundRecord>(
    await db.execute(sql`select * from refunds where id = ${id} ${lock ? sql`for update` : sql``}`),
  )[0];
}

/** Inserts a refund row; undefined when its (through, provider_refund_id) is already recorded. */
export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row as RefundRecord | undefined;
}

/** Updates a refund (updated_at = now(): the moment it settled, for a succeeded or failed one). */
export async function updateRefund(db: Executor, id: string, set: Partial<typeof refunds.$inferInsert>) {
  const [row] = await db
    .update(refunds)
    .set({ ...set, updated_at: sql`now()` as unknown as Date })
    .where(sql`${refunds.id} = ${id}`)
    .returning();
  return row;
}

/** The student's enrolment id in a course, or undefined. */
export async function findEnrolmentId(db: Executor, studentId: string, courseId: string) {
  return rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from enrollments where student_id = ${studentId} and course_id = ${courseId}`,
    ),
  )[0]?.id;
}

/** Provider refunds still pending (ZaloPay processing, or an answer that never came), oldest first. */
export async function listPendingProviderRefunds(db: Executor, olderThanSeconds: number, limit: number) {
  return rowsOf<RefundRecord>(
    await db.execute(sql`
      select * from refunds where status = 'pending' and through in ('momo', 'zalopay', 'stripe')
      and updated_at < now() - make_interval(secs => ${olderThanSeconds})
      order by updated_at limit ${limit}`),
  );
}

/** The creator who owns a stored payment method (through its landing page). */
export async function methodCreator(db: Executor, methodId: string) {
  return rowsOf<{ creator_id: string }>(
    await db.execute(sql`
      select lp.creator_id from payment_methods m join landing_pages lp on lp.id = m.landing_page_id
      where m.id = ${methodId}`),
  )[0]?.creator_id;
}

export interface AttentionRecord {
  id: string;
  reference: string;
  status: string;
  method: string | null;
  provider: string | null;
  provider_transaction_id: string | null;
  amount: number;
  currency: string;
  flag_kind: string | null;
  flag_reason: string | null;
  course_id: string;
  course_title: string;
  student_name: string | null;
  student_email: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  flagged_at: Date | string;
}

/**
 * The creator's orders that need a person (issue 23 §10): flagged and not resolved, the most
 * recently changed first (at most `limit`). The student's fields are null once they deleted their
 * account.
 */
export async function listAttention(db: Executor, creatorId: string, limit: number) {
  return rowsOf<AttentionRecord>(
    await db.execute(sql`
      select o.id, o.reference, o.status, o.method, o.provider, o.provider_transaction_id, o.amount,
        o.currency, o.flag_kind, o.flag_reason, o.course_id, c.title as course_title,
        p.full_name as student_name, u.email as student_email, o.created_at, o.paid_at,
        o.updated_at as flagged_at
      from orders o join courses c on c.id = o.course_id
      left join "user" u on u.id = o.student_id left join profiles p on p.user_id = o.student_id
      where c.creator_id = ${creatorId} and o.flagged and o.flag_resolved_at is null
      order by o.updated_at desc, o.id limit ${limit}`),
  );
}

/** Paid attempts and refunds of a set of orders (the attention list's extra payments and failures). */
export async function attemptsAndRefundsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return { attempts: [] as AttemptRecord[], refunds: [] as RefundRecord[] };
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const attempts = rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts where order_id in (${ids}) and status = 'paid'
      order by paid_at desc nulls last, attempt_no desc`),
  );
  const list = rowsOf<RefundRecord>(
    await db.execute(sql`select * from refunds where order_id in (${ids}) order by created_at, id`),
  );
  return { attempts, refunds: list };
}
