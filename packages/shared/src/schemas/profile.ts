import { z } from "zod";

import { ROLES } from "../rules/profile.ts";

/** Profile roles (spec 001 §3 Profile, §6; the list is ROLES in ../rules/profile.ts). */
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user's profile, as GET /api/me returns it. */
export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  /** Two-factor sign-in is on (issue 25 item 6): platform admins need it for the Admin Panel. */
  twoFactorEnabled: z.boolean(),
  /** The profile's language (e-mails; and the app's on every device once `localeChosen`). */
  locale: z.enum(["en", "vi"]),
  /** The person stated their language (issue 24 §7): every device they sign in on uses `locale`. */
  localeChosen: z.boolean(),
  /** When the account was made (ISO): a new account is welcomed, not "welcomed back" (issue 24 §8). */
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;
