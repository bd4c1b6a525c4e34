import { type StudentDashboard as StudentDashboardData, studyTimeLabel } from "@academy/shared";
import { AwardIcon, BookOpenIcon, ClockIcon, GraduationCapIcon, TargetIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { formatNumber, formatPercent, renderLabel } from "@/lib/format";
import { EnrolledCourseGrid } from "./enrolled-course-grid";
import { StatCard } from "./stat-card";

/**
 * The student dashboard (spec 000 §2, §9): welcome banner, Active Courses, Completion Rate, Study
 * Time and Achievements, then "My Courses" newest enrolment first.
 */
export function StudentDashboard({
  data,
  name,
  isNew = false,
  courseAction,
  studyGoal,
}: {
  data: StudentDashboardData;
  name: string;
  /** A new account: "Welcome", not "Welcome back" (issue 24 §8). */
  isNew?: boolean;
  /** Extra actions on each enrolled course card ("Message teacher"). */
  courseAction?: (courseId: string) => React.ReactNode;
  /** The "Study reminders" card (weekly goal, issue 27 §3), composed in by the route. */
  studyGoal?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const lng = i18n.language;
  const studyTime = renderLabel(t, studyTimeLabel(data.stats.studySeconds), lng);
  return (
    <div className="grid gap-6">
      <section className="rounded-xl bg-gradient-to-r from-brand to-[#3949ab] p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t(isNew ? "student.welcomeNew" : "student.welcome", { name })}
        </h1>
        <p className="mt-1 text-white/80">{t("student.welcomeBody")}</p>
        {/* Enrolled and completed here; study time and achievements are the cards below, shown once (ux N12). */}
        <dl className="mt-6 grid max-w-md grid-cols-2 gap-4">
          {[
            [t("student.banner.enrolled"), formatNumber(data.courses.length, lng)],
            [t("student.banner.completed"), formatNumber(data.stats.completedCourses, lng)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-white/10 p-3">
              <dt className="text-xs text-white/70">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-label={t("student.statsLabel")}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <StatCard
          icon={BookOpenIcon}
          label={t("student.stats.activeCourses")}
          value={formatNumber(data.stats.activeCourses, lng)}
          testId="stat-active-courses"
        />
        <StatCard
          icon={TargetIcon}
          label={t("student.stats.completionRate")}
          value={formatPercent(data.stats.completionRate, lng)}
          testId="stat-completion-rate"
        />
        <StatCard
          icon={ClockIcon}
          label={t("student.stats.studyTime")}
          value={studyTime}
          testId="stat-study-time"
        />
        <StatCard
          icon={AwardIcon}
          label={t("student.stats.achievements")}
          value={formatNumber(data.stats.achievements, lng)}
          testId="stat-achievements"
        />
      </section>

      {studyGoal}

      <section>
        <h2 className="mb-3 text-lg font-semibold">{t("student.myCourses")}</h2>
        {data.courses.length === 0 ? (
          <Card
            className="flex flex-col items-center gap-3 px-6 py-12 text-center"
            data-testid="courses-empty"
          >
            <GraduationCapIcon className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("student.noCourses")}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{t("student.noCoursesBody")}</p>
          </Card>
        ) : (
          <EnrolledCourseGrid courses={data.courses} courseAction={courseAction} />
        )}
      </section>
    </div>
  );
}
