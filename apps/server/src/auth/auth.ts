import { queueAfterTransactionHook } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getOAuthState } from "better-auth/api";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import type { Mailer } from "../email/mailer.ts";
import { type Locale, verificationEmail } from "../email/templates.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../lib/logger.ts";
import { signUpAttempt } from "./context.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { schoolNameForVerification } from "./verification-school.ts";

/** Header the app sets from the TCP peer (or X-Forwarded-For behind a trusted proxy) for rate limiting. */
export const CLIENT_IP_HEADER = "x-academy-client-ip";
/** Cookie the web app sets with the UI language; e-mails use it. */
export const LANGUAGE_COOKIE = "academy_lang";

export function localeFromRequest(request: Request | undefined): Locale {
  const cookie = request?.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)academy_lang=(en|vi)\b/.exec(cookie);
  if (match) return match[1] as Locale;
  const accept = request?.headers.get("accept-language") ?? "";
  return /^\s*en\b/i.test(accept) ? "en" : "vi";
}

/**
 * The role a new account asks for when it is made by an OAuth sign-in (Google): the web app passes
 * `additionalData: { signupRole: "student" }` from a course's /join page or an invitation (issue 5),
 * which better-auth carries through the OAuth state. Only "student" is honoured — the least
 * privileged role, the same rule as the e-mail sign-up body; anything else keeps the default.
 * @returns "student" or undefined.
 */
export function signupRoleFromOAuthState(state: unknown): "student" | undefined {
  return typeof state === "object" &&
    state !== null &&
    (state as { signupRole?: unknown }).signupRole === "student"
    ? "student"
    : undefined;
}

/**
 * better-auth configured for Academy (issue 2 Accounts): e-mail + password with required
 * verification, argon2id hashing, database sessions in httpOnly SameSite=Lax cookies (Secure in
 * production), database-backed rate limits shared by every instance, and Google when configured.
 */
export function createAuth(opts: {
  db: Db;
  env: Env;
  secret: string;
  mailer: Mailer;
  logger: Logger;
  trustedOrigins?: string[];
}) {
  const { env } = opts;
  const production = env.nodeEnv === "production";
  return betterAuth({
    appName: "Academy",
    baseURL: env.appUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: [env.appUrl, ...(opts.trustedOrigins ?? [])],
    database: drizzleAdapter(opts.db, { provider: "pg", schema, transaction: true }),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? "error" : level === "warn" ? "warn" : "debug";
        opts.logger[fn]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    databaseHooks: {
      user: {
        create: {
          // A Google account made from /join or an invitation is a student too (issue 5).
          before: async (user) => {
            const role = signupRoleFromOAuthState(await getOAuthState().catch(() => null));
            return role ? { data: { ...user, signupRole: role } } : { data: user };
          },
        },
      },
    },
    user: {
      // Read by the profile trigger (migration 0004); the request may only ask for "student".
      additionalFields: { signupRole: { type: "string", required: false, input: true } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      onExistingUserSignUp: async () => {
        const attempt = signUpAttempt.getStore();
        if (attempt) attempt.existingUser = true;
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        const locale = localeFromRequest(request);
        // The outbox row is written after the sign-up transaction commits: PGlite has a single
        // connection, so a second query inside the open transaction would wait for it forever.
        await queueAfterTransactionHook(async () => {
          const schoolName = await schoolNameForVerification(opts.db, url);
          await opts.mailer.send(opts.db, {
            to: user.email,
            ...verificationEmail({ locale, name: user.name, url, schoolName }),
          });
        });
      },
    },
    socialProviders: env.google
      ? {
          google: {
            clientId: env.google.clientId,
            clientSecret: env.google.clientSecret,
            prompt: "select_account",
          },
        }
      : {},
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/*": { window: 60, max: env.authRateLimitMax },
        "/sign-up/*": { window: 60, max: env.authRateLimitMax },
        "/send-verification-email": { window: 60, max: 3 },
        "/get-session": false,
      },
    },
    advanced: {
      useSecureCookies: production,
      cookiePrefix: "academy",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: production },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
