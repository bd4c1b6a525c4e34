import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";

/**
 * A fixed-window counter in the database's `rate_limit` table (shared by every instance, like
 * better-auth's limits; keys here carry their own prefix so they never meet better-auth's).
 * Counts `cost` hits (default 1) for `key` and says whether the total stays within `max` per
 * `windowSeconds` (the window starts at the first hit).
 * One upsert, no transaction. @returns true when allowed.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  windowSeconds: number,
  max: number,
  cost = 1,
): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const result = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, ${cost}::int, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then ${cost}::int else rate_limit.count + ${cost}::int end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count`);
  const rows = ((result as unknown as { rows?: Array<{ count: number }> }).rows ??
    (result as unknown as Array<{ count: number }>)) as Array<{ count: number }>;
  return Number(rows[0]?.count ?? 0) <= max;
}
