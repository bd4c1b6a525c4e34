import { useQuery } from "@tanstack/react-query";
import { AwardIcon, FlameIcon, RefreshCwIcon, SearchXIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { publicAchievementQueryOptions } from "../api/community";

/**
 * /achievements/{shareId} — a shared achievement's public page (issue 27 §4): who earned which
 * achievement (name, description, icon), when, on which platform; nothing private. The server
 * renders its <head> (Open Graph image included). An id no longer shared says so plainly.
 */
export function AchievementPublicPage({ shareId }: { shareId: string }) {
  const { t, i18n } = useTranslation("community");
  const query = useQuery(publicAchievementQueryOptions(shareId));
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const data = query.data;
  const title = data ? t(`achievements.${data.achievement}.title`) : "";
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-slate-50 to-slate-100">
      <PageTitle>
        {data
          ? t("publicAchievement.pageTitle", { name: data.displayName, achievement: title })
          : gone
            ? t("publicAchievement.notFoundTitle")
            : t("loading")}
      </PageTitle>
      <header className="border-b border-border/80 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" className="rounded-md text-brand" aria-label={t("publicAchievement.home")}>
            <BrandMark />
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {data ? (
          <Card className="overflow-hidden shadow-lg shadow-brand/10" data-testid="achievement-public">
            <div className="flex flex-col items-center gap-4 bg-gradient-to-br from-[#1A237E] to-[#00C7B1] px-6 py-10 text-center text-white sm:py-14">
              <span className="flex size-20 items-center justify-center rounded-full bg-amber-300 text-[#1A237E] shadow-md">
                {data.achievement === "consistent" ? (
                  <FlameIcon className="size-10" aria-hidden />
                ) : (
                  <AwardIcon className="size-10" aria-hidden />
                )}
              </span>
              <p className="text-xs font-semibold uppercase tracking-[0.2em] text-amber-200">
                {t("publicAchievement.kicker")}
              </p>
              <h1 className="text-3xl font-bold text-balance sm:text-4xl" data-testid="achievement-title">
                {title}
              </h1>
              <p className="max-w-md text-white/90">{t(`achievements.${data.achievement}.description`)}</p>
            </div>
            <div className="grid gap-1 px-6 py-6 text-center">
              <p className="text-lg font-semibold" data-testid="achievement-owner">
                {t("publicAchievement.earnedBy", { name: data.displayName })}
              </p>
              <p className="text-sm text-muted-foreground">
                {t("publicAchievement.earnedOn", {
                  date: formatDate(data.earnedAt, i18n.language),
                  platform: data.platformName,
                })}
              </p>
            </div>
          </Card>
        ) : gone ? (
          <Card
            className="flex flex-col items-center gap-4 px-6 py-12 text-center"
            data-testid="achievement-gone"
          >
            <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
            <h1 className="text-xl font-semibold">{t("publicAchievement.notFoundTitle")}</h1>
            <p className="text-sm text-muted-foreground">{t("publicAchievement.notFound")}</p>
            <Button asChild variant="outline">
              <Link to="/">{t("publicAchievement.home")}</Link>
            </Button>
          </Card>
        ) : query.isError ? (
          <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center" role="alert">
            <p className="text-sm text-muted-foreground">{t("common:errors.unexpected")}</p>
            <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCwIcon aria-hidden />
              {t("publicAchievement.retry")}
            </Button>
          </Card>
        ) : (
          <Skeleton className="h-80 w-full rounded-xl" />
        )}
      </main>
    </div>
  );
}
