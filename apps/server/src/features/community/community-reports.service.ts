import { COMMUNITY_MESSAGES, type Report, type ReportInput } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { UUID, visibleDiscussion, visibleReply } from "./community.access.ts";
import { hidePostRow } from "./community.queries.ts";
import {
  closeReports,
  findReport,
  hasReported,
  insertReport,
  listPendingReports,
  type ReportRow,
} from "./reports.queries.ts";

// Reports of discussions and replies and the school owner's moderation queue (issue 13 §2).

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    discussionId: row.discussion_id,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author_id ? { id: row.author_id, name: row.author_name } : null,
    reporter: row.reporter_id ? { id: row.reporter_id, name: row.reporter_name } : null,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * Reports a discussion or reply (issue 13 §2): anyone who can see it; writes a pending
 * content_reports row whose owner_id is the school's creator (their moderation queue; issue 14's
 * Admin Panel reads the same table). One report per user and post.
 * @throws AppError NOT_FOUND, FORBIDDEN, CONFLICT (already reported).
 */
export async function reportPost(db: Db, actor: SessionUser, input: ReportInput): Promise<Report> {
  const ownerId =
    input.targetType === "discussion"
      ? (await visibleDiscussion(db, actor, input.targetId)).creator_id
      : (await visibleReply(db, actor, input.targetId)).discussion.creator_id;
  if (await hasReported(db, actor.id, input.targetType, input.targetId))
    throw new AppError("CONFLICT", COMMUNITY_MESSAGES.alreadyReported);
  const id = await insertReport(db, {
    targetType: input.targetType,
    targetId: input.targetId,
    ownerId,
    reporterId: actor.id,
    reason: input.reason,
  });
  const row = await findReport(db, id);
  if (!row) throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.reportNotFound);
  return toReport(row);
}

/** The caller's moderation queue: pending reports of discussions and replies in their school. */
export async function listReports(db: Db, actor: SessionUser): Promise<{ reports: Report[] }> {
  return { reports: (await listPendingReports(db, actor.id)).map(toReport) };
}

/**
 * Decides a report (the owner only; issue 24 §4): keep → every pending report of that post
 * approved; hide → the post hidden (its author still sees it, others do not; a hidden reply leaves
 * the reply count) and its reports rejected. Nothing is deleted: a platform admin may still keep
 * or remove it.
 * @throws AppError NOT_FOUND (unknown report), FORBIDDEN (not the owner).
 */
export async function resolveReport(
  db: Db,
  actor: SessionUser,
  id: string,
  action: "keep" | "hide",
): Promise<{ status: "approved" | "rejected" }> {
  const report = UUID.test(id) ? await findReport(db, id) : undefined;
  if (!report || (report.target_type !== "discussion" && report.target_type !== "discussion_reply"))
    throw new AppError("NOT_FOUND", COMMUNITY_MESSAGES.reportNotFound);
  if (report.owner_id !== actor.id) throw new AppError("FORBIDDEN", COMMUNITY_MESSAGES.notModerator);
  const status = action === "keep" ? "approved" : "rejected";
  await db.transaction(async (tx) => {
    if (action === "hide")
      await hidePostRow(tx, report.target_type as "discussion" | "discussion_reply", report.target_id);
    await closeReports(tx, {
      targetType: report.target_type,
      targetId: report.target_id,
      status,
      reviewerId: actor.id,
    });
  });
  return { status };
}
