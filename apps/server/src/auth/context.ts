import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request flag set by better-auth's onExistingUserSignUp (see auth.routes.ts). */
export const signUpAttempt = new AsyncLocalStorage<{ existingUser: boolean }>();
