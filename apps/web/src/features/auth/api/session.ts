import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";

export { type MeData, meQueryOptions } from "@/lib/session";

/** Public configuration (GET /api/config): whether Google sign-in is offered. */
export const authConfigQueryOptions = queryOptions({
  queryKey: ["auth-config"],
  queryFn: () => unwrap(api.config.$get()),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Signs out and forgets every cached query. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? "Failed to sign out");
    },
    onSuccess: () => {
      queryClient.clear();
    },
  });
}

/** Remembers the UI language on the profile (used for e-mails); failures are ignored. */
export function saveLocale(locale: "en" | "vi"): void {
  void api.me.$patch({ json: { locale } }).catch(() => undefined);
}
