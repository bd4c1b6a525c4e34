import { ADMIN_MESSAGES } from "@academy/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { profiles } from "../db/schema/index.ts";
import { AppError } from "../lib/errors.ts";
import type { SessionUser } from "../lib/http.ts";

export type Role = "student" | "creator" | "admin";

/** The acting user's profile role, read from the database on every call (never from the client). */
export async function roleOf(db: Executor, userId: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.user_id, userId));
  return row?.role;
}

/**
 * The admin guard of every admin endpoint (issue 14): the caller must be signed in and their
 * profile role must be "admin".
 * @throws AppError UNAUTHORIZED without a user, FORBIDDEN for any other role.
 */
export async function requireAdmin(db: Executor, actor: SessionUser | null): Promise<SessionUser> {
  if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  if ((await roleOf(db, actor.id)) !== "admin") throw new AppError("FORBIDDEN", ADMIN_MESSAGES.adminOnly);
  return actor;
}
