import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** GET /api/dashboard: the creator or student dashboard of the signed-in user. */
export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: () => unwrap(api.dashboard.$get()),
});

/**
 * POST /api/courses/{id}/leave: the signed-in student leaves a course they were invited to or
 * assigned to (issue 16 item 8); the dashboard is refreshed afterwards.
 */
export function useLeaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => unwrap(api.courses[":id"].leave.$post({ param: { id: courseId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
  });
}
