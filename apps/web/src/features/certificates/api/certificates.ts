import type { Certificate } from "@academy/shared";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/**
 * GET /api/certificates/{id}: the public verification of a certificate (issue 4): who completed
 * which course of which school, and when. Unknown code → ApiError 404 "No certificate with this ID
 * exists." (not retried).
 */
export function certificateQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["certificate", id],
    queryFn: (): Promise<Certificate> => unwrap(api.certificates[":id"].$get({ param: { id } })),
    staleTime: 5 * 60_000,
  });
}
