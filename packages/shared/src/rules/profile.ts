/** Profile roles (spec 001 §3 Profile, §6): creator is the default for a direct sign-up. */
export const ROLES = ["student", "creator", "admin"] as const;

/** An account younger than this is greeted "Welcome", not "Welcome back" (issue 24 §8), in hours. */
export const NEW_ACCOUNT_HOURS = 24;

/**
 * Whether `createdAt` (ISO) is within NEW_ACCOUNT_HOURS of `now` (ms since the epoch). Kept apart
 * from the profile schema (../schemas/profile.ts) so the dashboard layout, which greets with it,
 * does not bring zod to every dashboard page (issue 17 §14 budget).
 */
export function isNewAccount(createdAt: string | undefined, now = Date.now()): boolean {
  const at = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(at) && now - at < NEW_ACCOUNT_HOURS * 3_600_000;
}
