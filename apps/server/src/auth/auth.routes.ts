import { randomUUID } from "node:crypto";
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  changePasswordSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "@academy/shared";
import { getConnInfo } from "@hono/node-server/conninfo";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ZodType } from "zod";
import { user } from "../db/schema/index.ts";
import type { AppDeps, AppEnv } from "../lib/http.ts";
import { toIssues } from "../lib/http.ts";
import { withSecurityHeaders } from "../lib/security-headers.ts";
import { contestedVerificationRedirect, contestUnverifiedAccount } from "./account-recovery.ts";
import { CLIENT_IP_HEADER, localeFromRequest, SUSPENDED_CODE, TWO_FACTOR_OAUTH_CODE } from "./auth.ts";
import { signUpAttempt } from "./context.ts";
import { isCommonPassword, isWeakPassword } from "./password-policy.ts";
import { isSuspendedEmail, signUpRefusal } from "./signup-mode.ts";
import { twoFactorAudit } from "./two-factor-audit.ts";
import { updateUserSchema } from "./user-name.ts";

/** Spec 000 §8 Sign-up: the text the client shows as "Account exists". */
export const ALREADY_REGISTERED = "This email is already registered. Please sign in instead.";

const BODY_SCHEMAS: Record<string, ZodType> = {
  "/api/auth/sign-up/email": signUpSchema,
  "/api/auth/sign-in/email": signInSchema,
  "/api/auth/send-verification-email": resendVerificationSchema,
  "/api/auth/update-user": updateUserSchema,
  "/api/auth/request-password-reset": requestPasswordResetSchema,
  "/api/auth/reset-password": resetPasswordSchema,
  "/api/auth/change-password": changePasswordSchema,
};

/** The field holding a newly chosen password, checked against the breached-common list. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/api/auth/sign-up/email": "password",
  "/api/auth/reset-password": "newPassword",
  "/api/auth/change-password": "newPassword",
};

/**
 * /api/auth/*: better-auth's handler behind Academy's own checks. Bodies of sign-up, sign-in and
 * resend-verification are validated with the shared zod schemas first (400 with a readable
 * message; nothing reaches the database). The client IP for rate limiting comes from the TCP peer
 * (or X-Forwarded-For with TRUST_PROXY). A sign-up for a registered e-mail answers 422
 * USER_ALREADY_EXISTS (spec 000 §8 "Account exists"), after better-auth's rate limit has counted it.
 */
