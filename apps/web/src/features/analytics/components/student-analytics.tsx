import { type StudentAnalytics as Data, DEFAULT_WEEKLY_GOAL_HOURS } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import {
  AwardIcon,
  ClockIcon,
  FlameIcon,
  LockIcon,
  TargetIcon,
  TrendingUpIcon,
  TrophyIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatDate, formatNumber } from "@/lib/format";
import { studentAnalyticsQueryOptions, useSaveTimeZone, useSaveWeeklyGoal } from "../api/analytics";
import { formatDay, formatDuration, formatPercent } from "../format";
import { COLORS } from "./chart-colors";
import { EmptyState, LoadFailed } from "./states";

const Charts = React.lazy(() => import("./charts").then((m) => ({ default: m.SeriesChart })));
const HeatmapChart = React.lazy(() => import("./charts").then((m) => ({ default: m.Heatmap })));

/**
 * My Learning Analytics (spec 001 §2 Student analytics, §9; issue 12 §4): the signed-in student's
 * own cards, tabs (Overview, Course Progress, Study Habits, Goals), achievements and time zone.
 */
export function StudentAnalytics() {
  const { t } = useTranslation("analytics");
  const query = useQuery(studentAnalyticsQueryOptions);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("student.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("student.subtitle")}</p>
        </div>
        {query.data ? <TimeZoneControl current={query.data.timeZone} /> : null}
      </header>
      {query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label={t("loading")}>
          <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <Body data={query.data} />
      )}
    </div>
  );
}

function TimeZoneControl({ current }: { current: string }) {
  const { t } = useTranslation("analytics");
  const save = useSaveTimeZone();
  const zones = React.useMemo(() => {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return list.includes(current) ? list : [current, ...list];
  }, [current]);
  return (
    <div className="grid min-w-0 gap-1.5 sm:w-72">
      <Label htmlFor="analytics-time-zone">{t("student.timeZone")}</Label>
      <select
        id="analytics-time-zone"
        className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm"
        value={current}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate(e.target.value, {
            onSuccess: () => toast.success(t("student.timeZoneSaved")),
            onError: (error) => toast.error(error.message),
          })
        }
        data-testid="analytics-time-zone"
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </div>
  );
}

function StatCard({
  title,
  icon: Icon,
  value,
  hint,
  testId,
}: {
  title: string;
  icon: React.ElementType;
  value: React.ReactNode;
  hint?: React.ReactNode;
  testId: string;
}) {
  return (
    <li>
      <Card className="h-full">
        <CardContent className="grid gap-1 p-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</p>
            <Icon className="size-5 shrink-0 text-brand" aria-hidden />
          </div>
          <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
            {value}
          </p>
          {hint ? <div className="text-xs text-muted-foreground">{hint}</div> : null}
        </CardContent>
      </Card>
    </li>
  );
}

