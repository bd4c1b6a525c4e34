import * as React from "react";
import { useSearchParams } from "react-router";
import type { CourseStatusFilter } from "../api/courses";

const STATUSES: readonly CourseStatusFilter[] = ["all", "published", "draft"];

/**
 * The list's page, search and status filter, kept in the address (?page=2&q=react&status=draft) so
 * reloading or going back restores the view. Changing the search or the filter returns to page 1.
 */
export function useCourseListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const search = params.get("q") ?? "";
  const rawStatus = params.get("status") as CourseStatusFilter | null;
  const status: CourseStatusFilter = rawStatus && STATUSES.includes(rawStatus) ? rawStatus : "all";

  const update = React.useCallback(
    (changes: { page?: number; search?: string; status?: CourseStatusFilter }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback || value === "") next.delete(key);
            else next.set(key, value);
          };
          set("q", changes.search, "");
          set("status", changes.status, "all");
          const resetPage = changes.search !== undefined || changes.status !== undefined;
          set("page", changes.page !== undefined ? String(changes.page) : resetPage ? "1" : undefined, "1");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    page,
    search,
    status,
    setPage: (value: number) => update({ page: value }),
    setSearch: (value: string) => update({ search: value }),
    setStatus: (value: CourseStatusFilter) => update({ status: value }),
    clearFilters: () => update({ search: "", status: "all" }),
  };
}
