import type { AccountSettingsInput, DeleteAccountInput } from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { saveBlob } from "@/lib/download";
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

/** GET /api/account/security-events: one page (10) of the person's security events, newest first. */
export function securityEventsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ["account", "security-events", page],
    queryFn: () => unwrap(api.account["security-events"].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

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

/**
 * GET /api/account/deletion (issue 23 item 8): whether deleting asks for a password, how many paid
 * enrolments in the person's courses block it, and until when a password-less session is fresh.
 */
export const accountDeletionQueryOptions = queryOptions({
  queryKey: ["account", "deletion"],
  queryFn: () => unwrap(api.account.deletion.$get()),
});

/** DELETE /api/account with the account's password (none for a password-less, freshly signed-in account). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => unwrap(api.account.$delete({ json: input })),
  });
}

/**
 * Signs out so a password-less (Google-only) person can sign in again and delete their account
 * within 10 minutes of that fresh sign-in.
 */
export async function signOutToSignInAgain(): Promise<void> {
  const { authClient } = await import("@/lib/auth-client");
  await authClient.signOut();
}

/**
 * GET /api/account/export (issue 24 §8): downloads the person's data as a ZIP (profile, enrolments,
 * progress, certificates, orders, posts, messages, reviews as JSON and CSV) under the server's file
 * name (`academy-data-YYYY-MM-DD.zip`).
 * @throws ApiError with the server's message (e.g. 429 past 5 exports an hour) or a network failure.
 */
export async function downloadMyData(): Promise<void> {
  const response = await api.account.export.$get().catch((error: unknown) => unwrap(Promise.reject(error)));
  if (!response.ok) {
    await unwrap(Promise.resolve(response));
    return;
  }
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition") ?? "";
  saveBlob(blob, /filename="([^"]+)"/.exec(disposition)?.[1] ?? "academy-data.zip");
}
