import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Stores a batch of the browser's analytics events for one account (issue 27 §4), skipping ids
 * already stored (the primary key de-duplicates). One statement. @returns how many were new.
 */
export async function insertClientEvents(
  db: Executor,
  userId: string,
  events: { id: string; name: string; properties: Record<string, unknown>; timestamp: string }[],
): Promise<number> {
  if (events.length === 0) return 0;
  const values = sql.join(
    events.map(
      (e) =>
        sql`(${userId}, ${e.id}::uuid, ${e.name}, ${JSON.stringify(e.properties)}::jsonb, ${e.timestamp}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into client_events (user_id, client_event_id, name, properties, occurred_at)
    values ${values}
    on conflict (user_id, client_event_id) do nothing
    returning client_event_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
