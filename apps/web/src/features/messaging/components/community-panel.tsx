import type { Conversation } from "@academy/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { MessagesSquareIcon, SearchIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import {
  CONVERSATION_FILTERS,
  type ConversationFilter,
  conversationQueryOptions,
  conversationsQueryOptions,
} from "../api/messaging";
import { ConversationList } from "./conversation-list";
import { MessageThread } from "./message-thread";

/** Re-renders every 30 s so time labels ("Just now", "5 minutes ago") stay true. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The Messaging panel (000 §2): two columns 600 px high — search and conversation list on the
 * left, the selected conversation on the right. On phones the list and the thread are two screens.
 * The selection lives in the address (`?conversation=`) so links from e-mails and buttons open it.
 */
export function CommunityPanel({
  myId,
  selectedId,
  onSelect,
  creator = false,
}: {
  myId: string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The caller's profile role is creator (the empty list's hint differs). */
  creator?: boolean;
}) {
  const { t } = useTranslation("messaging");
  const now = useNow();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounced(search.trim(), 250);
  const [filter, setFilter] = React.useState<ConversationFilter>("all");
  const list = useInfiniteQuery(conversationsQueryOptions(debounced, filter));
  const conversations = React.useMemo(
    () => list.data?.pages.flatMap((p) => p.conversations) ?? [],
    [list.data],
  );
  const fromList = conversations.find((c) => c.id === selectedId);
  // The selected conversation may not be in the (searched) list: load it by id.
  const single = useQuery({
    ...conversationQueryOptions(selectedId ?? ""),
    enabled: Boolean(selectedId) && !fromList,
  });
  const selected: Conversation | undefined = fromList ?? single.data;

  React.useEffect(() => {
    if (list.isError && !(list.error instanceof ApiError && list.error.status === 401))
      toast.error(t("errorTitle"), { description: t("loadConversationsFailed"), id: "conversations-failed" });
  }, [list.isError, list.error, t]);
  React.useEffect(() => {
    if (single.isError) {
      const status = single.error instanceof ApiError ? single.error.status : 0;
      toast.error(t("errorTitle"), {
        description: status === 403 ? t("notParticipant") : t("loadMessagesFailed"),
        id: "conversation-failed",
      });
      onSelect(null);
    }
  }, [single.isError, single.error, t, onSelect]);

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <p role="alert" className="rounded-lg border border-border bg-background p-6 text-center text-sm">
        {t("loginRequired")}
      </p>
    );
  }

  return (
    <div
      className="grid h-[600px] overflow-hidden rounded-lg border border-border bg-background shadow-sm md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
      data-testid="messaging-panel"
    >
      <div className={cn("flex min-h-0 flex-col border-border md:border-r", selectedId && "max-md:hidden")}>
        <div className="shrink-0 border-b border-border p-3">
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t("searchPlaceholder")}
              aria-label={t("searchLabel")}
              className="pl-9"
            />
          </div>
          {/* 000 §2 Messages filter: All Messages / Unread / High Priority (server-side, issue 27 §4). */}
          <fieldset className="mt-2 flex min-w-0 gap-1 border-0 p-0">
            <legend className="sr-only">{t("filterLabel")}</legend>
            {CONVERSATION_FILTERS.map((f) => (
              <Button
                key={f}
                type="button"
                size="sm"
                variant={filter === f ? "default" : "outline"}
                aria-pressed={filter === f}
                className="h-7 min-w-0 flex-1 px-2 text-xs"
                onClick={() => setFilter(f)}
                data-testid={`conversation-filter-${f}`}
              >
                <span className="truncate">{t(`filters.${f}`)}</span>
              </Button>
            ))}
          </fieldset>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {list.isPending ? (
            <div className="flex h-full items-center justify-center">
              <Spinner label={t("loading")} />
            </div>
          ) : list.isError ? (
            <p className="p-6 text-center text-sm text-muted-foreground">{t("loadConversationsFailed")}</p>
          ) : conversations.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
              <MessagesSquareIcon className="size-8 text-muted-foreground/60" aria-hidden />
              <p className="text-sm font-medium">
                {filter !== "all" ? t("noMessagesFound") : debounced ? t("noMatches") : t("noConversations")}
              </p>
              {debounced || filter !== "all" ? null : (
                <p className="max-w-60 text-xs text-muted-foreground">
                  {creator ? t("noConversationsHintCreator") : t("noConversationsHintStudent")}
                </p>
              )}
            </div>
          ) : (
            <>
              <ConversationList
                conversations={conversations}
                selectedId={selectedId}
                onSelect={onSelect}
                now={now}
              />
              {list.hasNextPage ? (
                <div className="p-3">
                  <Button
                    variant="outline"
                    size="sm"
                    className="w-full"
                    disabled={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                    data-testid="load-more-conversations"
                  >
                    {list.isFetchingNextPage ? t("loading") : t("loadMoreConversations")}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
      <div className={cn("min-h-0", !selectedId && "max-md:hidden")}>
        {selected ? (
          <MessageThread
            key={selected.id}
            conversation={selected}
            myId={myId}
            onBack={() => onSelect(null)}
            now={now}
          />
        ) : selectedId && single.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={t("loading")} />
          </div>
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
            <MessagesSquareIcon className="size-10 text-muted-foreground/50" aria-hidden />
            <p className="text-sm">{t("selectConversation")}</p>
          </div>
        )}
      </div>
    </div>
  );
}
