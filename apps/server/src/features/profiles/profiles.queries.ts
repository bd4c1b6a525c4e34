import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { profiles, user } from "../../db/schema/index.ts";

/** The profile joined with the account's verification flag, or undefined. */
export async function findProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      userId: profiles.user_id,
      email: profiles.email,
      fullName: profiles.full_name,
      avatarUrl: profiles.avatar_url,
      role: profiles.role,
      locale: profiles.locale,
      localeChosen: profiles.locale_chosen,
      createdAt: profiles.created_at,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.user_id))
    .where(eq(profiles.user_id, userId))
    .limit(1);
  return row
    ? { ...row, twoFactorEnabled: row.twoFactorEnabled === true, createdAt: row.createdAt.toISOString() }
    : undefined;
}

export async function updateProfileLocale(db: Executor, userId: string, locale: "en" | "vi"): Promise<void> {
  await db
    .update(profiles)
    .set({ locale, locale_chosen: true, updated_at: new Date() })
    .where(eq(profiles.user_id, userId));
}
