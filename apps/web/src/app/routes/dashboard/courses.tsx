import type { CourseSummary } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, PlusIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Pagination, pageCount } from "@/components/ui/pagination";
import { COURSES_CSV_URL, COURSES_PAGE_SIZE, coursesQueryOptions } from "@/features/courses/api/courses";
import { courseErrorText } from "@/features/courses/api/errors";
import { CourseCard } from "@/features/courses/components/course-card";
import {
  COURSE_GRID,
  CourseGridSkeleton,
  CoursesEmptyState,
  CoursesErrorState,
  CoursesNoResults,
} from "@/features/courses/components/courses-states";
import { CoursesToolbar } from "@/features/courses/components/courses-toolbar";
import { DeleteCourseDialog } from "@/features/courses/components/delete-course-dialog";
import { QrCodeDialog } from "@/features/courses/components/qr-code-dialog";
import { useCourseListParams } from "@/features/courses/hooks/use-course-list-params";
import { useCourseSelection } from "@/features/courses/hooks/use-course-selection";
import { dashboardQueryOptions } from "@/features/dashboard/api/dashboard";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * The bulk actions panel shows once a course is selected, and loads then (issue 17 §14 route
 * budget: the page is ≤ 250 KB of gzip JS; the panel brings the select menu with it).
 */
const BulkActionsPanel = React.lazy(() =>
  import("@/features/courses/components/bulk-actions-panel").then((m) => ({ default: m.BulkActionsPanel })),
);

/** The open dialog; kept (with open false) while closing so focus can go back to the card's menu. */
interface DialogState {
  kind: "qr" | "delete";
  course: CourseSummary;
  returnFocus: HTMLElement | null;
  open: boolean;
}

/**
 * /dashboard/courses — the creator's "My Courses" (spec 000 §2, §3, §4, §5, §7, §8, §9): a card grid
 * with search, status filter and server-side pagination, per-course actions, the bulk panel and the
 * CSV export.
 */
export function Component() {
  const { t, i18n } = useTranslation("courses");
  const lng = i18n.language;
  const { page, search, status, setPage, setSearch, setStatus, clearFilters } = useCourseListParams();
  const list = useQuery(coursesQueryOptions({ page, search, status }));
  const dashboard = useQuery(dashboardQueryOptions);
  const selection = useCourseSelection();
  const [dialog, setDialog] = React.useState<DialogState | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);

  const closeDialog = (open: boolean) => {
    if (!open) setDialog((current) => current && { ...current, open: false });
  };

  const data = list.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const filtered = search !== "" || status !== "all";
  const pages = pageCount(total, COURSES_PAGE_SIZE);

  // A page past the end (after deleting its last course, or an old link): go to the last page.
  React.useEffect(() => {
    if (data && !list.isPlaceholderData && page > pages) setPage(pages);
  }, [data, list.isPlaceholderData, page, pages, setPage]);

  const stats = dashboard.data?.role === "creator" ? dashboard.data.stats : null;
  const counts = stats
    ? {
        all: stats.totalCourses,
        published: stats.publishedCourses,
        draft: Math.max(0, stats.totalCourses - stats.publishedCourses),
      }
    : undefined;

  const pageIds = items.map((course) => course.id);
  const selectedOnPage = pageIds.filter((id) => selection.selected.has(id)).length;
  const allOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const from = total === 0 ? 0 : (page - 1) * COURSES_PAGE_SIZE + 1;
  const to = Math.min(total, (page - 1) * COURSES_PAGE_SIZE + items.length);
  const noCoursesAtAll = data !== undefined && total === 0 && !filtered;

  return (
    <div className="grid gap-6">
      <PageTitle>{t("title")}</PageTitle>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
          >
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        <div className={cn("grid gap-2 sm:flex sm:shrink-0", !noCoursesAtAll && "grid-cols-2")}>
          {noCoursesAtAll ? null : (
            <Button asChild variant="outline">
              <a href={COURSES_CSV_URL} download data-testid="export-csv">
                <DownloadIcon aria-hidden />
                {t("exportCsv")}
              </a>
            </Button>
          )}
          <Button asChild>
            <Link to="/dashboard/course-builder">
              <PlusIcon aria-hidden />
              {t("buildNewCourse")}
            </Link>
          </Button>
        </div>
      </header>

      {noCoursesAtAll ? null : (
        <CoursesToolbar
          search={search}
          onSearchChange={setSearch}
          status={status}
          onStatusChange={setStatus}
          counts={counts}
        />
      )}

      {list.isPending ? (
        <CourseGridSkeleton />
      ) : list.isError ? (
        <CoursesErrorState message={courseErrorText(list.error, t)} onRetry={() => void list.refetch()} />
      ) : noCoursesAtAll ? (
        <CoursesEmptyState />
      ) : items.length === 0 ? (
        <CoursesNoResults search={search} onClear={clearFilters} />
      ) : (
        <section aria-label={t("listLabel")} className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-center gap-2.5">
              <Checkbox
                id="select-all-courses"
                checked={allOnPage ? true : selectedOnPage > 0 ? "indeterminate" : false}
                onCheckedChange={(value) => selection.setMany(pageIds, value === true)}
                data-testid="select-all"
              />
              <Label htmlFor="select-all-courses" className="cursor-pointer font-normal">
                {t("selection.selectAllPage")}
              </Label>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="courses-count">
              {t("pagination.showing", {
                from: formatNumber(from, lng),
                to: formatNumber(to, lng),
                total: formatNumber(total, lng),
                count: total,
              })}
            </p>
          </div>
          <ul className={COURSE_GRID} aria-busy={list.isFetching && list.isPlaceholderData}>
            {items.map((course) => (
              <li key={course.id} className="flex">
                <CourseCard
                  course={course}
                  selected={selection.selected.has(course.id)}
                  onSelectedChange={(checked) => selection.toggle(course.id, checked)}
                  onShowQr={(c, returnFocus) => setDialog({ kind: "qr", course: c, returnFocus, open: true })}
                  onDelete={(c, returnFocus) =>
                    setDialog({ kind: "delete", course: c, returnFocus, open: true })
                  }
                />
              </li>
            ))}
          </ul>
          <Pagination
            label={t("pagination.label")}
            page={page}
            pageSize={COURSES_PAGE_SIZE}
            total={total}
            onPageChange={(next) => {
              setPage(next);
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
            busy={list.isPlaceholderData}
          />
        </section>
      )}

      {selection.ids.length > 0 ? (
        <React.Suspense fallback={null}>
          <BulkActionsPanel
            selectedIds={selection.ids}
            onClear={selection.clear}
            onDone={selection.clear}
            className="sticky bottom-3 z-10"
          />
        </React.Suspense>
      ) : null}

      <QrCodeDialog
        open={dialog?.kind === "qr" && dialog.open}
        course={dialog?.kind === "qr" ? dialog.course : null}
        returnFocus={dialog?.returnFocus}
        onOpenChange={closeDialog}
      />
      <DeleteCourseDialog
        open={dialog?.kind === "delete" && dialog.open}
        course={dialog?.kind === "delete" ? dialog.course : null}
        returnFocus={dialog?.returnFocus}
        onOpenChange={closeDialog}
        onDeleted={(course) => selection.toggle(course.id, false)}
        fallbackFocus={() => heading.current}
      />
    </div>
  );
}
