import type { CreatorRevenue } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/lib/format";
import { useSourceLabel } from "./creator-overview-tab";
import { Section } from "./creator-shared";
import { EmptyState } from "./states";

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

/** Creator analytics' Revenue tab (spec 001 §2 Creator analytics; issue 12 §2); amounts in each row's currency. */
export function RevenueTab({ data }: { data: CreatorRevenue }) {
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
        <MoneyTable
          rows={data.byMethod}
          labelOf={(l) =>
            l ? t(`payments:methods.${l}`, { defaultValue: l }) : t("creator.revenue.noMethod")
          }
        />
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
