import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { courses, emailBatches, enrollments, profiles, schools } from "../../db/schema/index.ts";

/** One enrolment row of Student Management as read from the database. */
export interface StudentRowRecord {
  enrollment_id: string;
  student_id: string;
  full_name: string | null;
  email: string;
  course_id: string;
  course_title: string;
  progress: number;
  is_completed: boolean;
  payment_status: "pending" | "completed" | "cancelled";
  payment_amount: string | number;
  currency: string;
  enrollment_source: string;
  enrollment_date: Date | string;
  last_accessed: Date | string | null;
  /** enrollment_date as PostgreSQL text (microseconds kept), for the keyset cursor. */
  enrollment_key: string;
}

export interface StudentFilter {
  creatorId: string;
  courseId?: string;
  /** A LIKE pattern over folded text (`likePattern` from shared rules), or undefined. */
  pattern?: string;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The WHERE clause shared by the list, the count and the CSV export. */
function whereClause(f: StudentFilter): SQL {
  const parts: SQL[] = [sql`c.creator_id = ${f.creatorId}`];
  if (f.courseId) parts.push(sql`e.course_id = ${f.courseId}`);
  if (f.pattern)
    parts.push(sql`(p.name_fold like ${f.pattern} escape '\\'
      or p.email_fold like ${f.pattern} escape '\\'
      or c.title_fold like ${f.pattern} escape '\\')`);
  return sql.join(parts, sql` and `);
}

const SELECT_ROW = sql`select e.id as enrollment_id, e.student_id, p.full_name, p.email, e.course_id,
  c.title as course_title, e.progress, e.is_completed, e.payment_status, e.payment_amount, c.currency,
  e.enrollment_source, e.enrollment_date, e.last_accessed, e.enrollment_date::text as enrollment_key
  from enrollments e
  join courses c on c.id = e.course_id
  join profiles p on p.user_id = e.student_id`;

/** A page of the creator's enrolments, newest enrolment first (ties by id). */
export async function listStudentRows(
  db: Executor,
  f: StudentFilter,
  limit: number,
  offset: number,
): Promise<StudentRowRecord[]> {
  return rows<StudentRowRecord>(
    await db.execute(sql`${SELECT_ROW} where ${whereClause(f)}
      order by e.enrollment_date desc, e.id desc limit ${limit} offset ${offset}`),
  );
}

/** How many enrolments match the filter. Joins profiles only when searching. */
export async function countStudentRows(db: Executor, f: StudentFilter): Promise<number> {
  const from = f.pattern
    ? sql`from enrollments e join courses c on c.id = e.course_id join profiles p on p.user_id = e.student_id`
    : sql`from enrollments e join courses c on c.id = e.course_id`;
  const [row] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n ${from} where ${whereClause(f)}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * The next `limit` rows after the keyset cursor (enrollment_date, id), newest first: the CSV
 * export reads the whole list this way, one bounded page at a time.
 */
export async function studentRowsAfter(
  db: Executor,
  f: StudentFilter,
  cursor: { date: string; id: string } | undefined,
  limit: number,
): Promise<StudentRowRecord[]> {
  const after = cursor
    ? sql` and (e.enrollment_date, e.id) < (${cursor.date}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  return rows<StudentRowRecord>(
    await db.execute(sql`${SELECT_ROW} where ${whereClause(f)}${after}
      order by e.enrollment_date desc, e.id desc limit ${limit}`),
  );
}

/**
 * The stat cards over the creator's enrolments (issue 24 §5, decision 0229: one definition with
 * the dashboard, Analytics and the public pages). Students, enrolments, completed and the average
 * progress count paid enrolments only (payment_status 'completed'); a payment still pending is
 * counted in pendingPayments alone. activeToday counts paid students whose last_accessed is at or
 * after the start of today in `timeZone` (an IANA name).
 */
export async function studentStats(db: Executor, creatorId: string, timeZone: string) {
  const [row] = rows<{
    total_students: number;
    total_enrolments: number;
    active_today: number;
    completed: number;
    average_progress: number | null;
    pending_payments: number;
  }>(
    await db.execute(sql`select
        count(distinct e.student_id) filter (where e.payment_status = 'completed')::int as total_students,
        count(*) filter (where e.payment_status = 'completed')::int as total_enrolments,
        count(distinct e.student_id) filter (
          where e.payment_status = 'completed'
            and e.last_accessed >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})
        )::int as active_today,
        count(*) filter (where e.is_completed and e.payment_status = 'completed')::int as completed,
        avg(e.progress) filter (where e.payment_status = 'completed')::float8 as average_progress,
        count(*) filter (where e.payment_status = 'pending')::int as pending_payments
      from enrollments e join courses c on c.id = e.course_id
      where c.creator_id = ${creatorId}`),
  );
  return row;
}

/** The creator's profile time zone and locale, and their school's name. */
export async function creatorContext(db: Executor, creatorId: string) {
  const [row] = await db
    .select({
      timeZone: profiles.time_zone,
      locale: profiles.locale,
      name: profiles.full_name,
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

/** The creator's courses (id, title, published), newest first. */
export async function creatorCourseOptions(db: Executor, creatorId: string) {
  return db
    .select({ id: courses.id, title: courses.title, isPublished: courses.is_published })
    .from(courses)
    .where(eq(courses.creator_id, creatorId))
    .orderBy(sql`${courses.created_at} desc`);
}

/** A published course of the creator, or undefined. */
export async function findOwnedPublishedCourse(db: Executor, creatorId: string, courseId: string) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, schoolId: courses.school_id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.creator_id, creatorId), eq(courses.is_published, true)))
    .limit(1);
  return row;
}

/**
 * Whether the account with this e-mail (compared lower-cased) already has access to the course:
 * an enrolment with payment_status "completed" (issue 25 item 5: Assign by e-mail).
 */
export async function hasCourseAccessByEmail(
  db: Executor,
  email: string,
  courseId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.user_id, enrollments.student_id))
    .where(
      and(
        sql`lower(${profiles.email}) = ${email.toLowerCase()}`,
        eq(enrollments.course_id, courseId),
        eq(enrollments.payment_status, "completed"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The selected enrolments that belong to the creator's courses, with what the e-mails need:
 * the student's address, name and language, and the course title.
 */
export async function ownedEnrolmentsForEmail(db: Executor, creatorId: string, enrollmentIds: string[]) {
  return db
    .select({
      enrollmentId: enrollments.id,
      studentId: enrollments.student_id,
      email: profiles.email,
      name: profiles.full_name,
      locale: profiles.locale,
      courseTitle: courses.title,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .innerJoin(profiles, eq(profiles.user_id, enrollments.student_id))
    .where(and(inArray(enrollments.id, enrollmentIds), eq(courses.creator_id, creatorId)));
}

/** One enrolment of the creator's courses with the course and student details, locked FOR UPDATE. */
export async function lockOwnedEnrolment(db: Executor, creatorId: string, enrollmentId: string) {
  const [row] = rows<{
    id: string;
    course_id: string;
    student_id: string;
    price: string | number;
    payment_status: "pending" | "completed" | "cancelled";
    payment_amount: string | number;
    course_title: string;
    currency: string;
    email: string;
    full_name: string | null;
    locale: "en" | "vi";
  }>(
    await db.execute(sql`select e.id, e.course_id, e.student_id, c.price, e.payment_status, e.payment_amount, c.title as course_title,
        c.currency, p.email, p.full_name, p.locale
      from enrollments e
      join courses c on c.id = e.course_id
      join profiles p on p.user_id = e.student_id
      where e.id = ${enrollmentId} and c.creator_id = ${creatorId}
      for update of e`),
  );
  return row;
}

/** Sets an enrolment's payment_status. */
export async function setPaymentStatus(
  db: Executor,
  enrollmentId: string,
  status: "completed" | "cancelled",
): Promise<void> {
  await db.update(enrollments).set({ payment_status: status }).where(eq(enrollments.id, enrollmentId));
}

/** Records a bulk send of the creator (its id tags the outbox rows). */
export async function insertEmailBatch(
  db: Executor,
  values: { id: string; creatorId: string; emailType: string; total: number },
): Promise<void> {
  await db.insert(emailBatches).values({
    id: values.id,
    creator_id: values.creatorId,
    email_type: values.emailType,
    total: values.total,
  });
}

/** A bulk send of the creator, or undefined (also for another creator's batch). */
export async function findEmailBatch(db: Executor, creatorId: string, batchId: string) {
  const [row] = await db
    .select({ id: emailBatches.id })
    .from(emailBatches)
    .where(and(eq(emailBatches.id, batchId), eq(emailBatches.creator_id, creatorId)))
    .limit(1);
  return row;
}
