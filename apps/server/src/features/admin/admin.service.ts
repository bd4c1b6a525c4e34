import {
  ADMIN_MESSAGES,
  type AdminUser,
  type AuditEntry,
  type BrandingKit,
  type brandingKitInputSchema,
  type ContentReport,
  likePattern,
  type PlatformSettings,
  type platformSettingsInputSchema,
  REPORTS_PER_HOUR,
  type ReportStatus,
  type Role,
  type reportCreateSchema,
  type Subject,
  type subjectCreateSchema,
  type subjectUpdateSchema,
} from "@academy/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db, Executor } from "../../db/client.ts";
import {
  brandingKits,
  contentReports,
  platformSettings,
  profiles,
  subjects,
  userSuspensions,
} from "../../db/schema/index.ts";
import type { Mailer } from "../../email/mailer.ts";
import { noticeEmail } from "../../email/templates.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { forgetPlatformName } from "../../lib/platform-name.ts";
import { getPlatformSettings, toSettings } from "../../lib/platform-settings.ts";
import {
  deleteSessions,
  findPendingReport,
  findReportTarget,
  hideTarget,
  lockProfile,
  lockReport,
  type SubjectRow,
  selectBrandingKits,
  selectReports,
  selectSubject,
  selectSubjects,
  selectUsers,
} from "./admin.queries.ts";
import { type AuditActor, listAudit, recordAudit } from "./audit.ts";

/** Writes one audit entry in the caller's transaction (re-exported for other features' admin actions). */
export { recordAudit };

/** The platform settings (re-exported from lib/platform-settings.ts for the admin routes). */
export { getPlatformSettings };

/** Rows per page of the admin lists (reports, users, audit log). */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const actorOf = (user: SessionUser): AuditActor => ({ id: user.id, email: user.email });

function toSubject(row: SubjectRow): Subject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    isActive: row.is_active,
    totalCourses: row.total_courses,
  };
}

// ---------------------------------------------------------------- Subjects

/**
 * Every subject with its real course count (issue 14 Subjects). Admins see all; anyone signed in
 * sees the active ones (the builder's subject picker).
 * @throws UNAUTHORIZED without a user.
 */
export async function listSubjects(db: Db, actor: SessionUser | null, all: boolean): Promise<Subject[]> {
  if (all) await requireAdmin(db, actor);
  else if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return (await selectSubjects(db, !all)).map(toSubject);
}

/**
 * Adds a subject (spec 001 §5: name required, icon defaults to 📚, new subjects active with 0
 * courses) and audits it.
 * @throws FORBIDDEN for non-admins, CONFLICT for a name in use (case-insensitive).
 */
export async function createSubject(
  db: Db,
  actor: SessionUser | null,
  input: z.output<typeof subjectCreateSchema>,
): Promise<Subject> {
  const admin = await requireAdmin(db, actor);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(subjects)
        .values({ name: input.name, description: input.description, icon: input.icon })
        .returning();
      const subject = toSubject({ ...row, total_courses: 0 });
      await recordAudit(tx, actorOf(admin), {
        action: "subject.create",
        targetType: "subject",
        targetId: row.id,
        before: null,
        after: subject,
      });
      return subject;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ADMIN_MESSAGES.duplicate);
    throw error;
  }
}

/**
 * Edits a subject (name, description, icon, active toggle) and audits before/after.
 * @throws FORBIDDEN, NOT_FOUND, CONFLICT (name in use).
 */
export async function updateSubject(
  db: Db,
  actor: SessionUser | null,
  id: string,
  input: z.output<typeof subjectUpdateSchema>,
): Promise<Subject> {
  const admin = await requireAdmin(db, actor);
  try {
    return await db.transaction(async (tx) => {
      const before = await selectSubject(tx, id);
      if (!before) throw new AppError("NOT_FOUND", "Subject not found.");
      const [row] = await tx
        .update(subjects)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.icon !== undefined ? { icon: input.icon } : {}),
          ...(input.isActive !== undefined ? { is_active: input.isActive } : {}),
          updated_at: new Date(),
        })
        .where(eq(subjects.id, id))
        .returning();
      const after = toSubject({ ...row, total_courses: before.total_courses });
      await recordAudit(tx, actorOf(admin), {
        action: "subject.update",
        targetType: "subject",
        targetId: id,
        before: toSubject(before),
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ADMIN_MESSAGES.duplicate);
    throw error;
  }
}

/**
 * Deletes a subject no course uses (issue 14: delete when unused).
 * @throws FORBIDDEN, NOT_FOUND, CONFLICT when courses use it.
 */
