import type {
  CreatorAlerts,
  CreatorEngagement,
  CreatorOverview,
  CreatorPerformance,
  CreatorRevenue,
} from "@academy/shared";
import { daysInRange, MAX_ANALYTICS_DAYS } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AlertTriangleIcon,
  BookOpenIcon,
  DownloadIcon,
  InfoIcon,
  TrendingDownIcon,
  TrendingUpIcon,
  UsersIcon,
  WalletIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type CreatorAnalyticsParams, type CreatorTab, creatorTabQueryOptions } from "../api/analytics";
import { downloadCsv, tabCsv } from "../csv";
import { formatDay, formatDuration, formatPercent, localDate, monthStart } from "../format";
import { COLORS } from "./chart-colors";
import { EmptyState, LoadFailed } from "./states";

const Charts = React.lazy(() => import("./charts").then((m) => ({ default: m.SeriesChart })));
const HeatmapChart = React.lazy(() => import("./charts").then((m) => ({ default: m.Heatmap })));

type Preset = "d7" | "d30" | "d90" | "m12" | "custom";
const PRESETS: Preset[] = ["d7", "d30", "d90", "m12", "custom"];

/**
 * The dates of a preset range, ending today in `timeZone` (the creator's profile zone: the server
 * reads ranges as local days of that zone, so a browser in another zone must not pick the days).
 */
export function presetRange(
  preset: Exclude<Preset, "custom">,
  timeZone?: string,
  now = new Date(),
): { from: string; to: string } {
  const to = localDate(0, now, timeZone);
  if (preset === "m12") return { from: monthStart(11, now, timeZone), to };
  const days = { d7: 7, d30: 30, d90: 90 }[preset];
  return { from: localDate(-(days - 1), now, timeZone), to };
}

/**
 * Creator analytics (spec 001 §2 Creator analytics; issue 12 §2): range picker, course filter, the
 * four cards with their change and definition, five tabs, and Export CSV of the current tab.
 */
