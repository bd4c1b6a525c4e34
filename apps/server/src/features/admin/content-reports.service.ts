import {
  ADMIN_MESSAGES,
  type ContentReport,
  MODERATION_MESSAGES,
  REMOVABLE_TYPES,
  REPORTS_PER_HOUR,
  type ReportDecision,
  type ReportStatus,
  type reportCreateSchema,
} from "@academy/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db } from "../../db/client.ts";
import { contentReports, profiles } from "../../db/schema/index.ts";
import { noticeEmail } from "../../email/templates.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { hideCommunityPost, removeCommunityPost } from "../community/community.service.ts";
import { notify } from "../notifications/notifications.service.ts";
import {
  authorOf,
  findPendingReport,
  findReportTarget,
  hideTarget,
  isTakenDown,
  liftTakeDown,
  lockReport,
  removeReview,
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
      kind: r.kind === "appeal" ? ("appeal" as const) : ("report" as const),
      targetExcerpt: r.target_excerpt,
      targetLink: r.target_link,
      takenDown: Boolean(r.taken_down),
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

/** The decision e-mail's sentences for a report (Keep / Hide / Remove) or a review request. */
function decisionText(
  kind: string,
  decision: ReportDecision,
  label: { en: string; vi: string },
): { en: string; vi: string; subjectEn: string; subjectVi: string } {
  if (kind === "appeal") {
    return decision === "approved"
      ? {
          en: `An admin reviewed your ${label.en} again and lifted the take-down. You can publish it again.`,
          vi: `Quản trị viên đã xem xét lại ${label.vi} của bạn và gỡ bỏ lệnh gỡ. Bạn có thể xuất bản lại.`,
          subjectEn: `You can publish your ${label.en} again`,
          subjectVi: `Bạn có thể xuất bản lại ${label.vi}`,
        }
      : {
          en: `An admin reviewed your ${label.en} again. It stays taken down.`,
          vi: `Quản trị viên đã xem xét lại ${label.vi} của bạn. Nội dung vẫn bị gỡ.`,
          subjectEn: `The review of your ${label.en} is complete`,
          subjectVi: `Kết quả xem xét lại ${label.vi} của bạn`,
        };
  }
  const subjectEn = `The review of your ${label.en} is complete`;
  const subjectVi = `Kết quả xem xét ${label.vi} của bạn`;
  if (decision === "approved")
    return {
      en: `A report about your ${label.en} was reviewed. Your content stays as it is.`,
      vi: `Một báo cáo về ${label.vi} của bạn đã được xem xét. Nội dung vẫn được giữ nguyên.`,
      subjectEn,
      subjectVi,
    };
  if (decision === "removed")
    return {
      en: `A report about your ${label.en} was reviewed and an admin removed it.`,
      vi: `Một báo cáo về ${label.vi} của bạn đã được xem xét và quản trị viên đã xóa nội dung này.`,
      subjectEn,
      subjectVi,
    };
  const takenDown = label.en === "course" || label.en === "landing page";
  return {
    en: takenDown
      ? `A report about your ${label.en} was reviewed and an admin took it down. To publish it again, ask for a review from your dashboard.`
      : `A report about your ${label.en} was reviewed and the content has been hidden.`,
    vi: takenDown
      ? `Một báo cáo về ${label.vi} của bạn đã được xem xét và quản trị viên đã gỡ nội dung. Để xuất bản lại, hãy yêu cầu xem xét lại từ bảng điều khiển.`
      : `Một báo cáo về ${label.vi} của bạn đã được xem xét và nội dung đã bị ẩn.`,
    subjectEn,
    subjectVi,
  };
}

/**
 * Reviews a pending report or review request (spec 001 §4 Admin content review; issue 24 §4).
 * A report: Keep ("approved") leaves the content; Hide ("rejected") takes a course or landing page
 * down (its owner cannot publish it until an admin approves their review request) and hides a
 * course review, discussion or reply (its author still sees it); Remove ("removed") deletes a discussion, reply or review. A review request
 * ("appeal"): "approved" lifts the take-down, "rejected" keeps it. The content's author is
 * e-mailed through the outbox in the same transaction, in their language; the step is audited.
 * @throws FORBIDDEN, NOT_FOUND, CONFLICT when the report is no longer pending, VALIDATION_FAILED
 *   (removeNotAllowed) for Remove on a course, landing page or material, or on a review request.
 */
export async function reviewReport(
  deps: AdminDeps,
  actor: SessionUser | null,
  id: string,
  input: { decision: ReportDecision; note?: string },
): Promise<void> {
  const admin = await requireAdmin(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report) throw new AppError("NOT_FOUND", "Report not found.");
    if (report.status !== "pending") throw new AppError("CONFLICT", ADMIN_MESSAGES.notPending);
    const kind = report.kind === "appeal" ? "appeal" : "report";
    if (
      input.decision === "removed" &&
      (kind === "appeal" || !(REMOVABLE_TYPES as readonly string[]).includes(report.target_type))
    ) {
      throw new AppError("VALIDATION_FAILED", MODERATION_MESSAGES.removeNotAllowed);
    }
    // The author is read before a removal deletes the content.
    const authorId = (await authorOf(tx, report.target_type, report.target_id)) ?? report.owner_id;
    await tx
      .update(contentReports)
      .set({
        status: input.decision === "approved" ? "approved" : "rejected",
        reviewed_by: admin.id,
        review_note: input.note ?? null,
        reviewed_at: new Date(),
      })
      .where(eq(contentReports.id, id));
    if (kind === "appeal") {
      if (input.decision === "approved") await liftTakeDown(tx, report.target_type, report.target_id);
    } else if (input.decision === "rejected") {
      await hideTarget(tx, report.target_type, report.target_id);
      await hideCommunityPost(tx, report.target_type, report.target_id);
    } else if (input.decision === "removed") {
      if (report.target_type === "course_review") await removeReview(tx, report.target_id);
      else await removeCommunityPost(tx, report.target_type, report.target_id);
    }
    const action =
      kind === "appeal"
        ? input.decision === "approved"
          ? "appeal.approve"
          : "appeal.reject"
        : { approved: "report.keep", rejected: "report.hide", removed: "report.remove" }[input.decision];
    await recordAudit(tx, actorOf(admin), {
      action,
      targetType: report.target_type,
      targetId: report.target_id,
      before: { status: report.status },
      after: { status: input.decision, note: input.note ?? null },
    });
    if (!authorId) return;
    // issue 27 §2: the author's bell; the decision e-mail below stays essential (always sent).
    const event =
      kind === "appeal"
        ? input.decision === "approved"
          ? "restored"
          : "appeal_declined"
        : { approved: "kept", rejected: "hidden", removed: "removed" }[input.decision];
    await notify(
      tx,
      {
        userIds: [authorId],
        type: "moderation",
        data: { event, reference: report.target_type },
        link: "/dashboard",
      },
      { mailer: deps.mailer, appUrl: deps.appUrl },
    );
    const [author] = await tx
      .select({ email: profiles.email, locale: profiles.locale, name: profiles.full_name })
      .from(profiles)
      .where(eq(profiles.user_id, authorId));
    if (!author) return;
    const vi = author.locale === "vi";
    const label = TYPE_LABEL[report.target_type] ?? { en: "content", vi: "nội dung" };
    const text = decisionText(kind, input.decision, label);
    await deps.mailer.send(tx, {
      to: author.email,
      ...noticeEmail({
        template: "moderation-decision",
        locale: author.locale,
        subject: vi ? text.subjectVi : text.subjectEn,
        paragraphs: [
          vi
            ? `Xin chào ${author.name ?? ""},`.replace(" ,", ",")
            : `Hi ${author.name ?? ""},`.replace(" ,", ","),
          vi ? text.vi : text.en,
          ...(input.note ? [vi ? `Ghi chú: ${input.note}` : `Note: ${input.note}`] : []),
        ],
        label: vi ? "Mở bảng điều khiển" : "Open your dashboard",
        url: `${deps.appUrl}/dashboard`,
      }),
    });
  });
}

