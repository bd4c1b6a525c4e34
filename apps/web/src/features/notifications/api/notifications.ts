import type { NotificationList, NotificationPreferences } from "@academy/shared";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Query keys of the notification centre (issue 27 §2). */
export const notificationKeys = {
  all: ["notifications"] as const,
  unread: () => ["notifications", "unread"] as const,
  list: () => ["notifications", "list"] as const,
  preferences: () => ["notifications", "preferences"] as const,
};

/** GET /api/notifications/unread: the bell's count (at most 100; kept fresh by the event stream). */
export const unreadNotificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: () => unwrap(api.notifications.unread.$get()),
  staleTime: 60_000,
});

/** GET /api/notifications?cursor=: the panel's list, newest first, 20 a page ("Load more"). */
export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam }): Promise<NotificationList> =>
    unwrap(api.notifications.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: "",
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** GET /api/notifications/preferences: every type with the person's channel. */
export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: () => unwrap(api.notifications.preferences.$get()),
});

/** Everything the bell shows is stale (a `notification` event arrived, or the stream reconnected). */
export function refreshNotifications(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

/** POST /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.notifications[":id"].read.$post({ param: { id } })),
    onSuccess: (result) => {
      queryClient.setQueryData(notificationKeys.unread(), result);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notifications["read-all"].$post()),
    onSuccess: (result) => {
      queryClient.setQueryData(notificationKeys.unread(), result);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

/** PUT /api/notifications/preferences (the types given; others unchanged). */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      unwrap(api.notifications.preferences.$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
