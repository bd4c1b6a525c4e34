import type { MessagingEvent } from "@academy/shared";

/** One parsed Server-Sent Event. */
export interface SseEvent {
  id?: string;
  event: string;
  data: MessagingEvent;
}

/**
 * Reads a text/event-stream body into parsed events (frames split on blank lines, `id`, `event`,
 * `data` fields; comment lines ignored). `waitFor` resolves when an event matching the predicate
 * has arrived (or rejects after `timeoutMs`).
 */
export function readEvents(body: ReadableStream<Uint8Array>, onClose?: () => void) {
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let index = buffer.indexOf("\n\n");
        while (index >= 0) {
          const raw = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          index = buffer.indexOf("\n\n");
          const fields: Record<string, string> = {};
          for (const line of raw.split("\n")) {
            if (!line || line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (!fields.event) continue;
          events.push({
            id: fields.id,
            event: fields.event,
            data: JSON.parse(fields.data) as MessagingEvent,
          });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // cancelled
    } finally {
      ended = true;
      for (const wake of waiters) wake();
      onClose?.();
    }
  })();
  return {
    events,
    get ended() {
      return ended;
    },
    /** Message ids received, in order. */
    messageIds(): string[] {
      return events.flatMap((e) => (e.data.type === "message" ? [e.data.message.id] : []));
    },
    waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs = 10_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(events)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          } else if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
