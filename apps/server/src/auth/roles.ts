import { ADMIN_MESSAGES } from "@academy/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { profiles, user } from "../db/schema/index.ts";
import { AppError } from "../lib/errors.ts";
import type { SessionUser } from "../lib/http.ts";

export type Role = "student" | "creator" | "admin";

/** The acting user's profile role, read from the database on every call (never from the client). */
export async function roleOf(db: Executor, userId: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.user_id, userId));
  return row?.role;
}

/**
 * The admin guard of every admin endpoint (issue 14): the caller must be signed in, their profile
 * role must be "admin", and (issue 25 item 6) their account must have two-factor sign-in on.
 * @throws AppError UNAUTHORIZED without a user, FORBIDDEN for any other role, TWO_FACTOR_REQUIRED
 *   (403) for an admin who has not enrolled in TOTP yet.
 */
export async function requireAdmin(db: Executor, actor: SessionUser | null): Promise<SessionUser> {
  if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  const [row] = await db
    .select({ role: profiles.role, twoFactor: user.twoFactorEnabled })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.user_id))
    .where(eq(profiles.user_id, actor.id));
  if (row?.role !== "admin") throw new AppError("FORBIDDEN", ADMIN_MESSAGES.adminOnly);
  if (!row.twoFactor) throw new AppError("TWO_FACTOR_REQUIRED", ADMIN_MESSAGES.twoFactorRequired);
  return actor;
}
