import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "../rules/auth.ts";

/**
 * Sign-up and sign-in contracts (spec 000 §2 /auth, §5 Sign-up/Sign-in; issue 2 passwords).
 * The server validates the better-auth request bodies with these before better-auth sees them;
 * the /auth forms use them through zodResolver. Messages are English catalogue texts.
 */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/**
 * A password a person chooses (sign-up, reset, change): 8–128 characters and not only spaces
 * (issue 16 item 14). The server also refuses breached-common passwords (`passwordCommon`).
 */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong)
  .refine((value) => value.trim().length > 0, AUTH_MESSAGES.passwordBlank);

export const signUpSchema = z.object({
  name: z
    .string({ error: AUTH_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.nameRequired)
    .max(120, AUTH_MESSAGES.nameTooLong),
  email: emailSchema,
  password: newPasswordSchema,
  callbackURL: z.string().max(2048).optional(),
  /** "student" for an account made from a course's /join page (or an invitation); creator otherwise. */
  signupRole: z.enum(["student"]).optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

export const resendVerificationSchema = z.object({
  email: emailSchema,
  callbackURL: z.string().max(2048).optional(),
});

/** Public configuration the /auth page needs: whether "Continue with Google" is offered. */
/**
 * GET /api/config: googleEnabled — "Continue with Google" is offered; aiMode — "model" when an
 * OpenAI-compatible model is configured (AI_BASE_URL), "offline" when outlines and materials come
 * from the built-in templates (the builder then says "Template", never "AI"; issue 17 §2).
 */
export const authConfigSchema = z.object({
  googleEnabled: z.boolean(),
  aiMode: z.enum(["model", "offline"]),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** "Forgot password?" (issue 16 item 5): better-auth's /request-password-reset body. */
export const requestPasswordResetSchema = z.object({
  email: emailSchema,
  redirectTo: z.string().max(2048).optional(),
});
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

/** The reset form's body (better-auth /reset-password): the one-time token from the e-mail. */
export const resetPasswordSchema = z.object({
  newPassword: newPasswordSchema,
  token: z
    .string({ error: AUTH_MESSAGES.resetTokenInvalid })
    .min(1, AUTH_MESSAGES.resetTokenInvalid)
    .max(200),
});

/** Change password on the account page (better-auth /change-password; other sessions are always revoked). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/**
 * The account page's Password form (web only): the current and new password as
 * changePasswordSchema checks them, and the new one repeated (`passwordsDiffer` on confirmPassword).
 */
export const changePasswordFormSchema = changePasswordSchema
  .pick({ currentPassword: true, newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