export async function deleteSubject(db: Db, actor: SessionUser | null, id: string): Promise<void> {
  const admin = await requireAdmin(db, actor);
  await db.transaction(async (tx) => {
    const before = await selectSubject(tx, id);
    if (!before) throw new AppError("NOT_FOUND", "Subject not found.");
    if (before.total_courses > 0) throw new AppError("CONFLICT", ADMIN_MESSAGES.subjectInUse);
    await tx.delete(subjects).where(eq(subjects.id, id));
    await recordAudit(tx, actorOf(admin), {
      action: "subject.delete",
      targetType: "subject",
      targetId: id,
      before: toSubject(before),
      after: null,
    });
  });
}

// ---------------------------------------------------------------- Content reports

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

// ---------------------------------------------------------------- Branding kits

function toKit(row: typeof brandingKits.$inferSelect): BrandingKit {
  return {
    id: row.id,
    name: row.name,
    theme: row.theme as BrandingKit["theme"],
    colors: row.colors as BrandingKit["colors"],
    fonts: row.fonts,
    radius: row.radius,
    isActive: row.is_active,
  };
}

/**
 * The branding kits (spec 001 §9 themes). `all` (admins only) includes inactive kits; otherwise
 * any signed-in user gets the active ones, to apply to their school and landing pages.
 * @throws UNAUTHORIZED, FORBIDDEN (all, non-admin).
 */
export async function listBrandingKits(
  db: Db,
  actor: SessionUser | null,
  all = false,
): Promise<BrandingKit[]> {
  if (all) await requireAdmin(db, actor);
  else if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return (await selectBrandingKits(db, !all)).map(toKit);
}

/** One active branding kit by id, for features that apply it (issue 15 Branding). @returns undefined when absent. */
export async function getBrandingKit(db: Executor, id: string): Promise<BrandingKit | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(brandingKits).where(eq(brandingKits.id, id));
  return row?.is_active ? toKit(row) : undefined;
}

/** Adds (id undefined) or edits a branding kit, audited. @throws FORBIDDEN, NOT_FOUND, CONFLICT (name). */
export async function saveBrandingKit(
  db: Db,
  actor: SessionUser | null,
  id: string | undefined,
  input: z.output<typeof brandingKitInputSchema>,
): Promise<BrandingKit> {
  const admin = await requireAdmin(db, actor);
  const values = {
    name: input.name,
    theme: input.theme,
    colors: input.colors,
    fonts: input.fonts,
    radius: input.radius,
    is_active: input.isActive,
  };
  try {
    return await db.transaction(async (tx) => {
      let before: BrandingKit | null = null;
      let row: typeof brandingKits.$inferSelect;
      if (id) {
        const [old] = await tx.select().from(brandingKits).where(eq(brandingKits.id, id)).for("update");
        if (!old) throw new AppError("NOT_FOUND", "Branding kit not found.");
        before = toKit(old);
        [row] = await tx
          .update(brandingKits)
          .set({ ...values, updated_at: new Date() })
          .where(eq(brandingKits.id, id))
          .returning();
      } else {
        [row] = await tx.insert(brandingKits).values(values).returning();
      }
      const after = toKit(row);
      await recordAudit(tx, actorOf(admin), {
        action: id ? "branding_kit.update" : "branding_kit.create",
        targetType: "branding_kit",
        targetId: row.id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ADMIN_MESSAGES.duplicate);
    throw error;
  }
}

// ---------------------------------------------------------------- Settings

/** Stores the platform settings (admins only), audited with before and after. @throws FORBIDDEN. */
export async function savePlatformSettings(
  db: Db,
  actor: SessionUser | null,
  input: z.output<typeof platformSettingsInputSchema>,
): Promise<PlatformSettings> {
  const admin = await requireAdmin(db, actor);
  const saved = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).for("update");
    const values = {
      platform_name: input.platformName,
      support_email: input.supportEmail,
      default_language: input.defaultLanguage,
      signup_mode: input.signupMode,
      maintenance_banner: input.maintenanceBanner,
      live_chat_hours: input.liveChatHours,
      updated_at: new Date(),
    };
    const [row] = await tx
      .insert(platformSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: platformSettings.id, set: values })
      .returning();
    const after = toSettings(row);
    await recordAudit(tx, actorOf(admin), {
      action: "settings.update",
      targetType: "settings",
      targetId: null,
      before: toSettings(old),
      after,
    });
    return after;
  });
  forgetPlatformName(db);
  return saved;
}

// ---------------------------------------------------------------- Users

