import {
  ADMIN_MESSAGES,
  type ContentReport,
  REPORTS_PER_HOUR,
  type ReportStatus,
  type reportCreateSchema,
} from "@academy/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db } from "../../db/client.ts";
import { contentReports, profiles } from "../../db/schema/index.ts";
import { noticeEmail } from "../../email/templates.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import {
  findPendingReport,
  findReportTarget,
  hideTarget,
  lockReport,
  selectReports,
} from "./admin.queries.ts";
import { ADMIN_PAGE_SIZE, type AdminDeps, actorOf, iso } from "./admin.shared.ts";
import { recordAudit } from "./audit.ts";

// Content reports and their review (spec 001 §4 Admin content review; issue 14).

/**
 * Reports a course, landing page or material (anyone signed in) with a reason and optional
 * details. The owner is the creator of the content, found on the server. A repeat by the same
 * person while their report is pending answers that report; at most REPORTS_PER_HOUR new reports
 * per account an hour. @throws UNAUTHORIZED, NOT_FOUND when the content does not exist,
 * RATE_LIMITED. @returns the report id.
 */
export async function createReport(
  db: Db,
  actor: SessionUser | null,
  input: z.output<typeof reportCreateSchema>,
): Promise<{ id: string }> {
  if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  const target = await findReportTarget(db, input.targetType, input.targetId);
  if (!target) throw new AppError("NOT_FOUND", "The reported content was not found.");
  // The same content reported again by the same person while pending: the one report stands.
  const pending = await findPendingReport(db, actor.id, input.targetType, input.targetId);
  if (pending) return { id: pending };
  if (!(await hitRateLimit(db, `reports:user:${actor.id}`, 3600, REPORTS_PER_HOUR))) {
    throw new AppError("RATE_LIMITED", ADMIN_MESSAGES.tooManyReports);
  }
  const [row] = await db
    .insert(contentReports)
    .values({
      target_type: input.targetType,
      target_id: input.targetId,
      owner_id: target.ownerId,
      reporter_id: actor.id,
      reason: input.reason,
      details: input.details || null,
    })
    .returning({ id: contentReports.id });
  return { id: row.id };
}

/** A page of the Content Library's reports (admins only), newest first. @throws FORBIDDEN. */
export async function listReports(
  db: Db,
  actor: SessionUser | null,
  opts: { status: ReportStatus | "all"; page: number },
): Promise<{ reports: ContentReport[]; total: number; page: number; pageSize: number }> {
  await requireAdmin(db, actor);
  const { rows, total } = await selectReports(db, { ...opts, pageSize: ADMIN_PAGE_SIZE });
  return {
    reports: rows.map((r) => ({
      id: r.id,
      targetType: r.target_type as ContentReport["targetType"],
      targetId: r.target_id,
      targetTitle: r.target_title,
      reason: r.reason,
      details: r.details,
      status: r.status as ReportStatus,
      reporterEmail: r.reporter_email,
      ownerEmail: r.owner_email,
      reviewNote: r.review_note,
      reviewedAt: iso(r.reviewed_at),
      createdAt: iso(r.created_at) as string,
    })),
    total,
    page: opts.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

const TYPE_LABEL: Record<string, { en: string; vi: string }> = {
  discussion: { en: "discussion", vi: "bài thảo luận" },
  discussion_reply: { en: "reply", vi: "câu trả lời" },
  course: { en: "course", vi: "khóa học" },
  landing_page: { en: "landing page", vi: "trang đích" },
  material: { en: "material", vi: "tài liệu" },
  course_review: { en: "course review", vi: "đánh giá khóa học" },
};

/**
 * Reviews a pending report (spec 001 §4 Admin content review: pending → approved | rejected).
 * Approved keeps the content; rejected unpublishes a course or landing page (other types are
 * acted on by their feature, which reads the report's status). The owner is e-mailed through the
 * outbox in the same transaction; the decision is audited.
 * @throws FORBIDDEN, NOT_FOUND, CONFLICT when the report is no longer pending.
 */
export async function reviewReport(
  deps: AdminDeps,
  actor: SessionUser | null,
  id: string,
  input: { decision: "approved" | "rejected"; note?: string },
): Promise<void> {
  const admin = await requireAdmin(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report) throw new AppError("NOT_FOUND", "Report not found.");
    if (report.status !== "pending") throw new AppError("CONFLICT", ADMIN_MESSAGES.notPending);
    await tx
      .update(contentReports)
      .set({
        status: input.decision,
        reviewed_by: admin.id,
        review_note: input.note ?? null,
        reviewed_at: new Date(),
      })
      .where(eq(contentReports.id, id));
    if (input.decision === "rejected") await hideTarget(tx, report.target_type, report.target_id);
    await recordAudit(tx, actorOf(admin), {
      action: `report.${input.decision === "approved" ? "approve" : "reject"}`,
      targetType: report.target_type,
      targetId: report.target_id,
      before: { status: report.status },
      after: { status: input.decision, note: input.note ?? null },
    });
    if (report.owner_id) {
      const [owner] = await tx
        .select({ email: profiles.email, locale: profiles.locale, name: profiles.full_name })
        .from(profiles)
        .where(eq(profiles.user_id, report.owner_id));
      if (owner) {
        const vi = owner.locale === "vi";
        const label = TYPE_LABEL[report.target_type] ?? { en: "content", vi: "nội dung" };
        const approved = input.decision === "approved";
        await deps.mailer.send(tx, {
          to: owner.email,
          ...noticeEmail({
            template: "moderation-decision",
            locale: owner.locale,
            subject: vi
              ? `Kết quả xem xét ${label.vi} của bạn`
              : `The review of your ${label.en} is complete`,
            paragraphs: [
              vi
                ? `Xin chào ${owner.name ?? ""},`.replace(" ,", ",")
                : `Hi ${owner.name ?? ""},`.replace(" ,", ","),
              vi
                ? approved
                  ? `Một báo cáo về ${label.vi} của bạn đã được xem xét. Nội dung vẫn được giữ nguyên.`
                  : `Một báo cáo về ${label.vi} của bạn đã được xem xét và nội dung đã bị ẩn.`
                : approved
                  ? `A report about your ${label.en} was reviewed. Your content stays as it is.`
                  : `A report about your ${label.en} was reviewed and the content has been hidden.`,
              ...(input.note ? [vi ? `Ghi chú: ${input.note}` : `Note: ${input.note}`] : []),
            ],
            label: vi ? "Mở bảng điều khiển" : "Open your dashboard",
            url: `${deps.appUrl}/dashboard`,
          }),
        });
      }
    }
  });
}

/** Deletes a report from the Content Library (admins only), audited. @throws FORBIDDEN, NOT_FOUND. */
export async function deleteReport(db: Db, actor: SessionUser | null, id: string): Promise<void> {
  const admin = await requireAdmin(db, actor);
  await db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report) throw new AppError("NOT_FOUND", "Report not found.");
    await tx.delete(contentReports).where(eq(contentReports.id, id));
    await recordAudit(tx, actorOf(admin), {
      action: "report.delete",
      targetType: report.target_type,
      targetId: report.target_id,
      before: { status: report.status, reason: report.reason },
      after: null,
    });
  });
}
