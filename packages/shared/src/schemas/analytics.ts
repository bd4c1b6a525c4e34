import { z } from "zod";
import { ANALYTICS_MESSAGES, daysInRange, MAX_ANALYTICS_DAYS } from "../rules/analytics.ts";
import { isTimeZone } from "./account.ts";

/**
 * Analytics contracts (spec 001 §2 Creator analytics, Student analytics, §8, §9; issue 12).
 * Units: study time in seconds; money as integers in the currency's smallest unit (VND whole đồng,
 * USD cents), one entry per currency, never summed across currencies; rates in percent 0–100 with
 * one decimal; days are local dates YYYY-MM-DD (the viewer's profiles.time_zone, DESIGN §7).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.badRange);

/** GET /api/analytics/creator/* query: an inclusive local-date range and an optional course. */
export const analyticsQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    courseId: z.string().uuid(ANALYTICS_MESSAGES.courseNotFound).optional(),
  })
  .refine(
    (q) =>
      !Number.isNaN(Date.parse(`${q.from}T00:00:00Z`)) &&
      !Number.isNaN(Date.parse(`${q.to}T00:00:00Z`)) &&
      daysInRange(q.from, q.to) >= 1 &&
      daysInRange(q.from, q.to) <= MAX_ANALYTICS_DAYS,
    { message: ANALYTICS_MESSAGES.badRange, path: ["from"] },
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const money = z.object({ currency: z.string(), amount: z.number().int() });
const rangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  bucket: z.enum(["day", "month"]),
  timeZone: z.string(),
});

const landingRow = z.object({ key: z.string(), views: z.number().int(), conversions: z.number().int() });

export const creatorOverviewSchema = z.object({
  range: rangeSchema,
  cards: z.object({
    totalStudents: z.object({ value: z.number().int(), previous: z.number().int() }),
    revenue: z.array(z.object({ currency: z.string(), value: z.number().int(), previous: z.number().int() })),
    completion: z.object({ value: z.number(), previous: z.number() }),
    retention: z.object({ value: z.number().nullable(), previous: z.number().nullable() }),
  }),
  enrolments: z.array(z.object({ date: z.string(), enrolments: z.number().int() })),
  revenue: z.array(z.object({ date: z.string(), currency: z.string(), amount: z.number().int() })),
  funnel: z.object({
    views: z.number().int(),
    clicks: z.number().int(),
    enrolments: z.number().int(),
    paid: z.number().int(),
    completed: z.number().int(),
  }),
  /** Landing-page views and conversions by local day, device and source (utm_source or referrer channel). */
  landing: z.object({
    byDay: z.array(landingRow),
    byDevice: z.array(landingRow),
    bySource: z.array(landingRow),
  }),
  /**
   * Enrolments (payment completed) in the range by the campaign source the student came with
   * (enrollments.utm_source, "direct" when none; issue 12 §3), most first.
   */
  enrolmentsBySource: z.array(z.object({ key: z.string(), enrolments: z.number().int() })),
});
export type CreatorOverview = z.infer<typeof creatorOverviewSchema>;

export const creatorEngagementSchema = z.object({
  range: rangeSchema,
  daily: z.array(
    z.object({
      date: z.string(),
      activeStudents: z.number().int(),
      secondsPerActiveStudent: z.number().int(),
    }),
  ),
  heatmap: z.array(
    z.object({ weekday: z.number().int(), hour: z.number().int(), seconds: z.number().int() }),
  ),
  dropOff: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      lessonId: z.string(),
      lessonTitle: z.string(),
      position: z.number().int(),
      enrolled: z.number().int(),
      completed: z.number().int(),
      rate: z.number(),
    }),
  ),
});
export type CreatorEngagement = z.infer<typeof creatorEngagementSchema>;

