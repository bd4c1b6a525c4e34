import { AUTH_MESSAGES } from "@academy/shared";
import { z } from "zod";

/**
 * Longest full name of an account, in characters (UTF-16 code units, like the sign-up schema):
 * the sign-up rule of spec 000 §5, applied on every path that sets a name (issue 16 item 1,
 * decision 0160). The database enforces it too (CHECK constraints on user.name and
 * profiles.full_name), so no path can store a longer one.
 */
export const USER_NAME_MAX = 120;

/**
 * Body of better-auth's `POST /api/auth/update-user` as Academy accepts it: `name` (trimmed, 1–120
 * characters) and `image` (an address, ≤ 2048 characters) when present; other fields pass to
 * better-auth, which refuses what it does not know.
 */
export const updateUserSchema = z.looseObject({
  name: z
    .string({ error: AUTH_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.nameRequired)
    .max(USER_NAME_MAX, AUTH_MESSAGES.nameTooLong)
    .optional(),
  image: z.string().max(2048).nullish(),
});

/**
 * Checks a name about to be written to the `user` table by better-auth (update hook).
 * @returns the trimmed name, or an error text (`Full name is required.` / `Full name must be at
 *   most 120 characters.`).
 */
export function checkUserName(name: string): { name: string } | { error: string } {
  const trimmed = name.trim();
  if (!trimmed) return { error: AUTH_MESSAGES.nameRequired };
  if (trimmed.length > USER_NAME_MAX) return { error: AUTH_MESSAGES.nameTooLong };
  return { name: trimmed };
}

/**
 * A name from an outside source that cannot be refused (a Google profile at sign-in) cut to
 * USER_NAME_MAX characters, never splitting a surrogate pair.
 */
export function clampUserName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= USER_NAME_MAX) return trimmed;
  let cut = trimmed.slice(0, USER_NAME_MAX);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}
