import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Public configuration (GET /api/config): whether Google sign-in is offered. */
export {
  type MeData,
  meQueryOptions,
  publicConfigQueryOptions as authConfigQueryOptions,
} from "@/lib/session";

/**
 * Signs out and forgets every cached query. better-auth's client is imported on demand: the
 * dashboard layout uses this hook, and pages that never sign in or out skip its 12 KB (issue 17 §14).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { authClient } = await import("@/lib/auth-client");
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? "Failed to sign out");
    },
    onSuccess: () => {
      queryClient.clear();
    },
  });
}

export { saveLocale } from "@/lib/session";
