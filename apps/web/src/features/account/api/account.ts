import type { AccountSettingsInput } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/session";

/** GET /api/account: the signed-in person's settings. */
export const accountQueryOptions = queryOptions({
  queryKey: ["account"],
  queryFn: () => unwrap(api.account.$get()),
});

/** GET /api/account/sessions: signed-in devices. */
export const sessionsQueryOptions = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: () => unwrap(api.account.sessions.$get()),
});

/** PUT /api/account; refreshes the header's name and avatar. */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountSettingsInput) => unwrap(api.account.$put({ json: input })),
    onSuccess: (data) => {
      queryClient.setQueryData(accountQueryOptions.queryKey, data);
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}

/** POST /api/account/sessions/revoke: one session by id, every other one, or all (this one too). */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { all: true } | { others: true } | { id: string }) =>
      unwrap(api.account.sessions.revoke.$post({ json: which })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}

/** DELETE /api/account with the typed e-mail address as confirmation. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmEmail: string) => unwrap(api.account.$delete({ json: { confirmEmail } })),
  });
}
