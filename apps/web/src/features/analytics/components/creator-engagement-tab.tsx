import type { CreatorEngagement } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { Progress } from "@/components/ui/progress";
import { formatNumber } from "@/lib/format";
import { formatDay, formatDuration, formatPercent } from "../format";
import { COLORS } from "./chart-colors";
import { Charts, HeatmapChart, Section } from "./creator-shared";
import { EmptyState } from "./states";

/** Creator analytics' Engagement tab (spec 001 §2 Creator analytics; issue 12 §2). */
export function EngagementTab({ data }: { data: CreatorEngagement }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const any = data.daily.some((d) => d.activeStudents > 0);
  const weekdays = Array.from({ length: 7 }, (_, i) => t(`weekdays.${i + 1}`));
  const byCourse = new Map<string, CreatorEngagement["dropOff"]>();
  for (const row of data.dropOff)
    byCourse.set(row.courseTitle, [...(byCourse.get(row.courseTitle) ?? []), row]);
  return (
    <>
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <Section title={t("creator.engagement.daily")} testId="chart-daily-active">
          {any ? (
            <Charts
              caption={t("creator.engagement.daily")}
              data={data.daily}
              xKey="date"
              formatX={(d) => formatDay(d, lng)}
              series={[
                { key: "activeStudents", label: t("creator.engagement.dailySeries"), color: COLORS[0] },
              ]}
              formatValue={(v) => formatNumber(v, lng)}
            />
          ) : (
            <EmptyState text={t("creator.engagement.empty")} />
          )}
        </Section>
        <Section title={t("creator.engagement.studyTime")} testId="chart-study-time">
          {any ? (
            <Charts
              caption={t("creator.engagement.studyTime")}
              data={data.daily}
              xKey="date"
              formatX={(d) => formatDay(d, lng)}
              series={[
                {
                  key: "secondsPerActiveStudent",
                  label: t("creator.engagement.studyTimeSeries"),
                  color: COLORS[1],
                },
              ]}
              formatValue={(v) => formatDuration(t, v)}
              kind="bar"
            />
          ) : (
            <EmptyState text={t("creator.engagement.empty")} />
          )}
        </Section>
      </div>
      <Section title={t("creator.engagement.heatmap")} testId="heatmap">
        {data.heatmap.length > 0 ? (
          <HeatmapChart
            caption={t("creator.engagement.heatmap")}
            cells={data.heatmap}
            weekdays={weekdays}
            formatSeconds={(s) => formatDuration(t, s)}
          />
        ) : (
          <EmptyState text={t("creator.engagement.empty")} />
        )}
      </Section>
      <Section
        title={t("creator.engagement.dropOff")}
        help={t("creator.engagement.dropOffHelp")}
        testId="drop-off"
      >
        {data.dropOff.length === 0 ? (
          <EmptyState text={t("creator.engagement.emptyLessons")} />
        ) : (
          <div className="grid gap-5">
            {[...byCourse.entries()].map(([course, rows]) => (
              <div key={course} className="grid gap-2">
                <h3 className="text-sm font-semibold">{course}</h3>
                <ol className="grid gap-2">
                  {rows.map((r) => (
                    <li key={r.lessonId} className="grid gap-1 text-sm">
                      <div className="flex items-baseline justify-between gap-3">
                        <span className="min-w-0 truncate">
                          {r.position}. {r.lessonTitle}
                        </span>
                        <span className="shrink-0 tabular-nums text-muted-foreground">
                          {formatPercent(r.rate, lng)} ·{" "}
                          {t("creator.engagement.completedOf", {
                            completed: r.completed,
                            enrolled: r.enrolled,
                          })}
                        </span>
                      </div>
                      <Progress
                        value={r.rate}
                        aria-label={`${r.lessonTitle}: ${formatPercent(r.rate, lng)}`}
                      />
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        )}
      </Section>
    </>
  );
}
