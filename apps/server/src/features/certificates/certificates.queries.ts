import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { certificates, courses, enrollments, profiles, schools, user } from "../../db/schema/index.ts";

export type CertificateRow = typeof certificates.$inferSelect;

/** The certificate with this public code, or undefined. */
export async function findCertificate(db: Executor, id: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  return row;
}

/** The certificate of an enrolment (at most one: unique enrollment_id), or undefined. */
export async function findCertificateOfEnrollment(
  db: Executor,
  enrollmentId: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.enrollment_id, enrollmentId))
    .limit(1);
  return row;
}

const courseSchool = alias(schools, "course_school");
const creatorSchool = alias(schools, "creator_school");

/**
 * What a certificate snapshots, read from the enrolment: the student (profile full name and e-mail,
 * the account e-mail as a last resort), the course title, the school (the course's school, else the
 * creator's) and the enrolment's completion date. Undefined when the enrolment does not exist.
 */
export async function findIssueSource(db: Executor, enrollmentId: string) {
  const [row] = await db
    .select({
      enrollmentId: enrollments.id,
      studentId: enrollments.student_id,
      courseId: enrollments.course_id,
      completionDate: enrollments.completion_date,
      fullName: profiles.full_name,
      profileEmail: profiles.email,
      accountEmail: user.email,
      courseTitle: courses.title,
      courseSchoolName: courseSchool.name,
      creatorSchoolName: creatorSchool.name,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .innerJoin(user, eq(user.id, enrollments.student_id))
    .leftJoin(profiles, eq(profiles.user_id, enrollments.student_id))
    .leftJoin(courseSchool, eq(courseSchool.id, courses.school_id))
    .leftJoin(creatorSchool, eq(creatorSchool.creator_id, courses.creator_id))
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  return row;
}

/**
 * Inserts a certificate unless its id or its enrolment already has one (ON CONFLICT DO NOTHING, so
 * a concurrent issue does not abort the caller's transaction). @returns the row, or undefined when
 * nothing was inserted.
 */
export async function insertCertificate(
  db: Executor,
  values: typeof certificates.$inferInsert,
): Promise<CertificateRow | undefined> {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning();
  return row;
}

/** The logo (/files/… URL) of the school whose course a certificate is for (issue 15), or null. */
export async function findCertificateSchoolLogo(db: Executor, certificateId: string): Promise<string | null> {
  const [row] = await db
    .select({ logoUrl: schools.logo_url })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.course_id))
    .innerJoin(schools, eq(schools.creator_id, courses.creator_id))
    .where(eq(certificates.id, certificateId))
    .limit(1);
  return row?.logoUrl ?? null;
}
