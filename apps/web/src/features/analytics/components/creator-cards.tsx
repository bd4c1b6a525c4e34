import type { CreatorOverview } from "@academy/shared";
import {
  BookOpenIcon,
  InfoIcon,
  TrendingDownIcon,
  TrendingUpIcon,
  UsersIcon,
  WalletIcon,
} from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatMoney, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { formatPercent } from "../format";

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

/** The four overview cards with their change against the previous range and their definition (issue 12 §2); skeletons while `data` is undefined. */
export function Cards({ data }: { data: CreatorOverview | undefined }) {
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
