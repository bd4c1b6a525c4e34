import type { CreatorAlerts } from "@academy/shared";
import { AlertTriangleIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { MessageAction, Section } from "./creator-shared";

function AlertGroup({
  title,
  help,
  count,
  children,
  testId,
}: {
  title: string;
  help?: string;
  count: number;
  children: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation("analytics");
  return (
    <Section title={`${title} (${count})`} help={help} testId={testId}>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{t("creator.alerts.none")}</p>
      ) : (
        <ul className="divide-y divide-border">{children}</ul>
      )}
    </Section>
  );
}

/** Creator analytics' Alerts tab (spec 001 §2 Creator analytics; issue 12 §2): struggling students and courses needing attention. */
export function AlertsTab({ data }: { data: CreatorAlerts }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const total =
    data.struggling.length +
    data.dropOffLessons.length +
    data.awaitingOrders.length +
    data.quietLandingPages.length +
    data.lowReviews.length;
  const row = "flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between";
  return (
    <>
      {total === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          {t("creator.alerts.allClear")}
        </p>
      ) : null}
      <AlertGroup
        title={t("creator.alerts.struggling")}
        help={t("creator.alerts.strugglingHelp")}
        count={data.struggling.length}
        testId="alerts-struggling"
      >
        {data.struggling.map((s) => (
          <li key={`${s.studentId}-${s.courseId}`} className={row}>
            <span className="min-w-0">
              <span className="flex items-center gap-1.5 font-medium">
                <AlertTriangleIcon className="size-4 shrink-0 text-amber-600" aria-hidden />
                <span className="truncate">
                  {t("creator.alerts.strugglingItem", {
                    name: s.name,
                    course: s.courseTitle,
                    progress: s.progress,
                  })}
                </span>
              </span>
              <span className="block text-xs text-muted-foreground">
                {s.lastActiveAt
                  ? t("creator.alerts.lastActive", { date: formatDate(s.lastActiveAt, lng) })
                  : t("creator.alerts.neverActive")}
              </span>
            </span>
            <MessageAction courseId={s.courseId} studentId={s.studentId} />
          </li>
        ))}
      </AlertGroup>
      <AlertGroup
        title={t("creator.alerts.dropOff")}
        help={t("creator.alerts.dropOffHelp")}
        count={data.dropOffLessons.length}
        testId="alerts-drop-off"
      >
        {data.dropOffLessons.map((l) => (
          <li key={l.lessonId} className={row}>
            <span className="min-w-0">
              {t("creator.alerts.dropOffItem", {
                lesson: l.lessonTitle,
                course: l.courseTitle,
                stopped: l.stopped,
                reached: l.reached,
                rate: formatNumber(l.rate, lng),
              })}
            </span>
            <Button asChild size="sm" variant="outline" className="shrink-0">
              <Link to={`/dashboard/courses/${l.courseId}/edit`}>{t("creator.alerts.editCourse")}</Link>
            </Button>
          </li>
        ))}
      </AlertGroup>
      <AlertGroup
        title={t("creator.alerts.awaiting")}
        count={data.awaitingOrders.length}
        testId="alerts-awaiting"
      >
        {data.awaitingOrders.map((o) => (
          <li key={o.orderId} className={row}>
            <span className="min-w-0">
              {t("creator.alerts.awaitingItem", {
                reference: o.reference,
                course: o.courseTitle,
                amount: formatMoney(o.amount, o.currency, lng),
              })}
              <span className="block text-xs text-muted-foreground">{formatDate(o.awaitingSince, lng)}</span>
            </span>
            <Button asChild size="sm" variant="outline" className="shrink-0">
              <Link to="/dashboard/students">{t("creator.alerts.review")}</Link>
            </Button>
          </li>
        ))}
      </AlertGroup>
      <AlertGroup
        title={t("creator.alerts.quietPages")}
        count={data.quietLandingPages.length}
        testId="alerts-quiet-pages"
      >
        {data.quietLandingPages.map((p) => (
          <li key={p.id} className={row}>
            <span className="min-w-0 truncate">
              {t("creator.alerts.quietItem", { title: p.title, count: p.views })}
            </span>
            <Button asChild size="sm" variant="outline" className="shrink-0">
              <Link to={`/dashboard/landing-pages/builder/${p.id}`}>{t("creator.alerts.editPage")}</Link>
            </Button>
          </li>
        ))}
      </AlertGroup>
      <AlertGroup
        title={t("creator.alerts.lowReviews")}
        help={t("creator.alerts.lowReviewsHelp")}
        count={data.lowReviews.length}
        testId="alerts-low-reviews"
      >
        {data.lowReviews.map((r) => (
          <li key={r.reviewId} className={row}>
            <span className="min-w-0">
              <span className="flex items-center gap-1.5 font-medium">
                <AlertTriangleIcon className="size-4 shrink-0 text-amber-600" aria-hidden />
                <span className="truncate">
                  {t("creator.alerts.lowReviewItem", { count: r.rating, course: r.courseTitle })}
                </span>
              </span>
              <span className="block truncate text-xs text-muted-foreground">
                {formatDate(r.createdAt, lng)}
                {r.body ? ` · “${r.body}”` : ""}
                {r.replied ? ` · ${t("creator.alerts.replied")}` : ""}
              </span>
            </span>
            <Button asChild size="sm" variant="outline" className="shrink-0">
              <Link to={`/join/${r.courseId}#reviews`}>{t("creator.alerts.openReviews")}</Link>
            </Button>
          </li>
        ))}
      </AlertGroup>
    </>
  );
}