function toAdminUser(row: {
  user_id: string;
  email: string;
  full_name: string | null;
  role: Role;
  suspended: boolean;
  created_at: Date;
}): AdminUser {
  return {
    userId: row.user_id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    suspended: Boolean(row.suspended),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A page of users, searched by name or e-mail (accent-insensitive), newest first. @throws FORBIDDEN. */
export async function listUsers(
  db: Db,
  actor: SessionUser | null,
  opts: { search?: string; page: number },
): Promise<{ users: AdminUser[]; total: number; page: number; pageSize: number }> {
  await requireAdmin(db, actor);
  const { rows, total } = await selectUsers(db, {
    pattern: opts.search ? likePattern(opts.search) : undefined,
    page: opts.page,
    pageSize: ADMIN_PAGE_SIZE,
  });
  return { users: rows.map(toAdminUser), total, page: opts.page, pageSize: ADMIN_PAGE_SIZE };
}

async function changeUser(
  db: Db,
  actor: SessionUser | null,
  userId: string,
  action: string,
  apply: (tx: Executor) => Promise<void>,
): Promise<AdminUser> {
  const admin = await requireAdmin(db, actor);
  if (userId === admin.id) throw new AppError("FORBIDDEN", ADMIN_MESSAGES.selfChange);
  return db.transaction(async (tx) => {
    const before = await lockProfile(tx, userId);
    if (!before) throw new AppError("NOT_FOUND", "User not found.");
    await apply(tx);
    const after = await lockProfile(tx, userId);
    await recordAudit(tx, actorOf(admin), {
      action,
      targetType: "user",
      targetId: userId,
      before: { email: before.email, role: before.role, suspended: before.suspended },
      after: { email: after.email, role: after.role, suspended: after.suspended },
    });
    return toAdminUser(after);
  });
}

/** Changes a user's role (not one's own), audited. @throws FORBIDDEN, NOT_FOUND. */
export function changeRole(db: Db, actor: SessionUser | null, userId: string, role: Role) {
  return changeUser(db, actor, userId, "user.role", async (tx) => {
    await tx.update(profiles).set({ role, updated_at: new Date() }).where(eq(profiles.user_id, userId));
  });
}

/**
 * Suspends a user (not oneself): every session is deleted in the same transaction, so the next
 * request of that browser is signed out, and sign-in is refused while the suspension lasts.
 * @throws FORBIDDEN, NOT_FOUND.
 */
export function suspendUser(db: Db, actor: SessionUser | null, userId: string, reason: string) {
  return changeUser(db, actor, userId, "user.suspend", async (tx) => {
    await tx
      .insert(userSuspensions)
      .values({ user_id: userId, suspended_by: actor?.id ?? null, reason })
      .onConflictDoNothing();
    await deleteSessions(tx, userId);
  });
}

/** Lifts a suspension, audited. @throws FORBIDDEN, NOT_FOUND. */
export function restoreUser(db: Db, actor: SessionUser | null, userId: string) {
  return changeUser(db, actor, userId, "user.restore", async (tx) => {
    await tx.delete(userSuspensions).where(eq(userSuspensions.user_id, userId));
  });
}

// ---------------------------------------------------------------- Audit log

/** A page of the audit log, newest first (admins only). @throws FORBIDDEN. */
export async function listAuditLog(
  db: Db,
  actor: SessionUser | null,
  page: number,
): Promise<{ entries: AuditEntry[]; total: number; page: number; pageSize: number }> {
  await requireAdmin(db, actor);
  const { rows, total } = await listAudit(db, page, ADMIN_PAGE_SIZE);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actor_email,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before,
      after: r.after,
      createdAt: r.created_at.toISOString(),
    })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------- Granting the role

/**
 * Grants (grant true) or revokes (role back to creator) the admin role of the account with
 * `email` (case-insensitive), audited with `actor` (the command line, or ADMIN_EMAILS at boot).
 * @returns "changed", "unchanged" (already in that state) or "missing" (no such account).
 */
export async function setAdminByEmail(
  db: Db,
  email: string,
  grant: boolean,
  actor: AuditActor,
): Promise<"changed" | "unchanged" | "missing"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: profiles.user_id, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.email, email.trim().toLowerCase()))
      .for("update");
    if (!row) return "missing";
    const role = grant ? "admin" : row.role === "admin" ? "creator" : row.role;
    if (role === row.role) return "unchanged";
    await tx.update(profiles).set({ role, updated_at: new Date() }).where(eq(profiles.user_id, row.userId));
    await recordAudit(tx, actor, {
      action: grant ? "admin.grant" : "admin.revoke",
      targetType: "user",
      targetId: row.userId,
      before: { role: row.role },
      after: { role },
    });
    return "changed";
  });
}

/**
 * True when `id` is an active subject — the course builder checks a picked subject before
 * publishing (issue 14: courses pick a subject; the Subjects tab counts them).
 */
export async function isActiveSubject(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ active: subjects.is_active }).from(subjects).where(eq(subjects.id, id));
  return row?.active === true;
}
