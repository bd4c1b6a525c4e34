import { useQuery } from "@tanstack/react-query";
import { LayoutDashboardIcon, LogInIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandMark } from "@/components/layout/brand";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { Button } from "@/components/ui/button";
import { usePlatformName } from "@/lib/platform";
import { meQueryOptions } from "@/lib/session";

/**
 * The public header of /join/{courseId}: the school's brand when the page gives one (issue 15), else
 * Academy's (home); the language switch, and "Sign In"
 * (returning here) for visitors or "Dashboard" for signed-in users.
 */
export function JoinHeader({ returnTo, brand }: { returnTo: string; brand?: React.ReactNode }) {
  const { t } = useTranslation("join");
  const platform = usePlatformName();
  const me = useQuery(meQueryOptions);
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        {brand ? (
          <div className="min-w-0">{brand}</div>
        ) : (
          <Link to="/" aria-label={t("header.home", { platform })} className="rounded-md text-brand">
            <BrandMark />
          </Link>
        )}
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          {me.isPending ? (
            <span className="inline-block h-9 w-24" aria-hidden />
          ) : me.data ? (
            <Button asChild variant="outline" size="sm" className="max-sm:size-9 max-sm:px-0">
              <Link to="/dashboard">
                <LayoutDashboardIcon aria-hidden />
                <span className="sr-only sm:not-sr-only">{t("header.dashboard")}</span>
              </Link>
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to={`/auth?tab=signin&redirect=${encodeURIComponent(returnTo)}`}>
                <LogInIcon aria-hidden className="hidden sm:block" />
                {t("header.signIn")}
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
