import {
  type CourseDraft,
  DRIP_MAX_DAYS,
  dayMonth,
  isFreePrice,
  openOnDay,
  type SectionRelease,
  sectionOpensAt,
  shownGuaranteeDays,
} from "@academy/shared";
import type { TFunction } from "i18next";
import {
  AwardIcon,
  BookOpenIcon,
  ClockIcon,
  DownloadIcon,
  FileTextIcon,
  LockIcon,
  MonitorPlayIcon,
  UsersIcon,
  VideoIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { GuaranteeNote } from "@/components/guarantee-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { formatMoney, formatNumber } from "@/lib/format";
import { outlineTotals, sectionMinutes, splitMinutes } from "../lib/outline";

/** "45m", "2h" or "1h 30m" (section headers; the course total always shows hours and minutes). */
function compactDuration(t: TFunction, { hours, minutes }: { hours: number; minutes: number }): string {
  if (hours === 0) return t("duration.m", { m: minutes });
  if (minutes === 0) return t("duration.h", { h: hours });
  return t("duration.hm", { h: hours, m: minutes });
}

/**
 * When a section opens in the preview "as a student on day N" (issue 27 §1): null when it is open
 * on `day` of an enrolment starting `start`, else its label ("Opens on day 3", "Opens on 05/12").
 */
function previewLock(
  t: TFunction,
  release: SectionRelease | undefined,
  day: number,
  start: Date,
  timeZone: string,
): string | null {
  if (openOnDay(release, day, start, timeZone)) return null;
  if (release?.kind === "days") return t("preview.drip.opensDay", { n: release.days });
  const opens = sectionOpensAt(release, start, timeZone);
  return t("preview.drip.opensOn", { date: dayMonth(opens, timeZone) });
}

/**
 * Course Preview (spec 000 §2), as students would see the course, from the builder's state:
 * category and level badges, title (fallback "Course Title"), description, total duration
 * "Xh Ym", lesson count (a section without lessons counts as one), audience; Course Content (video
 * or document icon per lesson); price or "Free" ("One-time payment" only for a paid course),
 * "Enroll Now", the money-back guarantee only when the creator set one for a paid course (issue 24
 * §3: "N-day money-back guarantee"), what the course includes; "Your Progress" 0%. The spec's
 * fixed rating 4.8 (124) and fixed "30-day money-back guarantee" are not shown: no review or
 * guarantee exists behind them (issue 24 §1, decision 0222).
 */
export function CoursePreview({ draft }: { draft: CourseDraft }) {
  const { t, i18n } = useTranslation("builder");
  const lng = i18n.language;
  const totals = outlineTotals(draft.outline);
  const duration = splitMinutes(totals.minutes);
  const videoHours = Math.round((totals.videoMinutes / 60) * 10) / 10;
  const free = isFreePrice(draft.price);
  const guaranteeDays = shownGuaranteeDays(draft.price, draft.guaranteeDays);
  // Issue 27 §1: "as a student on day N" of an enrolment starting now (day 0 = enrolment day);
  // dates in the browser's time zone (the creator's, in the builder).
  const [dayText, setDayText] = React.useState("0");
  const day = Math.min(DRIP_MAX_DAYS, Math.max(0, Number.parseInt(dayText, 10) || 0));
  const [start] = React.useState(() => new Date());
  const timeZone = React.useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", []);
  const hasDrip = draft.outline.some((s) => s.release && s.release.kind !== "enrolment");
  const dayInputId = React.useId();

  return (
    <div
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px] lg:grid-rows-[auto_1fr]"
      data-testid="course-preview"
    >
      <section className="min-w-0 rounded-xl lg:col-start-1 lg:row-start-1 bg-gradient-to-br from-brand to-[#3949ab] p-6 text-white shadow-sm sm:p-8">
        <div className="flex flex-wrap gap-2">
          {draft.category ? (
            <Badge className="bg-white/15 text-white">{t(`categories.${draft.category}`)}</Badge>
          ) : null}
          <Badge className="bg-accent-teal text-slate-950">{t(`levels.${draft.skillLevel}`)}</Badge>
        </div>
        <h2 className="mt-4 break-words text-2xl font-bold sm:text-3xl" data-testid="preview-title">
          {draft.title.trim() || t("preview.fallbackTitle")}
        </h2>
        <p className="mt-3 whitespace-pre-line break-words text-white/85">
          {draft.description.trim() || t("preview.fallbackDescription")}
        </p>
        <dl className="mt-6 flex flex-wrap gap-x-6 gap-y-3 text-sm">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("preview.totalDuration")}</dt>
            <ClockIcon className="size-4" aria-hidden />
            <dd data-testid="preview-duration">
              {t("duration.hm", { h: duration.hours, m: duration.minutes })}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("preview.lessonCount")}</dt>
            <BookOpenIcon className="size-4" aria-hidden />
            <dd data-testid="preview-lessons">{t("preview.lessons", { count: totals.lessons })}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("preview.audience")}</dt>
            <UsersIcon className="size-4" aria-hidden />
            <dd>{t(`audiences.${draft.targetAudience}`)}</dd>
          </div>
        </dl>
      </section>

      <aside className="grid content-start gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <Card className="overflow-hidden">
          {draft.thumbnailUrl ? (
            <img src={draft.thumbnailUrl} alt="" className="aspect-video w-full bg-muted object-cover" />
          ) : null}
          <CardContent className="grid gap-4 pt-5">
            <div>
              <p className="text-3xl font-bold" data-testid="preview-price">
                {free ? t("preview.free") : formatMoney(draft.price, draft.currency, lng)}
              </p>
              {free ? null : <p className="text-sm text-muted-foreground">{t("preview.oneTimePayment")}</p>}
            </div>
            <Button type="button" size="lg" onClick={() => toast.info(t("preview.enrollHint"))}>
              {t("preview.enrollNow")}
            </Button>
            {guaranteeDays ? <GuaranteeNote days={guaranteeDays} className="-mt-1" /> : null}
            <div className="grid gap-2 border-t border-border pt-4">
              <p className="text-sm font-semibold">{t("preview.includes")}</p>
              <ul className="grid gap-2 text-sm">
                <li className="flex items-center gap-2">
                  <MonitorPlayIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("preview.videoHours", { count: videoHours, value: formatNumber(videoHours, lng) })}
                </li>
                <li className="flex items-center gap-2">
                  <DownloadIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("preview.resources", { count: draft.materials.length })}
                </li>
                <li className="flex items-center gap-2">
                  <UsersIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("preview.community")}
                </li>
                <li className="flex items-center gap-2">
                  <AwardIcon className="size-4 shrink-0 text-brand" aria-hidden />
                  {t("preview.certificate")}
                </li>
              </ul>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-2 pt-5">
            <div className="flex items-center justify-between text-sm">
              <span className="font-semibold">{t("preview.yourProgress")}</span>
              <span className="text-muted-foreground">{t("preview.complete", { value: 0 })}</span>
            </div>
            <Progress value={0} aria-label={t("preview.yourProgress")} />
          </CardContent>
        </Card>
      </aside>

      <Card className="min-w-0 lg:col-start-1 lg:row-start-2">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
          <CardTitle className="text-lg">{t("preview.content")}</CardTitle>
          {hasDrip ? (
            <div className="flex items-center gap-2 text-sm" data-testid="preview-day">
              <label htmlFor={dayInputId} className="text-muted-foreground">
                {t("preview.drip.asStudent")}
              </label>
              <Input
                id={dayInputId}
                type="number"
                inputMode="numeric"
                min={0}
                max={DRIP_MAX_DAYS}
                value={dayText}
                onChange={(event) => setDayText(event.target.value)}
                className="h-9 w-20"
                aria-describedby={`${dayInputId}-hint`}
              />
              <span id={`${dayInputId}-hint`} className="sr-only">
                {t("preview.drip.dayHint")}
              </span>
            </div>
          ) : null}
        </CardHeader>
        <CardContent>
          {draft.outline.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
              {t("preview.noContent")}
            </p>
          ) : (
            <ol className="grid gap-3">
              {draft.outline.map((section, index) => {
                const minutes = splitMinutes(sectionMinutes(section));
                const rows =
                  section.lessons.length > 0
                    ? section.lessons
                    : [
                        {
                          id: section.id,
                          title: section.title,
                          type: "text" as const,
                          duration: section.duration,
                        },
                      ];
                const lock = previewLock(t, section.release, day, start, timeZone);
                return (
                  <li
                    key={section.id}
                    className="overflow-hidden rounded-lg border border-border"
                    data-testid="preview-section"
                    data-locked={lock ? true : undefined}
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 bg-muted/60 px-4 py-3">
                      <div className="min-w-0">
                        <h3 className="break-words font-medium">
                          {t("preview.sectionHeading", { n: index + 1, title: section.title })}
                        </h3>
                        {lock ? (
                          <p className="mt-0.5 flex items-center gap-1 text-xs font-semibold text-amber-800">
                            <LockIcon className="size-3.5" aria-hidden />
                            {lock}
                          </p>
                        ) : hasDrip ? (
                          <p className="mt-0.5 text-xs font-semibold text-emerald-700">
                            {t("preview.drip.open")}
                          </p>
                        ) : null}
                      </div>
                      <span className="text-xs text-muted-foreground">
                        {t("preview.lessons", { count: rows.length })} · {compactDuration(t, minutes)}
                      </span>
                    </div>
                    {section.description ? (
                      <p className="border-t border-border px-4 pt-3 text-sm text-muted-foreground">
                        {section.description}
                      </p>
                    ) : null}
                    <ul className="grid divide-y divide-border px-4 py-1">
                      {rows.map((lesson) => {
                        const Icon = lesson.type === "video" ? VideoIcon : FileTextIcon;
                        return (
                          <li key={lesson.id} className="flex items-center gap-3 py-2.5 text-sm">
                            <Icon
                              className="size-4 shrink-0 text-brand"
                              aria-label={
                                lesson.type === "video" ? t("preview.video") : t("preview.document")
                              }
                            />
                            <span className="min-w-0 flex-1 break-words">{lesson.title}</span>
                            <span className="shrink-0 text-xs text-muted-foreground">
                              {t("duration.minutes", { count: lesson.duration })}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
