import { z } from "zod";

/**
 * Dashboard payloads (spec 000 §2 Creator dashboard / Student dashboard, §4 setup progress, §9).
 * Every figure comes from the database. Money in whole VND; time in seconds.
 */
export const activitySchema = z.object({
  kind: z.enum(["enrolment", "completion"]),
  studentName: z.string().nullable(),
  courseTitle: z.string(),
  at: z.string(),
});

/** One enrolment in a learner's course list (000 §2 Student dashboard "My Learning"). */
export const studentCourseSchema = z.object({
  enrollmentId: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  progress: z.number(),
  isCompleted: z.boolean(),
  certificateIssued: z.boolean(),
  certificateUrl: z.string().nullable(),
  enrollmentDate: z.string(),
  paymentStatus: z.string(),
  /**
   * The student may leave this course themselves (issue 16 item 8): they were invited to or
   * assigned to it and hold no certificate of it.
   */
  canLeave: z.boolean().optional(),
});

export const creatorDashboardSchema = z.object({
  role: z.literal("creator"),
  setupProgress: z.number().int().min(0).max(100),
  checklist: z.object({
    hasCourse: z.boolean(),
    hasPublishedCourse: z.boolean(),
    hasEnrolledStudent: z.boolean(),
    hasSchool: z.boolean(),
  }),
  stats: z.object({
    totalCourses: z.number().int(),
    publishedCourses: z.number().int(),
    students: z.number().int(),
    /** Earnings in whole VND from paid orders (refunds excluded). */
    earnings: z.number(),
    /** Net revenue from paid orders per currency, in each currency's smallest unit (issue 11 §8). */
    earningsByCurrency: z.array(z.object({ currency: z.string(), amount: z.number() })).optional(),
    /** Enrolments in the last 30 days compared with the 30 days before, in percent; null without a base. */
    growth: z.number().nullable(),
    newEnrolments30d: z.number().int(),
  }),
  recentActivity: z.array(activitySchema),
  /**
   * The creator's own enrolments as a learner (DESIGN §5: a creator who enrols stays a creator and
   * finds the course here), newest first; present only when there is at least one.
   */
  learning: z.array(studentCourseSchema).optional(),
});
export type CreatorDashboard = z.infer<typeof creatorDashboardSchema>;

export const studentDashboardSchema = z.object({
  role: z.literal("student"),
  stats: z.object({
    activeCourses: z.number().int(),
    completedCourses: z.number().int(),
    /** completed / total, rounded whole percent (000 §9). */
    completionRate: z.number().int(),
    /** Sum of lesson time_spent, in seconds. */
    studySeconds: z.number().int(),
    achievements: z.number().int(),
  }),
  courses: z.array(studentCourseSchema),
});
export type StudentDashboard = z.infer<typeof studentDashboardSchema>;

export const dashboardSchema = z.discriminatedUnion("role", [creatorDashboardSchema, studentDashboardSchema]);
export type Dashboard = z.infer<typeof dashboardSchema>;
