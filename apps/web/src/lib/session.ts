import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "./api-client";

/**
 * The signed-in user's profile, or null when signed out (GET /api/me). Cross-cutting: pages and
 * every feature may read who is signed in; signing in and out lives in features/auth.
 */
export const meQueryOptions = queryOptions({
  queryKey: ["me"],
  queryFn: async () => {
    try {
      return await unwrap(api.me.$get());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export type MeData = NonNullable<Awaited<ReturnType<NonNullable<typeof meQueryOptions.queryFn>>>>;
