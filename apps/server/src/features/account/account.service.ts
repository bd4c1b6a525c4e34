import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountSession,
  type AccountSettingsInput,
} from "@academy/shared";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { account, profiles, session, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";

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
 * Deletes the acting person's account and, through the database's cascades, their data: profile,
 * sessions, enrolments, progress, certificates, conversations, and (for a creator) their courses,
 * landing pages and school. `confirmEmail` must equal the account's address (case-insensitive).
 * @throws AppError VALIDATION_FAILED when the confirmation does not match.
 */
export async function deleteAccount(db: Db, actor: SessionUser, confirmEmail: string): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== actor.email.toLowerCase()) {
    throw new AppError("VALIDATION_FAILED", ACCOUNT_MESSAGES.deleteConfirmMismatch, [
      { path: "confirmEmail", message: ACCOUNT_MESSAGES.deleteConfirmMismatch },
    ]);
  }
  await db.delete(user).where(eq(user.id, actor.id));
}
