import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { earningsSummaryQueryOptions } from "../api/payments";
import { money } from "./checkout-page";

/**
 * Revenue per currency (today, 30 days, all time, net of refunds) with a daily chart of the last
 * 30 days, and the "payments waiting for your confirmation" banner (issue 11 §5).
 */
export function Revenue() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const summary = useQuery(earningsSummaryQueryOptions);
  if (summary.isPending) return <Skeleton className="h-32 w-full" />;
  if (summary.isError) return <p role="alert">{summary.error.message}</p>;
  const { revenue, daily, awaitingCount } = summary.data;
  const currencies =
    revenue.length > 0 ? revenue : [{ currency: "VND", today: 0, last30Days: 0, allTime: 0, paidOrders: 0 }];
  return (
    <section aria-label={t("earnings.revenue")} className="grid gap-4">
      {awaitingCount > 0 ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
          data-testid="awaiting-banner"
        >
          {t("earnings.awaiting", { count: awaitingCount })}
        </p>
      ) : null}
      {currencies.map((r) => {
        const byDay = new Map(daily.filter((d) => d.currency === r.currency).map((d) => [d.day, d.amount]));
        // 30 fixed slots, oldest first (days in Vietnam time, as the server counts them).
        const series = Array.from({ length: 30 }, (_, i) => {
          const day = new Date(Date.now() + 7 * 3_600_000 - (29 - i) * 86_400_000).toISOString().slice(0, 10);
          return { day, amount: byDay.get(day) ?? 0 };
        });
        const max = Math.max(1, ...series.map((d) => Math.abs(d.amount)));
        return (
          <Card key={r.currency} data-testid={`revenue-${r.currency}`}>
            <CardContent className="grid gap-4 p-5">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {(
                  [
                    ["today", r.today],
                    ["last30", r.last30Days],
                    ["allTime", r.allTime],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key} className="rounded-lg bg-slate-50 p-3">
                    <p className="text-xs text-muted-foreground">
                      {t(`earnings.${key}`)} · {r.currency}
                    </p>
                    <p
                      className="text-xl font-bold tabular-nums"
                      data-testid={`revenue-${r.currency}-${key}`}
                    >
                      {money(value, r.currency, lng)}
                    </p>
                  </div>
                ))}
              </div>
              <div
                className="flex h-24 items-end gap-0.5"
                role="img"
                aria-label={t("earnings.chart", { currency: r.currency })}
              >
                {byDay.size === 0 ? (
                  <p className="self-center text-sm text-muted-foreground">{t("earnings.noSales")}</p>
                ) : (
                  series.map((d) => (
                    <div
                      key={d.day}
                      title={`${d.day}: ${money(d.amount, r.currency, lng)}`}
                      className={cn(
                        "min-w-0 flex-1 rounded-t",
                        d.amount === 0 ? "bg-slate-200" : d.amount > 0 ? "bg-brand/70" : "bg-red-400",
                      )}
                      style={{
                        height: d.amount === 0 ? "2px" : `${Math.max(4, (Math.abs(d.amount) / max) * 100)}%`,
                      }}
                    />
                  ))
                )}
              </div>
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}
