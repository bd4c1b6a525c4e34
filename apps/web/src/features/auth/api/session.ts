import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authClient } from "@/lib/auth-client";

/** Public configuration (GET /api/config): whether Google sign-in is offered. */
export {
  type MeData,
  meQueryOptions,
  publicConfigQueryOptions as authConfigQueryOptions,
} from "@/lib/session";

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

export { saveLocale } from "@/lib/session";
