import { unreadBadgeLabel } from "@academy/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { BellIcon, CheckCheckIcon, SettingsIcon } from "lucide-react";
import { Popover } from "radix-ui";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import {
  notificationsQueryOptions,
  unreadNotificationsQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from "../api/notifications";
import { notificationText, relativeTime } from "./notification-text";

/**
 * The bell of every signed-in header (issue 27 §2): the unread count (kept live by the realtime
 * stream, which invalidates it) and a panel — a popover on wide screens, a full-width sheet on a
 * phone — listing notifications newest first with their time and unread styling, "Mark all as
 * read", "Load more", empty, loading and error states. Each item opens its page and marks itself
 * read. Escape or a click outside closes it and focus returns to the bell (Radix Popover).
 */
export function NotificationBell({
  settingsHref = "/dashboard/account#notifications",
}: {
  settingsHref?: string;
}) {
  const { t } = useTranslation("notifications");
  const [open, setOpen] = React.useState(false);
  const unread = useQuery(unreadNotificationsQueryOptions).data?.unread ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative shrink-0"
          aria-label={unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label")}
          data-testid="notification-bell"
        >
          <BellIcon aria-hidden className="size-5" />
          {unread > 0 ? (
            <span
              className="absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold text-white tabular-nums"
              data-testid="notification-count"
              aria-hidden
            >
              {unreadBadgeLabel(unread)}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl border border-border bg-background shadow-xl focus:outline-none sm:w-96"
          data-testid="notification-panel"
          aria-label={t("panel.title")}
        >
          <NotificationPanel
            onNavigate={() => setOpen(false)}
            settingsHref={settingsHref}
            hasUnread={unread > 0}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationPanel({
  onNavigate,
  settingsHref,
  hasUnread,
}: {
  onNavigate: () => void;
  settingsHref: string;
  hasUnread: boolean;
}) {
  const { t, i18n } = useTranslation("notifications");
  const list = useInfiniteQuery(notificationsQueryOptions);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = hasUnread || items.some((n) => !n.readAt);
  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-4 py-3">
        <h2 className="flex-1 text-base font-semibold">{t("panel.title")}</h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => markAll.mutate()}
          disabled={!anyUnread || markAll.isPending}
          data-testid="notifications-mark-all"
        >
          <CheckCheckIcon aria-hidden />
          {t("panel.markAll")}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div className="grid gap-3 p-4" role="status" aria-busy="true">
            <span className="sr-only">{t("panel.loading")}</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.isError ? (
          <div className="grid justify-items-center gap-2 p-6 text-center">
            <p role="alert" className="text-sm text-destructive">
              {t("panel.error")}
            </p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              {t("panel.retry")}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div
            className="grid justify-items-center gap-1 px-6 py-10 text-center"
            data-testid="notifications-empty"
          >
            <BellIcon aria-hidden className="mb-2 size-8 text-muted-foreground" />
            <p className="font-medium">{t("panel.empty")}</p>
            <p className="text-sm text-muted-foreground">{t("panel.emptyHint")}</p>
          </div>
        ) : (
          <ul className="divide-y divide-border" data-testid="notification-list">
            {items.map((n) => (
              <li key={n.id}>
                <Link
                  to={n.link}
                  onClick={() => {
                    if (!n.readAt) markRead.mutate(n.id);
                    onNavigate();
                  }}
                  className={cn(
                    "flex gap-3 px-4 py-3 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none",
                    !n.readAt && "bg-brand/5",
                  )}
                  data-testid="notification-item"
                  data-unread={n.readAt ? undefined : "true"}
                >
                  <span
                    className={cn(
                      "mt-1.5 size-2 shrink-0 rounded-full",
                      n.readAt ? "bg-transparent" : "bg-brand",
                    )}
                    aria-hidden
                  />
                  <span className="min-w-0 flex-1">
                    <span className={cn("block break-words", !n.readAt && "font-semibold")}>
                      {notificationText(t, n)}
                    </span>
                    {n.data.excerpt ? (
                      <span className="mt-0.5 block truncate text-muted-foreground">{n.data.excerpt}</span>
                    ) : null}
                    <span className="mt-0.5 block text-xs text-muted-foreground">
                      <time dateTime={n.createdAt}>{relativeTime(n.createdAt, i18n.language)}</time>
                      {n.readAt ? null : <span className="sr-only"> · {t("panel.unread")}</span>}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="border-t border-border p-2">
            <Button
              variant="ghost"
              className="w-full"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              data-testid="notifications-load-more"
            >
              {t("panel.loadMore")}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="border-t border-border px-4 py-2">
        <Link
          to={settingsHref}
          onClick={onNavigate}
          className="inline-flex items-center gap-2 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <SettingsIcon aria-hidden className="size-4" />
          {t("panel.settings")}
        </Link>
      </div>
    </>
  );
}
