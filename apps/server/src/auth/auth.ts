import { ADMIN_MESSAGES } from "@academy/shared";
import { queueAfterTransactionHook } from "@better-auth/core/context";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, getOAuthState } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { deviceLabel, newDeviceSignInEmail, resetPasswordEmail } from "../email/account-templates.ts";
import type { Mailer } from "../email/mailer.ts";
import { emailBrand, type Locale, verificationEmail } from "../email/templates.ts";
import type { Env } from "../env.ts";
import { statedLocale } from "../lib/locale.ts";
import type { Logger } from "../lib/logger.ts";
import { ipNetwork, noteSignInDevice } from "../lib/security-events.ts";
import { RESET_TOKEN_SECONDS, resetPasswordUrl } from "./account-recovery.ts";
import { signUpAttempt } from "./context.ts";
import { linkForAccount } from "./link-domains.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { isSuspendedUser } from "./signup-mode.ts";
import { hasTwoFactor } from "./two-factor.ts";
import { checkUserName, clampUserName } from "./user-name.ts";
import { schoolForVerification } from "./verification-school.ts";

/** Header the app sets from the TCP peer (or X-Forwarded-For behind a trusted proxy) for rate limiting. */
export const CLIENT_IP_HEADER = "x-academy-client-ip";
/** The error code of a refused sign-in of a suspended account (issue 14 Users). */
export const SUSPENDED_CODE = "ACCOUNT_SUSPENDED";
/** How long "trust this device" skips the code step at sign-in (s): 30 days. */
export const TRUST_DEVICE_SECONDS = 60 * 60 * 24 * 30;
/**
 * The error code of a refused Google sign-in of an account with two-factor sign-in on (issue 25
 * item 6): better-auth's plugin asks for the code only after a password, so such an account must
 * sign in with its password and code.
 */
export const TWO_FACTOR_OAUTH_CODE = "TWO_FACTOR_PASSWORD_SIGN_IN";
/** Cookie the web app sets with the UI language; e-mails use it. */
export const LANGUAGE_COOKIE = "academy_lang";

