import { useListParams } from "@/lib/use-list-params";

const FILTERS = { search: { param: "q", fallback: "" }, courseId: { param: "course", fallback: "" } };

/**
 * Student Management's page, search and course filter, kept in the address
 * (?page=2&q=nguyen&course={id}) so reloading or going back restores the view. Changing the search
 * or the course returns to page 1.
 */
export function useStudentListParams() {
  const { page, values, setPage, setFilter, clearFilters } = useListParams(FILTERS);
  return {
    page,
    search: values.search,
    courseId: values.courseId,
    setPage,
    setSearch: (value: string) => setFilter("search", value),
    setCourseId: (value: string) => setFilter("courseId", value),
    clearFilters,
  };
}
