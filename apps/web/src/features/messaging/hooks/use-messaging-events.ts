import type { MessagingEvent, messagingEventSchema } from "@academy/shared";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { addMessagesToCache, messagingEventsUrl, messagingKeys } from "../api/messaging";

/** Reconnect delays: 1 s doubling to 30 s, with up to 20% jitter (issue 6 §4 "reconnects with backoff"). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

/**
 * The event validator, fetched with zod on first use: the dashboard layout runs this hook, and
 * pages that validate nothing else skip zod's 26 KB gzip (issue 17 §14).
 */
function loadEventSchema(): Promise<typeof messagingEventSchema> {
  return import("@academy/shared/schemas/messaging").then((module) => module.messagingEventSchema);
}

/**
 * Keeps one Server-Sent Events connection to /api/messaging/events while signed in (issue 6 §4):
 * new messages go into the open thread's cache (deduplicated by id) and refresh the conversation
 * list and the unread total; after a dropped connection it reconnects with backoff, passing the
 * last message id as `since`, so the server sends exactly what was missed. `ready` and `resync`
 * refresh everything (covers anything sent before the first cursor).
 * The notification bell shares this one connection (issue 27 §2; a tab opens one stream, within
 * the per-user cap): `onNotification` runs for each `notification` event and after `ready` and
 * `resync` (anything missed while disconnected).
 */
export function useMessagingEvents(enabled: boolean, options: { onNotification?: () => void } = {}) {
  const queryClient = useQueryClient();
  const onNotification = React.useRef(options.onNotification);
  onNotification.current = options.onNotification;
  React.useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let cursor: string | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let eventSchema: typeof messagingEventSchema | null = null;

    const refreshAll = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    const refreshLists = () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
    };
    const parse = (event: MessageEvent<string>): MessagingEvent | null => {
      try {
        const parsed = eventSchema?.safeParse(JSON.parse(event.data));
        return parsed?.success ? parsed.data : null;
      } catch {
        return null;
      }
    };

    const connect = () => {
      source = new EventSource(messagingEventsUrl(cursor));
      source.addEventListener("ready", (event) => {
        const data = parse(event as MessageEvent<string>);
        attempt = 0;
        if (data?.type === "ready") cursor = data.cursor ?? cursor ?? "0";
        refreshAll();
        onNotification.current?.();
      });
      source.addEventListener("message", (event) => {
        const data = parse(event as MessageEvent<string>);
        if (data?.type !== "message") return;
        cursor = data.message.id;
        addMessagesToCache(queryClient, data.message.conversationId, [data.message]);
        refreshLists();
      });
      source.addEventListener("conversation", () => refreshLists());
      source.addEventListener("resync", () => {
        refreshAll();
        onNotification.current?.();
      });
      source.addEventListener("notification", () => onNotification.current?.());
      source.onerror = () => {
        // Reconnect ourselves (with backoff and our cursor) rather than the browser's fixed retry.
        source?.close();
        source = null;
        if (stopped) return;
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    // Connect once the validator is here (every event is parsed with it).
    void loadEventSchema().then(
      (schema) => {
        eventSchema = schema;
        if (!stopped) connect();
      },
      () => {
        // The chunk failed to load (offline, new deployment): keep the page; messages refresh on navigation.
      },
    );
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