/** The language of e-mails written for a request's own sender: `statedLocale`, else vi. */
export function localeFromRequest(request: Request | undefined): Locale {
  return statedLocale(request?.headers) ?? "vi";
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
  /**
   * More trusted origins, asked per request: the verified custom domain the request is addressed
   * to (issue 15; issue 25 N1: only that request's own host, never every school's domain).
   */
  dynamicTrustedOrigins?: (request?: Request) => Promise<string[]>;
}) {
  const { env } = opts;
  const production = env.nodeEnv === "production";
  const dynamicOrigins = opts.dynamicTrustedOrigins;
  return betterAuth({
    appName: "Academy",
    baseURL: env.appUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: dynamicOrigins
      ? async (request) => [
          env.appUrl,
          ...env.trustedOrigins,
          ...(opts.trustedOrigins ?? []),
          ...(await dynamicOrigins(request)),
        ]
      : [env.appUrl, ...env.trustedOrigins, ...(opts.trustedOrigins ?? [])],
    database: drizzleAdapter(opts.db, { provider: "pg", schema, transaction: true }),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? "error" : level === "warn" ? "warn" : "debug";
        opts.logger[fn]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account gets no session by any path (issue 14): the Google callback turns
          // this code into a redirect to /auth with the refusal (auth.routes.ts).
          before: async (session, ctx) => {
            if (await isSuspendedUser(opts.db, session.userId)) {
              throw new APIError("FORBIDDEN", { code: SUSPENDED_CODE, message: ADMIN_MESSAGES.suspended });
            }
            // The two-factor plugin checks only password sign-ins: an OAuth callback (Google) of an
            // account with 2FA on would skip the code (issue 25 item 6), so it is refused and the
            // sign-in page asks for the password and code.
            if (ctx?.path?.startsWith("/callback/") && (await hasTwoFactor(opts.db, session.userId))) {
              throw new APIError("FORBIDDEN", {
                code: TWO_FACTOR_OAUTH_CODE,
                message: "This account uses two-factor sign-in. Sign in with your password and code.",
              });
            }
            return { data: session };
          },
          // Issue 25 item 7: a sign-in from a device (user agent + /24 network) the account has not
          // used is logged as `sign_in.new_device` and e-mailed to the person. After the commit
          // (PGlite has one connection); a failure is logged and never blocks the sign-in.
          after: async (session) => {
            await queueAfterTransactionHook(async () => {
              try {
                await noticeNewDevice(opts, session);
              } catch (error) {
                opts.logger.error({ err: error }, "security: new-device check failed");
              }
            });
          },
        },
      },
      user: {
        create: {
          // A Google account made from /join or an invitation is a student too (issue 5).
          before: async (user) => {
            const role = signupRoleFromOAuthState(await getOAuthState().catch(() => null));
            // Sign-up bodies are validated before (auth.routes.ts); a Google name is cut to 120.
            const named = typeof user.name === "string" ? { ...user, name: clampUserName(user.name) } : user;
            return role ? { data: { ...named, signupRole: role } } : { data: named };
          },
          after: async (user, ctx) => {
            // ADMIN_EMAILS (issue 14): such an account is a platform admin from its first sign-up.
            if (env.adminEmails.includes(user.email.toLowerCase())) {
              await queueAfterTransactionHook(async () => {
                await opts.db
                  .update(schema.profiles)
                  .set({ role: "admin", updated_at: new Date() })
                  .where(eq(schema.profiles.user_id, user.id));
              });
            }
            // issue 17 §6: the UI language at sign-up (cookie or Accept-Language of the sign-up or
            // OAuth callback request) becomes the profile's, the language of every later e-mail.
            const locale = statedLocale(ctx?.request?.headers ?? ctx?.headers);
            if (locale) {
              await queueAfterTransactionHook(async () => {
                await opts.db
                  .update(schema.profiles)
                  .set({ locale, locale_chosen: true })
                  .where(eq(schema.profiles.user_id, user.id));
              });
            }
            // issue 12: the browser's time zone sent with sign-up (body.timeZone) becomes the
            // profile's (days and streaks are counted in it); an unknown zone keeps the default.
            // After the commit: the profile is made by a trigger in the sign-up transaction.
            const zone = (ctx?.body as { timeZone?: unknown } | undefined)?.timeZone;
            if (typeof zone === "string" && zone.length <= 64) {
              await queueAfterTransactionHook(async () => {
                await opts.db.execute(
                  sql`update profiles set time_zone = ${zone} where user_id = ${user.id}
                       and exists (select 1 from pg_timezone_names where name = ${zone})`,
                );
              });
            }
          },
        },
        update: {
          // update-user and any other path: the 120-character rule of sign-up (issue 16 item 1).
          before: async (data) => {
            if (typeof data.name !== "string") return { data };
            const checked = checkUserName(data.name);
            if ("error" in checked) throw new APIError("BAD_REQUEST", { message: checked.error });
            return { data: { ...data, name: checked.name } };
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
      password: { hash: (password) => hashPassword(password, env.passwordHashing), verify: verifyPassword },
      onExistingUserSignUp: async ({ user }) => {
        const attempt = signUpAttempt.getStore();
        if (attempt) {
          attempt.existingUser = true;
          attempt.unverified = !user.emailVerified;
        }
      },
      // Password reset (issue 16 item 5): a one-time link through the outbox, valid 1 hour; using
      // it ends every session of the account and proves the mailbox (the address is verified).
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        await opts.mailer.send(opts.db, {
          to: user.email,
          ...resetPasswordEmail({
            locale: localeFromRequest(request),
            name: user.name,
            // APP_URL, or the custom domain of the person's own school (issue 25 N1).
            url: await linkForAccount(opts, resetPasswordUrl(env.appUrl, token), request, user),
          }),
        });
      },
      onPasswordReset: async ({ user: reset }) => {
        if (!reset.emailVerified) {
          await opts.db
            .update(schema.user)
            .set({ emailVerified: true, updatedAt: new Date() })
            .where(eq(schema.user.id, reset.id));
        }
        const attempt = signUpAttempt.getStore();
        if (attempt) attempt.resetEmail = reset.email;
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // Verification signs the person in and the link returns where they were (issue 17 item 7).
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url: appLink }, request) => {
        const locale = localeFromRequest(request);
        const signingUp = request ? new URL(request.url).pathname.endsWith("/sign-up/email") : false;
        // The outbox row is written after the sign-up transaction commits: PGlite has a single
        // connection, so a second query inside the open transaction would wait for it forever.
        await queueAfterTransactionHook(async () => {
          const school = await schoolForVerification(opts.db, appLink);
          // On the verified custom domain of the school the person joins (the course or invitation
          // of this sign-up) or is a student of, the link opens there (issues 15 and 25 N1); a
          // resend names no school of its own, so only enrolments count then.
          const url = await linkForAccount(opts, appLink, request, user, signingUp ? school?.id : null);
          await opts.mailer.send(opts.db, {
            to: user.email,
            ...verificationEmail({
              locale,
              name: user.name,
              url,
              schoolName: school?.name ?? null,
              school: emailBrand(env.appUrl, school),
            }),
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
    // Two-factor sign-in (issue 25 item 6, decision 0224): TOTP with 10 one-time recovery codes,
    // stored encrypted; a sign-in challenge allows 5 tries and 10 failures lock the account 15 min.
    plugins: [
      twoFactor({
        issuer: "Academy",
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/*": { window: 60, max: env.authRateLimitMax },
        "/sign-up/*": { window: 60, max: env.authRateLimitMax },
        "/send-verification-email": { window: 60, max: 3 },
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: env.authRateLimitMax },
        "/change-password": { window: 60, max: env.authRateLimitMax },
        "/two-factor/*": { window: 60, max: env.authRateLimitMax },
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

/**
 * Records the session's device (`noteSignInDevice`) and, for a new device of an account that had
 * others, e-mails the person in their profile's language with a link to account settings.
 */
async function noticeNewDevice(
  opts: { db: Db; env: Env; mailer: Mailer },
  session: { userId: string; ipAddress?: string | null; userAgent?: string | null; createdAt?: Date },
): Promise<void> {
  const seen = await noteSignInDevice(opts.db, {
    userId: session.userId,
    userAgent: session.userAgent,
    ip: session.ipAddress,
  });
  if (seen !== "new") return;
  const [person] = await opts.db
    .select({ email: schema.user.email, name: schema.user.name, locale: schema.profiles.locale })
    .from(schema.user)
    .leftJoin(schema.profiles, eq(schema.profiles.user_id, schema.user.id))
    .where(eq(schema.user.id, session.userId));
  if (!person) return;
  const locale: Locale = person.locale === "en" ? "en" : "vi";
  await opts.mailer.send(opts.db, {
    to: person.email,
    ...newDeviceSignInEmail({
      locale,
      name: person.name,
      device: deviceLabel(session.userAgent, locale),
      network: ipNetwork(session.ipAddress) ?? (locale === "vi" ? "không rõ" : "unknown"),
      when: session.createdAt ?? new Date(),
      url: `${opts.env.appUrl}/dashboard/account#security-activity`,
    }),
  });
}
