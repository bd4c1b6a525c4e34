import {
  ADMIN_MESSAGES,
  type AdminUser,
  type AuditEntry,
  likePattern,
  type PlatformSettings,
  type platformSettingsInputSchema,
  type Role,
  type SecurityEventList,
  type Subject,
  type subjectCreateSchema,
  type subjectUpdateSchema,
} from "@academy/shared";
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin } from "../../auth/roles.ts";
import type { Db, Executor } from "../../db/client.ts";
import { platformSettings, profiles, subjects, user, userSuspensions } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { forgetPlatformName } from "../../lib/platform-name.ts";
import { getPlatformSettings, toSettings } from "../../lib/platform-settings.ts";
import { listSecurityEvents } from "../../lib/security-events.ts";
import {
  deleteSessions,
  lockProfile,
  type SubjectRow,
  selectSubject,
  selectSubjects,
  selectUsers,
} from "./admin.queries.ts";
import { ADMIN_PAGE_SIZE, actorOf } from "./admin.shared.ts";
import { type AuditActor, listAudit, recordAudit } from "./audit.ts";

/**
 * Re-exported: `recordAudit` writes one audit entry in the caller's transaction (for other features'
 * admin actions); `getPlatformSettings` (lib/platform-settings.ts) serves the admin routes.
 */
export { getPlatformSettings, recordAudit };

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
      live_chat_url: input.liveChatUrl,
      public_stats_minimum: input.publicStatsMinimum,
      security_contact: input.securityContact || null,
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

/**
 * A page of every account's security events, newest first, 20 a page, with the account's e-mail
 * (admins only; issue 25 item 7). @throws FORBIDDEN.
 */
export async function listAllSecurityEvents(
  db: Db,
  actor: SessionUser | null,
  page: number,
): Promise<SecurityEventList> {
  await requireAdmin(db, actor);
  const { rows, total } = await listSecurityEvents(db, { page, pageSize: ADMIN_PAGE_SIZE });
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const emails = new Map(
    ids.length
      ? (await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids))).map(
          (u) => [u.id, u.email] as const,
        )
      : [],
  );
  return {
    events: rows.map((r) => ({
      id: r.id,
      action: r.action,
      details: (r.details ?? {}) as Record<string, unknown>,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: r.created_at.toISOString(),
      email: emails.get(r.user_id) ?? "",
    })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

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
