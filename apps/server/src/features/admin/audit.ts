import { desc, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { adminAuditLog } from "../../db/schema/index.ts";

/** Who did an admin action: a signed-in admin, or the command line (actorId null). */
export interface AuditActor {
  id: string | null;
  email: string;
}

/**
 * Writes one audit entry (issue 14 Audit log) with `executor` — pass the action's transaction so
 * the entry exists exactly when the change commits. before/after are JSON snapshots (null when
 * the thing did not exist before or no longer exists after).
 */
export async function recordAudit(
  executor: Executor,
  actor: AuditActor,
  entry: { action: string; targetType: string; targetId: string | null; before: unknown; after: unknown },
): Promise<void> {
  await executor.insert(adminAuditLog).values({
    actor_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** One page of the audit log, newest first, and the total count. */
export async function listAudit(executor: Executor, page: number, pageSize: number) {
  const rows = await executor
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await executor.select({ total: sql<number>`count(*)::int` }).from(adminAuditLog);
  return { rows, total };
}
