import type {
  AchievementList,
  AchievementShare,
  CommunityPreferences,
  CommunitySpaces,
  CreateDiscussionInput,
  DiscussionDetail,
  DiscussionList,
  DiscussionSort,
  PublicAchievement,
  Reply,
  ReportInput,
} from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { ApiError, api, unwrap } from "@/lib/api-client";

/** Query keys of the community (issue 13). */
export const communityKeys = {
  all: ["community"] as const,
  spaces: () => ["community", "spaces"] as const,
  lists: () => ["community", "discussions"] as const,
  list: (params: DiscussionParams) => ["community", "discussions", params] as const,
  discussion: (id: string) => ["community", "discussion", id] as const,
  reports: () => ["community", "reports"] as const,
  preferences: () => ["community", "preferences"] as const,
  achievements: () => ["community", "achievements"] as const,
};

const noClientRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** The list's address parameters (all optional; page is 1-based). */
export interface DiscussionParams {
  search?: string;
  courseId?: string;
  /** A study group's discussions. */
  groupId?: string;
  tag?: string;
  unanswered?: boolean;
  mine?: boolean;
  /** Pinned only (000 §2 filter). */
  pinned?: boolean;
  /** Solved only: an answer is marked (000 §2 filter). */
  solved?: boolean;
  sort: DiscussionSort;
  page: number;
}

export const spacesQueryOptions = queryOptions({
  queryKey: communityKeys.spaces(),
  queryFn: (): Promise<CommunitySpaces> => unwrap(api.community.spaces.$get()),
  retry: noClientRetry,
});

/** GET /api/community/discussions: a page of 20 visible discussions (000 §2). */
export function discussionsQueryOptions(params: DiscussionParams) {
  return queryOptions({
    queryKey: communityKeys.list(params),
    queryFn: (): Promise<DiscussionList> =>
      unwrap(
        api.community.discussions.$get({
          query: {
            sort: params.sort,
            page: String(params.page),
            ...(params.search ? { search: params.search } : {}),
            ...(params.courseId ? { courseId: params.courseId } : {}),
            ...(params.groupId ? { groupId: params.groupId } : {}),
            ...(params.tag ? { tag: params.tag } : {}),
            ...(params.unanswered ? { unanswered: "true" as const } : {}),
            ...(params.mine ? { mine: "true" as const } : {}),
            ...(params.pinned ? { pinned: "true" as const } : {}),
            ...(params.solved ? { solved: "true" as const } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
    retry: noClientRetry,
  });
}

export function discussionQueryOptions(id: string) {
  return queryOptions({
    queryKey: communityKeys.discussion(id),
    queryFn: (): Promise<DiscussionDetail> =>
      unwrap(api.community.discussions[":id"].$get({ param: { id } })),
    retry: noClientRetry,
  });
}

export const reportsQueryOptions = queryOptions({
  queryKey: communityKeys.reports(),
  queryFn: () => unwrap(api.community.reports.$get()),
  retry: noClientRetry,
});

export const preferencesQueryOptions = queryOptions({
  queryKey: communityKeys.preferences(),
  queryFn: (): Promise<CommunityPreferences> => unwrap(api.community.preferences.$get()),
  retry: noClientRetry,
});

export const achievementsQueryOptions = queryOptions({
  queryKey: communityKeys.achievements(),
  queryFn: (): Promise<AchievementList> => unwrap(api.community.achievements.$get()),
  retry: noClientRetry,
});

/** Refreshes every community query after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
    [queryClient],
  );
}

export function useCreateDiscussion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateDiscussionInput): Promise<DiscussionDetail> =>
      unwrap(api.community.discussions.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useReply(discussionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: string): Promise<Reply> =>
      unwrap(api.community.discussions[":id"].replies.$post({ param: { id: discussionId }, json: { body } })),
    onSuccess: refresh,
  });
}

export function useUpvote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; upvoted: boolean }) =>
      unwrap(
        api.community.discussions[":id"].upvote.$put({ param: { id: v.id }, json: { upvoted: v.upvoted } }),
      ),
    onSuccess: refresh,
  });
}

export function useModerate(discussionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { pinned?: boolean; locked?: boolean }) =>
      unwrap(api.community.discussions[":id"].moderation.$post({ param: { id: discussionId }, json: v })),
    onSuccess: refresh,
  });
}

export function useMarkAnswer(discussionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (replyId: string | null) =>
      unwrap(
        api.community.discussions[":id"].answer.$put({ param: { id: discussionId }, json: { replyId } }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteDiscussion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.community.discussions[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useDeleteReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.community.replies[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => unwrap(api.community.reports.$post({ json: input })),
  });
}

export function useResolveReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; action: "keep" | "hide" }) =>
      unwrap(api.community.reports[":id"].resolve.$post({ param: { id: v.id }, json: { action: v.action } })),
    onSuccess: refresh,
  });
}

export function useSavePreferences() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CommunityPreferences) => unwrap(api.community.preferences.$put({ json: input })),
    onSuccess: refresh,
  });
}

/**
 * Listens to /api/community/discussions/{id}/events while a thread is open: a new reply (from any
 * instance, through the realtime bus) refetches the thread. EventSource reconnects by itself.
 */
export function useDiscussionEvents(id: string | null) {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (!id || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/community/discussions/${id}/events`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: communityKeys.discussion(id) });
    source.addEventListener("reply", refresh);
    source.addEventListener("discussion", refresh);
    source.addEventListener("resync", refresh);
    return () => source.close();
  }, [id, queryClient]);
}

export function useUpdateDiscussion(discussionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { title: string; body: string; tags: string[] }) =>
      unwrap(api.community.discussions[":id"].$patch({ param: { id: discussionId }, json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; body: string }) =>
      unwrap(api.community.replies[":id"].$patch({ param: { id: v.id }, json: { body: v.body } })),
    onSuccess: refresh,
  });
}

/** Shares an earned achievement (issue 27 §4): creates its public page, or returns the one in force. */
export function useShareAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<AchievementShare> =>
      unwrap(api.community.achievements[":id"].share.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.achievements() }),
  });
}

/** Stops sharing an achievement: its public page answers 404 from now on. */
export function useStopSharingAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.community.achievements[":id"].share.$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.achievements() }),
  });
}

/** A shared achievement's public page (anyone). 404 when it is not shared (any more). */
export const publicAchievementQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: ["achievement-page", shareId] as const,
    queryFn: (): Promise<PublicAchievement> =>
      unwrap(api.achievements[":shareId"].$get({ param: { shareId } })),
    retry: noClientRetry,
  });
