import { z } from "zod";
import { AUTH_MESSAGES } from "../rules/auth.ts";
import { STUDENT_EMAIL_TYPES, STUDENT_MESSAGES } from "../rules/students.ts";

/**
 * Invitations and Student Management contracts (spec 000 §2 Student Management, Invite dialog;
 * §3 student_invitations, invitation payload, notification payload, CSV exports; §5 Invite dialog,
 * Assign student, Bulk email; §7 invitation and student calls; §8 Invitation lookup, Students;
 * 001 §2 Invitation acceptance page, §8 Invitation errors; issue 5).
 * Progress is a percentage 0–100; dates are ISO 8601 strings; money in whole VND.
 */

const uuid = (message: string) => z.uuid({ message });

/** Send-student-invitation request (000 §3 "Invitation request payload": email, courseIds, message). */
export const sendInvitationSchema = z.object({
  email: z
    .string({ error: STUDENT_MESSAGES.inviteMissing })
    .trim()
    .min(1, STUDENT_MESSAGES.inviteMissing)
    .max(254, AUTH_MESSAGES.emailInvalid)
    .pipe(z.email(AUTH_MESSAGES.emailInvalid))
    .transform((v) => v.toLowerCase()),
  courseIds: z
    .array(uuid(STUDENT_MESSAGES.inviteCourseNotFound), { error: STUDENT_MESSAGES.inviteMissing })
    .min(1, STUDENT_MESSAGES.inviteMissing)
    .max(50),
  message: z.string().trim().max(2000, "The message must be at most 2000 characters.").optional(),
});
export type SendInvitationInput = z.infer<typeof sendInvitationSchema>;

/** Response of send-student-invitation: the link to share (000 §3 "Response field: invitationLink"). */
export const invitationResultSchema = z.object({
  invitationId: z.string(),
  invitationLink: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

/** A pending, unexpired invitation in the creator's list (issue 16 item 8: it can be revoked). */
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  courseTitles: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = z.object({ invitations: z.array(pendingInvitationSchema) });
export type PendingInvitationList = z.infer<typeof pendingInvitationListSchema>;

/** What /auth?invitation={token} shows (000 §7 "Select student_invitations (email)"). */
export const invitationLookupSchema = z.object({
  email: z.string(),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  schoolName: z.string().nullable(),
  creatorName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** process-student-invitation body (001 §7: invitationToken; the e-mail is the session's). */
export const acceptInvitationSchema = z.object({
  invitationToken: z.string().trim().min(1, STUDENT_MESSAGES.invitationInvalid).max(200),
});

/** process-student-invitation response (001 §7 "response reads coursesEnrolled"). */
export const acceptInvitationResultSchema = z.object({
  coursesEnrolled: z.number().int(),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

export const ENROLMENT_SOURCES = ["self", "join_link", "invitation", "teacher_assignment"] as const;

/** Student list query: server-side pagination, search (name, e-mail, course title) and course filter. */
export const studentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  courseId: uuid(STUDENT_MESSAGES.courseNotFound).optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** One enrolment row of Student Management (000 §7 "Select enrollments … filtered by creator"). */
export const studentRowSchema = z.object({
  enrollmentId: z.string(),
  studentId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** 0–100. */
  progress: z.number(),
  isCompleted: z.boolean(),
  paymentStatus: z.enum(["pending", "completed", "cancelled"]),
  /** In the course currency (whole VND for VND). */
  paymentAmount: z.number(),
  currency: z.string(),
  enrollmentSource: z.string(),
  enrollmentDate: z.string(),
  lastAccessed: z.string().nullable(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

export const studentListSchema = z.object({
  items: z.array(studentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StudentList = z.infer<typeof studentListSchema>;

/** The stat cards (000 §2 Student Management "Stats"). averageProgress is 0–100, rounded. */
export const studentStatsSchema = z.object({
  totalStudents: z.number().int(),
  totalEnrolments: z.number().int(),
  activeToday: z.number().int(),
  completed: z.number().int(),
  averageProgress: z.number().int(),
  pendingPayments: z.number().int(),
});
export type StudentStats = z.infer<typeof studentStatsSchema>;

/** The creator's courses for the filter, the assign form and the invite dialog. */
export const studentCourseOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  isPublished: z.boolean(),
});
export const studentCourseOptionsSchema = z.object({ items: z.array(studentCourseOptionSchema) });
export type StudentCourseOption = z.infer<typeof studentCourseOptionSchema>;

/** Assign by e-mail (000 §5 Assign student: email and course; the e-mail is lower-cased). */
export const assignStudentSchema = z.object({
  email: z
    .string({ error: STUDENT_MESSAGES.assignMissing })
    .trim()
    .min(1, STUDENT_MESSAGES.assignMissing)
    .max(254, AUTH_MESSAGES.emailInvalid)
    .pipe(z.email(AUTH_MESSAGES.emailInvalid))
    .transform((v) => v.toLowerCase()),
  courseId: z
    .string({ error: STUDENT_MESSAGES.assignMissing })
    .min(1, STUDENT_MESSAGES.assignMissing)
    .pipe(uuid(STUDENT_MESSAGES.courseNotFound)),
});
export type AssignStudentInput = z.infer<typeof assignStudentSchema>;

/**
 * The answer of Assign by e-mail (issue 25 item 5, finding #8): an invitation was sent to `email`
 * (valid until `expiresAt`, ISO); the same answer whether or not an account with that address
 * exists. Enrolment happens when the person accepts.
 */
export const assignStudentResultSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type AssignStudentResult = z.infer<typeof assignStudentResultSchema>;

/**
 * Bulk e-mail (000 §3 notification payload {email_type, student_ids, courses}; §5 Bulk email):
 * the selected enrolment rows; one e-mail per student naming the selected courses.
 */
export const bulkStudentEmailSchema = z.object({
  enrollmentIds: z
    .array(uuid(STUDENT_MESSAGES.enrolmentNotFound), { error: STUDENT_MESSAGES.noStudentsSelected })
    .min(1, STUDENT_MESSAGES.noStudentsSelected)
    .max(100_000),
  emailType: z.enum(STUDENT_EMAIL_TYPES),
  message: z.string().trim().max(5000, "The message must be at most 5000 characters.").optional(),
});
export type BulkStudentEmailInput = z.infer<typeof bulkStudentEmailSchema>;

export const bulkStudentEmailResultSchema = z.object({
  batchId: z.string(),
  /** Messages written to the outbox (one per selected student). */
  queued: z.number().int(),
});
export type BulkStudentEmailResult = z.infer<typeof bulkStudentEmailResultSchema>;

/** Delivery progress of one bulk send: delivered = sent or captured. */
export const emailBatchStatusSchema = z.object({
  batchId: z.string(),
  total: z.number().int(),
  delivered: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});
export type EmailBatchStatus = z.infer<typeof emailBatchStatusSchema>;

/** Confirm a pending paid enrolment as paid, or cancel it. */
export const enrolmentPaymentActionSchema = z.object({ action: z.enum(["confirm", "cancel"]) });
export const enrolmentPaymentResultSchema = z.object({
  enrollmentId: z.string(),
  paymentStatus: z.enum(["pending", "completed", "cancelled"]),
});