function Body({ data }: { data: Data }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const c = data.cards;
  const goalSeconds = data.weeklyGoalHours * 3600;
  const weekdays = Array.from({ length: 7 }, (_, i) => t(`weekdays.${i + 1}`));
  const anyStudy = data.daily.some((d) => d.seconds > 0);
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="student-cards">
        <StatCard
          title={t("student.cards.progress")}
          icon={TrendingUpIcon}
          value={formatPercent(c.averageProgress, lng)}
          hint={t("student.cards.progressHint", { completed: c.completedCourses, total: c.enrolments })}
          testId="card-progress"
        />
        <StatCard
          title={t("student.cards.studyTime")}
          icon={ClockIcon}
          value={
            <>
              <span className="sr-only">{t("student.cards.thisWeek")}: </span>
              {formatDuration(t, c.weekSeconds)}
            </>
          }
          hint={`${t("student.cards.thisWeek")} · ${t("student.cards.studyTimeHint", { total: formatDuration(t, c.totalSeconds) })}`}
          testId="card-study-time"
        />
        <StatCard
          title={t("student.cards.streak")}
          icon={FlameIcon}
          value={t("student.cards.streakValue", { count: c.currentStreak })}
          hint={
            <span data-testid="card-best-streak">
              {t("student.cards.bestStreak", { count: c.bestStreak })}
            </span>
          }
          testId="card-streak"
        />
        <StatCard
          title={t("student.cards.certificates")}
          icon={AwardIcon}
          value={formatNumber(c.certificates, lng)}
          hint={t("student.cards.certificatesHint")}
          testId="card-certificates"
        />
      </ul>

      <Tabs defaultValue="overview">
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList className="w-max min-w-full">
            {(["overview", "courses", "habits", "goals"] as const).map((k) => (
              <TabsTrigger key={k} value={k} data-testid={`student-tab-${k}`}>
                {t(`student.tabs.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <React.Suspense fallback={<Skeleton className="mt-4 h-64 w-full" />}>
          <TabsContent value="overview">
            <Card>
              <CardHeader className="pb-2">
                <CardTitle className="text-base">{t("student.overview.daily")}</CardTitle>
              </CardHeader>
              <CardContent className="min-w-0">
                {anyStudy ? (
                  <Charts
                    caption={t("student.overview.daily")}
                    data={data.daily}
                    xKey="date"
                    formatX={(d) => formatDay(d, lng)}
                    series={[{ key: "seconds", label: t("student.overview.series"), color: COLORS[0] }]}
                    formatValue={(v) => formatDuration(t, v)}
                    kind="bar"
                    testId="student-daily-chart"
                  />
                ) : (
                  <EmptyState text={t("student.overview.empty")} />
                )}
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="courses" className="grid gap-4">
            <CourseProgress data={data} />
          </TabsContent>
          <TabsContent value="habits">
            <Card>
              <CardHeader className="pb-2">
                <CardTitle className="text-base">{t("student.habits.title")}</CardTitle>
              </CardHeader>
              <CardContent className="min-w-0">
                {data.habits.length > 0 ? (
                  <HeatmapChart
                    caption={t("student.habits.title")}
                    cells={data.habits}
                    weekdays={weekdays}
                    formatSeconds={(s) => formatDuration(t, s)}
                    testId="student-habits"
                  />
                ) : (
                  <EmptyState text={t("student.habits.empty")} />
                )}
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="goals">
            <Goal weekSeconds={c.weekSeconds} goalSeconds={goalSeconds} hours={data.weeklyGoalHours} />
          </TabsContent>
        </React.Suspense>
      </Tabs>

      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <TrophyIcon className="size-5 text-brand" aria-hidden />
            {t("student.achievements.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="achievements">
            {data.achievements.map((a) => (
              <li
                key={a.key}
                className={`flex gap-3 rounded-md border border-border p-3 ${a.earnedAt ? "" : "opacity-70"}`}
                data-testid={`achievement-${a.key}`}
                data-earned={a.earnedAt ? "true" : "false"}
              >
                {a.earnedAt ? (
                  <AwardIcon className="size-6 shrink-0 text-amber-500" aria-hidden />
                ) : (
                  <LockIcon className="size-6 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <div className="min-w-0 text-sm">
                  <p className="font-semibold">{t(`student.achievements.${a.key}`)}</p>
                  <p className="text-muted-foreground">{t(`student.achievements.${a.key}Help`)}</p>
                  <p className="text-xs text-muted-foreground">
                    {a.earnedAt
                      ? t("student.achievements.earned", { date: formatDate(a.earnedAt, lng) })
                      : t("student.achievements.locked")}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}

function CourseProgress({ data }: { data: Data }) {
  const { t } = useTranslation("analytics");
  if (data.courses.length === 0) return <EmptyState text={t("student.courses.empty")} />;
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2" data-testid="student-courses">
        {data.courses.map((c) => (
          <li key={c.courseId}>
            <Card className="h-full">
              <CardContent className="grid gap-3 p-4">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 font-semibold">{c.title}</h3>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">{c.progress}%</span>
                </div>
                <Progress value={c.progress} aria-label={`${c.title}: ${c.progress}%`} />
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                  <span>
                    {c.isCompleted
                      ? t("student.courses.completed")
                      : t("student.courses.studied", { time: formatDuration(t, c.studySeconds) })}
                  </span>
                  <Button asChild size="sm" variant={c.isCompleted ? "outline" : "default"}>
                    <Link
                      to={
                        c.nextLessonId
                          ? `/learn/${c.courseId}?lesson=${c.nextLessonId}`
                          : `/learn/${c.courseId}`
                      }
                    >
                      {c.isCompleted ? t("student.courses.review") : t("student.courses.continue")}
                    </Link>
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {data.quizzes.length > 0 ? (
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">{t("student.courses.quizzes")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border">
              {data.quizzes.map((z) => (
                <li
                  key={`${z.courseTitle}-${z.lessonTitle}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm"
                >
                  <span className="min-w-0">
                    {t("student.courses.quizItem", { lesson: z.lessonTitle, course: z.courseTitle })}
                  </span>
                  <span className="tabular-nums">
                    {t("student.courses.best", { score: z.bestScore })} ·{" "}
                    {z.passed ? t("student.courses.passed") : t("student.courses.notPassed")} ·{" "}
                    {t("student.courses.attempts", { count: z.attempts })}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

function Goal({
  weekSeconds,
  goalSeconds,
  hours,
}: {
  weekSeconds: number;
  goalSeconds: number;
  hours: number;
}) {
  const { t } = useTranslation("analytics");
  const save = useSaveWeeklyGoal();
  const [value, setValue] = React.useState(String(hours));
  React.useEffect(() => setValue(String(hours)), [hours]);
  const share = goalSeconds === 0 ? 0 : Math.min(100, Math.round((weekSeconds / goalSeconds) * 1000) / 10);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <TargetIcon className="size-5 text-brand" aria-hidden />
          {t("student.goals.weekly")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <p className="text-sm" data-testid="goal-progress">
            {t("student.goals.progress", {
              done: formatDuration(t, weekSeconds),
              goal: formatDuration(t, goalSeconds),
            })}
          </p>
          <Progress value={share} aria-label={t("student.goals.weekly")} />
          {weekSeconds >= goalSeconds ? (
            <p className="text-sm font-medium text-emerald-700">{t("student.goals.reached")}</p>
          ) : null}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(value);
            save.mutate(n, {
              onSuccess: () => toast.success(t("student.goals.saved")),
              onError: (error) => toast.error(error.message),
            });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="weekly-goal">{t("student.goals.hours")}</Label>
            <Input
              id="weekly-goal"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              className="w-28"
              value={value}
              placeholder={String(DEFAULT_WEEKLY_GOAL_HOURS)}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={save.isPending} data-testid="save-goal">
            {t("student.goals.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