export function CreatorAnalytics({
  courses,
  timeZone,
}: {
  courses: Array<{ id: string; title: string }>;
  /** The creator's profile time zone (IANA); ranges are local days there. Browser's zone if absent. */
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const client = useQueryClient();
  const [preset, setPreset] = React.useState<Preset>("d30");
  const [custom, setCustom] = React.useState(() => presetRange("d30", timeZone));
  const [courseId, setCourseId] = React.useState("");
  const [tab, setTab] = React.useState<CreatorTab>("overview");
  const range = preset === "custom" ? custom : presetRange(preset, timeZone);
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(range.from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(range.to) &&
    range.from <= range.to &&
    daysInRange(range.from, range.to) <= MAX_ANALYTICS_DAYS;
  const params: CreatorAnalyticsParams = { ...range, courseId };
  const ready = valid;
  const overview = useQuery({ ...creatorTabQueryOptions("overview", params), enabled: ready });

  const exportCsv = async () => {
    const data = await client.fetchQuery(creatorTabQueryOptions(tab, params));
    downloadCsv(`analytics-${localDate(0, new Date(), timeZone)}.csv`, tabCsv(tab, data as never, t));
  };

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("creator.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("creator.subtitle")}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void exportCsv()}
          disabled={!valid}
          data-testid="analytics-export"
        >
          <DownloadIcon aria-hidden />
          {t("creator.export")}
        </Button>
      </header>

      <section
        className="grid gap-3 rounded-lg border border-border bg-background p-3 sm:p-4"
        aria-label={t("creator.range.label")}
      >
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium">{t("creator.range.label")}</legend>
            <div className="flex flex-wrap gap-1.5">
              {PRESETS.map((p) => (
                <Button
                  key={p}
                  size="sm"
                  variant={preset === p ? "default" : "outline"}
                  aria-pressed={preset === p}
                  onClick={() => {
                    if (p === "custom") setCustom(range);
                    setPreset(p);
                  }}
                  data-testid={`range-${p}`}
                >
                  {t(`creator.range.${p}`)}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="grid min-w-0 gap-1.5 md:w-64">
            <Label htmlFor="analytics-course">{t("creator.course.label")}</Label>
            <select
              id="analytics-course"
              className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm"
              value={courseId}
              onChange={(e) => setCourseId(e.target.value)}
              data-testid="analytics-course"
            >
              <option value="">{t("creator.course.all")}</option>
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        </div>
        {preset === "custom" ? (
          <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor="analytics-from">{t("creator.range.from")}</Label>
              <Input
                id="analytics-from"
                type="date"
                value={custom.from}
                max={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="analytics-to">{t("creator.range.to")}</Label>
              <Input
                id="analytics-to"
                type="date"
                value={custom.to}
                min={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </div>
          </div>
        ) : null}
        {!valid ? (
          <p role="alert" className="text-sm text-destructive">
            {t("creator.range.invalid")}
          </p>
        ) : overview.data ? (
          <p className="text-xs text-muted-foreground" data-testid="analytics-previous">
            {t("creator.range.previous", {
              from: formatDay(overview.data.range.previousFrom, lng),
              to: formatDay(overview.data.range.previousTo, lng),
            })}
            {timeZone ? ` · ${t("creator.range.timeZone", { timeZone })}` : null}
          </p>
        ) : null}
      </section>

      {overview.isError ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <Cards data={overview.data} />
      )}

      <Tabs value={tab} onValueChange={(v) => setTab(v as CreatorTab)}>
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList className="w-max min-w-full">
            {(["overview", "engagement", "revenue", "performance", "alerts"] as const).map((k) => (
              <TabsTrigger key={k} value={k} data-testid={`tab-${k}`}>
                {t(`creator.tabs.${k}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="overview">
          <TabBody tab="overview" params={params} enabled={ready && tab === "overview"}>
            {(d) => <OverviewTab data={d} />}
          </TabBody>
        </TabsContent>
        <TabsContent value="engagement">
          <TabBody tab="engagement" params={params} enabled={ready && tab === "engagement"}>
            {(d) => <EngagementTab data={d} />}
          </TabBody>
        </TabsContent>
        <TabsContent value="revenue">
          <TabBody tab="revenue" params={params} enabled={ready && tab === "revenue"}>
            {(d) => <RevenueTab data={d} />}
          </TabBody>
        </TabsContent>
        <TabsContent value="performance">
          <TabBody tab="performance" params={params} enabled={ready && tab === "performance"}>
            {(d) => <PerformanceTab data={d} />}
          </TabBody>
        </TabsContent>
        <TabsContent value="alerts">
          <TabBody tab="alerts" params={params} enabled={ready && tab === "alerts"}>
            {(d) => <AlertsTab data={d} />}
          </TabBody>
        </TabsContent>
      </Tabs>
    </div>
  );
}

interface TabDataMap {
  overview: CreatorOverview;
  engagement: CreatorEngagement;
  revenue: CreatorRevenue;
  performance: CreatorPerformance;
  alerts: CreatorAlerts;
}

function TabBody<T extends CreatorTab>({
  tab,
  params,
  enabled,
  children,
}: {
  tab: T;
  params: CreatorAnalyticsParams;
  enabled: boolean;
  children: (data: TabDataMap[T]) => React.ReactNode;
}) {
  const { t } = useTranslation("analytics");
  const query = useQuery({ ...creatorTabQueryOptions(tab, params), enabled });
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label={t("loading")}>
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  return (
    <React.Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <div data-testid={`panel-${tab}`} className="grid min-w-0 gap-4">
        {children(query.data as TabDataMap[T])}
      </div>
    </React.Suspense>
  );
}

function Change({
  value,
  previous,
  kind,
}: {
  value: number | null;
  previous: number | null;
  kind: "count" | "points" | "money";
  currency?: string;
}) {
  const { t, i18n } = useTranslation("analytics");
  if (value === null || previous === null) return null;
  const diff = value - previous;
  if (diff === 0) return <p className="text-xs text-muted-foreground">{t("creator.change.same")}</p>;
  const abs = Math.abs(Math.round(diff * 10) / 10);
  const shown =
    kind === "points"
      ? t("creator.change.points", { value: formatNumber(abs, i18n.language) })
      : kind === "count"
        ? formatNumber(abs, i18n.language)
        : "";
  let text: string;
  if (kind !== "points" && previous === 0) text = t("creator.change.new");
  else if (kind === "count" || kind === "money") {
    const rate = formatPercent(Math.round((Math.abs(diff) / Math.abs(previous)) * 1000) / 10, i18n.language);
    text = t(diff > 0 ? "creator.change.up" : "creator.change.down", {
      value: kind === "count" ? `${shown} (${rate})` : rate,
    });
  } else text = t(diff > 0 ? "creator.change.up" : "creator.change.down", { value: shown });
  const Icon = diff > 0 ? TrendingUpIcon : TrendingDownIcon;
  return (
    <p className={cn("flex items-center gap-1 text-xs", diff > 0 ? "text-emerald-700" : "text-red-700")}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  );
}

function Definition({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="rounded-full p-0.5 text-muted-foreground hover:text-foreground"
          aria-label={label}
        >
          <InfoIcon className="size-4" aria-hidden />
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">{text}</TooltipContent>
    </Tooltip>
  );
}

function Cards({ data }: { data: CreatorOverview | undefined }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const c = data?.cards;
  const card = (key: string, icon: React.ElementType, body: React.ReactNode) => {
    const Icon = icon;
    return (
      <li key={key}>
        <Card className="h-full">
          <CardContent className="grid gap-1 p-4">
            <div className="flex items-center justify-between gap-2">
              <p className="flex items-center gap-1 text-xs font-medium text-muted-foreground sm:text-sm">
                {t(`creator.cards.${key}`)}
                <Definition
                  text={t(`creator.cards.${key}Help`)}
                  label={`${t("creator.cards.definition")}: ${t(`creator.cards.${key}`)}`}
                />
              </p>
              <Icon className="size-5 shrink-0 text-brand" aria-hidden />
            </div>
            {c ? body : <Skeleton className="h-7 w-20" />}
          </CardContent>
        </Card>
      </li>
    );
  };
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="analytics-cards">
      {card(
        "totalStudents",
        UsersIcon,
        c && (
          <>
            <p className="text-2xl font-bold tabular-nums" data-testid="card-totalStudents">
              {formatNumber(c.totalStudents.value, lng)}
            </p>
            <Change value={c.totalStudents.value} previous={c.totalStudents.previous} kind="count" />
          </>
        ),
      )}
      {card(
        "totalRevenue",
        WalletIcon,
        c &&
          (c.revenue.length === 0 ? (
            <p className="py-1 text-sm text-muted-foreground" data-testid="card-totalRevenue">
              {t("creator.cards.noRevenue")}
            </p>
          ) : (
            <div className="grid gap-1" data-testid="card-totalRevenue">
              {c.revenue.map((r) => (
                <div key={r.currency}>
                  <p className="text-xl font-bold tabular-nums">{formatMoney(r.value, r.currency, lng)}</p>
                  <Change value={r.value} previous={r.previous} kind="money" />
                </div>
              ))}
            </div>
          )),
      )}
      {card(
        "completion",
        BookOpenIcon,
        c && (
          <>
            <p className="text-2xl font-bold tabular-nums" data-testid="card-completion">
              {formatPercent(c.completion.value, lng)}
            </p>
            <Change value={c.completion.value} previous={c.completion.previous} kind="points" />
          </>
        ),
      )}
      {card(
        "retention",
        TrendingUpIcon,
        c &&
          (c.retention.value === null ? (
            <p className="py-1 text-sm text-muted-foreground" data-testid="card-retention">
              {t("creator.cards.notEnoughData")}
            </p>
          ) : (
            <>
              <p className="text-2xl font-bold tabular-nums" data-testid="card-retention">
                {formatPercent(c.retention.value, lng)}
              </p>
              <Change value={c.retention.value} previous={c.retention.previous} kind="points" />
            </>
          )),
      )}
    </ul>
  );
}

function Section({
  title,
  help,
  children,
  testId,
}: {
  title: string;
  help?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {help ? <p className="text-sm text-muted-foreground">{help}</p> : null}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

function OverviewTab({ data }: { data: CreatorOverview }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const month = data.range.bucket === "month";
  const currencies = [...new Set(data.revenue.map((r) => r.currency))];
  const anyEnrolment = data.enrolments.some((e) => e.enrolments > 0);
  const steps = ["views", "clicks", "enrolments", "paid", "completed"] as const;
  const top = Math.max(1, ...steps.map((s) => data.funnel[s]));
  return (
    <>
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <Section title={t("creator.overview.enrolments")} testId="chart-enrolments">
          {anyEnrolment ? (
            <Charts
              caption={t("creator.overview.enrolments")}
              data={data.enrolments}
              xKey="date"
              formatX={(d) => formatDay(d, lng, month)}
              series={[
                { key: "enrolments", label: t("creator.overview.enrolmentsSeries"), color: COLORS[0] },
              ]}
              formatValue={(v) => formatNumber(v, lng)}
              kind="bar"
            />
          ) : (
            <EmptyState text={t("creator.overview.emptyEnrolments")} />
          )}
        </Section>
        {currencies.length === 0 ? (
          <Section title={t("creator.overview.revenue", { currency: "" }).replace(" ()", "")}>
            <EmptyState text={t("creator.overview.emptyRevenue")} />
          </Section>
        ) : (
          currencies.map((currency, i) => {
            const byDate = new Map(
              data.revenue.filter((r) => r.currency === currency).map((r) => [r.date, r.amount]),
            );
            const series = data.enrolments.map((e) => ({ date: e.date, amount: byDate.get(e.date) ?? 0 }));
            return (
              <Section
                key={currency}
                title={t("creator.overview.revenue", { currency })}
                testId={`chart-revenue-${currency}`}
              >
                <Charts
                  caption={t("creator.overview.revenue", { currency })}
                  data={series}
                  xKey="date"
                  formatX={(d) => formatDay(d, lng, month)}
                  series={[{ key: "amount", label: currency, color: COLORS[(i + 1) % COLORS.length] }]}
                  formatValue={(v) => formatMoney(v, currency, lng)}
                  kind="bar"
                />
              </Section>
            );
          })
        )}
      </div>
      <LandingSection data={data.landing} />
      <SourceSection rows={data.enrolmentsBySource} />
      <Section title={t("creator.overview.funnel")} testId="funnel">
        <ol className="grid gap-3">
          {steps.map((s, i) => {
            const value = data.funnel[s];
            const previous = i === 0 ? null : data.funnel[steps[i - 1]];
            return (
              <li key={s} className="grid gap-1" data-testid={`funnel-${s}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-medium">{t(`creator.overview.funnelSteps.${s}`)}</span>
                  <span className="tabular-nums">
                    <strong data-testid={`funnel-${s}-value`}>{formatNumber(value, lng)}</strong>
                    {previous ? (
                      <span className="ml-2 text-xs text-muted-foreground">
                        {t("creator.overview.ofPrevious", {
                          value: formatNumber(Math.round((value / previous) * 1000) / 10, lng),
                        })}
                      </span>
                    ) : null}
                  </span>
                </div>
                <div className="h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
                  <div
                    className="h-full rounded-full"
                    style={{ width: `${(value / top) * 100}%`, backgroundColor: COLORS[i] }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      </Section>
    </>
  );
}

/** A source's name: the channels the app knows are translated, a campaign's own source is shown as sent. */
function useSourceLabel() {
  const { t } = useTranslation("analytics");
  return (k: string) =>
    ["direct", "facebook", "zalo", "tiktok", "google", "other"].includes(k)
      ? t(`creator.landing.sources.${k}`)
      : k;
}

/** Enrolments in the range by the campaign source the students came with (issue 12 §3). */
function SourceSection({ rows }: { rows: CreatorOverview["enrolmentsBySource"] }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const label = useSourceLabel();
  return (
    <Section
      title={t("creator.sources.title")}
      help={t("creator.sources.help")}
      testId="enrolments-by-source"
    >
      {rows.length === 0 ? (
        <EmptyState text={t("creator.sources.empty")} />
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="py-1 pr-2 font-medium">{t("creator.landing.bySource")}</th>
              <th className="py-1 text-right font-medium">{t("creator.sources.enrolments")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((r) => (
              <tr key={r.key}>
                <td className="break-all py-1.5 pr-2">{label(r.key)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatNumber(r.enrolments, lng)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function LandingSection({ data }: { data: CreatorOverview["landing"] }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const views = data.byDay.reduce((n, d) => n + d.views, 0);
  const conversions = data.byDay.reduce((n, d) => n + d.conversions, 0);
  const rate = (v: number, c: number) =>
    v === 0 ? "—" : formatPercent(Math.round((c / v) * 1000) / 10, lng);
  const table = (
    title: string,
    rows: CreatorOverview["landing"]["bySource"],
    label: (k: string) => string,
    testId: string,
  ) => (
    <div className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-2 font-medium">{title}</th>
            <th className="py-1 pr-2 text-right font-medium">{t("creator.landing.views")}</th>
            <th className="py-1 pr-2 text-right font-medium">{t("creator.landing.conversions")}</th>
            <th className="py-1 text-right font-medium">{t("creator.landing.rate")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="py-1.5 pr-2">{label(r.key)}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{formatNumber(r.views, lng)}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{formatNumber(r.conversions, lng)}</td>
              <td className="py-1.5 text-right tabular-nums">{rate(r.views, r.conversions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <Section title={t("creator.landing.title")} help={t("creator.landing.help")} testId="landing-analytics">
      {views + conversions === 0 ? (
        <EmptyState text={t("creator.landing.empty")} />
      ) : (
        <div className="grid gap-4">
          <p className="text-sm">
            {t("creator.landing.summary", {
              views: formatNumber(views, lng),
              conversions: formatNumber(conversions, lng),
              rate: rate(views, conversions),
            })}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            {table(
              t("creator.landing.bySource"),
              data.bySource,
              (k) =>
                ["direct", "facebook", "zalo", "tiktok", "google", "other"].includes(k)
                  ? t(`creator.landing.sources.${k}`)
                  : k,
              "landing-by-source",
            )}
            {table(
              t("creator.landing.byDevice"),
              data.byDevice,
              (k) => (["mobile", "desktop"].includes(k) ? t(`creator.landing.devices.${k}`) : k),
              "landing-by-device",
            )}
          </div>
        </div>
      )}
    </Section>
  );
}

function EngagementTab({ data }: { data: CreatorEngagement }) {
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

function MoneyTable({
  rows,
  labelOf,
}: {
  rows: CreatorRevenue["byCourse"];
  labelOf?: (label: string) => string;
}) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">{t("creator.revenue.emptyRow")}</p>;
  return (
    <ul className="divide-y divide-border">
      {rows.map((r) => (
        <li key={`${r.key}-${r.currency}`} className="flex items-baseline justify-between gap-3 py-2 text-sm">
          <span className="min-w-0 truncate">{labelOf ? labelOf(r.label) : r.label}</span>
          <span className="shrink-0 text-right tabular-nums">
            <strong>{formatMoney(r.amount, r.currency, lng)}</strong>
            <span className="block text-xs text-muted-foreground">
              {t("creator.revenue.orders", { count: r.orders })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function RevenueTab({ data }: { data: CreatorRevenue }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const sourceLabel = useSourceLabel();
  if (data.byCourse.length === 0 && data.refunds.length === 0)
    return <EmptyState text={t("creator.revenue.empty")} />;
  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-2">
      <Section title={t("creator.revenue.byCourse")} testId="revenue-by-course">
        <MoneyTable rows={data.byCourse} />
      </Section>
      <Section title={t("creator.revenue.byMethod")} testId="revenue-by-method">
        <MoneyTable rows={data.byMethod} labelOf={(l) => l || t("creator.revenue.noMethod")} />
      </Section>
      <Section title={t("creator.revenue.byCoupon")}>
        <MoneyTable rows={data.byCoupon} />
      </Section>
      <Section title={t("creator.revenue.byReferral")}>
        <MoneyTable rows={data.byReferral} />
      </Section>
      <Section
        title={t("creator.revenue.bySource")}
        help={t("creator.revenue.bySourceHelp")}
        testId="revenue-by-source"
      >
        <MoneyTable rows={data.bySource} labelOf={sourceLabel} />
      </Section>
      <Section title={t("creator.revenue.byCampaign")} testId="revenue-by-campaign">
        <MoneyTable rows={data.byCampaign} />
      </Section>
      <Section title={t("creator.revenue.refunds")} testId="revenue-refunds">
        {data.refunds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("creator.revenue.emptyRow")}</p>
        ) : (
          <ul className="divide-y divide-border">
            {data.refunds.map((r) => (
              <li key={r.currency} className="flex justify-between gap-3 py-2 text-sm">
                <span>{t("creator.revenue.orders", { count: r.orders })}</span>
                <strong className="tabular-nums">{formatMoney(r.amount, r.currency, lng)}</strong>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

const BADGE_CLASS = {
  excellent: "bg-emerald-100 text-emerald-800",
  good: "bg-sky-100 text-sky-800",
  needsAttention: "bg-amber-100 text-amber-900",
} as const;

function PerformanceTab({ data }: { data: CreatorPerformance }) {
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

function AlertsTab({ data }: { data: CreatorAlerts }) {
  const { t, i18n } = useTranslation("analytics");
  const lng = i18n.language;
  const total =
    data.struggling.length +
    data.dropOffLessons.length +
    data.awaitingOrders.length +
    data.quietLandingPages.length;
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
    </>
  );
}

/** The "Message" action of a struggling student (rendered by the page, which composes messaging). */
export const MessageActionContext = React.createContext<
  (p: { courseId: string; studentId: string }) => React.ReactNode
>(() => null);
function MessageAction(p: { courseId: string; studentId: string }) {
  const render = React.useContext(MessageActionContext);
  return <span className="shrink-0">{render(p)}</span>;
}
