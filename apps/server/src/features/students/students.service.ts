import { randomUUID } from "node:crypto";
import {
  type AssignStudentInput,
  type AssignStudentResult,
  type BulkStudentEmailInput,
  type BulkStudentEmailResult,
  type EmailBatchStatus,
  type EnrolmentStatus,
  enrolmentStatus,
  likePattern,
  STUDENT_MESSAGES,
  type StudentCourseOption,
  type StudentList,
  type StudentListQuery,
  type StudentRow,
  type StudentStats,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { batchStatus } from "../../email/outbox.ts";
import { emailBrand, type Locale, studentNotificationEmail } from "../../email/templates.ts";
import { toCsv } from "../../lib/csv.ts";
import { useDailyLimit } from "../../lib/daily-limits.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { assertCreator } from "../courses/courses.service.ts";
import { sendInvitation } from "../invitations/invitations.service.ts";
import { emailRecipients, unsubscribeTarget } from "../notifications/notifications.service.ts";
import { settleEnrolmentOrders } from "../payments/confirmation.service.ts";
import {
  countStudentRows,
  creatorContext,
  creatorCourseOptions,
  findEmailBatch,
  findOwnedPublishedCourse,
  hasCourseAccessByEmail,
  insertEmailBatch,
  listStudentRows,
  lockOwnedEnrolment,
  ownedEnrolmentsForEmail,
  type StudentFilter,
  type StudentRowRecord,
  setPaymentStatus,
  studentRowsAfter,
  studentStats,
} from "./students.queries.ts";

/** Rows read per query while streaming the CSV export. */
const CSV_PAGE = 2000;
/** The CSV columns (000 §3 CSV exports: students). */
export const STUDENT_CSV_COLUMNS = [
  "Name",
  "Email",
  "Course",
  "Progress %",
  "Status",
  "Enrolled Date",
  "Last Accessed",
] as const;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function toRow(r: StudentRowRecord): StudentRow {
  return {
    enrollmentId: r.enrollment_id,
    studentId: r.student_id,
    name: r.full_name,
    email: r.email,
    courseId: r.course_id,
    courseTitle: r.course_title,
    progress: Math.round(Number(r.progress)),
    isCompleted: r.is_completed,
    paymentStatus: r.payment_status,
    paymentAmount: Number(r.payment_amount),
    currency: r.currency,
    enrollmentSource: r.enrollment_source,
    enrollmentDate: iso(r.enrollment_date) ?? "",
    lastAccessed: iso(r.last_accessed),
  };
}

function filterFor(actor: SessionUser, q: { search?: string; courseId?: string }): StudentFilter {
  const search = q.search?.trim();
  return { creatorId: actor.id, courseId: q.courseId, pattern: search ? likePattern(search) : undefined };
}

/**
 * Student Management list (000 §2, §7 "Select enrollments … filtered by creator"; issue 5): the
 * enrolments of the acting creator's courses only, newest first, `pageSize` per page. `search`
 * matches name, e-mail or course title, case- and accent-insensitively ("nguyen" finds "Nguyễn");
 * `courseId` narrows to one course (another creator's id simply matches nothing).
 * @throws AppError FORBIDDEN for a student account.
 */
export async function listStudents(db: Db, actor: SessionUser, q: StudentListQuery): Promise<StudentList> {
  await assertCreator(db, actor);
  const f = filterFor(actor, q);
  const [items, total] = await Promise.all([
    listStudentRows(db, f, q.pageSize, (q.page - 1) * q.pageSize),
    countStudentRows(db, f),
  ]);
  return { items: items.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

/**
 * The stat cards (000 §2 Student Management): distinct students, enrolments, students active
 * today (last_accessed at or after the start of today in the creator's profile time zone),
 * completed enrolments, average progress (0–100, rounded) and pending payments.
 * @throws AppError FORBIDDEN for a student account.
 */
export async function getStudentStats(db: Db, actor: SessionUser): Promise<StudentStats> {
  await assertCreator(db, actor);
  const ctx = await creatorContext(db, actor.id);
  const row = await studentStats(db, actor.id, ctx?.timeZone ?? "Asia/Ho_Chi_Minh");
  return {
    totalStudents: Number(row?.total_students ?? 0),
    totalEnrolments: Number(row?.total_enrolments ?? 0),
    activeToday: Number(row?.active_today ?? 0),
    completed: Number(row?.completed ?? 0),
    averageProgress: Math.round(Number(row?.average_progress ?? 0)),
    pendingPayments: Number(row?.pending_payments ?? 0),
  };
}

/** The creator's courses for the course filter, the assign form and the invite dialog. */
export async function listCourseOptions(db: Db, actor: SessionUser): Promise<StudentCourseOption[]> {
  await assertCreator(db, actor);
  return creatorCourseOptions(db, actor.id);
}

/**
 * Assign by e-mail (000 §5 Assign student, §7 "Assign student", §8 Students; issue 25 item 5,
 * security finding #8): nobody is enrolled without consent, and the answer never tells whether an
 * account exists. The assignment becomes an invitation (features/invitations: sendInvitation, one
 * course, the invitation e-mail, 7 days, counted against DAILY_LIMITS.assignments); the person is
 * enrolled (source "invitation") only when they accept it, signing in or signing up with that
 * address. The answer is the same for a registered and an unknown address: 201
 * `{ invitationId, email, expiresAt }`.
 * @throws AppError NOT_FOUND "Course not found." for a course that is not the creator's published
 *   course; CONFLICT "This student is already enrolled in the selected course." when the address
 *   already has access to it (that student is in the creator's own list, so this reveals nothing
 *   new); FORBIDDEN for a student account; RATE_LIMITED past the daily limit.
 */
export async function assignStudent(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  input: AssignStudentInput,
  uiLocale: Locale | null = null,
): Promise<AssignStudentResult> {
  const { db } = deps;
  await assertCreator(db, actor);
  const course = await findOwnedPublishedCourse(db, actor.id, input.courseId);
  if (!course) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.courseNotFound);
  if (await hasCourseAccessByEmail(db, input.email, course.id))
    throw new AppError("CONFLICT", STUDENT_MESSAGES.alreadyEnrolled);
  const sent = await sendInvitation(
    deps,
    actor,
    { email: input.email, courseIds: [course.id] },
    uiLocale,
    "assignments",
  );
  return { invitationId: sent.invitationId, email: sent.email, expiresAt: sent.expiresAt };
}

/**
 * Bulk e-mail from Student Management (000 §3 notification payload {email_type, student_ids,
 * courses}, §5 Bulk email; issue 5): the selected enrolments of the creator's courses are grouped
 * by student and each student gets ONE e-mail (course titles in the order selected) of `emailType` (welcome | reminder | completion)
 * naming the selected courses, in the student's language, with the school's name. All messages
 * are written to the outbox in one transaction as one batch and the call returns at once; the
 * outbox worker delivers them (`emailBatchStatus` reports progress).
 * @throws AppError BAD_REQUEST "Please select students to send emails to." when nothing is
 *   selected; NOT_FOUND when an id is not an enrolment of the creator's courses (nothing is queued).
 */
export async function sendBulkEmail(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  input: BulkStudentEmailInput,
): Promise<BulkStudentEmailResult> {
  const { db } = deps;
  await assertCreator(db, actor);
  const ids = [...new Set(input.enrollmentIds)];
  if (ids.length === 0) throw new AppError("BAD_REQUEST", STUDENT_MESSAGES.noStudentsSelected);
  const owned = await ownedEnrolmentsForEmail(db, actor.id, ids);
  if (owned.length !== ids.length) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.enrolmentNotFound);
  const ctx = await creatorContext(db, actor.id);
  const byStudent = new Map<
    string,
    { email: string; name: string | null; locale: Locale; titles: string[] }
  >();
  const position = new Map(ids.map((id, i) => [id, i]));
  owned.sort((a, b) => (position.get(a.enrollmentId) ?? 0) - (position.get(b.enrollmentId) ?? 0));
  for (const row of owned) {
    const entry = byStudent.get(row.studentId) ?? {
      email: row.email,
      name: row.name,
      locale: (row.locale as Locale) ?? "vi",
      titles: [],
    };
    if (!entry.titles.includes(row.courseTitle)) entry.titles.push(row.courseTitle);
    byStudent.set(row.studentId, entry);
  }
  await useDailyLimit(db, actor.id, "bulkEmailRecipients", byStudent.size);
  // issue 27 §2: non-essential — only students whose `announcement` preference is `email`, with
  // one-click unsubscribe (RFC 8058).
  const wanted = await emailRecipients(db, [...byStudent.keys()], "announcement");
  const messages = [...byStudent.entries()]
    .filter(([id]) => wanted.has(id))
    .map(([id, s]) => ({
      to: s.email,
      unsubscribe: unsubscribeTarget(id, "announcement", s.locale),
      ...studentNotificationEmail({
        locale: s.locale,
        emailType: input.emailType,
        schoolName: ctx?.schoolName ?? null,
        school: emailBrand(deps.appUrl, {
          name: ctx?.schoolName ?? null,
          logoUrl: ctx?.schoolLogoUrl,
          color: ctx?.schoolColor,
        }),
        studentName: s.name,
        courseTitles: s.titles,
        message: input.message,
        url: `${deps.appUrl}/dashboard`,
      }),
    }));
  const batchId = randomUUID();
  const queued = await db.transaction(async (tx) => {
    await insertEmailBatch(tx, {
      id: batchId,
      creatorId: actor.id,
      emailType: input.emailType,
      total: messages.length,
    });
    return deps.mailer.sendMany(tx, messages, batchId);
  });
  return { batchId, queued };
}

/**
 * Delivery progress of a bulk send of the acting creator (email_batches.creator_id).
 * @throws AppError NOT_FOUND for an unknown batch.
 */
export async function emailBatchStatus(
  db: Db,
  actor: SessionUser,
  batchId: string,
): Promise<EmailBatchStatus> {
  await assertCreator(db, actor);
  if (!(await findEmailBatch(db, actor.id, batchId)))
    throw new AppError("NOT_FOUND", "Email batch not found.");
  return { batchId, ...(await batchStatus(db, batchId)) };
}

/**
 * Confirms a pending paid enrolment as paid or cancels it, through its order (issue 11 §8): confirm
 * pays the open order (or records a manual paid order of the course price) — enrolment completed,
 * counted as a student, receipt e-mailed; cancel cancels the open order and the enrolment (unpaid
 * enrolments were never counted). Only enrolments of the acting creator's courses; only pending ones.
 * @throws AppError NOT_FOUND "Enrolment not found.", CONFLICT "This enrolment is not waiting for payment."
 */
export async function settlePendingEnrolment(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  enrollmentId: string,
  action: "confirm" | "cancel",
): Promise<{ enrollmentId: string; paymentStatus: "completed" | "cancelled" }> {
  const { db } = deps;
  await assertCreator(db, actor);
  return db.transaction(async (tx) => {
    const row = await lockOwnedEnrolment(tx, actor.id, enrollmentId);
    if (!row) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.enrolmentNotFound);
    if (row.payment_status !== "pending") throw new AppError("CONFLICT", STUDENT_MESSAGES.notPending);
    const enrolment = {
      id: row.id,
      studentId: row.student_id,
      courseId: row.course_id,
      price: Number(row.price),
      currency: row.currency,
    };
    const orderDeps = { mailer: deps.mailer, env: { appUrl: deps.appUrl } };
    if (action === "cancel") {
      await settleEnrolmentOrders(orderDeps, tx, enrolment, "cancel");
      await setPaymentStatus(tx, row.id, "cancelled");
      return { enrollmentId: row.id, paymentStatus: "cancelled" as const };
    }
    await settleEnrolmentOrders(orderDeps, tx, enrolment, "confirm");
    return { enrollmentId: row.id, paymentStatus: "completed" as const };
  });
}

