import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { iso, rowsOf } from "./community.queries.ts";

// SQL of community reports (content_reports of discussions and replies, issue 13 §2).

/** True when the user has a report on this target already. */
export async function hasReported(db: Executor, reporterId: string, targetType: string, targetId: string) {
  const result = await db.execute(sql`
    select 1 from content_reports where reporter_id = ${reporterId} and target_type = ${targetType} and target_id = ${targetId} limit 1`);
  return rowsOf(result).length > 0;
}

export async function insertReport(
  tx: Executor,
  v: { targetType: string; targetId: string; ownerId: string; reporterId: string; reason: string },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into content_reports (target_type, target_id, owner_id, reporter_id, reason)
    values (${v.targetType}, ${v.targetId}, ${v.ownerId}, ${v.reporterId}, ${v.reason}) returning id`);
  return rowsOf<{ id: string }>(result)[0].id;
}

export interface ReportRow {
  id: string;
  target_type: "discussion" | "discussion_reply";
  target_id: string;
  reason: string;
  status: "pending" | "approved" | "rejected";
  created_at: string;
  owner_id: string | null;
  reporter_id: string | null;
  reporter_name: string | null;
  discussion_id: string | null;
  title: string | null;
  excerpt: string | null;
  author_id: string | null;
  author_name: string | null;
}

const reportSelect = sql`
  select r.id, r.target_type, r.target_id, r.reason, r.status, ${iso(sql`r.created_at`)} as created_at, r.owner_id,
    r.reporter_id, rp.full_name as reporter_name,
    coalesce(d.id, rd.id) as discussion_id, coalesce(d.title, rd.title) as title,
    left(coalesce(d.body, dr.body), 300) as excerpt,
    coalesce(d.author_id, dr.author_id) as author_id, ap.full_name as author_name
  from content_reports r
  left join profiles rp on rp.user_id = r.reporter_id
  left join discussions d on r.target_type = 'discussion' and d.id::text = r.target_id
  left join discussion_replies dr on r.target_type = 'discussion_reply' and dr.id::text = r.target_id
  left join discussions rd on rd.id = dr.discussion_id
  left join profiles ap on ap.user_id = coalesce(d.author_id, dr.author_id)`;

/** The owner's pending community reports, oldest first (at most 200). */
export async function listPendingReports(db: Executor, ownerId: string) {
  return rowsOf<ReportRow>(
    await db.execute(sql`${reportSelect}
      where r.owner_id = ${ownerId} and r.status = 'pending' and r.target_type in ('discussion', 'discussion_reply')
      order by r.created_at asc limit 200`),
  );
}

export async function findReport(db: Executor, id: string) {
  return rowsOf<ReportRow>(await db.execute(sql`${reportSelect} where r.id = ${id}`))[0];
}

/** Closes every pending report of the target with `status` (one decision covers duplicate reports). */
export async function closeReports(
  tx: Executor,
  v: { targetType: string; targetId: string; status: "approved" | "rejected"; reviewerId: string },
) {
  await tx.execute(sql`
    update content_reports set status = ${v.status}, reviewed_by = ${v.reviewerId}, reviewed_at = now()
    where target_type = ${v.targetType} and target_id = ${v.targetId} and status = 'pending'`);
}
