import { type Conversation, elapsedLabel } from "@academy/shared";
import { useTranslation } from "react-i18next";
import { Avatar } from "@/components/ui/avatar";
import { renderLabel } from "@/lib/format";
import { cn } from "@/lib/utils";
import { PriorityBadge } from "./message-thread";
import { UnreadBadge } from "./unread-badge";

/**
 * The conversation list (000 §2 Messaging panel, left column): the other party's avatar and name
 * ("Unknown User" fallback), course title, unread badge, a Priority badge when a message is marked
 * high priority (amber while one is unread, grey once read; issue 27 §4) and the last-message time
 * label (000 §9).
 */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  now,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  now: Date;
}) {
  const { t, i18n } = useTranslation("messaging");
  return (
    <ul className="divide-y divide-border" aria-label={t("conversationList")}>
      {conversations.map((c) => {
        const name = c.otherParty.name?.trim() || t("unknownUser");
        const at = c.lastMessageAt ?? c.createdAt;
        const selected = c.id === selectedId;
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={selected ? "true" : undefined}
              data-testid="conversation-item"
              className={cn(
                "flex w-full cursor-pointer items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted",
                selected && "bg-secondary hover:bg-secondary",
              )}
            >
              <Avatar name={name} src={c.otherParty.avatarUrl} className="mt-0.5" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn("truncate text-sm", c.unreadCount > 0 ? "font-bold" : "font-semibold")}>
                    {name}
                  </span>
                  <time dateTime={at} className="shrink-0 text-xs text-muted-foreground">
                    {renderLabel(t, elapsedLabel(new Date(at), now), i18n.language)}
                  </time>
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {c.kind === "buddy" ? t("buddyContext", { course: c.courseTitle }) : c.courseTitle}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      "truncate text-xs",
                      c.unreadCount > 0 ? "font-medium text-foreground" : "text-muted-foreground",
                    )}
                  >
                    {c.lastMessagePreview ?? ""}
                  </span>
                  <span className="flex shrink-0 items-center gap-1">
                    {c.hasHighPriority ? (
                      <PriorityBadge
                        label={t("priorityBadge")}
                        className={c.unreadHighCount > 0 ? undefined : "bg-muted text-muted-foreground"}
                      />
                    ) : null}
                    <UnreadBadge count={c.unreadCount} />
                  </span>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
