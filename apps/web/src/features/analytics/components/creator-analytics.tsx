import type {
  CreatorAlerts,
  CreatorEngagement,
  CreatorOverview,
  CreatorPerformance,
  CreatorRevenue,
  CreatorReviewAnalytics,
} from "@academy/shared";
import { daysInRange, MAX_ANALYTICS_DAYS } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type CreatorAnalyticsParams, type CreatorTab, creatorTabQueryOptions } from "../api/analytics";
import { downloadCsv, tabCsv } from "../csv";
import { formatDay, localDate, monthStart } from "../format";
import { AlertsTab } from "./creator-alerts-tab";
import { Cards } from "./creator-cards";
import { EngagementTab } from "./creator-engagement-tab";
import { OverviewTab } from "./creator-overview-tab";
import { PerformanceTab } from "./creator-performance-tab";
import { RevenueTab } from "./creator-revenue-tab";
import { ReviewsTab } from "./creator-reviews-tab";
import { LoadFailed } from "./states";

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
  renderReviewInbox,
}: {
  courses: Array<{ id: string; title: string }>;
  /** The Reviews tab's inbox (the reviews feature's, composed by the page; issue 24 §2). */
  renderReviewInbox?: (courseId: string) => React.ReactNode;
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
            {(["overview", "engagement", "revenue", "performance", "reviews", "alerts"] as const).map((k) => (
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
        <TabsContent value="reviews">
          <TabBody tab="reviews" params={params} enabled={ready && tab === "reviews"}>
            {(d) => <ReviewsTab data={d} courseId={courseId} renderInbox={renderReviewInbox} />}
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
  reviews: CreatorReviewAnalytics;
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
