import type { CreatorOverview } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { formatMoney, formatMoneyCompact, formatNumber } from "@/lib/format";
import { formatDay, formatPercent } from "../format";
import { COLORS } from "./chart-colors";
import { Charts, Section } from "./creator-shared";
import { EmptyState } from "./states";

/** Creator analytics' Overview tab (spec 001 §2 Creator analytics; issue 12 §2/§3): series, sources and landing pages. */
export function OverviewTab({ data }: { data: CreatorOverview }) {
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
                  formatAxis={(v) => formatMoneyCompact(v, currency, lng)}
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
export function useSourceLabel() {
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
