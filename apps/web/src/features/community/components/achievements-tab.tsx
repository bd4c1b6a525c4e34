import { useQuery } from "@tanstack/react-query";
import { AwardIcon, FlameIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatNumber, formatPercent } from "@/lib/format";
import { achievementsQueryOptions } from "../api/community";
import { AchievementShareButton } from "./achievement-share";

/**
 * The Achievements tab (000 §2; issue 13 §4): every achievement of the shared rule set, earned
 * ones with their date and a Share button (issue 27 §4), the others with progress; summary (earned, in progress, average, streak).
 * A toast announces achievements earned since the last look (the server reports newlyEarned).
 */
export function AchievementsTab() {
  const { t, i18n } = useTranslation("community");
  const query = useQuery(achievementsQueryOptions);
  const announced = React.useRef(new Set<string>());
  React.useEffect(() => {
    for (const id of query.data?.newlyEarned ?? []) {
      if (announced.current.has(id)) continue;
      announced.current.add(id);
      toast.success(t("achievementEarned", { name: t(`achievements.${id}.title`) }));
    }
  }, [query.data, t]);
  if (query.isPending)
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label={t("loading")} />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
        {(query.error as Error).message}
      </p>
    );
  const data = query.data;
  const stats = [
    [t("earnedCount"), formatNumber(data.earnedCount, i18n.language)],
    [t("inProgressCount"), formatNumber(data.inProgressCount, i18n.language)],
    [t("averageProgress"), formatPercent(data.averageProgress, i18n.language)],
    [t("streak"), t("streakDays", { count: data.streakDays }), "achievements-streak"],
  ];
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(([label, value, testId]) => (
          <Card key={label}>
            <CardContent className="p-4">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold" data-testid={testId}>
                {value}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data.achievements.map((a) => (
          <li key={a.id} data-testid={`achievement-${a.id}`} data-earned={a.earned}>
            <Card className={a.earned ? "border-emerald-400" : undefined}>
              <CardContent className="space-y-2 p-4">
                <div className="flex items-center gap-2">
                  {a.id === "consistent" ? (
                    <FlameIcon
                      className={`size-5 ${a.earned ? "text-orange-500" : "text-muted-foreground"}`}
                    />
                  ) : (
                    <AwardIcon
                      className={`size-5 ${a.earned ? "text-emerald-600" : "text-muted-foreground"}`}
                    />
                  )}
                  <h3 className="font-semibold">{t(`achievements.${a.id}.title`)}</h3>
                  {a.earned ? <Badge variant="success">{t("earned")}</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">{t(`achievements.${a.id}.description`)}</p>
                {a.earned && a.earnedAt ? (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-xs text-muted-foreground">
                      {t("earnedOn", { date: formatDate(a.earnedAt, i18n.language) })}
                    </p>
                    <AchievementShareButton
                      achievementId={a.id}
                      title={t(`achievements.${a.id}.title`)}
                      shareId={a.shareId}
                    />
                  </div>
                ) : (
                  <div className="space-y-1">
                    <Progress value={a.progress} aria-label={t(`achievements.${a.id}.title`)} />
                    <p className="text-xs text-muted-foreground">
                      {t("progressPercent", { value: a.progress })}
                    </p>
                  </div>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
