import type { CreatorPerformance } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { formatDuration, formatPercent } from "../format";
import { Section } from "./creator-shared";
import { EmptyState } from "./states";

const BADGE_CLASS = {
  excellent: "bg-emerald-100 text-emerald-800",
  good: "bg-sky-100 text-sky-800",
  needsAttention: "bg-amber-100 text-amber-900",
} as const;

/** Creator analytics' Course Performance tab (spec 001 §2 Creator analytics; issue 12 §2). */
export function PerformanceTab({ data }: { data: CreatorPerformance }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  if (data.courses.length === 0) return <EmptyState text={t("creator.performance.empty")} />;
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2" data-testid="performance-courses">
        {data.courses.map((c) => (
          <li key={c.courseId}>
            <Card className="h-full">
              <CardContent className="grid gap-3 p-4">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 font-semibold">{c.title}</h3>
                  <Badge
                    className={cn("shrink-0 border-0", BADGE_CLASS[c.badge])}
                    data-testid="performance-badge"
                  >
                    {t(`creator.performance.badge.${c.badge}`)}
                  </Badge>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <dt className="text-muted-foreground">{t("creator.performance.enrolments")}</dt>
                  <dd className="text-right tabular-nums">{formatNumber(c.enrolments, lng)}</dd>
                  <dt className="text-muted-foreground">{t("creator.performance.completion")}</dt>
                  <dd className="text-right tabular-nums">{formatPercent(c.completionRate, lng)}</dd>
                  <dt className="text-muted-foreground">{t("creator.performance.averageProgress")}</dt>
                  <dd className="text-right tabular-nums">{formatPercent(c.averageProgress, lng)}</dd>
                  <dt className="text-muted-foreground">{t("creator.performance.averageStudy")}</dt>
                  <dd className="text-right tabular-nums">{formatDuration(t, c.averageStudySeconds)}</dd>
                </dl>
                <Progress
                  value={c.completionRate}
                  aria-label={`${t("creator.performance.completion")}: ${formatPercent(c.completionRate, lng)}`}
                />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <Section title={t("creator.performance.quizzes")}>
        {data.quizzes.length === 0 ? (
          <EmptyState text={t("creator.performance.noQuizzes")} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t("creator.performance.quiz")}</th>
                  <th className="py-2 pr-3 text-right font-medium">{t("creator.performance.students")}</th>
                  <th className="py-2 pr-3 text-right font-medium">
                    {t("creator.performance.averageScore")}
                  </th>
                  <th className="py-2 text-right font-medium">{t("creator.performance.passRate")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.quizzes.map((z) => (
                  <tr key={z.lessonId}>
                    <td className="py-2 pr-3">
                      {z.lessonTitle}
                      <span className="block text-xs text-muted-foreground">{z.courseTitle}</span>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(z.students, lng)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {formatPercent(z.averageScore, lng)}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatPercent(z.passRate, lng)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
