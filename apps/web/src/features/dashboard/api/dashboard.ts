import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** GET /api/dashboard: the creator or student dashboard of the signed-in user. */
export const dashboardQueryOptions = queryOptions({
  queryKey: ["dashboard"],
  queryFn: () => unwrap(api.dashboard.$get()),
});
