import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountDeletion,
  type AccountSession,
  type AccountSettingsInput,
  DELETE_ACCOUNT_FRESH_MINUTES,
  type DeleteAccountInput,
  SERVER_MESSAGES,
  type TwoFactorStatus,
} from "@academy/shared";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { account, profiles, session, user } from "../../db/schema/index.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { listSecurityEvents } from "../../lib/security-events.ts";
import { countMoneyHeldOrders, hasPassword, sessionCreatedAt, twoFactorFacts } from "./account.queries.ts";

/**
 * The acting person's account settings (issue 16 item 14): name, e-mail, avatar, language, time zone,
 * and whether they have a password (a Google-only account has none).
 * @throws AppError NOT_FOUND when the profile is gone.
 */
export async function getAccount(db: Db, actor: SessionUser): Promise<Account> {
  const [row] = await db.select().from(profiles).where(eq(profiles.user_id, actor.id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  const credentials = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, actor.id), eq(account.providerId, "credential")))
    .limit(1);
  return {
    fullName: row.full_name ?? "",
    email: row.email,
    avatarUrl: row.avatar_url,
    locale: row.locale,
    timeZone: row.time_zone,
    hasPassword: credentials.length > 0,
  };
}

/**
 * Saves name (≤ 120 characters, already validated), avatar, language and time zone on the profile,
 * and the name and avatar on the sign-in record too (better-auth's `user`), in one transaction.
 */
export async function updateAccount(
  db: Db,
  actor: SessionUser,
  input: AccountSettingsInput,
): Promise<Account> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        full_name: input.fullName,
        avatar_url: input.avatarUrl,
        locale: input.locale,
        locale_chosen: true,
        time_zone: input.timeZone,
        updated_at: now,
      })
      .where(eq(profiles.user_id, actor.id));
    await tx
      .update(user)
      .set({ name: input.fullName, image: input.avatarUrl, updatedAt: now })
      .where(eq(user.id, actor.id));
  });
  return getAccount(db, actor);
}

/** The acting person's unexpired sessions, most recently active first; `current` marks this one. */
export async function listSessions(
  db: Db,
  actor: SessionUser,
  currentId: string | null,
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, actor.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastActiveAt: (s.updatedAt ?? s.createdAt).toISOString(),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    current: s.id === currentId,
  }));
}

/**
 * Signs out sessions of the acting person: one by id, every other one (`others`), or all of them
 * including this one (`all`, "sign out everywhere").
 * @returns how many sessions ended. @throws AppError NOT_FOUND for a session id that is not theirs.
 */
export async function revokeSessions(
  db: Db,
  actor: SessionUser,
  currentId: string | null,
  which: { all: true } | { others: true } | { id: string },
): Promise<number> {
  if ("id" in which) {
    const gone = await db
      .delete(session)
      .where(and(eq(session.id, which.id), eq(session.userId, actor.id)))
      .returning({ id: session.id });
    if (gone.length === 0) throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.sessionNotFound);
    return 1;
  }
  const where =
    "others" in which && currentId
      ? and(eq(session.userId, actor.id), ne(session.id, currentId))
      : eq(session.userId, actor.id);
  return (await db.delete(session).where(where).returning({ id: session.id })).length;
}

/**
 * What deleting the account needs (GET /api/account/deletion, issue 23 item 8), for the dialog to
 * show before anything is typed: whether a password is asked, how many paid enrolments in the
 * person's courses block the deletion (`countMoneyHeldOrders`), and — for an account without a
 * password — until when this session counts as a fresh sign-in (null: sign in again).
 */
export async function accountDeletion(
  db: Db,
  actor: SessionUser,
  sessionId: string | null,
): Promise<AccountDeletion> {
  const [withPassword, paidOrders, created] = await Promise.all([
    hasPassword(db, actor.id),
    countMoneyHeldOrders(db, actor.id),
    sessionId ? sessionCreatedAt(db, actor.id, sessionId) : Promise.resolve(null),
  ]);
  const until = created ? created.getTime() + DELETE_ACCOUNT_FRESH_MINUTES * 60_000 : 0;
  return {
    hasPassword: withPassword,
    paidOrders,
    freshUntil: !withPassword && until > Date.now() ? new Date(until).toISOString() : null,
  };
}

