import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/**
 * GET /api/public-stats (issue 24 §1): the real platform figures that reached the admin's minimum
 * — creators, published courses, students, certificates — or none. Reused for 5 minutes.
 */
export const publicStatsQueryOptions = queryOptions({
  queryKey: ["public-stats"],
  queryFn: () => unwrap(api["public-stats"].$get()),
  staleTime: 5 * 60_000,
});