const CSV_STATUS: Record<EnrolmentStatus, string> = {
  pending: "Pending payment",
  cancelled: "Cancelled",
  completed: "Completed",
  notStarted: "Not started",
  inProgress: "In progress",
};

/** The CSV's Status: the list's rule (`enrolmentStatus`, issue 24 §5), in English words. */
function csvStatus(r: StudentRowRecord): string {
  return CSV_STATUS[
    enrolmentStatus({
      paymentStatus: r.payment_status,
      isCompleted: Boolean(r.is_completed),
      progress: Number(r.progress),
      lastAccessed: r.last_accessed ?? null,
    })
  ];
}

/**
 * CSV export of the creator's students (000 §3 CSV exports: Name, Email, Course, Progress %,
 * Status, Enrolled Date, Last Accessed), UTF-8 with a byte-order mark, with the list's filters.
 * Streams: yields the header, then one chunk per page of CSV_PAGE rows read by keyset, so memory
 * stays flat however many enrolments there are. Dates are YYYY-MM-DD (UTC); Last Accessed is empty
 * when never. Cells that a spreadsheet would run as formulas are escaped (`toCsv`, issue 16 item 7).
 * @throws AppError FORBIDDEN for a student account (before anything is yielded).
 */
export async function exportStudentsCsv(
  db: Db,
  actor: SessionUser,
  q: { search?: string; courseId?: string },
): Promise<AsyncGenerator<string>> {
  await assertCreator(db, actor);
  const f = filterFor(actor, q);
  return (async function* () {
    yield `\uFEFF${toCsv([], STUDENT_CSV_COLUMNS)}\r\n`;
    let cursor: { date: string; id: string } | undefined;
    for (;;) {
      const page = await studentRowsAfter(db, f, cursor, CSV_PAGE);
      if (page.length === 0) return;
      const data = page.map((r) => [
        r.full_name ?? "",
        r.email,
        r.course_title,
        Math.round(Number(r.progress)),
        csvStatus(r),
        iso(r.enrollment_date)?.slice(0, 10) ?? "",
        iso(r.last_accessed)?.slice(0, 10) ?? "",
      ]);
      yield `${toCsv(data)}\r\n`;
      const last = page[page.length - 1];
      cursor = { date: last.enrollment_key, id: last.enrollment_id };
      if (page.length < CSV_PAGE) return;
    }
  })();
}
