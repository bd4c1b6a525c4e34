import { DEFAULT_SUPPORT_EMAIL, type PlatformSettings } from "@academy/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { platformSettings } from "../db/schema/index.ts";

/**
 * The platform settings (issue 14 Settings) as the API shows them, from the stored row or the
 * defaults when none is stored. Lives below features/ so that auth/ (sign-up mode) and the admin
 * and help features read settings without importing one another.
 */
export function toSettings(row: typeof platformSettings.$inferSelect | undefined): PlatformSettings {
  return {
    platformName: row?.platform_name ?? "Academy",
    supportEmail: row?.support_email ?? DEFAULT_SUPPORT_EMAIL,
    defaultLanguage: (row?.default_language ?? "vi") as "en" | "vi",
    signupMode: (row?.signup_mode ?? "open") as PlatformSettings["signupMode"],
    maintenanceBanner: row?.maintenance_banner ?? "",
    liveChatHours: row?.live_chat_hours ?? "",
    liveChatUrl: row?.live_chat_url ?? "",
    publicStatsMinimum: row?.public_stats_minimum ?? 100,
    securityContact: row?.security_contact ?? "",
  };
}

/** The stored platform settings row (id 1), or undefined when none was saved yet. */
export async function selectSettings(db: Executor) {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  return row;
}

/** The platform settings (public: every visitor reads them for the banner, name and sign-up mode). */
export async function getPlatformSettings(db: Executor): Promise<PlatformSettings> {
  return toSettings(await selectSettings(db));
}
