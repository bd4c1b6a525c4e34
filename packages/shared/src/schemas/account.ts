import { z } from "zod";
import { AUTH_MESSAGES } from "../rules/auth.ts";

/**
 * Account settings contracts (issue 16 item 14): the signed-in person's name (≤ 120 characters,
 * the sign-up rule), avatar, UI/e-mail language and time zone; their sessions; account deletion.
 */
export const ACCOUNT_MESSAGES = {
  timeZoneInvalid: "Please choose a time zone from the list.",
  avatarInvalid: "The avatar must be an uploaded image or an https:// address.",
  sessionNotFound: "That session is not one of yours.",
  deletePasswordRequired: "Enter your password to delete your account.",
  deletePasswordWrong: "The password is not correct.",
  deleteSignInAgain: "For your safety, sign in again, then delete your account within 10 minutes.",
  deleteHasPaidStudents:
    "Students have paid for enrolments in your courses, so your account cannot be deleted yet. Refund those orders in Earnings, or contact support to close your school.",
  exportTooOften: "You have downloaded your data several times in the last hour. Please try again later.",
} as const;

/** How many data exports (issue 24 §8) one person may download per hour. */
export const DATA_EXPORTS_PER_HOUR = 5;

/**
 * An account without a password (Google-only) may be deleted only from a session signed in within
 * this many minutes (issue 23 item 8: "a fresh sign-in").
 */
export const DELETE_ACCOUNT_FRESH_MINUTES = 10;

/** True for an IANA time zone name this runtime knows (Asia/Ho_Chi_Minh, Europe/Paris, UTC …). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value);
  } catch {
    return false;
  }
}

export const accountSettingsSchema = z.object({
  fullName: z
    .string({ error: AUTH_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.nameRequired)
    .max(120, AUTH_MESSAGES.nameTooLong),
  /** An uploaded file (/files/…) or an https:// image address; null removes the avatar. */
  avatarUrl: z
    .string()
    .trim()
    .max(2048, ACCOUNT_MESSAGES.avatarInvalid)
    .refine(
      (v) => v.startsWith("/files/") || /^https:\/\/[^\s"'<>]+$/.test(v),
      ACCOUNT_MESSAGES.avatarInvalid,
    )
    .nullable(),
  locale: z.enum(["en", "vi"]),
  timeZone: z
    .string()
    .max(64, ACCOUNT_MESSAGES.timeZoneInvalid)
    .refine(isTimeZone, ACCOUNT_MESSAGES.timeZoneInvalid),
});
export type AccountSettingsInput = z.input<typeof accountSettingsSchema>;

/** GET /api/account. */
export const accountSchema = accountSettingsSchema.extend({
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  email: z.string(),
  timeZone: z.string(),
  hasPassword: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** One signed-in device (GET /api/account/sessions); dates ISO 8601. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSession = z.infer<typeof accountSessionSchema>;

/**
 * DELETE /api/account (issue 23 item 8): the account's password, required when it has one (never
 * trimmed: it is compared as typed, ≤ 128 characters like sign-in). An account without a password
 * sends `{}` and needs a sign-in from the last DELETE_ACCOUNT_FRESH_MINUTES minutes instead.
 */
export const deleteAccountSchema = z.object({
  password: z.string().max(128, ACCOUNT_MESSAGES.deletePasswordWrong).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * GET /api/account/deletion: what deleting the account needs, shown before anything is typed.
 * `paidOrders`: orders of the person's courses whose money is with the creator or on its way
 * (paid, awaiting confirmation, a provider page still open, a refund pending) — while > 0 the
 * deletion is refused (409). `freshUntil`: ISO time until which a password-less account may
 * delete without signing in again (null: sign in again first; always null with a password).
 */
export const accountDeletionSchema = z.object({
  hasPassword: z.boolean(),
  paidOrders: z.number().int(),
  freshUntil: z.string().nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/**
 * One security event of an account (issue 25 item 7): `action` as `<area>.<what>` (e.g.
 * "sign_in.new_device", "payment_methods.updated", "two_factor.enabled"); `details` a small object
 * without secrets (field names changed, never values); `ip` the /24 network or null; `userAgent` as
 * sent by the browser or null; `createdAt` ISO 8601. `email` is the account's (admin list only).
 */
export const securityEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  email: z.string().optional(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
/** A page of security events, newest first (GET /api/account/security-events, /api/admin/security-events). */
export const securityEventListSchema = z.object({
  events: z.array(securityEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SecurityEventList = z.infer<typeof securityEventListSchema>;

/**
 * GET /api/account/two-factor (issue 25 item 6): whether two-factor sign-in (TOTP + recovery
 * codes) is on, whether enrolling asks for a password (false for a Google-only account, which
 * cannot enrol: better-auth's plugin confirms with the password), whether the person is a platform
 * admin (who must enrol before the Admin Panel opens), and `suggest`: a creator with at least one
 * paid order and 2FA off — the creator dashboard shows a dismissible prompt.
 */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  hasPassword: z.boolean(),
  required: z.boolean(),
  suggest: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
