import { useListParams } from "@/lib/use-list-params";
import type { CourseStatusFilter } from "../api/courses";

const STATUSES: readonly CourseStatusFilter[] = ["all", "published", "draft"];
const FILTERS = { search: { param: "q", fallback: "" }, status: { param: "status", fallback: "all" } };

/**
 * The list's page, search and status filter, kept in the address (?page=2&q=react&status=draft) so
 * reloading or going back restores the view. Changing the search or the filter returns to page 1.
 */
export function useCourseListParams() {
  const { page, values, setPage, setFilter, clearFilters } = useListParams(FILTERS);
  const status = STATUSES.includes(values.status as CourseStatusFilter)
    ? (values.status as CourseStatusFilter)
    : "all";
  return {
    page,
    search: values.search,
    status,
    setPage,
    setSearch: (value: string) => setFilter("search", value),
    setStatus: (value: CourseStatusFilter) => setFilter("status", value),
    clearFilters,
  };
}