export function authRoutes(deps: AppDeps, headerList: Array<[string, string]>) {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const headers = new Headers(raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.env.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);

    let body: string | undefined;
    if (raw.method === "POST") {
      body = await c.req.text(); // read once by the NUL guard; Hono keeps it
      const schema = BODY_SCHEMAS[url.pathname];
      if (schema) {
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : {};
        } catch {
          return c.json({ code: "INVALID_JSON", message: "Invalid data format" }, 400);
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          const issues = toIssues(parsed.error);
          return c.json(
            { code: "VALIDATION_FAILED", message: issues[0]?.message ?? "Invalid input", issues },
            400,
          );
        }
        const data = { ...(json as object), ...(parsed.data as object) } as Record<string, unknown>;
        const field = NEW_PASSWORD_FIELD[url.pathname];
        if (field && typeof data[field] === "string") {
          // Breached-common passwords, then a zxcvbn score below 2 (issue 25 item 5, finding #14),
          // with the person's e-mail and name as guessable words.
          const userInputs = [data.email, data.name].filter((v): v is string => typeof v === "string");
          const message = isCommonPassword(data[field])
            ? AUTH_MESSAGES.passwordCommon
            : isWeakPassword(data[field], userInputs)
              ? AUTH_MESSAGES.passwordWeak
              : undefined;
          if (message)
            return c.json({ code: "VALIDATION_FAILED", message, issues: [{ path: field, message }] }, 400);
        }
        // Changing the password always signs the other sessions out (issue 16 item 14).
        if (url.pathname === "/api/auth/change-password") data.revokeOtherSessions = true;
        body = JSON.stringify(data);
      }
    } else if (url.pathname === "/api/auth/verify-email") {
      // A contested account is verified by choosing its password (issue 16 item 5).
      const to = await contestedVerificationRedirect(deps, url);
      if (to) return c.redirect(to, 302);
    }

    if (url.pathname === SIGN_UP_PATH) {
      // Sign-up mode from the Admin Panel's Settings (issue 14), enforced before anything is written.
      const refusal = await signUpRefusal(deps, body);
      if (refusal) return c.json({ code: "SIGNUPS_RESTRICTED", message: refusal }, 403);
    }
    if (url.pathname === "/api/auth/sign-in/email" && (await isSuspendedEmail(deps, body))) {
      return c.json({ code: "ACCOUNT_SUSPENDED", message: ADMIN_MESSAGES.suspended }, 403);
    }

    const request = new Request(url, { method: raw.method, headers, body, signal: raw.signal });
    const attempt: { existingUser: boolean; unverified?: boolean; resetEmail?: string } = {
      existingUser: false,
    };
    const audit = twoFactorAudit(deps, url.pathname, headers, {
      ip: ip ?? null,
      userAgent: headers.get("user-agent"),
    });
    await audit?.before();
    const response = await signUpAttempt.run(attempt, () => deps.auth.handler(request));
    await audit?.after(response);
    if (url.pathname === SIGN_UP_PATH) {
      const duplicate = await duplicateSignUp(deps, attempt, response, body);
      if (duplicate === "unverified") {
        // Pre-account takeover (issue 16 item 5): answer like a new sign-up, e-mail the address.
        const signUp = JSON.parse(body ?? "{}") as { email: string; name: string; callbackURL?: string };
        await contestUnverifiedAccount(deps, signUp.email, localeFromRequest(request), signUp.callbackURL);
        if (response.ok) return withSecurityHeaders(response, headerList);
        const now = new Date().toISOString();
        const synthetic = {
          id: randomUUID(),
          name: signUp.name,
          email: signUp.email,
          emailVerified: false,
          image: null,
          createdAt: now,
          updatedAt: now,
        };
        return c.json({ token: null, user: synthetic }, 200, Object.fromEntries(headerList));
      }
      if (duplicate === "verified") {
        return c.json({ code: "USER_ALREADY_EXISTS", message: ALREADY_REGISTERED }, 422);
      }
    }
    if (url.pathname === "/api/auth/reset-password" && response.ok && attempt.resetEmail) {
      // The reset form signs in with the new password next: it needs the address.
      return c.json({ status: true, email: attempt.resetEmail }, 200, Object.fromEntries(headerList));
    }
    if (url.pathname.startsWith("/api/auth/callback/")) {
      const refused = callbackError(response);
      // Google sign-in of a suspended account (issue 14): the sign-in page says why.
      if (refused === SUSPENDED_CODE) {
        return c.redirect(`${deps.env.appUrl}/auth?tab=signin&error=${SUSPENDED_ERROR_PARAM}`, 302);
      }
      // Of an account with two-factor sign-in on (issue 25 item 6): password and code instead.
      if (refused === TWO_FACTOR_OAUTH_CODE) {
        return c.redirect(`${deps.env.appUrl}/auth?tab=signin&error=${TWO_FACTOR_ERROR_PARAM}`, 302);
      }
    }
    if (response.status === 429) {
      const retryAfter = response.headers.get("x-retry-after") ?? "60";
      return c.json(
        { code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." },
        429,
        {
          "Retry-After": retryAfter,
          "X-Retry-After": retryAfter,
        },
      );
    }
    return withSecurityHeaders(response, headerList);
  });
  return app;
}

const SIGN_UP_PATH = "/api/auth/sign-up/email";

/** `/auth?error=` value the web app shows as the suspended-account refusal (en + vi). */
export const SUSPENDED_ERROR_PARAM = "account_suspended";

/** `/auth?error=` value of a Google sign-in refused because the account has 2FA on (en + vi). */
export const TWO_FACTOR_ERROR_PARAM = "two_factor_password";

/** The `error` of better-auth's OAuth callback redirect to its error URL (e.g. ACCOUNT_SUSPENDED), or null. */
function callbackError(response: Response): string | null {
  const location = response.headers.get("location");
  if (!location || response.status < 300 || response.status >= 400) return null;
  try {
    return new URL(location, "http://x").searchParams.get("error");
  } catch {
    return null;
  }
}

/**
 * Whether a sign-up was for an e-mail that is registered: better-auth reported the existing user,
 * or (two sign-ups racing for one e-mail) its insert failed and the user now exists. "verified"
 * answers Account exists; "unverified" is contested (issue 16 item 5); false is a new account.
 */
async function duplicateSignUp(
  deps: AppDeps,
  attempt: { existingUser: boolean; unverified?: boolean },
  response: Response,
  body: string | undefined,
): Promise<"verified" | "unverified" | false> {
  if (attempt.existingUser) return response.ok ? (attempt.unverified ? "unverified" : "verified") : false;
  if (response.status !== 422) return false;
  const payload = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (payload?.code !== "FAILED_TO_CREATE_USER") return false;
  const email = (JSON.parse(body ?? "{}") as { email?: string }).email;
  if (!email) return false;
  const rows = await deps.db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  if (rows.length === 0) return false;
  return rows[0].verified ? "verified" : "unverified";
}

/** The client address: the TCP peer, or the last X-Forwarded-For entry behind a trusted proxy. */
export function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string | undefined {
  if (trustProxy) {
    // The proxy in front of Academy appends the address it saw: the last entry is the one to trust.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}
