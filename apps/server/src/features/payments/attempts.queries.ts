import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { paymentAttempts } from "../../db/schema/index.ts";

/** Payment attempts (decision 0217): one row per call to MoMo, ZaloPay or Stripe for an order. */
/** A provider on the attempt row is always one of these (check constraint). */
export type AttemptRecord = Omit<typeof paymentAttempts.$inferSelect, "provider"> & {
  provider: AttemptProvider;
};
export type AttemptProvider = "momo" | "zalopay" | "stripe";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The next attempt number of an order (1, 2, …); call with the order row locked. */
export async function nextAttemptNo(db: Executor, orderId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select coalesce(max(attempt_no), 0)::int + 1 as n from payment_attempts where order_id = ${orderId}`,
    ),
  );
  return Number(row?.n ?? 1);
}

export async function insertAttempt(
  db: Executor,
  values: typeof paymentAttempts.$inferInsert,
): Promise<AttemptRecord> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row;
}

/** Updates an attempt's columns (updated_at = now()). */
export async function updateAttempt(
  db: Executor,
  id: string,
  set: Partial<typeof paymentAttempts.$inferInsert>,
): Promise<AttemptRecord> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ ...set, updated_at: sql`now()` as unknown as Date })
    .where(sql`${paymentAttempts.id} = ${id}`)
    .returning();
  return row;
}

/** An attempt by the provider's id for it (MoMo orderId, ZaloPay app_trans_id, our Stripe `REF-n`). */
export async function findAttemptByProviderOrderId(
  db: Executor,
  provider: AttemptProvider,
  providerOrderId: string,
): Promise<AttemptRecord | undefined> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts where provider = ${provider} and provider_order_id = ${providerOrderId}`),
  )[0];
}

/** An attempt by its provider reference (a Stripe Checkout Session id). */
export async function findAttemptByProviderRef(
  db: Executor,
  provider: AttemptProvider,
  ref: string,
): Promise<AttemptRecord | undefined> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts where provider = ${provider} and provider_ref = ${ref} limit 1`),
  )[0];
}

/** An attempt by id, optionally locked (FOR UPDATE; lock its order first — one lock order everywhere). */
export async function findAttempt(
  db: Executor,
  id: string,
  lock = false,
): Promise<AttemptRecord | undefined> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`select * from payment_attempts where id = ${id} ${lock ? sql`for update` : sql``}`),
  )[0];
}

/** The paid attempts of an order, newest first. */
export async function paidAttemptsOf(db: Executor, orderId: string): Promise<AttemptRecord[]> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts where order_id = ${orderId} and status = 'paid'
      order by paid_at desc nulls last, attempt_no desc`),
  );
}

/** The paid attempt holding a provider transaction, if any. */
export async function findAttemptByTransaction(
  db: Executor,
  provider: string,
  transactionId: string,
): Promise<AttemptRecord | undefined> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts where provider = ${provider} and provider_transaction_id = ${transactionId}`),
  )[0];
}

/** An order's attempts, newest first. */
export async function listAttemptsOfOrder(db: Executor, orderId: string): Promise<AttemptRecord[]> {
  return rowsOf<AttemptRecord>(
    await db.execute(
      sql`select * from payment_attempts where order_id = ${orderId} order by attempt_no desc`,
    ),
  );
}

/** The latest end of an open attempt's provider page for an order, or null. */
export async function openAttemptsUntil(db: Executor, orderId: string): Promise<Date | null> {
  const [row] = rowsOf<{ until: Date | string | null }>(
    await db.execute(sql`
      select max(provider_expires_at) as until from payment_attempts
      where order_id = ${orderId} and status in ('creating', 'open')`),
  );
  return row?.until ? new Date(row.until) : null;
}

/**
 * Attempts to ask their provider about (reconciliation, decision 0217): still creating or open,
 * started at least `olderThanSeconds` ago, not asked in the last `recheckSeconds`, and whose page
 * has not been closed for more than `graceMinutes`. Oldest check first, at most `limit`.
 */
export async function listAttemptsToReconcile(
  db: Executor,
  opts: { olderThanSeconds: number; recheckSeconds: number; graceMinutes: number; limit: number },
): Promise<AttemptRecord[]> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts
      where status in ('creating', 'open')
        and provider_expires_at > now() - make_interval(mins => ${opts.graceMinutes}::int)
        and created_at <= now() - make_interval(secs => ${opts.olderThanSeconds}::int)
        and (last_checked_at is null or last_checked_at <= now() - make_interval(secs => ${opts.recheckSeconds}::int))
      order by coalesce(last_checked_at, created_at) limit ${opts.limit}`),
  );
}

/** Open attempts of one order (the buyer's "check my payment"). */
export async function listOpenAttemptsOfOrder(db: Executor, orderId: string): Promise<AttemptRecord[]> {
  return rowsOf<AttemptRecord>(
    await db.execute(sql`
      select * from payment_attempts where order_id = ${orderId} and status in ('creating', 'open')
      order by attempt_no desc`),
  );
}

/**
 * Marks attempts whose provider page closed more than `graceMinutes` ago (and that no answer
 * settled) expired. @returns how many.
 */
export async function expireClosedAttempts(db: Executor, graceMinutes: number): Promise<number> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      update payment_attempts set status = 'expired', updated_at = now()
      where status in ('creating', 'open')
        and provider_expires_at <= now() - make_interval(mins => ${graceMinutes}::int)
      returning id`),
  ).length;
}

/** Whether the stored method `methodId` belongs to the creator of the order's course. */
export async function methodBelongsToOrderCreator(
  db: Executor,
  methodId: string,
  orderId: string,
): Promise<boolean> {
  const rows = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
      select true as ok from payment_methods pm
      join landing_pages lp on lp.id = pm.landing_page_id
      join orders o on o.id = ${orderId}
      join courses c on c.id = o.course_id
      where pm.id = ${methodId} and lp.creator_id = c.creator_id`),
  );
  return rows.length === 1;
}

/** Another paid order of the same student and course (the seat is already paid), or undefined. */
export async function findOtherPaidOrder(
  db: Executor,
  studentId: string,
  courseId: string,
  exceptOrderId: string,
): Promise<{ id: string; reference: string } | undefined> {
  return rowsOf<{ id: string; reference: string }>(
    await db.execute(sql`
      select id, reference from orders where student_id = ${studentId} and course_id = ${courseId}
      and status = 'paid' and id <> ${exceptOrderId} limit 1`),
  )[0];
}
