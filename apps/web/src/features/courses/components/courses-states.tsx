import { AlertTriangleIcon, RotateCwIcon, SearchXIcon, SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { COURSES_PAGE_SIZE } from "../api/courses";

/** The card grid's columns: 1 on phones, 2 on tablets, 3 on desktops. */
export const COURSE_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3";

export function CourseGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation("courses");
  return (
    <div className={COURSE_GRID} aria-busy="true" data-testid="courses-loading">
      <span className="sr-only" role="status">
        {t("loading")}
      </span>
      {Array.from({ length: Math.min(count, COURSES_PAGE_SIZE) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
          <Skeleton className="aspect-video rounded-none" />
          <div className="grid gap-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
            <div className="flex gap-3">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-3 w-20" />
            </div>
            <Skeleton className="h-5 w-24" />
            <div className="flex gap-2">
              <Skeleton className="h-9 flex-1" />
              <Skeleton className="h-9 flex-1" />
              <Skeleton className="size-9" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** No course at all: an inviting card leading to the course builder. */
export function CoursesEmptyState() {
  const { t } = useTranslation("courses");
  return (
    <section
      className="relative overflow-hidden rounded-2xl border border-border bg-background px-6 py-14 text-center shadow-sm sm:px-10"
      data-testid="courses-empty"
    >
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-secondary to-transparent"
        aria-hidden
      />
      <div className="relative mx-auto grid max-w-md justify-items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand text-accent-teal shadow-md">
          <SparklesIcon className="size-7" aria-hidden />
        </span>
        <h2 className="text-xl font-semibold">{t("empty.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("empty.body")}</p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/dashboard/course-builder">{t("empty.cta")}</Link>
        </Button>
      </div>
    </section>
  );
}

/** Courses exist, but none matches the search or the filter. */
export function CoursesNoResults({ search, onClear }: { search: string; onClear: () => void }) {
  const { t } = useTranslation("courses");
  return (
    <section
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-background px-6 py-12 text-center"
      data-testid="courses-no-results"
    >
      <SearchXIcon className="size-9 text-muted-foreground" aria-hidden />
      <h2 className="font-semibold">
        {search ? t("noResults.titleSearch", { search }) : t("noResults.title")}
      </h2>
      <p className="max-w-sm text-sm text-muted-foreground">{t("noResults.body")}</p>
      <Button variant="outline" onClick={onClear}>
        {t("noResults.clear")}
      </Button>
    </section>
  );
}

export function CoursesErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation("courses");
  return (
    <section
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
      data-testid="courses-error"
    >
      <AlertTriangleIcon className="size-9 text-destructive" aria-hidden />
      <h2 className="font-semibold">{t("error.title")}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        {t("error.retry")}
      </Button>
    </section>
  );
}
