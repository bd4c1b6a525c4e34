import {
  type Conversation,
  type ConversationList,
  type Message,
  type MessageList,
  mergeMessages,
  type StartConversationInput,
} from "@academy/shared";
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@/lib/api-client";

/** Query keys of messaging (issue 6). */
export const messagingKeys = {
  all: ["messaging"] as const,
  conversations: () => ["messaging", "conversations"] as const,
  list: (search: string, filter: ConversationFilter = "all") =>
    ["messaging", "conversations", "list", search, filter] as const,
  conversation: (id: string) => ["messaging", "conversations", "one", id] as const,
  messages: (id: string) => ["messaging", "messages", id] as const,
  unread: () => ["messaging", "unread"] as const,
};

const noClientRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** The Messages tab filter (000 §2 All Messages / Unread / High Priority; issue 27 §4), applied on the server. */
export type ConversationFilter = "all" | "unread" | "high";
export const CONVERSATION_FILTERS: readonly ConversationFilter[] = ["all", "unread", "high"];

/** Conversations per page of the list. */
export const CONVERSATIONS_PAGE_SIZE = 50;

/**
 * GET /api/conversations?search=&filter=&after=: the caller's conversations, newest message first
 * (000 §4), CONVERSATIONS_PAGE_SIZE at a time; the next page continues after the last id (`hasMore`).
 */
export function conversationsQueryOptions(search: string, filter: ConversationFilter = "all") {
  return infiniteQueryOptions({
    queryKey: messagingKeys.list(search, filter),
    queryFn: ({ pageParam }): Promise<ConversationList> =>
      unwrap(
        api.conversations.$get({
          query: {
            limit: String(CONVERSATIONS_PAGE_SIZE),
            ...(search ? { search } : {}),
            ...(filter !== "all" ? { filter } : {}),
            ...(pageParam ? { after: pageParam } : {}),
          },
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => (last.hasMore ? last.conversations.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
    retry: noClientRetry,
  });
}

/** GET /api/conversations/{id}: one conversation (403 for non-participants). */
export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: messagingKeys.conversation(id),
    queryFn: (): Promise<Conversation> => unwrap(api.conversations[":id"].$get({ param: { id } })),
    retry: noClientRetry,
  });
}

/** GET /api/conversations/{id}/messages: the newest 50, oldest first. */
export function messagesQueryOptions(id: string) {
  return queryOptions({
    queryKey: messagingKeys.messages(id),
    queryFn: (): Promise<MessageList> =>
      unwrap(api.conversations[":id"].messages.$get({ param: { id }, query: { limit: "50" } })),
    retry: noClientRetry,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/messaging/unread: the sidebar's unread total (one cheap query). */
export const unreadQueryOptions = queryOptions({
  queryKey: messagingKeys.unread(),
  queryFn: () => unwrap(api.messaging.unread.$get()),
  staleTime: 30_000,
  retry: noClientRetry,
});

/** Earlier messages (before the first one shown), merged into the cache. */
export async function loadEarlierMessages(queryClient: QueryClient, id: string, before: string) {
  const page = await unwrap(
    api.conversations[":id"].messages.$get({ param: { id }, query: { limit: "50", before } }),
  );
  queryClient.setQueryData<MessageList>(messagingKeys.messages(id), (old) =>
    old ? { messages: mergeMessages(old.messages, page.messages), hasMore: page.hasMore } : page,
  );
}

/** Adds messages to a conversation's cached thread (no duplicates, oldest first). */
export function addMessagesToCache(queryClient: QueryClient, conversationId: string, messages: Message[]) {
  queryClient.setQueryData<MessageList>(messagingKeys.messages(conversationId), (old) =>
    old ? { ...old, messages: mergeMessages(old.messages, messages) } : old,
  );
}

/** POST /api/conversations: start or open the conversation of a course (and student, for creators). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartConversationInput) => unwrap(api.conversations.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() }),
  });
}

/**
 * POST /api/conversations/{id}/messages: the server trims and checks the text; `priority` "high"
 * marks it High priority (issue 27 §4).
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; priority?: "normal" | "high" }) =>
      unwrap(
        api.conversations[":id"].messages.$post({
          param: { id: conversationId },
          json: { content: input.content, priority: input.priority ?? "normal" },
        }),
      ),
    onSuccess: (message) => {
      addMessagesToCache(queryClient, conversationId, [message]);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}

/** POST /api/conversations/{id}/read: the read marker; failures are silent (000 §8). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.conversations[":id"].read.$post({ param: { id } })),
    onSuccess: (marker) => {
      queryClient.setQueryData(messagingKeys.unread(), { total: marker.unreadTotal });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}

/** The realtime stream's address; `since` is the last message id received (the reconnect cursor). */
export function messagingEventsUrl(since: string | null): string {
  return since ? `/api/messaging/events?since=${encodeURIComponent(since)}` : "/api/messaging/events";
}
