import { type CreatorDashboard as CreatorDashboardData, elapsedLabel } from "@academy/shared";
import {
  ActivityIcon,
  ArrowRightIcon,
  BookOpenIcon,
  CheckCircle2Icon,
  CircleIcon,
  PaletteIcon,
  RocketIcon,
  TrendingUpIcon,
  UserPlusIcon,
  UsersIcon,
  WalletIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatMoney, formatNumber, formatPercent, renderLabel } from "@/lib/format";
import { cn } from "@/lib/utils";
import { EnrolledCourseGrid } from "./enrolled-course-grid";
import { StatCard } from "./stat-card";

/**
 * The creator dashboard (spec 000 §2): welcome banner with setup progress, four stat cards,
 * the "Get Started" checklist and Recent Activity — all from the database.
 */
export function CreatorDashboard({
  data,
  name,
  isNew = false,
}: {
  data: CreatorDashboardData;
  name: string;
  /** A new account: "Welcome", not "Welcome back" (issue 24 §8). */
  isNew?: boolean;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const lng = i18n.language;
  const growth = data.stats.growth;
  const checklist = [
    { key: "createCourse", to: "/dashboard/courses/new", icon: BookOpenIcon, done: data.checklist.hasCourse },
    { key: "brandSchool", to: "/dashboard/branding", icon: PaletteIcon, done: data.checklist.hasSchool },
    {
      key: "publishCourse",
      to: "/dashboard/courses",
      icon: RocketIcon,
      done: data.checklist.hasPublishedCourse,
    },
    {
      key: "inviteStudents",
      to: "/dashboard/students",
      icon: UserPlusIcon,
      done: data.checklist.hasEnrolledStudent,
    },
  ];
  return (
    <div className="grid gap-6">
      <section className="overflow-hidden rounded-xl bg-gradient-to-r from-brand to-[#3949ab] p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t(isNew ? "creator.welcomeNew" : "creator.welcome", { name })}
        </h1>
        <p className="mt-1 text-white/80">{t("creator.welcomeBody")}</p>
        <div className="mt-6 max-w-md">
          <div className="mb-2 flex items-center justify-between text-sm">
            <span>{t("creator.setupProgress")}</span>
            <span className="font-semibold" data-testid="setup-progress">
              {data.setupProgress}%
            </span>
          </div>
          <Progress
            value={data.setupProgress}
            className="h-2.5 bg-white/20"
            aria-label={t("creator.setupProgress")}
          />
        </div>
      </section>

      <section
        aria-label={t("creator.statsLabel")}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <StatCard
          icon={BookOpenIcon}
          label={t("creator.stats.totalCourses")}
          value={formatNumber(data.stats.totalCourses, lng)}
          hint={t("creator.stats.published", { count: data.stats.publishedCourses })}
          testId="stat-total-courses"
        />
        <StatCard
          icon={UsersIcon}
          label={t("creator.stats.students")}
          value={formatNumber(data.stats.students, lng)}
          testId="stat-students"
        />
        <StatCard
          icon={WalletIcon}
          label={t("creator.stats.earnings")}
          value={
            // Per currency, never added together (issue 11 §8); amounts in the smallest unit.
            data.stats.earningsByCurrency && data.stats.earningsByCurrency.length > 0
              ? data.stats.earningsByCurrency
                  .map((e) => formatMoney(e.currency === "VND" ? e.amount : e.amount / 100, e.currency, lng))
                  .join(" · ")
              : formatMoney(data.stats.earnings, "VND", lng)
          }
          testId="stat-earnings"
        />
        <StatCard
          icon={TrendingUpIcon}
          label={t("creator.stats.growth")}
          value={growth === null ? "—" : formatPercent(growth, lng, { signed: true })}
          hint={t("creator.stats.growthHint", { count: data.stats.newEnrolments30d })}
          testId="stat-growth"
        />
      </section>

      <section>
        <h2 className="mb-3 text-lg font-semibold">{t("creator.getStarted")}</h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {checklist.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className={cn(
                  "group flex h-full flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm transition hover:border-brand hover:shadow-md",
                  item.done ? "border-emerald-200" : "border-border",
                )}
              >
                <span className="flex items-center justify-between">
                  <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-brand">
                    <item.icon className="size-5" aria-hidden />
                  </span>
                  {item.done ? (
                    <CheckCircle2Icon className="size-5 text-emerald-600" aria-label={t("creator.done")} />
                  ) : (
                    <CircleIcon className="size-5 text-muted-foreground/50" aria-label={t("creator.todo")} />
                  )}
                </span>
                <span className="font-medium">{t(`creator.checklist.${item.key}.title`)}</span>
                <span className="text-sm text-muted-foreground">
                  {t(`creator.checklist.${item.key}.body`)}
                </span>
                <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-brand">
                  {t(`creator.checklist.${item.key}.cta`)}
                  <ArrowRightIcon className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {data.learning && data.learning.length > 0 ? (
        <section>
          <h2 className="mb-3 text-lg font-semibold">{t("creator.myLearning")}</h2>
          <EnrolledCourseGrid courses={data.learning} />
        </section>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t("creator.recentActivity")}</CardTitle>
          <CardDescription>{t("creator.recentActivityBody")}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.recentActivity.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="activity-empty">
              <ActivityIcon className="size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">{t("creator.noActivity")}</p>
              <p className="max-w-sm text-sm text-muted-foreground">{t("creator.noActivityBody")}</p>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {data.recentActivity.map((item) => (
                <li
                  key={`${item.kind}-${item.at}-${item.courseTitle}`}
                  className="flex items-center justify-between gap-3 py-3 text-sm"
                >
                  <span>
                    {t(
                      item.kind === "completion" ? "creator.activity.completed" : "creator.activity.enrolled",
                      {
                        name: item.studentName ?? t("creator.activity.someone"),
                        course: item.courseTitle,
                      },
                    )}
                  </span>
                  <span className="shrink-0 text-muted-foreground">
                    {renderLabel(t, elapsedLabel(new Date(item.at)), lng)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
