import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** The player's shape while the course loads. */
export function PlayerSkeleton() {
  const { t } = useTranslation("player");
  return (
    <div className="flex h-svh flex-col" aria-busy="true" data-testid="player-loading">
      <span className="sr-only" role="status">
        {t("loading")}
      </span>
      <div className="flex h-16 items-center gap-3 border-b border-border px-3 sm:px-6">
        <Skeleton className="size-9" />
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-4 w-48 max-w-full" />
          <Skeleton className="h-3 w-24" />
        </div>
        <Skeleton className="hidden h-2 w-48 sm:block" />
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="hidden w-80 shrink-0 gap-3 border-r border-border p-4 lg:grid lg:content-start">
          <Skeleton className="h-3 w-24" />
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <div key={i} className="flex gap-3">
              <Skeleton className="size-5 rounded-full" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-3 w-20" />
              </div>
            </div>
          ))}
        </div>
        <div className="mx-auto grid w-full max-w-3xl content-start gap-4 px-4 py-8 sm:px-8">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="aspect-video w-full rounded-xl" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
    </div>
  );
}

/** Loading failed (spec 001 §8: 'Failed to load course content.'): retry or go back to the dashboard. */
export function PlayerError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation("player");
  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 px-4" data-testid="player-error">
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border border-border bg-background p-8 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
          <TriangleAlertIcon className="size-6" aria-hidden />
        </span>
        <p role="alert" className="font-semibold">
          {message}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {onRetry ? (
            <Button onClick={onRetry}>
              <RotateCwIcon aria-hidden />
              {t("errors.retry")}
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/dashboard">{t("backToDashboard")}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
