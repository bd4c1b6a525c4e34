import { z } from "zod";

/**
 * Sign-up and sign-in contracts (spec 000 §2 /auth, §5 Sign-up/Sign-in; issue 2 passwords).
 * The server validates the better-auth request bodies with these before better-auth sees them;
 * the /auth forms use them through zodResolver. Messages are English catalogue texts.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The validation texts of the auth forms, by stable key (the web client translates the key). */
export const AUTH_MESSAGES = {
  nameRequired: "Full name is required.",
  nameTooLong: "Full name must be at most 120 characters.",
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
} as const;
export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

export const signUpSchema = z.object({
  name: z
    .string({ error: AUTH_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.nameRequired)
    .max(120, AUTH_MESSAGES.nameTooLong),
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
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
export const authConfigSchema = z.object({ googleEnabled: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;
