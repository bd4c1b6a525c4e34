import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { courses, enrollments, landingPages, lessons, profiles, schools } from "../../db/schema/index.ts";

/** A published course with what the enrolment page shows: school name, instructor name, lesson count. */
export async function findPublishedCourse(db: Executor, courseId: string) {
  const [row] = await db
    .select({
      course: courses,
      schoolName: schools.name,
      instructorName: profiles.full_name,
      lessonCount:
        sql<number>`(select count(*) from ${lessons} where ${lessons.course_id} = ${courses.id} and ${lessons.is_published})`.mapWith(
          Number,
        ),
    })
    .from(courses)
    .leftJoin(schools, eq(schools.id, courses.school_id))
    .leftJoin(profiles, eq(profiles.user_id, courses.creator_id))
    .where(and(eq(courses.id, courseId), eq(courses.is_published, true)))
    .limit(1);
  return row;
}

/** The enrolment of a student in a course, or undefined. */
export async function findEnrolment(db: Executor, studentId: string, courseId: string) {
  const [row] = await db
    .select({ id: enrollments.id, paymentStatus: enrollments.payment_status })
    .from(enrollments)
    .where(and(eq(enrollments.student_id, studentId), eq(enrollments.course_id, courseId)))
    .limit(1);
  return row;
}

/**
 * Inserts an enrolment unless the student already has one for the course (unique key
 * (student_id, course_id)): `insert … on conflict do nothing returning`.
 * @returns the new row, or undefined when one already existed (then nothing was written).
 */
export async function insertEnrolmentIfAbsent(db: Executor, values: typeof enrollments.$inferInsert) {
  const [row] = await db
    .insert(enrollments)
    .values(values)
    .onConflictDoNothing({ target: [enrollments.student_id, enrollments.course_id] })
    .returning({ id: enrollments.id, paymentStatus: enrollments.payment_status });
  return row;
}

/** The id of the published landing page `slug` of the course, or null (issue 12 §3 attribution). */
export async function findCoursePageId(db: Executor, courseId: string, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(
      and(
        eq(landingPages.slug, slug),
        eq(landingPages.course_id, courseId),
        eq(landingPages.is_published, true),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** payment_status = completed (access granted by the creator). */
export async function markEnrolmentCompleted(db: Executor, enrollmentId: string): Promise<void> {
  await db.update(enrollments).set({ payment_status: "completed" }).where(eq(enrollments.id, enrollmentId));
}

/** The enrolment fields leaving a course needs, locked `for update` (issue 16 item 8), or undefined. */
export async function lockEnrolmentForLeave(db: Executor, studentId: string, courseId: string) {
  const [row] = await db
    .select({
      id: enrollments.id,
      paymentStatus: enrollments.payment_status,
      source: enrollments.enrollment_source,
      certificateIssued: enrollments.certificate_issued,
    })
    .from(enrollments)
    .where(and(eq(enrollments.student_id, studentId), eq(enrollments.course_id, courseId)))
    .limit(1)
    .for("update");
  return row;
}

/** Deletes an enrolment (its lesson progress, learning events and certificate go with it). */
export async function deleteEnrolment(db: Executor, enrollmentId: string): Promise<void> {
  await db.delete(enrollments).where(eq(enrollments.id, enrollmentId));
}
