import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Per-request facts better-auth's hooks report back to `auth.routes.ts`: the sign-up was for a
 * registered e-mail (`existingUser`, `unverified` when that account was never verified), or a
 * password reset succeeded for `resetEmail`.
 */
export const signUpAttempt = new AsyncLocalStorage<{
  existingUser: boolean;
  unverified?: boolean;
  resetEmail?: string;
}>();
