import type { ChallengeDetail, ChallengeList, CreateChallengeInput } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/lib/api-client";
import { communityKeys } from "./community";

const noClientRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export const challengeKeys = {
  all: ["challenges"] as const,
  list: () => ["challenges", "list"] as const,
  one: (id: string) => ["challenges", "one", id] as const,
};

/** GET /api/community/challenges: the caller's courses' challenges and the courses they may set one for. */
export const challengesQueryOptions = queryOptions({
  queryKey: challengeKeys.list(),
  queryFn: (): Promise<ChallengeList> => unwrap(api.community.challenges.$get({ query: {} })),
  retry: noClientRetry,
});

/** GET /api/community/challenges/{id}: one challenge with its leaderboard. */
export function challengeQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengeKeys.one(id),
    queryFn: (): Promise<ChallengeDetail> => unwrap(api.community.challenges[":id"].$get({ param: { id } })),
    retry: noClientRetry,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    // Completing a challenge may award the Challenger badge.
    void queryClient.invalidateQueries({ queryKey: communityKeys.achievements() });
  };
}

export function useCreateChallenge() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateChallengeInput) => unwrap(api.community.challenges.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useJoinChallenge() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; hideName: boolean }) =>
      unwrap(
        api.community.challenges[":id"].join.$post({ param: { id: v.id }, json: { hideName: v.hideName } }),
      ),
    onSuccess: refresh,
  });
}

export function useLeaveChallenge() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.community.challenges[":id"].leave.$post({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useChallengeVisibility() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; hideName: boolean }) =>
      unwrap(
        api.community.challenges[":id"].visibility.$put({
          param: { id: v.id },
          json: { hideName: v.hideName },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteChallenge() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.community.challenges[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
