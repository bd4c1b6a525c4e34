import type { CreatorReviewAnalytics } from "@academy/shared";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatStars, Stars } from "@/components/ui/stars";
import { formatNumber } from "@/lib/format";
import { errorText } from "@/lib/utils";
import { useSetReviewMinProgress } from "../api/analytics";
import { formatDay } from "../format";
import { COLORS } from "./chart-colors";
import { Charts, Section } from "./creator-shared";
import { EmptyState } from "./states";

/** "Reviews open at N %": the share of a course a student completes before reviewing it. */
function MinProgressField({ courseId, value, title }: { courseId: string; value: number; title: string }) {
  const { t } = useTranslation("analytics");
  const save = useSetReviewMinProgress();
  const [draft, setDraft] = React.useState(String(value));
  const id = React.useId();
  const valid = /^\d{1,3}$/.test(draft) && Number(draft) <= 100;
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        save.mutate(
          { courseId, minProgress: Number(draft) },
          {
            onSuccess: () => toast.success(t("creator.reviews.minSaved", { title })),
            onError: (err) => toast.error(errorText(err)),
          },
        );
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={id} className="text-xs">
          {t("creator.reviews.minLabel")}
        </Label>
        <div className="flex items-center gap-1">
          <Input
            id={id}
            inputMode="numeric"
            className="h-8 w-16"
            value={draft}
            aria-invalid={!valid}
            onChange={(e) => setDraft(e.target.value.trim())}
            data-testid="review-min-progress"
          />
          <span className="text-sm text-muted-foreground">%</span>
        </div>
      </div>
      <Button
        size="sm"
        variant="outline"
        type="submit"
        disabled={!valid || save.isPending || draft === String(value)}
      >
        {t("creator.reviews.minSave")}
      </Button>
    </form>
  );
}

/**
 * Creator analytics' Reviews tab (issue 24 §2): the average and count per course (all time; the
 * public pages show them only from 3 reviews), the share a student completes before reviewing,
 * the trend of reviews written in the range, and the inbox to reply or report.
 */
export function ReviewsTab({
  data,
  courseId,
  renderInbox,
}: {
  data: CreatorReviewAnalytics;
  courseId: string;
  /** The review inbox (the reviews feature's, composed by the page). */
  renderInbox?: (courseId: string) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const month = data.bucket === "month";
  return (
    <>
      {data.courses.length === 0 ? (
        <EmptyState text={t("creator.reviews.noCourses")} />
      ) : (
        <Section
          title={t("creator.reviews.perCourse")}
          help={t("creator.reviews.perCourseHelp")}
          testId="reviews-per-course"
        >
          <ul className="divide-y divide-border">
            {data.courses.map((c) => (
              <li
                key={c.courseId}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{c.courseTitle}</p>
                  {c.average !== null ? (
                    <p
                      className="flex flex-wrap items-center gap-2 text-sm"
                      data-testid="reviews-course-average"
                    >
                      <Stars value={c.average} />
                      <span className="font-semibold">{formatStars(c.average, lng)}</span>
                      <span className="text-muted-foreground">
                        {t("creator.reviews.count", { count: c.count, n: formatNumber(c.count, lng) })}
                      </span>
                    </p>
                  ) : (
                    <p className="text-sm text-muted-foreground">{t("creator.reviews.none")}</p>
                  )}
                </div>
                <MinProgressField courseId={c.courseId} value={c.minProgress} title={c.courseTitle} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section
        title={t("creator.reviews.trend")}
        help={
          data.period.average !== null
            ? t("creator.reviews.periodSummary", {
                average: formatStars(data.period.average, lng),
                count: data.period.count,
              })
            : t("creator.reviews.periodNone")
        }
        testId="reviews-trend"
      >
        <Charts
          caption={t("creator.reviews.trend")}
          data={data.trend.map((b) => ({ label: b.label, count: b.count, average: b.average ?? 0 }))}
          xKey="label"
          formatX={(v) => formatDay(v, lng, month)}
          series={[{ key: "count", label: t("creator.reviews.series"), color: COLORS[0] }]}
          formatValue={(v) => formatNumber(v, lng)}
          kind="bar"
        />
      </Section>
      {renderInbox?.(courseId)}
    </>
  );
}
