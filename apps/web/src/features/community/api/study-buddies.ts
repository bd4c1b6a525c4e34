import type { BuddyPreferencesInput } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/lib/api-client";

/** Query keys of study buddies (issue 13 §5). */
export const buddyKeys = {
  all: ["study-buddies"] as const,
  preferences: () => ["study-buddies", "preferences"] as const,
  overview: () => ["study-buddies", "overview"] as const,
  suggestions: () => ["study-buddies", "suggestions"] as const,
  blocks: () => ["study-buddies", "blocks"] as const,
};

const noClientRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export const buddyPreferencesQueryOptions = queryOptions({
  queryKey: buddyKeys.preferences(),
  queryFn: () => unwrap(api["study-buddies"].preferences.$get()),
  retry: noClientRetry,
});

export const buddyOverviewQueryOptions = queryOptions({
  queryKey: buddyKeys.overview(),
  queryFn: () => unwrap(api["study-buddies"].$get()),
  retry: noClientRetry,
});

export const buddySuggestionsQueryOptions = queryOptions({
  queryKey: buddyKeys.suggestions(),
  queryFn: () => unwrap(api["study-buddies"].suggestions.$get()),
  retry: noClientRetry,
  // The online dots follow presence (decision 0233): refreshed every 30 s while the tab is shown.
  refetchInterval: 30_000,
});

export const buddyBlocksQueryOptions = queryOptions({
  queryKey: buddyKeys.blocks(),
  queryFn: () => unwrap(api["study-buddies"].blocks.$get()),
  retry: noClientRetry,
});

/** Every buddy query is refetched after a change (lists are small). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: buddyKeys.all });
}

export function useSaveBuddyPreferences() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: BuddyPreferencesInput) =>
      unwrap(api["study-buddies"].preferences.$put({ json: input })),
    onSuccess: refresh,
  });
}

export function useRequestBuddy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { userId: string; note?: string }) =>
      unwrap(api["study-buddies"].requests.$post({ json: input })),
    onSuccess: refresh,
  });
}

/** accept | decline | cancel a request. */
export function useAnswerRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (v: { id: string; action: "accept" | "decline" | "cancel" }): Promise<unknown> => {
      const request = api["study-buddies"].requests[":id"];
      const param = { param: { id: v.id } };
      return v.action === "accept"
        ? unwrap(request.accept.$post(param))
        : v.action === "decline"
          ? unwrap(request.decline.$post(param))
          : unwrap(request.cancel.$post(param));
    },
    onSuccess: refresh,
  });
}

export function useRemoveBuddy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api["study-buddies"][":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useOpenBuddyConversation() {
  return useMutation({
    mutationFn: (id: string) => unwrap(api["study-buddies"][":id"].conversation.$post({ param: { id } })),
  });
}

export function useBlockUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api["study-buddies"].blocks.$post({ json: { userId } })),
    onSuccess: refresh,
  });
}

export function useUnblockUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api["study-buddies"].blocks[":userId"].$delete({ param: { userId } })),
    onSuccess: refresh,
  });
}
