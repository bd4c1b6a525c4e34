import { type StudentDashboard as StudentDashboardData, studyTimeLabel } from "@academy/shared";
import { AwardIcon, BookOpenIcon, ClockIcon, GraduationCapIcon, TargetIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatNumber, renderLabel } from "@/lib/format";
import { StatCard } from "./stat-card";

/** Course card description cut (spec 000 §9): 100 characters. */
export const DESCRIPTION_CUT = 100;

function cut(text: string | null, max: number): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The student dashboard (spec 000 §2, §9): welcome banner, Active Courses, Completion Rate, Study
 * Time and Achievements, then "My Courses" newest enrolment first.
 */
export function StudentDashboard({ data, name }: { data: StudentDashboardData; name: string }) {
  const { t, i18n } = useTranslation("dashboard");
  const lng = i18n.language;
  const studyTime = renderLabel(t, studyTimeLabel(data.stats.studySeconds), lng);
  return (
    <div className="grid gap-6">
      <section className="rounded-xl bg-gradient-to-r from-brand to-[#3949ab] p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("student.welcome", { name })}</h1>
        <p className="mt-1 text-white/80">{t("student.welcomeBody")}</p>
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[
            [t("student.banner.enrolled"), formatNumber(data.courses.length, lng)],
            [t("student.banner.completed"), formatNumber(data.stats.completedCourses, lng)],
            [t("student.banner.studyTime"), studyTime],
            [t("student.banner.achievements"), formatNumber(data.stats.achievements, lng)],
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
          value={`${data.stats.completionRate}%`}
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
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.courses.map((course) => (
              <li key={course.enrollmentId}>
                <Card className="flex h-full flex-col overflow-hidden">
                  {course.thumbnailUrl ? (
                    <img
                      src={course.thumbnailUrl}
                      alt=""
                      className="aspect-video w-full object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <div className="flex aspect-video w-full items-center justify-center bg-secondary">
                      <BookOpenIcon className="size-10 text-brand/40" aria-hidden />
                    </div>
                  )}
                  <div className="flex flex-1 flex-col gap-3 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="font-semibold leading-tight">{course.title}</h3>
                      {course.isCompleted ? <Badge variant="success">{t("student.completed")}</Badge> : null}
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {cut(course.description, DESCRIPTION_CUT)}
                    </p>
                    <div className="mt-auto grid gap-1.5">
                      <div className="flex justify-between text-xs text-muted-foreground">
                        <span>{t("student.progress")}</span>
                        <span>{Math.round(course.progress)}%</span>
                      </div>
                      <Progress value={course.progress} aria-label={t("student.progress")} />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {course.paymentStatus === "pending" ? (
                        <Badge variant="outline">{t("student.paymentPending")}</Badge>
                      ) : (
                        <Button asChild size="sm">
                          <Link to={`/learn/${course.courseId}`}>
                            {course.isCompleted ? t("student.review") : t("student.continue")}
                          </Link>
                        </Button>
                      )}
                      {course.certificateIssued && course.certificateUrl ? (
                        <Button asChild size="sm" variant="outline">
                          <a href={course.certificateUrl}>{t("student.certificate")}</a>
                        </Button>
                      ) : null}
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
