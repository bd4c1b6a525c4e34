import * as React from "react";
import { useSearchParams } from "react-router";

/**
 * Student Management's page, search and course filter, kept in the address
 * (?page=2&q=nguyen&course={id}) so reloading or going back restores the view. Changing the search
 * or the course returns to page 1.
 */
export function useStudentListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const search = params.get("q") ?? "";
  const courseId = params.get("course") ?? "";

  const update = React.useCallback(
    (changes: { page?: number; search?: string; courseId?: string }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback || value === "") next.delete(key);
            else next.set(key, value);
          };
          set("q", changes.search, "");
          set("course", changes.courseId, "");
          const resetPage = changes.search !== undefined || changes.courseId !== undefined;
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
    courseId,
    setPage: (value: number) => update({ page: value }),
    setSearch: (value: string) => update({ search: value }),
    setCourseId: (value: string) => update({ courseId: value }),
    clearFilters: () => update({ search: "", courseId: "" }),
  };
}