/**
 * Deletes the acting person's account (issue 23 item 8, security N13). The person proves it is
 * them: the account's password (checked by better-auth through `verifyPassword`, at most 5 tries a
 * minute), or — for an account without one (Google-only) — a session signed in within the last
 * DELETE_ACCOUNT_FRESH_MINUTES minutes. A creator whose courses hold paid enrolments
 * (`countMoneyHeldOrders` > 0) is refused, since their courses and those orders would go too.
 *
 * In one transaction: the courses' `enrollment_count` drops by the person's counted enrolments,
 * then the user row is deleted and the database's cascades remove profile, sessions, enrolments,
 * progress, certificates, conversations and (for a creator) their courses, landing pages and
 * school. Orders the person bought are kept with `student_id` set null (anonymised: no name or
 * e-mail remains on them), so the creator's revenue, coupon counts and referral commissions
 * are unchanged.
 * @throws AppError VALIDATION_FAILED (deletePasswordRequired, deletePasswordWrong),
 *   FORBIDDEN (deleteSignInAgain), CONFLICT (deleteHasPaidStudents), RATE_LIMITED (tooManyAttempts).
 */
export async function deleteAccount(
  db: Db,
  actor: SessionUser,
  sessionId: string | null,
  input: DeleteAccountInput,
  verifyPassword: (password: string) => Promise<boolean>,
): Promise<void> {
  if (await hasPassword(db, actor.id)) {
    const password = input.password ?? "";
    if (!password) {
      throw new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.deletePasswordRequired, [
        { path: "password", message: ACCOUNT_MESSAGES.deletePasswordRequired },
      ]);
    }
    if (!(await hitRateLimit(db, `academy:account-delete:${actor.id}`, 60, 5))) {
      throw new AppError("RATE_LIMITED", SERVER_MESSAGES.tooManyAttempts);
    }
    if (!(await verifyPassword(password))) {
      throw new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.deletePasswordWrong, [
        { path: "password", message: ACCOUNT_MESSAGES.deletePasswordWrong },
      ]);
    }
  } else {
    const created = sessionId ? await sessionCreatedAt(db, actor.id, sessionId) : null;
    if (!created || Date.now() - created.getTime() > DELETE_ACCOUNT_FRESH_MINUTES * 60_000) {
      throw new AppError("FORBIDDEN", ACCOUNT_MESSAGES.deleteSignInAgain);
    }
  }
  await db.transaction(async (tx) => {
    // Lock the person's courses so no order of theirs is settled between the check and the delete.
    await tx.execute(sql`select id from courses where creator_id = ${actor.id} for update`);
    if ((await countMoneyHeldOrders(tx, actor.id)) > 0) {
      throw new AppError("CONFLICT", ACCOUNT_MESSAGES.deleteHasPaidStudents);
    }
    // The enrolments go with the account; the trigger uncounts the paid ones (decision 0229, ux N23).
    await tx.delete(user).where(eq(user.id, actor.id));
  });
}

/** Security events a page (account settings "Recent security activity"). */
export const SECURITY_PAGE_SIZE = 10;

/**
 * The signed-in person's own security events, newest first, 10 a page (issue 25 item 7): new-device
 * sign-ins, payment-method and seller-detail changes, two-factor changes.
 */
export async function listMySecurityEvents(db: Db, actor: SessionUser, page: number) {
  const { rows, total } = await listSecurityEvents(db, {
    userId: actor.id,
    page,
    pageSize: SECURITY_PAGE_SIZE,
  });
  return {
    events: rows.map((r) => ({
      id: r.id,
      action: r.action,
      details: (r.details ?? {}) as Record<string, unknown>,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: r.created_at.toISOString(),
    })),
    total,
    page,
    pageSize: SECURITY_PAGE_SIZE,
  };
}

/**
 * GET /api/account/two-factor (issue 25 item 6): 2FA state, whether enrolling asks for a password,
 * whether the account must enrol (platform admin) and whether to prompt it (a creator after the
 * first paid order, 2FA off).
 */
export async function twoFactorStatus(db: Db, actor: SessionUser): Promise<TwoFactorStatus> {
  const [facts, password] = await Promise.all([twoFactorFacts(db, actor.id), hasPassword(db, actor.id)]);
  return {
    enabled: facts.enabled,
    hasPassword: password,
    required: facts.role === "admin",
    suggest: !facts.enabled && facts.role === "creator" && facts.sold,
  };
}
