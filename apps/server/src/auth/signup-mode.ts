import { ADMIN_MESSAGES } from "@academy/shared";
import { and, eq, gt, sql } from "drizzle-orm";
import { studentInvitations, user, userSuspensions } from "../db/schema/index.ts";
import type { AppDeps } from "../lib/http.ts";
import { getPlatformSettings } from "../lib/platform-settings.ts";

/**
 * Why an e-mail sign-up is refused under the platform's sign-up mode (issue 14 Settings), or
 * undefined when it may go ahead: "open" lets everyone in; "invite-only" only an e-mail with a
 * pending, unexpired student invitation (or one listed in ADMIN_EMAILS); "closed" only ADMIN_EMAILS.
 */
export async function signUpRefusal(deps: AppDeps, body: string | undefined): Promise<string | undefined> {
  const { signupMode } = await getPlatformSettings(deps.db);
  if (signupMode === "open") return undefined;
  let email = "";
  try {
    email = String((JSON.parse(body ?? "{}") as { email?: unknown }).email ?? "")
      .trim()
      .toLowerCase();
  } catch {
    return ADMIN_MESSAGES.signupsClosed;
  }
  if (email && deps.env.adminEmails.includes(email)) return undefined;
  if (signupMode === "closed") return ADMIN_MESSAGES.signupsClosed;
  const invited = await deps.db
    .select({ id: studentInvitations.id })
    .from(studentInvitations)
    .where(
      and(
        sql`lower(${studentInvitations.email}) = ${email}`,
        eq(studentInvitations.status, "pending"),
        gt(studentInvitations.expires_at, new Date()),
      ),
    )
    .limit(1);
  return invited.length > 0 ? undefined : ADMIN_MESSAGES.signupsInviteOnly;
}

/** True when the e-mail of a sign-in body belongs to a suspended account (issue 14 Users). */
export async function isSuspendedEmail(deps: AppDeps, body: string | undefined): Promise<boolean> {
  let email = "";
  try {
    email = String((JSON.parse(body ?? "{}") as { email?: unknown }).email ?? "")
      .trim()
      .toLowerCase();
  } catch {
    return false;
  }
  if (!email) return false;
  const rows = await deps.db
    .select({ id: userSuspensions.user_id })
    .from(userSuspensions)
    .innerJoin(user, eq(user.id, userSuspensions.user_id))
    .where(eq(user.email, email))
    .limit(1);
  return rows.length > 0;
}

/**
 * True when the account `userId` is suspended (issue 14 Users). Read by better-auth's session-create
 * hook, so no path (Google, verification auto sign-in) opens a session for a suspended account.
 */
export async function isSuspendedUser(db: AppDeps["db"], userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userSuspensions.user_id })
    .from(userSuspensions)
    .where(eq(userSuspensions.user_id, userId))
    .limit(1);
  return rows.length > 0;
}
