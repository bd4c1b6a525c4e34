import { type LibraryItem, type LibraryList, likePattern, MODERATION_MESSAGES } from "@academy/shared";
import { eq } from "drizzle-orm";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { noticeEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { ADMIN_PAGE_SIZE, type AdminDeps, actorOf, iso } from "./admin.shared.ts";
import { recordAudit } from "./audit.ts";
import { lockLibraryItem, selectLibrary, writeLibraryDecision } from "./content-library.queries.ts";

// The Admin Panel's Content Library (spec 001 §1, §4 Admin content review; issue 27 §4, decision 0234).

type LibraryType = LibraryItem["type"];

/**
 * A page (ADMIN_PAGE_SIZE) of every course, landing page and material of the platform, most
 * recently changed first, with its review status: pending (no decision, or changed after the last
 * one), approved or rejected. Filters: type, status; `search` matches title, owner name or e-mail,
 * case- and accent-insensitively ("nguyen" finds "Nguyễn"). Admins with 2FA only.
 * @throws UNAUTHORIZED, FORBIDDEN (adminOnly / TWO_FACTOR_REQUIRED).
 */
export async function listLibrary(
  db: Db,
  actor: SessionUser | null,
  query: { type: LibraryType | "all"; status: LibraryItem["status"] | "all"; search?: string; page: number },
): Promise<LibraryList> {
  await requireAdmin(db, actor);
  const search = query.search?.trim();
  const { rows, total } = await selectLibrary(db, {
    type: query.type,
    status: query.status,
    pattern: search ? likePattern(search) : undefined,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return {
    items: rows.map((r) => ({
      type: r.type,
      id: r.id,
      title: r.title,
      published: Boolean(r.published),
      materialType: r.material_type,
      ownerName: r.owner_name,
      ownerEmail: r.owner_email,
      status: r.status,
      rejectReason: r.status === "rejected" ? r.reason : null,
      takenDown: Boolean(r.taken_down),
      // Materials are private to their owner; unpublished pages have no public address.
      link: r.type !== "material" && r.published ? r.link : null,
      updatedAt: iso(r.updated_at) as string,
      reviewedAt: iso(r.reviewed_at),
    })),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

const LABEL: Record<LibraryType, { en: string; vi: string }> = {
  course: { en: "course", vi: "khóa học" },
  landing_page: { en: "landing page", vi: "trang đích" },
  material: { en: "material", vi: "tài liệu" },
};

/**
 * Approves or rejects a course, landing page or material (spec 001 §4 Admin content review).
 * Reject (a reason is required) takes it down the way a hidden report does: a course or landing
 * page is unpublished and its owner cannot publish it again (decision 0228); a material is no
 * longer served to students. Approve lifts a take-down (the owner may publish again; a waiting
 * review request is answered). The owner is e-mailed in their language on a rejection and when an
 * approval lifts a take-down; the decision is audited (`library.approve` / `library.reject`), all
 * in one transaction. Any status may be decided again.
 * @throws UNAUTHORIZED, FORBIDDEN, VALIDATION_FAILED (rejectReasonRequired), NOT_FOUND (libraryItemNotFound).
 */
export async function reviewLibraryItem(
  deps: AdminDeps,
  actor: SessionUser | null,
  type: LibraryType,
  id: string,
  input: { decision: "approved" | "rejected"; reason?: string },
): Promise<void> {
  const admin = await requireAdmin(deps.db, actor);
  const reason = input.reason?.trim() || null;
  if (input.decision === "rejected" && !reason)
    throw new AppError("VALIDATION_FAILED", MODERATION_MESSAGES.rejectReasonRequired);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new AppError("NOT_FOUND", MODERATION_MESSAGES.libraryItemNotFound);
  await deps.db.transaction(async (tx) => {
    const item = await lockLibraryItem(tx, type, id);
    if (!item) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.libraryItemNotFound);
    await writeLibraryDecision(tx, { type, id, decision: input.decision, reason, adminId: admin.id });
    await recordAudit(tx, actorOf(admin), {
      action: input.decision === "approved" ? "library.approve" : "library.reject",
      targetType: type,
      targetId: id,
      before: { takenDown: item.taken_down },
      after: { status: input.decision, reason },
    });
    const lifted = input.decision === "approved" && item.taken_down;
    if (input.decision === "approved" && !lifted) return;
    const [owner] = await tx
      .select({ email: profiles.email, locale: profiles.locale, name: profiles.full_name })
      .from(profiles)
      .where(eq(profiles.user_id, item.owner_id));
    if (!owner) return;
    const vi = owner.locale === "vi";
    const label = LABEL[type];
    const greeting = vi ? `Xin chào ${owner.name ?? ""},` : `Hi ${owner.name ?? ""},`;
    const paragraphs = lifted
      ? vi
        ? [
            `Quản trị viên đã duyệt ${label.vi} “${item.title}”. ${type === "material" ? "Học viên lại có thể xem tài liệu này." : "Bạn có thể xuất bản lại."}`,
          ]
        : [
            `An admin approved your ${label.en} “${item.title}”. ${type === "material" ? "Students can see it again." : "You can publish it again."}`,
          ]
      : vi
        ? [
            `Quản trị viên đã từ chối ${label.vi} “${item.title}” và gỡ nội dung này.`,
            `Lý do: ${reason}`,
            type === "material"
              ? "Học viên sẽ không thấy tài liệu này cho đến khi được duyệt lại."
              : "Hãy chỉnh sửa rồi yêu cầu xem xét lại từ bảng điều khiển để xuất bản lại.",
          ]
        : [
            `An admin rejected your ${label.en} “${item.title}” and took it down.`,
            `Reason: ${reason}`,
            type === "material"
              ? "Students will not see this material until it is approved again."
              : "Edit it, then ask for a review from your dashboard to publish it again.",
          ];
    await deps.mailer.send(tx, {
      to: owner.email,
      ...noticeEmail({
        template: "content-review",
        locale: owner.locale,
        subject: lifted
          ? vi
            ? `${label.vi[0].toUpperCase()}${label.vi.slice(1)} của bạn đã được duyệt`
            : `Your ${label.en} was approved`
          : vi
            ? `${label.vi[0].toUpperCase()}${label.vi.slice(1)} của bạn bị từ chối`
            : `Your ${label.en} was rejected`,
        paragraphs: [greeting.replace(" ,", ","), ...paragraphs],
        label: vi ? "Mở bảng điều khiển" : "Open your dashboard",
        url: `${deps.appUrl}/dashboard`,
      }),
    });
  });
}
