import type { CreateStudyGroupInput, ScheduleSessionInput, StudyGroupDetail } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/lib/api-client";
import { communityKeys } from "./community";

const noClientRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export const groupKeys = {
  all: ["study-groups"] as const,
  list: () => ["study-groups", "list"] as const,
  one: (id: string) => ["study-groups", "one", id] as const,
};

export const studyGroupsQueryOptions = queryOptions({
  queryKey: groupKeys.list(),
  queryFn: () => unwrap(api["study-groups"].$get({ query: {} })),
  retry: noClientRetry,
});

export function studyGroupQueryOptions(id: string) {
  return queryOptions({
    queryKey: groupKeys.one(id),
    queryFn: (): Promise<StudyGroupDetail> => unwrap(api["study-groups"][":id"].$get({ param: { id } })),
    retry: noClientRetry,
  });
}

/** The .ics download address of a session. */
export const sessionCalendarUrl = (sessionId: string) => `/api/study-group-sessions/${sessionId}.ics`;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    void queryClient.invalidateQueries({ queryKey: communityKeys.all });
  };
}

export function useCreateGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateStudyGroupInput) => unwrap(api["study-groups"].$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useJoinGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; inviteToken?: string }) =>
      unwrap(
        api["study-groups"][":id"].join.$post({ param: { id: v.id }, json: { inviteToken: v.inviteToken } }),
      ),
    onSuccess: refresh,
  });
}

export function useLeaveGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; memberId?: string }) =>
      unwrap(api["study-groups"][":id"].leave.$post({ param: { id: v.id }, json: { memberId: v.memberId } })),
    onSuccess: refresh,
  });
}

export function useScheduleSession(groupId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ScheduleSessionInput) =>
      unwrap(api["study-groups"][":id"].sessions.$post({ param: { id: groupId }, json: input })),
    onSuccess: refresh,
  });
}
