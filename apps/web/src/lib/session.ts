import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "./api-client";
import { queryClient } from "./query-client";

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

/**
 * Public configuration (GET /api/config): whether Google sign-in is offered, and whether a model
 * writes outlines and materials (aiMode "model") or the built-in templates do ("offline": the
 * builder says "Template", never "AI" — issue 17 §2). Fetched once per page load.
 */
export const publicConfigQueryOptions = queryOptions({
  queryKey: ["public-config"],
  queryFn: () => unwrap(api.config.$get()),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Remembers the UI language on the profile (e-mails, and every device the person signs in on:
 * issue 24 §7); the cached profile follows at once. Failures are ignored.
 */
export function saveLocale(locale: "en" | "vi"): void {
  queryClient.setQueryData(meQueryOptions.queryKey, (me) =>
    me ? { ...me, locale, localeChosen: true } : me,
  );
  void api.me.$patch({ json: { locale } }).catch(() => undefined);
}
