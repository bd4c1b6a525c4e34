import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { courses, profiles, schools, studentInvitations } from "../../db/schema/index.ts";

export type InvitationRow = typeof studentInvitations.$inferSelect;

/** The creator's published courses among `ids` (id, title, school_id). */
export async function findOwnedPublishedCourses(db: Executor, creatorId: string, ids: string[]) {
  return db
    .select({ id: courses.id, title: courses.title, schoolId: courses.school_id })
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.creator_id, creatorId), eq(courses.is_published, true)));
}

/** Published courses among `ids`, in the order given. */
export async function findPublishedCourses(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: courses.id, title: courses.title, schoolId: courses.school_id })
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.is_published, true)));
  return ids.flatMap((id) => found.filter((c) => c.id === id));
}

/** The inviter's name, language and school name. */
export async function inviterContext(db: Executor, creatorId: string) {
  const [row] = await db
    .select({
      name: profiles.full_name,
      locale: profiles.locale,
      schoolName: schools.name,
      schoolLogoUrl: schools.logo_url,
      schoolColor: schools.primary_color,
    })
    .from(profiles)
    .leftJoin(schools, eq(schools.creator_id, profiles.user_id))
    .where(eq(profiles.user_id, creatorId))
    .limit(1);
  return row;
}

/** The language of an existing account with this e-mail (compared lower-cased), if any. */
export async function localeOfEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ locale: profiles.locale })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.locale;
}

export async function insertInvitation(db: Executor, values: typeof studentInvitations.$inferInsert) {
  const [row] = await db.insert(studentInvitations).values(values).returning();
  return row;
}

/** A pending, unexpired invitation by token (000 §7 Select student_invitations), or undefined. */
export async function findUsableInvitation(db: Executor, token: string) {
  const [row] = await db
    .select()
    .from(studentInvitations)
    .where(
      and(
        eq(studentInvitations.invitation_token, token),
        eq(studentInvitations.status, "pending"),
        sql`${studentInvitations.expires_at} > now()`,
      ),
    )
    .limit(1);
  return row;
}

/** Any invitation by token, locked FOR UPDATE (acceptance), with `expired` computed by the database. */
export async function lockInvitation(db: Executor, token: string) {
  const [row] = await db
    .select({
      invitation: studentInvitations,
      expired: sql<boolean>`${studentInvitations.expires_at} <= now()`,
    })
    .from(studentInvitations)
    .where(eq(studentInvitations.invitation_token, token))
    .for("update")
    .limit(1);
  return row;
}

export async function markAccepted(db: Executor, id: string, userId: string): Promise<void> {
  await db
    .update(studentInvitations)
    .set({ status: "accepted", accepted_by: userId, accepted_at: new Date() })
    .where(eq(studentInvitations.id, id));
}

/**
 * The creator's pending, unexpired invitations, newest first (at most `limit`), with the titles
 * of their courses in the order invited (issue 16 item 8).
 */
export async function listPendingInvitations(db: Executor, creatorId: string, now: Date, limit = 100) {
  const rows = await db
    .select({
      id: studentInvitations.id,
      email: studentInvitations.email,
      courseIds: studentInvitations.course_ids,
      createdAt: studentInvitations.created_at,
      expiresAt: studentInvitations.expires_at,
    })
    .from(studentInvitations)
    .where(
      and(
        eq(studentInvitations.creator_id, creatorId),
        eq(studentInvitations.status, "pending"),
        gt(studentInvitations.expires_at, now),
      ),
    )
    .orderBy(desc(studentInvitations.created_at))
    .limit(limit);
  const ids = [...new Set(rows.flatMap((r) => r.courseIds))];
  const titles = new Map(
    ids.length
      ? (
          await db
            .select({ id: courses.id, title: courses.title })
            .from(courses)
            .where(and(inArray(courses.id, ids), eq(courses.creator_id, creatorId)))
        ).map((c) => [c.id, c.title])
      : [],
  );
  return rows.map((r) => ({
    ...r,
    courseTitles: r.courseIds.flatMap((id) => {
      const title = titles.get(id);
      return title === undefined ? [] : [title];
    }),
  }));
}
