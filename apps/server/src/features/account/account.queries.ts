import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { account, profiles, session, user } from "../../db/schema/index.ts";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Orders that keep a creator's account (issue 23 item 8): orders of the creator's courses whose
 * money is with the creator or may still arrive — paid, awaiting the creator's confirmation,
 * pending with a provider page still open (a payment attempt creating/open before its provider
 * expiry), or with a refund still pending. Deleting the account would delete them with the
 * courses, so it is refused while this count is above 0. Expired, cancelled, rejected and
 * completed refunds do not count.
 */
export async function countMoneyHeldOrders(db: Executor, creatorId: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from orders o join courses c on c.id = o.course_id
       where c.creator_id = ${creatorId}
         and (o.status in ('paid', 'awaiting_confirmation')
           or (o.status = 'pending' and exists (select 1 from payment_attempts a
                where a.order_id = o.id and a.status in ('creating', 'open') and a.provider_expires_at > now()))
           or exists (select 1 from refunds r where r.order_id = o.id and r.status = 'pending'))`),
  );
  return Number(row?.n ?? 0);
}

/** When the session `sessionId` of `userId` was created, or null for an unknown session. */
export async function sessionCreatedAt(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .limit(1);
  return row?.createdAt ?? null;
}

/** True when the person has a password (better-auth's credential account with a hash). */
export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The two-factor facts of an account (issue 25 item 6): 2FA on, the profile role, and whether any
 * order of the person's courses was ever paid (their first sale, refunded or not).
 */
export async function twoFactorFacts(
  db: Executor,
  userId: string,
): Promise<{ enabled: boolean; role: string | null; sold: boolean }> {
  const [row] = await db
    .select({
      enabled: user.twoFactorEnabled,
      role: profiles.role,
      sold: sql<boolean>`exists (select 1 from orders o join courses c on c.id = o.course_id
                          where c.creator_id = ${userId} and o.paid_at is not null)`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return { enabled: row?.enabled === true, role: row?.role ?? null, sold: row?.sold === true };
}
