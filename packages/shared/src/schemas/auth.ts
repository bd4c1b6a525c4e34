import { z } from "zod";

/**
 * Sign-up and sign-in contracts (spec 000 §2 /auth, §5 Sign-up/Sign-in; issue 2 passwords).
 * The server validates the better-auth request bodies with these before better-auth sees them;
 * the /auth forms use them through zodResolver. Messages are English catalogue texts.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Please enter a valid email address.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((value) => value.toLowerCase());

export const signUpSchema = z.object({
  name: z
    .string({ error: "Full name is required." })
    .trim()
    .min(1, "Full name is required.")
    .max(120, "Full name must be at most 120 characters."),
  email: emailSchema,
  password: z
    .string({ error: "Password is required." })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  callbackURL: z.string().max(2048).optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(PASSWORD_MAX, "Invalid credentials"),
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
