import { type Conversation, MESSAGE_MAX_LENGTH, type Message } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, FlagIcon, SendIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { loadEarlierMessages, messagesQueryOptions, useMarkRead, useSendMessage } from "../api/messaging";
import { MessageText } from "./message-text";

const LOCALE_TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/** A message's time: hours and minutes today, with the date before today. */
function messageTime(iso: string, lng: string, now: Date): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, {
    ...(sameDay ? {} : { day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/**
 * The right column of the Messaging panel (000 §2): header (other party's avatar, name, course),
 * the history oldest first with own messages on the right and each message's time, and the
 * composer (Enter sends, Shift+Enter a new line; text trimmed; blank never sent). Opening the
 * thread, and every new message from the other party while it is open and visible, records the
 * read marker. Scrolls smoothly to the newest message.
 */
export function MessageThread({
  conversation,
  myId,
  onBack,
  now,
}: {
  conversation: Conversation;
  myId: string;
  onBack?: () => void;
  now: Date;
}) {
  const { t, i18n } = useTranslation("messaging");
  const { t: tj } = useTranslation("journeys");
  const queryClient = useQueryClient();
  const messages = useQuery(messagesQueryOptions(conversation.id));
  const send = useSendMessage(conversation.id);
  // The sender's High priority flag for the next message (issue 27 §4); cleared after a send.
  const [highPriority, setHighPriority] = React.useState(false);
  const markRead = useMarkRead();
  const [draft, setDraft] = React.useState("");
  const [loadingEarlier, setLoadingEarlier] = React.useState(false);
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const inputRef = React.useRef<HTMLTextAreaElement>(null);
  const name = conversation.otherParty.name?.trim() || t("unknownUser");
  const list: Message[] = messages.data?.messages ?? [];
  const newest = list.at(-1);

  React.useEffect(() => {
    if (messages.isError)
      toast.error(t("errorTitle"), { description: t("loadMessagesFailed"), id: "messages-failed" });
  }, [messages.isError, t]);

  // Read marker: on opening, and when a message from the other party arrives while visible.
  const markReadRef = React.useRef(markRead.mutate);
  markReadRef.current = markRead.mutate;
  const lastMarked = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!messages.isSuccess) return;
    const key = newest?.id ?? "none";
    if (lastMarked.current === key) return;
    if (newest && newest.senderId === myId && lastMarked.current !== null) {
      lastMarked.current = key;
      return;
    }
    if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
    lastMarked.current = key;
    markReadRef.current(conversation.id);
  }, [messages.isSuccess, newest, myId, conversation.id]);
  React.useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && lastMarked.current !== (newest?.id ?? "none")) {
        lastMarked.current = newest?.id ?? "none";
        markReadRef.current(conversation.id);
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [newest, conversation.id]);

  // Smooth scroll to the newest message (000 §4).
  const newestId = newest?.id;
  const firstLoad = React.useRef(true);
  React.useEffect(() => {
    if (!newestId) return;
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTo?.({ top: el.scrollHeight, behavior: firstLoad.current ? "auto" : "smooth" });
    firstLoad.current = false;
  }, [newestId]);

  const submit = () => {
    const content = draft.trim();
    if (!content || send.isPending) return; // 000 §5: blank text is never sent
    send.mutate(
      { content, priority: highPriority ? "high" : "normal" },
      {
        onSuccess: () => {
          setDraft("");
          setHighPriority(false);
          inputRef.current?.focus();
        },
        onError: (error) =>
          toast.error(t("errorTitle"), {
            description:
              error instanceof ApiError && (error.status === 429 || error.status === 400)
                ? error.message
                : t("sendFailed"),
          }),
      },
    );
  };

  const earlier = async () => {
    const first = list[0];
    if (!first) return;
    setLoadingEarlier(true);
    try {
      const el = scrollRef.current;
      const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
      await loadEarlierMessages(queryClient, conversation.id, first.id);
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - fromBottom;
      });
    } catch {
      toast.error(t("errorTitle"), { description: t("loadMessagesFailed") });
    } finally {
      setLoadingEarlier(false);
    }
  };

  const remaining = MESSAGE_MAX_LENGTH - draft.trim().length;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={name} data-testid="message-thread">
      <header className="flex shrink-0 items-center gap-3 border-b border-border px-3 py-3 sm:px-4">
        {onBack ? (
          <Button
            variant="ghost"
            size="sm"
            className="px-2 md:hidden"
            onClick={onBack}
            aria-label={t("back")}
          >
            <ArrowLeftIcon aria-hidden />
          </Button>
        ) : null}
        <Avatar name={name} src={conversation.otherParty.avatarUrl} />
        <div className="min-w-0">
          <h2 className="truncate text-sm font-semibold" data-testid="thread-name">
            {name}
          </h2>
          <p className="truncate text-xs text-muted-foreground">
            {conversation.kind === "buddy"
              ? t("buddyContext", { course: conversation.courseTitle })
              : conversation.courseTitle}
          </p>
        </div>
      </header>
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-3 py-4 sm:px-4"
        aria-label={t("messageHistory")}
        aria-live="polite"
        role="log"
      >
        {messages.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={t("loading")} />
          </div>
        ) : messages.isError ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-sm text-muted-foreground">
            <p>{t("loadMessagesFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
            {t("noMessages")}
          </p>
        ) : (
          <ol className="flex flex-col gap-2">
            {messages.data?.hasMore ? (
              <li className="flex justify-center pb-2">
                <Button variant="ghost" size="sm" onClick={() => void earlier()} disabled={loadingEarlier}>
                  {t("loadEarlier")}
                </Button>
              </li>
            ) : null}
            {list.map((m) => {
              const mine = m.senderId === myId;
              return (
                <li
                  key={m.id}
                  className={cn("flex", mine ? "justify-end" : "justify-start")}
                  data-testid="message"
                  data-mine={mine ? "true" : "false"}
                >
                  <div
                    className={cn(
                      "max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[75%]",
                      mine
                        ? "rounded-br-sm bg-brand text-white"
                        : "rounded-bl-sm bg-background text-foreground",
                    )}
                  >
                    {m.priority === "high" ? (
                      <PriorityBadge
                        className={cn("mb-1", mine && "bg-white/90")}
                        label={t("priorityBadge")}
                      />
                    ) : null}
                    <MessageText text={m.content} />
                    <time
                      dateTime={m.createdAt}
                      className={cn(
                        "mt-1 block text-[11px]",
                        mine ? "text-white/70 text-right" : "text-muted-foreground",
                      )}
                    >
                      {messageTime(m.createdAt, i18n.language, now)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <form
        className="flex shrink-0 items-end gap-2 border-t border-border bg-background p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="min-w-0 flex-1">
          <textarea
            ref={inputRef}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            rows={1}
            maxLength={MESSAGE_MAX_LENGTH + 200}
            placeholder={t("typeMessage")}
            aria-label={t("messageLabel")}
            aria-describedby="composer-hint"
            className="block max-h-32 min-h-10 w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-sm field-sizing-content focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p
              id="composer-hint"
              className={cn("text-[11px] text-muted-foreground", remaining < 0 && "text-destructive")}
            >
              {remaining < 0
                ? tj("composer.tooLong", { count: -remaining })
                : remaining < 200
                  ? t("charactersLeft", { count: remaining })
                  : t("composerHint")}
            </p>
            <button
              type="button"
              aria-pressed={highPriority}
              onClick={() => setHighPriority((v) => !v)}
              data-testid="priority-toggle"
              className={cn(
                "inline-flex cursor-pointer items-center gap-1 rounded-full border px-2 py-0.5 text-[11px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                highPriority
                  ? "border-amber-500 bg-amber-100 text-amber-900"
                  : "border-border text-muted-foreground hover:bg-muted",
              )}
            >
              <FlagIcon className="size-3" aria-hidden />
              {t("highPriority")}
            </button>
          </div>
        </div>
        <Button
          type="submit"
          disabled={!draft.trim() || remaining < 0 || send.isPending}
          aria-label={t("send")}
          className="mb-5"
        >
          <SendIcon aria-hidden />
          <span className="max-sm:sr-only">{t("send")}</span>
        </Button>
      </form>
    </section>
  );
}

/** The "Priority" badge of a high-priority message or conversation (000 §2 Messages; issue 27 §4). */
export function PriorityBadge({ label, className }: { label: string; className?: string }) {
  return (
    <span
      data-testid="priority-badge"
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900",
        className,
      )}
    >
      <FlagIcon className="size-3" aria-hidden />
      {label}
    </span>
  );
}
