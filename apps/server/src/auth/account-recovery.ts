import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { account, session, user } from "../db/schema/index.ts";
import { finishAccountEmail } from "../email/account-templates.ts";
import type { Locale } from "../email/templates.ts";
import type { AppDeps } from "../lib/http.ts";

/** How long a reset (or finish-account) link works: 1 hour, once. */
export const RESET_TOKEN_SECONDS = 60 * 60;

/**
 * Stored as the password of an unverified account that a second sign-up contested: it is not an
 * argon2 hash, so no password signs in until the mailbox owner chooses one on the reset form.
 */
export const CONTESTED_PASSWORD = "!contested";

/** The app's reset form for a one-time token; `next` (an app path) is where to go once signed in. */
export function resetPasswordUrl(
  appUrl: string,
  token: string,
  opts: { verify?: boolean; next?: string } = {},
): string {
  const url = new URL("/reset-password", appUrl);
  url.searchParams.set("token", token);
  if (opts.verify) url.searchParams.set("verify", "1");
  if (opts.next?.startsWith("/") && !opts.next.startsWith("//")) url.searchParams.set("next", opts.next);
  return url.href;
}

/**
 * A one-time reset token for `userId`, stored the way better-auth's /reset-password reads it
 * (`verification.identifier = reset-password:<token>`), valid for RESET_TOKEN_SECONDS.
 */
export async function createResetToken(deps: Pick<AppDeps, "auth">, userId: string): Promise<string> {
  const context = await deps.auth.$context;
  const token = randomBytes(18).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
  });
  return token;
}

/**
 * A sign-up for an address whose account exists but was never verified (issue 16 item 5, pre-account
 * takeover): the answer stays that of a new sign-up (the caller returns better-auth's generic one),
 * the stored password is disabled (`CONTESTED_PASSWORD`: neither the first nor the second sign-up's
 * password will ever sign in), any session is ended, and the address gets a "finish your account"
 * e-mail whose link opens the reset form. Does nothing for an unknown or verified address.
 */
export async function contestUnverifiedAccount(
  deps: Pick<AppDeps, "db" | "auth" | "mailer" | "env">,
  email: string,
  locale: Locale,
  next?: string,
): Promise<void> {
  const [row] = await deps.db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  if (!row || row.emailVerified) return;
  await deps.db
    .update(account)
    .set({ password: CONTESTED_PASSWORD, updatedAt: new Date() })
    .where(and(eq(account.userId, row.id), eq(account.providerId, "credential")));
  await deps.db.delete(session).where(eq(session.userId, row.id));
  const token = await createResetToken(deps, row.id);
  await deps.mailer.send(deps.db, {
    to: row.email,
    ...finishAccountEmail({
      locale,
      name: null,
      url: resetPasswordUrl(deps.env.appUrl, token, { verify: true, next }),
    }),
  });
}

/**
 * For GET /api/auth/verify-email: when the link's (valid, unexpired) token names a contested
 * account, the reset form with a fresh one-time token, so verifying it means choosing its password
 * (issue 16 item 5); otherwise undefined and better-auth verifies as usual.
 */
export async function contestedVerificationRedirect(
  deps: Pick<AppDeps, "db" | "auth" | "env">,
  url: URL,
): Promise<string | undefined> {
  const token = url.searchParams.get("token");
  if (!token) return undefined;
  const context = await deps.auth.$context;
  let email: string;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(context.secret), {
      algorithms: ["HS256"],
    });
    if (typeof payload.email !== "string" || payload.updateTo) return undefined;
    email = payload.email.toLowerCase();
  } catch {
    return undefined; // better-auth answers the invalid or expired token itself
  }
  const [row] = await deps.db
    .select({ id: user.id, verified: user.emailVerified, password: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.email, email))
    .limit(1);
  if (!row || row.verified || row.password !== CONTESTED_PASSWORD) return undefined;
  const resetToken = await createResetToken(deps, row.id);
  const callback = url.searchParams.get("callbackURL") ?? undefined;
  return resetPasswordUrl(deps.env.appUrl, resetToken, { verify: true, next: callback });
}
