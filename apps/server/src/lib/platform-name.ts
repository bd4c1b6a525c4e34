import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { platformSettings } from "../db/schema/index.ts";

/** The name shown when no settings row is stored (issue 14 Settings default). */
export const DEFAULT_PLATFORM_NAME = "Academy";
/** How long an instance reuses the stored name (another instance's change shows within this). */
export const PLATFORM_NAME_TTL_MS = 5_000;

const cache = new WeakMap<object, { name: string; until: number }>();

/**
 * The platform's name from the Admin Panel's Settings (issue 14), cached per database for
 * PLATFORM_NAME_TTL_MS. `executor` runs the read (pass the open transaction: PGlite has one
 * connection); `key` is the database the cache belongs to (the Db object of the runtime).
 */
export async function platformName(executor: Executor, key: object = executor): Promise<string> {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.name;
  const [row] = await executor
    .select({ name: platformSettings.platform_name })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  const name = row?.name?.trim() || DEFAULT_PLATFORM_NAME;
  cache.set(key, { name, until: Date.now() + PLATFORM_NAME_TTL_MS });
  return name;
}

/** Drops the cached name of `key`'s database (after Settings are saved on this instance). */
export function forgetPlatformName(key: object): void {
  cache.delete(key);
}
