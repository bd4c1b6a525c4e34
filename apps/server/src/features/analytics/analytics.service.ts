import {
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
  type CreatorAlerts,
  type CreatorEngagement,
  type CreatorOverview,
  type CreatorPerformance,
  type CreatorRevenue,
  type CreatorReviewAnalytics,
  completionBadge,
  DEFAULT_WEEKLY_GOAL_HOURS,
  daysInRange,
  isTimeZone,
  LOW_REVIEW_ALERT_DAYS,
  LOW_REVIEW_STARS,
  STRUGGLING_PROGRESS,
  type StudentAnalytics,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { awardAchievements } from "../community/achievements.service.ts";
import { assertCreator } from "../courses/courses.service.ts";
import { studentLearningFigures } from "../learning/learning-figures.service.ts";
import { applyLearningRollups } from "../learning/learning-rollups.service.ts";
import * as q from "./analytics.queries.ts";
import * as insightQueries from "./insights.queries.ts";
import * as studentQueries from "./student.queries.ts";

/**
 * Creator and student analytics (spec 001 §2 Creator analytics, Student analytics, §9; issue 12).
 * Every figure comes from SQL over the database (analytics.queries.ts, insights.queries.ts,
 * student.queries.ts); nothing is a fixed value.
 * Every read first folds committed learning events into the rollups (decision 0214), so the pages
 * count every event committed before the request.
 */

const DAY = 86_400_000;
const shift = (d: string, days: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** A percent 0–100 with one decimal; 0 when the denominator is 0. */
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Share of those who reached a lesson who stop there, above which a lesson is an alert (issue 12). */
export const STOP_SHARE = 0.3;

/**
 * A student counts as having stopped at a lesson only after this many days without studying
 * (issue 24 §5: Smart Alerts' drop-off window), so one studying it right now is not "stopped".
 */
export const DROP_OFF_INACTIVE_DAYS = 7;

interface CreatorScope {
  scope: q.Scope;
  period: q.Period;
  bucket: "day" | "month";
}

/**
 * Checks the actor is a creator (or admin) and owns the filtered course, and resolves the period:
 * [from, to] local dates in the creator's time zone and the previous period of equal length.
 * Ranges over 92 days are bucketed by month.
 * @throws AppError FORBIDDEN (a student), NOT_FOUND (courseId not the creator's course).
 */
async function creatorScope(db: Db, actor: SessionUser, query: AnalyticsQuery): Promise<CreatorScope> {
  const [, { timeZone }] = await Promise.all([
    applyLearningRollups(db),
    assertCreator(db, actor).then(() => q.viewerProfile(db, actor.id)),
  ]);
  const courseId = query.courseId ?? null;
  if (courseId && !(await q.ownsCourse(db, actor.id, courseId)))
    throw new AppError("NOT_FOUND", ANALYTICS_MESSAGES.courseNotFound);
  const days = daysInRange(query.from, query.to);
  const period = {
    from: query.from,
    to: query.to,
    previousFrom: shift(query.from, -days),
    previousTo: shift(query.from, -1),
  };
  return { scope: { creatorId: actor.id, courseId, timeZone }, period, bucket: days > 92 ? "month" : "day" };
}

function rangeOf({ scope, period, bucket }: CreatorScope) {
  return { ...period, bucket, timeZone: scope.timeZone };
}

/** Every bucket label (YYYY-MM-DD; months as their first day) of the period. */
function buckets(period: q.Period, bucket: "day" | "month"): string[] {
  const out: string[] = [];
  if (bucket === "day") {
    for (let d = period.from; d <= period.to; d = shift(d, 1)) out.push(d);
    return out;
  }
  let [y, m] = period.from.split("-").map(Number);
  const last = period.to.slice(0, 7);
  for (;;) {
    const label = `${y}-${String(m).padStart(2, "0")}`;
    if (label > last) break;
    out.push(`${label}-01`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * Overview: the four cards (value now and at the end of the previous period), enrolments and net
 * revenue per bucket (revenue per currency), the funnel landing views → enrol clicks →
 * enrolments → paid orders → completions in the range, and landing-page views and conversions by
 * local day, device and source (utm_source or the referrer's channel; issue 12 §3), and enrolments
 * in the range by the campaign source they came with. Money in the currency's smallest unit.
 * @throws AppError FORBIDDEN, NOT_FOUND (see creatorScope).
 */
export async function creatorOverview(
  db: Db,
  actor: SessionUser,
  query: AnalyticsQuery,
): Promise<CreatorOverview> {
  const ctx = await creatorScope(db, actor, query);
  const { scope, period, bucket } = ctx;
  // Five statements in parallel; the funnel's steps come from the landing, revenue and enrolment ones.
  const [cards, revenue, enrolled, series, landing] = await Promise.all([
    q.cardFigures(db, scope, period),
    q.revenueTotals(db, scope, period),
    q.enrolmentBreakdown(db, scope, period, bucket),
    q.revenueSeries(db, scope, period, bucket),
    q.landingBreakdown(db, scope, period),
  ]);
  const total = landing.find((r) => r.dim === "total");
  const dim = (name: string) =>
    landing
      .filter((r) => r.dim === name)
      .map((r) => ({ key: String(r.key), views: num(r.views), conversions: num(r.conversions) }));
  const { current: c, previous: p } = cards;
  return {
    range: rangeOf(ctx),
    cards: {
      totalStudents: { value: c.students, previous: p.students },
      revenue: revenue.totals,
      completion: { value: pct(c.completed, c.enrolments), previous: pct(p.completed, p.enrolments) },
      retention: {
        value: c.eligible === 0 ? null : pct(c.retained, c.eligible),
        previous: p.eligible === 0 ? null : pct(p.retained, p.eligible),
      },
    },
    enrolments: buckets(period, bucket).map((date) => ({ date, enrolments: enrolled.series.get(date) ?? 0 })),
    revenue: series.map((r) => ({ date: r.b, currency: r.currency, amount: num(r.amount) })),
    funnel: {
      views: num(total?.views),
      clicks: num(total?.conversions),
      enrolments: enrolled.enrolments,
      paid: revenue.paidOrders,
      completed: enrolled.completed,
    },
    landing: { byDay: dim("day"), byDevice: dim("device"), bySource: dim("source") },
    enrolmentsBySource: enrolled.bySource.map((r) => ({ key: r.key, enrolments: r.n })),
  };
}

/**
 * Student Engagement: per local day the active students (any learning event that day) and study
 * seconds per active student (rounded); study seconds per weekday (1 Monday … 7 Sunday) × hour;
 * lesson drop-off (per published lesson, completed / enrolled students, percent).
 */
export async function creatorEngagement(
  db: Db,
  actor: SessionUser,
  query: AnalyticsQuery,
): Promise<CreatorEngagement> {
  const ctx = await creatorScope(db, actor, query);
  const [daily, heat, lessons] = await Promise.all([
    q.dailyActivity(db, ctx.scope, ctx.period),
    q.heatmap(db, ctx.scope, ctx.period),
    insightQueries.lessonCompletion(db, ctx.scope),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  return {
    range: rangeOf(ctx),
    daily: buckets(ctx.period, "day").map((date) => {
      const d = byDay.get(date);
      const students = num(d?.students);
      return {
        date,
        activeStudents: students,
        secondsPerActiveStudent: students === 0 ? 0 : Math.round(num(d?.seconds) / students),
      };
    }),
    heatmap: heat.map((h) => ({ weekday: num(h.weekday), hour: num(h.hour), seconds: num(h.seconds) })),
    dropOff: lessons.map((l) => ({
      courseId: String(l.course_id),
      courseTitle: String(l.course_title),
      lessonId: String(l.lesson_id),
      lessonTitle: String(l.lesson_title),
      position: num(l.position),
      enrolled: num(l.enrolled),
      completed: num(l.completed),
      rate: pct(num(l.completed), num(l.enrolled)),
    })),
  };
}

/**
 * Revenue Analysis in the range: net revenue by course, payment method, coupon, referral, campaign
 * source and campaign (the order's utm_*, issue 12 §3); refunds.
 */
export async function creatorRevenue(
  db: Db,
  actor: SessionUser,
  query: AnalyticsQuery,
): Promise<CreatorRevenue> {
  const ctx = await creatorScope(db, actor, query);
  const { scope, period } = ctx;
  const [byCourse, byMethod, byCoupon, byReferral, bySource, byCampaign, refunds] = await Promise.all([
    insightQueries.revenueBy(db, scope, period, "course"),
    insightQueries.revenueBy(db, scope, period, "method"),
    insightQueries.revenueBy(db, scope, period, "coupon"),
    insightQueries.revenueBy(db, scope, period, "referral"),
    insightQueries.revenueBy(db, scope, period, "source"),
    insightQueries.revenueBy(db, scope, period, "campaign"),
    insightQueries.refunds(db, scope, period),
  ]);
  const map = (r: (typeof byCourse)[number]) => ({
    key: String(r.key),
    label: String(r.label ?? r.key),
    currency: r.currency,
    amount: num(r.amount),
    orders: num(r.orders),
  });
  return {
    range: rangeOf(ctx),
    byCourse: byCourse.map(map),
    byMethod: byMethod.map(map),
    byCoupon: byCoupon.map(map),
    byReferral: byReferral.map(map),
    bySource: bySource.map(map),
    byCampaign: byCampaign.map(map),
    refunds: refunds.map((r) => ({ currency: r.currency, amount: num(r.amount), orders: num(r.orders) })),
  };
}

/**
 * Course Performance (all time): per course enrolments, completion rate with its badge (001 §9),
 * average progress, average study seconds per enrolment; per quiz the average of each student's
 * best score and the share of students who passed.
 */
export async function creatorPerformance(
  db: Db,
  actor: SessionUser,
  query: AnalyticsQuery,
): Promise<CreatorPerformance> {
  const ctx = await creatorScope(db, actor, query);
  const [courses, quizzes] = await Promise.all([
    insightQueries.coursePerformance(db, ctx.scope),
    insightQueries.quizPerformance(db, ctx.scope),
  ]);
  return {
    range: rangeOf(ctx),
    courses: courses.map((c) => {
      const enrolments = num(c.enrolments);
      const completionRate = pct(num(c.completed), enrolments);
      return {
        courseId: String(c.id),
        title: String(c.title),
        enrolments,
        completed: num(c.completed),
        completionRate,
        badge: completionBadge(completionRate),
        averageProgress: Math.round(num(c.avg_progress) * 10) / 10,
        // Per student who studied the course (issue 24 §5, ux N19).
        averageStudySeconds: num(c.learners) === 0 ? 0 : Math.round(num(c.seconds) / num(c.learners)),
      };
    }),
    quizzes: quizzes.map((z) => ({
      courseId: String(z.course_id),
      courseTitle: String(z.course_title),
      lessonId: String(z.lesson_id),
      lessonTitle: String(z.lesson_title),
      students: num(z.students),
      averageScore: Math.round(num(z.average_score) * 10) / 10,
      passRate: pct(num(z.passed), num(z.students)),
    })),
  };
}

/**
 * Smart Alerts (now, not range-bound): struggling students (not completed, progress under 20,
 * inactive 7 days), lessons where over 30% of those who reached them stop, orders awaiting
 * confirmation over 24 h, landing pages with views and no conversion in 14 days.
 */
export async function creatorAlerts(
  db: Db,
  actor: SessionUser,
  query: AnalyticsQuery,
): Promise<CreatorAlerts> {
  const { scope } = await creatorScope(db, actor, query);
  const [struggling, lessons, orders, pages, reviews] = await Promise.all([
    insightQueries.strugglingStudents(db, scope, STRUGGLING_PROGRESS),
    insightQueries.stoppingLessons(db, scope, STOP_SHARE, DROP_OFF_INACTIVE_DAYS),
    insightQueries.staleAwaitingOrders(db, scope),
    insightQueries.quietLandingPages(db, scope),
    insightQueries.lowReviews(db, scope, LOW_REVIEW_STARS, LOW_REVIEW_ALERT_DAYS),
  ]);
  return {
    struggling: struggling.map((s) => ({
      studentId: String(s.student_id),
      name: String(s.name),
      courseId: String(s.course_id),
      courseTitle: String(s.course_title),
      progress: Math.round(num(s.progress)),
      lastActiveAt: iso(s.last_accessed),
    })),
    dropOffLessons: lessons.map((l) => ({
      courseId: String(l.course_id),
      courseTitle: String(l.course_title),
      lessonId: String(l.lesson_id),
      lessonTitle: String(l.lesson_title),
      reached: num(l.reached),
      stopped: num(l.stopped),
      rate: pct(num(l.stopped), num(l.reached)),
    })),
    awaitingOrders: orders.map((o) => ({
      orderId: String(o.id),
      reference: String(o.reference),
      courseTitle: String(o.course_title),
      amount: num(o.amount),
      currency: String(o.currency),
      awaitingSince: iso(o.awaiting_at) ?? "",
    })),
    quietLandingPages: pages.map((p) => ({ id: String(p.id), title: String(p.title), views: num(p.views) })),
    lowReviews: reviews.map((r) => ({
      reviewId: String(r.id),
      courseId: String(r.course_id),
      courseTitle: String(r.course_title),
      rating: num(r.rating),
      body: String(r.body ?? ""),
      createdAt: iso(r.created_at) ?? "",
      replied: Boolean(r.replied),
    })),
  };
}

/**
 * Reviews (issue 24 §2): per course of the scope, the all-time mean stars and count of visible
 * reviews (unrounded; the web rounds) and the share a student completes first; the reviews written
 * in the range per day or month bucket (count, mean) and over the whole range.
 * @throws AppError FORBIDDEN, NOT_FOUND (see creatorScope).
 */
export async function creatorReviews(
  db: Db,
  actor: SessionUser,
  query: AnalyticsQuery,
): Promise<CreatorReviewAnalytics> {
  const ctx = await creatorScope(db, actor, query);
  const { scope, period, bucket } = ctx;
  const [averages, trend] = await Promise.all([
    insightQueries.reviewAverages(db, scope),
    insightQueries.reviewTrend(db, scope, period, bucket),
  ]);
  const byLabel = new Map(trend.map((r) => [String(r.label), r]));
  let count = 0;
  let stars = 0;
  for (const r of trend) {
    count += num(r.count);
    stars += num(r.average) * num(r.count);
  }
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return {
    courses: averages.map((c) => ({
      courseId: String(c.course_id),
      courseTitle: String(c.course_title),
      average: num(c.rating_count) > 0 ? round2(num(c.rating)) : null,
      count: num(c.rating_count),
      minProgress: num(c.review_min_progress),
    })),
    trend: buckets(period, bucket).map((label) => {
      const r = byLabel.get(label);
      return { label, count: r ? num(r.count) : 0, average: r ? round2(num(r.average)) : null };
    }),
    period: { count, average: count > 0 ? round2(stars / count) : null },
    bucket,
  };
}

/**
 * My Learning Analytics (the acting user's own data only): cards (average progress, enrolments,
 * completed courses, study seconds this ISO week and in total, current and best streak in local
 * days, certificates), study seconds per day for the last 30 local days, per-course progress with
 * the next lesson, habits (weekday × hour seconds), quizzes (best score) and achievements with the
 * date each was earned (001 §9 rules; null when not earned).
 */
export async function studentAnalytics(db: Db, actor: SessionUser): Promise<StudentAnalytics> {
  // Study time and streak: the one definition every screen uses (issue 24 §5, decision 0229).
  const figures = await studentLearningFigures(db, actor.id);
  const { timeZone, days, today } = figures;
  const [habits, courses, quizzes, goal] = await Promise.all([
    studentQueries.studentHabits(db, actor.id),
    studentQueries.studentCourses(db, actor.id),
    studentQueries.studentQuizzes(db, actor.id),
    studentQueries.weeklyGoal(db, actor.id),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d.seconds]));
  const daily = Array.from({ length: 30 }, (_, i) => {
    const date = shift(today, i - 29);
    return { date, seconds: byDay.get(date) ?? 0 };
  });
  const completions = courses
    .map((c) => iso(c.completion_date))
    .filter((d): d is string => d !== null)
    .sort();
  // The achievements are the community's awards (issue 13 §4): one rule set, awarded once.
  const awards = await awardAchievements(db, actor.id, figures);
  return {
    timeZone,
    today,
    weeklyGoalHours: goal ?? DEFAULT_WEEKLY_GOAL_HOURS,
    cards: {
      averageProgress:
        courses.length === 0
          ? 0
          : Math.round((courses.reduce((s, c) => s + num(c.progress), 0) / courses.length) * 10) / 10,
      enrolments: courses.length,
      completedCourses: completions.length,
      weekSeconds: figures.weekSeconds,
      totalSeconds: figures.totalSeconds,
      currentStreak: figures.currentStreak,
      bestStreak: figures.bestStreak,
      certificates: courses.filter((c) => c.certificate_issued === true).length,
    },
    daily,
    courses: courses.map((c) => ({
      courseId: String(c.course_id),
      title: String(c.title),
      progress: Math.round(num(c.progress)),
      isCompleted: c.is_completed === true,
      nextLessonId: c.next_lesson_id ? String(c.next_lesson_id) : null,
      studySeconds: num(c.seconds),
    })),
    habits: habits.map((h) => ({ weekday: num(h.weekday), hour: num(h.hour), seconds: num(h.seconds) })),
    quizzes: quizzes.map((z) => ({
      courseTitle: String(z.course_title),
      lessonTitle: String(z.lesson_title),
      bestScore: num(z.best),
      passed: num(z.passed) === 1,
      attempts: num(z.attempts),
    })),
    achievements: awards.achievements.map((a) => ({ key: a.id, earnedAt: a.earnedAt })),
  };
}

/** Stores the acting student's weekly goal (whole hours 1–100, validated by the route's schema). */
export async function setWeeklyGoal(db: Db, actor: SessionUser, hours: number): Promise<void> {
  await studentQueries.saveWeeklyGoal(db, actor.id, hours);
}

/**
 * Stores the acting user's time zone (an IANA name); days of later learning events are counted in
 * it. Events already written are folded into the rollups first, in the zone they were written in
 * (decision 0214).
 * @throws AppError VALIDATION_FAILED (badTimeZone) for an unknown zone.
 */
export async function setMyTimeZone(db: Db, actor: SessionUser, timeZone: string): Promise<void> {
  if (!isTimeZone(timeZone)) throw new AppError("VALIDATION_FAILED", ANALYTICS_MESSAGES.badTimeZone);
  await applyLearningRollups(db);
  if (!(await studentQueries.saveTimeZone(db, actor.id, timeZone)))
    throw new AppError("VALIDATION_FAILED", ANALYTICS_MESSAGES.badTimeZone);
}
