import type { StudentStats as Stats } from "@academy/shared";
import { ActivityIcon, AwardIcon, TrendingUpIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";

/**
 * The stat cards of Student Management (000 §2): total students, active today, completed
 * enrolments and average progress (%). Skeletons while loading.
 */
export function StudentStats({ stats }: { stats: Stats | undefined }) {
  const { t, i18n } = useTranslation("students");
  const lng = i18n.language;
  const cards = [
    {
      key: "total",
      icon: UsersIcon,
      value: stats?.totalStudents,
      hint: stats && t("stats.enrolments", { count: stats.totalEnrolments }),
    },
    { key: "activeToday", icon: ActivityIcon, value: stats?.activeToday },
    { key: "completed", icon: AwardIcon, value: stats?.completed },
    { key: "averageProgress", icon: TrendingUpIcon, value: stats?.averageProgress, suffix: "%" },
  ] as const;
  return (
    <ul
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      aria-label={t("stats.label")}
      data-testid="student-stats"
    >
      {cards.map((card) => (
        <li key={card.key}>
          <Card className="h-full">
            <CardContent className="flex items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground sm:text-sm">
                  {t(`stats.${card.key}`)}
                </p>
                {card.value === undefined ? (
                  <Skeleton className="mt-2 h-7 w-12" />
                ) : (
                  <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`stat-${card.key}`}>
                    {formatNumber(card.value, lng)}
                    {"suffix" in card ? card.suffix : null}
                  </p>
                )}
                {"hint" in card && card.hint ? (
                  <p className="text-xs text-muted-foreground">{card.hint}</p>
                ) : null}
              </div>
              <card.icon className="size-5 shrink-0 text-brand" aria-hidden />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
