import type {
  AcceptInvitationResult,
  InvitationLookup,
  InvitationResult,
  PendingInvitationList,
  SendInvitationInput,
} from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/**
 * GET /api/invitations/lookup?token=…: the invited e-mail and courses of a pending, unexpired
 * invitation (000 §7). No retries: a 404 means the invitation is not usable.
 */
export function invitationLookupQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["invitations", "lookup", token],
    queryFn: (): Promise<InvitationLookup> => unwrap(api.invitations.lookup.$get({ query: { token } })),
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /api/invitations/accept: process-student-invitation for the signed-in account (001 §7). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationToken: string): Promise<AcceptInvitationResult> =>
      unwrap(api.invitations.accept.$post({ json: { invitationToken } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
  });
}

/** POST /api/invitations: send-student-invitation (000 §7); returns the invitationLink. */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInvitationInput): Promise<InvitationResult> =>
      unwrap(api.invitations.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["invitations", "pending"] }),
  });
}

/** GET /api/invitations: the creator's pending, unexpired invitations (issue 16 item 8). */
export const pendingInvitationsQueryOptions = queryOptions({
  queryKey: ["invitations", "pending"],
  queryFn: (): Promise<PendingInvitationList> => unwrap(api.invitations.$get()),
});

/** POST /api/invitations/{id}/revoke: the invitation's link stops working; the list is refreshed. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.invitations[":id"].revoke.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["invitations", "pending"] }),
  });
}
