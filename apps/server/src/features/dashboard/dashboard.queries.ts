import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { moneyMoves } from "../../db/money.ts";
import { courses, enrollments, profiles, schools } from "../../db/schema/index.ts";

/** Course counts of one creator: all and published. */
export async function creatorCourseCounts(db: Executor, creatorId: string) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${courses.is_published})`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.creator_id, creatorId));
  return { total: Number(row?.total ?? 0), published: Number(row?.published ?? 0) };
}

/**
 * Distinct paying-or-free students of a creator's courses (enrolments with payment_status
 * completed: unpaid ones are not students, issue 11 §8), and net revenue per currency — paid
 * orders less every refund, partial ones too (`moneyMoves`, the same figure as Earnings' all-time
 * revenue) — in each currency's smallest unit; `earnings` is the VND total.
 */
export async function creatorStudentTotals(db: Executor, creatorId: string) {
  const [row] = await db
    .select({ students: countDistinct(enrollments.student_id) })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .where(and(eq(courses.creator_id, creatorId), eq(enrollments.payment_status, "completed")));
  const revenue = (
    (await db.execute(sql`
      select currency, sum(amount) as amount
        from (${moneyMoves(sql`join courses c on c.id = o.course_id and c.creator_id = ${creatorId}`)}) m
       group by currency order by currency`)) as unknown as { rows: { currency: string; amount: unknown }[] }
  ).rows;
  const byCurrency = revenue.map((r) => ({ currency: r.currency, amount: Number(r.amount ?? 0) }));
  return {
    students: Number(row?.students ?? 0),
    earnings: byCurrency.find((r) => r.currency === "VND")?.amount ?? 0,
    earningsByCurrency: byCurrency,
  };
}

/** Paid enrolments (payment_status completed) into a creator's courses with enrollment_date in [from, to). */
export async function creatorEnrolmentsBetween(
  db: Executor,
  creatorId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .where(
      and(
        eq(courses.creator_id, creatorId),
        eq(enrollments.payment_status, "completed"),
        gte(enrollments.enrollment_date, from),
        lt(enrollments.enrollment_date, to),
      ),
    );
  return Number(row?.n ?? 0);
}

/** True once the creator saved Branding & Domains (issue 15; a school made by publishing is not enough). */
export async function creatorHasSchool(db: Executor, creatorId: string): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.creator_id, creatorId), isNotNull(schools.branded_at)))
    .limit(1);
  return rows.length > 0;
}

/** The latest enrolments into a creator's courses, newest first, with student name and course title. */
export async function creatorRecentEnrolments(db: Executor, creatorId: string, limit: number) {
  return db
    .select({
      studentName: profiles.full_name,
      studentEmail: profiles.email,
      courseTitle: courses.title,
      enrollmentDate: enrollments.enrollment_date,
      isCompleted: enrollments.is_completed,
      completionDate: enrollments.completion_date,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .leftJoin(profiles, eq(profiles.user_id, enrollments.student_id))
    .where(eq(courses.creator_id, creatorId))
    .orderBy(desc(enrollments.enrollment_date))
    .limit(limit);
}

/** A student's enrolments joined with their courses, newest enrollment_date first (000 §7). */
export async function studentEnrolments(db: Executor, studentId: string) {
  return db
    .select({
      enrollmentId: enrollments.id,
      courseId: courses.id,
      title: courses.title,
      description: courses.description,
      thumbnailUrl: courses.thumbnail_url,
      progress: enrollments.progress,
      isCompleted: enrollments.is_completed,
      certificateIssued: enrollments.certificate_issued,
      certificateUrl: enrollments.certificate_url,
      enrollmentDate: enrollments.enrollment_date,
      paymentStatus: enrollments.payment_status,
      enrollmentSource: enrollments.enrollment_source,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .where(eq(enrollments.student_id, studentId))
    .orderBy(desc(enrollments.enrollment_date));
}
