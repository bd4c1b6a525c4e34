import {
  type CreatorDashboard,
  completionRate,
  type Dashboard,
  type StudentDashboard,
  setupProgress,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { SessionUser } from "../../lib/http.ts";
import { awardAchievements } from "../community/achievements.service.ts";
import { isLeavable } from "../enrolments/enrolments.service.ts";
import { studentLearningFigures } from "../learning/learning-figures.service.ts";
import { getMe } from "../profiles/profiles.service.ts";
import {
  creatorCourseCounts,
  creatorEnrolmentsBetween,
  creatorHasSchool,
  creatorRecentEnrolments,
  creatorStudentTotals,
  studentEnrolments,
} from "./dashboard.queries.ts";

const DAY_MS = 86_400_000;

/**
 * The dashboard of the acting user (spec 000 §2 dashboards, §4 setup progress, §9): the student
 * dashboard when the profile role is student, the creator dashboard otherwise (with `learning`: the
 * creator's own enrolments, when any). Real figures only.
 */
export async function getDashboard(db: Db, actor: SessionUser, now = new Date()): Promise<Dashboard> {
  const me = await getMe(db, actor);
  return me.role === "student" ? studentDashboard(db, actor.id) : creatorDashboard(db, actor.id, now);
}

async function creatorDashboard(db: Db, creatorId: string, now: Date): Promise<CreatorDashboard> {
  const last30From = new Date(now.getTime() - 30 * DAY_MS);
  const prev30From = new Date(now.getTime() - 60 * DAY_MS);
  const [counts, totals, hasSchool, last30, prev30, recent, learning] = await Promise.all([
    creatorCourseCounts(db, creatorId),
    creatorStudentTotals(db, creatorId),
    creatorHasSchool(db, creatorId),
    creatorEnrolmentsBetween(db, creatorId, last30From, now),
    creatorEnrolmentsBetween(db, creatorId, prev30From, last30From),
    creatorRecentEnrolments(db, creatorId, 5),
    studentEnrolments(db, creatorId),
  ]);
  const checklist = {
    hasCourse: counts.total > 0,
    hasPublishedCourse: counts.published > 0,
    hasEnrolledStudent: totals.students > 0,
    hasSchool,
  };
  return {
    role: "creator",
    setupProgress: setupProgress({ role: "creator", ...checklist }),
    checklist,
    stats: {
      totalCourses: counts.total,
      publishedCourses: counts.published,
      students: totals.students,
      earnings: totals.earnings,
      earningsByCurrency: totals.earningsByCurrency,
      growth: prev30 > 0 ? Math.round(((last30 - prev30) / prev30) * 1000) / 10 : null,
      newEnrolments30d: last30,
    },
    recentActivity: recent.map((row) => ({
      kind: row.isCompleted ? ("completion" as const) : ("enrolment" as const),
      studentName: row.studentName ?? row.studentEmail,
      courseTitle: row.courseTitle,
      at: (row.isCompleted && row.completionDate ? row.completionDate : row.enrollmentDate).toISOString(),
    })),
    // A creator who enrols stays a creator (DESIGN §5) and finds their own courses to learn here.
    ...(learning.length > 0 ? { learning: learning.map(toStudentCourse) } : {}),
  };
}

async function studentDashboard(db: Db, studentId: string): Promise<StudentDashboard> {
  // Study time: the learning figures every screen shows (issue 24 §5, decision 0229); they apply
  // the pending rollups, which challenge hours (awardAchievements) read too (decision 0214).
  const figures = await studentLearningFigures(db, studentId);
  const [rows, awards] = await Promise.all([
    studentEnrolments(db, studentId),
    awardAchievements(db, studentId, figures),
  ]);
  // Courses are paid (or free) enrolments; a payment still pending is not a course yet.
  const paid = rows.filter((r) => r.paymentStatus === "completed");
  const completed = paid.filter((r) => r.isCompleted).length;
  return {
    role: "student",
    stats: {
      activeCourses: paid.length - completed,
      completedCourses: completed,
      completionRate: completionRate(completed, paid.length),
      studySeconds: figures.totalSeconds,
      // The same awards as the community's Achievements tab (issue 13 §4).
      achievements: awards.earnedCount,
    },
    courses: rows.map(toStudentCourse),
  };
}

function toStudentCourse(row: Awaited<ReturnType<typeof studentEnrolments>>[number]) {
  const { enrollmentSource, ...rest } = row;
  return {
    ...rest,
    enrollmentDate: row.enrollmentDate.toISOString(),
    // issue 16 item 8: a course the student did not choose (invited or assigned) can be left.
    canLeave: isLeavable({ source: enrollmentSource, certificateIssued: row.certificateIssued }),
  };
}