const revenueRow = z.object({
  key: z.string(),
  label: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  orders: z.number().int(),
});
export const creatorRevenueSchema = z.object({
  range: rangeSchema,
  byCourse: z.array(revenueRow),
  byMethod: z.array(revenueRow),
  byCoupon: z.array(revenueRow),
  byReferral: z.array(revenueRow),
  /** Net revenue by the order's utm_source ("direct" when none; issue 12 §3). */
  bySource: z.array(revenueRow),
  /** Net revenue of orders with a utm_campaign, by source / medium / campaign (label joined by " / "). */
  byCampaign: z.array(revenueRow),
  refunds: z.array(z.object({ currency: z.string(), amount: z.number().int(), orders: z.number().int() })),
});
export type CreatorRevenue = z.infer<typeof creatorRevenueSchema>;

export const creatorPerformanceSchema = z.object({
  range: rangeSchema,
  courses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      enrolments: z.number().int(),
      completed: z.number().int(),
      completionRate: z.number(),
      badge: z.enum(["excellent", "good", "needsAttention"]),
      averageProgress: z.number(),
      averageStudySeconds: z.number().int(),
    }),
  ),
  quizzes: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      lessonId: z.string(),
      lessonTitle: z.string(),
      students: z.number().int(),
      averageScore: z.number(),
      passRate: z.number(),
    }),
  ),
});
export type CreatorPerformance = z.infer<typeof creatorPerformanceSchema>;

export const creatorAlertsSchema = z.object({
  struggling: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      courseId: z.string(),
      courseTitle: z.string(),
      progress: z.number(),
      lastActiveAt: z.string().nullable(),
    }),
  ),
  dropOffLessons: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      lessonId: z.string(),
      lessonTitle: z.string(),
      reached: z.number().int(),
      stopped: z.number().int(),
      rate: z.number(),
    }),
  ),
  awaitingOrders: z.array(
    z.object({
      orderId: z.string(),
      reference: z.string(),
      courseTitle: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      awaitingSince: z.string(),
    }),
  ),
  quietLandingPages: z.array(z.object({ id: z.string(), title: z.string(), views: z.number().int() })),
  /** Reviews of 1–2 stars written in the last 14 days (issue 24 §2). */
  lowReviews: z.array(
    z.object({
      reviewId: z.string(),
      courseId: z.string(),
      courseTitle: z.string(),
      rating: z.number().int(),
      body: z.string(),
      createdAt: z.string(),
      replied: z.boolean(),
    }),
  ),
});
export type CreatorAlerts = z.infer<typeof creatorAlertsSchema>;

export const studentAnalyticsSchema = z.object({
  timeZone: z.string(),
  today: z.string(),
  weeklyGoalHours: z.number().int(),
  cards: z.object({
    averageProgress: z.number(),
    enrolments: z.number().int(),
    completedCourses: z.number().int(),
    weekSeconds: z.number().int(),
    totalSeconds: z.number().int(),
    currentStreak: z.number().int(),
    bestStreak: z.number().int(),
    certificates: z.number().int(),
  }),
  daily: z.array(z.object({ date: z.string(), seconds: z.number().int() })),
  courses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      progress: z.number(),
      isCompleted: z.boolean(),
      nextLessonId: z.string().nullable(),
      studySeconds: z.number().int(),
    }),
  ),
  habits: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), seconds: z.number().int() })),
  quizzes: z.array(
    z.object({
      courseTitle: z.string(),
      lessonTitle: z.string(),
      bestScore: z.number().int(),
      passed: z.boolean(),
      attempts: z.number().int(),
    }),
  ),
  achievements: z.array(z.object({ key: z.string(), earnedAt: z.string().nullable() })),
});
export type StudentAnalytics = z.infer<typeof studentAnalyticsSchema>;

/** PUT /api/analytics/me/goal body. */
export const weeklyGoalSchema = z.object({
  weeklyHours: z
    .number({ message: ANALYTICS_MESSAGES.badGoal })
    .int(ANALYTICS_MESSAGES.badGoal)
    .min(1, ANALYTICS_MESSAGES.badGoal)
    .max(100, ANALYTICS_MESSAGES.badGoal),
});

export const timeZoneSchema = z.string().refine(isTimeZone, ANALYTICS_MESSAGES.badTimeZone);

export type Money = z.infer<typeof money>;
