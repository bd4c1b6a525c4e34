import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

/** True when the account has two-factor sign-in on (better-auth's `user.two_factor_enabled`, issue 25 item 6). */
export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on === true;
}