/**
 * A review request (issue 24 §4): the owner of a course or landing page an admin took down asks
 * to publish it again, with a message. It waits in the Content Library as an "appeal"; one at a
 * time per item. Audited as "appeal.request".
 * @throws NOT_FOUND (not the actor's), CONFLICT (notTakenDown, appealPending).
 */
export async function requestReview(
  db: Db,
  actor: SessionUser,
  input: { targetType: "course" | "landing_page"; targetId: string; message: string },
): Promise<{ id: string }> {
  const target = await findReportTarget(db, input.targetType, input.targetId);
  if (!target || target.ownerId !== actor.id)
    throw new AppError("NOT_FOUND", "The reported content was not found.");
  return db.transaction(async (tx) => {
    if (!(await isTakenDown(tx, input.targetType, input.targetId))) {
      throw new AppError("CONFLICT", MODERATION_MESSAGES.notTakenDown);
    }
    const [pending] = await tx
      .select({ id: contentReports.id })
      .from(contentReports)
      .where(
        and(
          eq(contentReports.kind, "appeal"),
          eq(contentReports.target_type, input.targetType),
          eq(contentReports.target_id, input.targetId),
          eq(contentReports.status, "pending"),
        ),
      );
    if (pending) throw new AppError("CONFLICT", MODERATION_MESSAGES.appealPending);
    const [row] = await tx
      .insert(contentReports)
      .values({
        kind: "appeal",
        target_type: input.targetType,
        target_id: input.targetId,
        owner_id: actor.id,
        reporter_id: actor.id,
        reason: "review_request",
        details: input.message,
      })
      .returning({ id: contentReports.id });
    await recordAudit(
      tx,
      { id: actor.id, email: actor.email },
      {
        action: "appeal.request",
        targetType: input.targetType,
        targetId: input.targetId,
        before: null,
        after: { message: input.message },
      },
    );
    return { id: row.id };
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
