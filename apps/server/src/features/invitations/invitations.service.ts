import { randomBytes } from "node:crypto";
import {
  type AcceptInvitationResult,
  type InvitationLookup,
  type InvitationResult,
  type PendingInvitationList,
  type SendInvitationInput,
  STUDENT_MESSAGES,
} from "@academy/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { studentInvitations } from "../../db/schema/index.ts";
import type { Mailer } from "../../email/mailer.ts";
import { emailBrand, invitationEmail, type Locale } from "../../email/templates.ts";
import { type DailyLimit, useDailyLimit } from "../../lib/daily-limits.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { assertCreator } from "../courses/courses.service.ts";
import { grantEnrolment } from "../enrolments/enrolments.service.ts";
import {
  findOwnedPublishedCourses,
  findPublishedCourses,
  findUsableInvitation,
  insertInvitation,
  inviterContext,
  listPendingInvitations,
  localeOfEmail,
  lockInvitation,
  markAccepted,
} from "./invitations.queries.ts";

/** How long an invitation can be used: 7 days (issue 5). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The link the invitee opens: /auth?invitation={token} (000 §2 /auth). */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/auth?invitation=${encodeURIComponent(token)}`;
}

/**
 * send-student-invitation (000 §2 Invite dialog, §3 invitation payload, §7; issue 5): creates a
 * pending invitation for `email` into one or more of the acting creator's published courses with
 * an unguessable token (32 random bytes, base64url) that expires in 7 days, and writes the
 * invitation e-mail (recipient's language when they already have an account, else the creator's
 * UI language of this request, else the creator's profile language — issue 17 §6; the school's
 * name) to the outbox in the same transaction.
 * @param uiLocale the language the creator's request states (`statedLocale`), or null.
 * @returns the invitation id, its link (invitationLink), the e-mail and expiresAt (ISO).
 * @throws AppError FORBIDDEN for a student account; NOT_FOUND (inviteCourseNotFound) when a course
 *   is not one of the creator's published courses — nothing is written then; RATE_LIMITED past
 *   DAILY_LIMITS.invitations a day (issue 16 item 8; `limit` "assignments" for Assign by e-mail,
 *   which is an invitation too since issue 25 item 5).
 */
export async function sendInvitation(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  input: SendInvitationInput,
  uiLocale: Locale | null = null,
  limit: DailyLimit = "invitations",
): Promise<InvitationResult> {
  const { db } = deps;
  await assertCreator(db, actor);
  const ids = [...new Set(input.courseIds)];
  const found = await findOwnedPublishedCourses(db, actor.id, ids);
  if (found.length !== ids.length) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.inviteCourseNotFound);
  const titles = ids.map((id) => found.find((c) => c.id === id)?.title ?? "");
  await useDailyLimit(db, actor.id, limit);
  const inviter = await inviterContext(db, actor.id);
  const locale: Locale = (await localeOfEmail(db, input.email)) ?? uiLocale ?? inviter?.locale ?? "vi";
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const link = invitationLink(deps.appUrl, token);
  const row = await db.transaction(async (tx) => {
    const created = await insertInvitation(tx, {
      creator_id: actor.id,
      email: input.email,
      invitation_token: token,
      course_ids: ids,
      message: input.message || null,
      expires_at: expiresAt,
    });
    await deps.mailer.send(tx, {
      to: input.email,
      ...invitationEmail({
        locale,
        schoolName: inviter?.schoolName ?? null,
        school: emailBrand(deps.appUrl, {
          name: inviter?.schoolName ?? null,
          logoUrl: inviter?.schoolLogoUrl,
          color: inviter?.schoolColor,
        }),
        inviterName: inviter?.name ?? null,
        courseTitles: titles,
        message: input.message,
        url: link,
        expiresAt,
      }),
    });
    return created;
  });
  return { invitationId: row.id, invitationLink: link, email: row.email, expiresAt: expiresAt.toISOString() };
}

/**
 * Invitation lookup for /auth?invitation={token} (000 §7 "Select student_invitations (email) where
 * invitation_token matches, status pending, expires_at in the future"; §8 Invitation lookup). No
 * session needed: it tells only the invited e-mail (to prefill and lock it), the course titles, the
 * school and the inviter.
 * @throws AppError NOT_FOUND "This invitation may be invalid or expired." for an unknown, used or
 *   expired token.
 */
export async function lookupInvitation(db: Db, token: string): Promise<InvitationLookup> {
  const invitation = TOKEN.test(token) ? await findUsableInvitation(db, token) : undefined;
  if (!invitation) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.invitationNotFound);
  const [courses, inviter] = await Promise.all([
    findPublishedCourses(db, invitation.course_ids),
    inviterContext(db, invitation.creator_id),
  ]);
  return {
    email: invitation.email,
    courses: courses.map((c) => ({ id: c.id, title: c.title })),
    schoolName: inviter?.schoolName ?? null,
    creatorName: inviter?.name ?? null,
    expiresAt: invitation.expires_at.toISOString(),
  };
}

/**
 * process-student-invitation (001 §2 Invitation acceptance page, §5 invitation e-mail match, §7,
 * §8 Invitation errors; issue 5). In one transaction with the invitation row locked: the signed-in
 * account's e-mail must equal the invited one (case-insensitive); each invited course that is still
 * published gets an enrolment with enrollment_source "invitation" and access granted (an existing
 * pending one is upgraded; enrollment_count + 1 only for new rows); the invitation becomes
 * "accepted". Accepting again with the same account changes nothing and answers the same
 * (idempotent).
 * @returns coursesEnrolled (how many invited courses the account is now enrolled in) and the courses.
 * @throws AppError FORBIDDEN (message containing "Email mismatch") for another account;
 *   NOT_FOUND "This invitation may be invalid, expired, or already used." for an unknown, expired,
 *   revoked or already used token.
 */
export async function acceptInvitation(
  db: Db,
  actor: SessionUser,
  token: string,
): Promise<AcceptInvitationResult> {
  if (!TOKEN.test(token)) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.invitationInvalid);
  return db.transaction(async (tx) => {
    const found = await lockInvitation(tx, token);
    if (!found) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.invitationInvalid);
    const { invitation, expired } = found;
    if (invitation.email.toLowerCase() !== actor.email.toLowerCase())
      throw new AppError("FORBIDDEN", STUDENT_MESSAGES.emailMismatch);
    const courses = await findPublishedCourses(tx, invitation.course_ids);
    const summary = {
      coursesEnrolled: courses.length,
      courses: courses.map((c) => ({ id: c.id, title: c.title })),
    };
    if (invitation.status === "accepted" && invitation.accepted_by === actor.id) return summary;
    if (invitation.status !== "pending" || expired)
      throw new AppError("NOT_FOUND", STUDENT_MESSAGES.invitationInvalid);
    for (const course of courses) {
      await grantEnrolment(
        tx,
        { studentId: actor.id, courseId: course.id, schoolId: course.schoolId, source: "invitation" },
        { upgradePending: true },
      );
    }
    await markAccepted(tx, invitation.id, actor.id);
    return summary;
  });
}

/**
 * Revokes a pending invitation of the acting creator (issue 16 item 8; spec status `revoked`): its
 * link stops working (lookup and accept answer "invalid or expired").
 * @throws AppError NOT_FOUND for an unknown invitation, another creator's, or one no longer pending.
 */
export async function revokeInvitation(db: Db, actor: SessionUser, invitationId: string): Promise<void> {
  await assertCreator(db, actor);
  const revoked = await db
    .update(studentInvitations)
    .set({ status: "revoked" })
    .where(
      and(
        eq(studentInvitations.id, invitationId),
        eq(studentInvitations.creator_id, actor.id),
        eq(studentInvitations.status, "pending"),
      ),
    )
    .returning({ id: studentInvitations.id });
  if (revoked.length === 0) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.invitationNotFound);
}

/**
 * The acting creator's pending, unexpired invitations, newest first, at most 100 (issue 16 item 8:
 * the list the creator revokes from). Dates as ISO strings.
 * @throws AppError FORBIDDEN for a student account.
 */
export async function listInvitations(
  db: Db,
  actor: SessionUser,
  now = new Date(),
): Promise<PendingInvitationList> {
  await assertCreator(db, actor);
  const rows = await listPendingInvitations(db, actor.id, now);
  return {
    invitations: rows.map((r) => ({
      id: r.id,
      email: r.email,
      courseTitles: r.courseTitles,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}
