import { randomUUID } from "node:crypto";
import { type MessagingEvent, NOTIFICATIONS_CHANNEL } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { trackStream } from "../../observability/metrics.ts";
import type { RealtimeBus } from "../../realtime/bus.ts";
import { recipientsOfNotify } from "../notifications/notifications.service.ts";
import {
  clearPresence,
  findMessageWithParticipants,
  MESSAGING_CHANNEL,
  type MessagingNotification,
  messagesAfterCursor,
  newestMessageForUser,
  touchPresence,
} from "./messaging.queries.ts";
import { toMessage } from "./messaging.service.ts";

/** Catch-up limit on reconnect; beyond it the client is told to resync (refetch). */
export const CATCH_UP_LIMIT = 500;
// The per-user cap and its message are shared with the community and checkout streams (issue 25 N10).
export { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS_MESSAGE } from "../../lib/stream-slots.ts";

/** Comment line sent to every open stream this often (keeps proxies from closing idle streams). */
export const HEARTBEAT_MS = 25_000;
/**
 * Presence (issue 27 §4, decision 0233): a person is online while a user_presence row of theirs is
 * younger than this. Each instance refreshes its rows every PRESENCE_REFRESH_MS, so a crashed
 * instance's people go offline within this time; a closed stream removes its row at once.
 */
export const PRESENCE_TTL_SECONDS = 60; // messaging.service.ts onlineAmong reads the same 60 s
export const PRESENCE_REFRESH_MS = 20_000;
/** A connection this many chunks behind is closed (the client reconnects and catches up). */
const MAX_QUEUED_CHUNKS = 2_000;

const encoder = new TextEncoder();

/** One SSE frame: optional id, event name, JSON data. */
function frame(event: MessagingEvent, id?: string): Uint8Array {
  return encoder.encode(`${id ? `id: ${id}\n` : ""}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

interface Subscriber {
  userId: string;
  /** Live frames arrive here; while catching up they are buffered. */
  push(chunk: Uint8Array, messageId?: string, createdAt?: string): void;
}

/**
 * The per-instance messaging hub (issue 6 §4, decision 0061): registers the browsers connected to
 * THIS instance by user, listens on the bus (NOTIFY from any instance), loads each new message by
 * id once (only when a participant is connected here) and writes one pre-encoded SSE frame to each
 * of the participants' streams. Notifications are handled one at a time, in arrival (= commit) order.
 */
export function createMessagingHub(deps: {
  db: Db;
  bus: RealtimeBus;
  logger: Logger;
  /** How often this instance refreshes its presence rows (default PRESENCE_REFRESH_MS; tests shorten it). */
  presenceRefreshMs?: number;
}) {
  const byUser = new Map<string, Set<Subscriber>>();
  /** This instance's id in user_presence (one per hub, i.e. per running server). */
  const instanceId = randomUUID();
  // Presence writes run one at a time, in order, so a "closed" delete never overtakes its "opened" upsert.
  let presenceQueue: Promise<void> = Promise.resolve();
  const presence = (work: () => Promise<void>) => {
    presenceQueue = presenceQueue
      .then(work)
      .catch((error) => deps.logger.warn({ err: error }, "presence update failed"));
    return presenceQueue;
  };
  let queue: Promise<void> = Promise.resolve();
  let connections = 0;

  const deliver = (userIds: Iterable<string>, chunk: Uint8Array, messageId?: string, createdAt?: string) => {
    for (const userId of new Set(userIds)) {
      for (const sub of byUser.get(userId) ?? []) sub.push(chunk, messageId, createdAt);
    }
  };

  const handle = async (raw: string) => {
    let note: MessagingNotification;
    try {
      note = JSON.parse(raw) as MessagingNotification;
    } catch {
      return;
    }
    if (!note.u.some((id) => byUser.has(id))) return;
    if (note.t === "message") {
      const row = note.msg ?? (await findMessageWithParticipants(deps.db, note.m));
      if (!row) return;
      const message = toMessage(row);
      deliver(note.u, frame({ type: "message", message }, message.id), message.id, message.createdAt);
    } else {
      deliver(note.u, frame({ type: "conversation", conversationId: note.c, reason: note.r }));
    }
  };

  deps.bus.subscribe(MESSAGING_CHANNEL, (payload) => {
    queue = queue
      .then(() => handle(payload))
      .catch((error) => deps.logger.error({ err: error }, "messaging event failed"));
  });
  // The notification bell rides on the same stream (issue 27 §2): one connection per tab.
  const notificationFrame = frame({ type: "notification" });
  deps.bus.subscribe(NOTIFICATIONS_CHANNEL, (payload) => {
    if (byUser.size === 0) return;
    queue = queue
      .then(async () =>
        deliver(await recipientsOfNotify(deps.db, payload, [...byUser.keys()]), notificationFrame),
      )
      .catch((error) => deps.logger.error({ err: error }, "notification event failed"));
  });
  deps.bus.onResync(() => {
    const chunk = frame({ type: "resync" });
    for (const set of byUser.values()) for (const sub of set) sub.push(chunk);
  });

  const heartbeat = encoder.encode(": ping\n\n");
  const pings = new Set<() => void>();
  const closers = new Set<() => void>();
  const timer = setInterval(() => {
    for (const ping of pings) ping();
  }, HEARTBEAT_MS);
  timer.unref();
  const presenceTimer = setInterval(() => {
    const users = [...byUser.keys()];
    if (users.length > 0) void presence(() => touchPresence(deps.db, instanceId, users));
  }, deps.presenceRefreshMs ?? PRESENCE_REFRESH_MS);
  presenceTimer.unref();

  return {
    /** This instance's presence id (user_presence.instance_id). */
    instanceId,
    /** Resolves when the presence writes queued so far are done (tests). */
    presenceSettled(): Promise<void> {
      return presenceQueue;
    },
    /** Open streams on this instance. */
    get connections() {
      return connections;
    },
    /** Open streams of one user on this instance (issue 16 item 18: at most MAX_STREAMS_PER_USER). */
    streamsOf(userId: string): number {
      return byUser.get(userId)?.size ?? 0;
    },
    /**
     * Opens a stream for `userId`. With `lastEventId` (a message id, or "0" for the beginning) the
     * messages committed after it in the user's conversations are sent first, then live ones, each
     * exactly once; without it a `ready` event carries the newest message id as the SSE id (the
     * cursor for the next reconnect). More than CATCH_UP_LIMIT missed messages, or an unknown
     * cursor, produce a `resync` event instead (the client refetches).
     */
    open(userId: string, lastEventId: string | undefined, signal: AbortSignal): ReadableStream<Uint8Array> {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let buffered: { chunk: Uint8Array; messageId?: string; createdAt?: string }[] | null = [];
      let closed = false;
      /** Messages already written (catch-up), and the cursor position below which live ones are old. */
      const sent = new Set<string>();
      let floor: { createdAt: string; id: string } | null = null;
      const isOld = (messageId?: string, createdAt?: string) =>
        messageId !== undefined &&
        (sent.has(messageId) ||
          (floor !== null &&
            createdAt !== undefined &&
            (createdAt < floor.createdAt || (createdAt === floor.createdAt && messageId <= floor.id))));
      const write = (chunk: Uint8Array) => {
        if (closed) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) {
          end();
          return;
        }
        controller.enqueue(chunk);
      };
      const sub: Subscriber = {
        userId,
        push(chunk, messageId, createdAt) {
          if (buffered) buffered.push({ chunk, messageId, createdAt });
          else if (!isOld(messageId, createdAt)) write(chunk);
        },
      };
      const ping = () => write(heartbeat);
      const end = () => {
        if (closed) return;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const cleanup = () => {
        if (closed) return;
        closed = true;
        connections -= 1;
        untrack();
        pings.delete(ping);
        closers.delete(end);
        const set = byUser.get(userId);
        set?.delete(sub);
        if (set && set.size === 0) {
          byUser.delete(userId);
          // The user's last stream on this instance closed: offline here at once (unless one reopened).
          void presence(async () => {
            if (!byUser.has(userId)) await clearPresence(deps.db, instanceId, userId);
          });
        }
      };
      let untrack = () => {};
      const start = async () => {
        connections += 1;
        untrack = trackStream("messaging");
        let set = byUser.get(userId);
        if (!set) {
          set = new Set();
          byUser.set(userId, set);
        }
        set.add(sub);
        if (set.size === 1) void presence(() => touchPresence(deps.db, instanceId, [userId]));
        pings.add(ping);
        closers.add(end);
        signal.addEventListener("abort", cleanup, { once: true });
        try {
          await deps.bus.ready();
          // Let notifications already queued (committed before we registered) pass first.
          await queue;
          const uuid = lastEventId && /^[0-9a-f-]{36}$/i.test(lastEventId) ? lastEventId : undefined;
          const missed =
            lastEventId === "0"
              ? await messagesAfterCursor(deps.db, userId, null, CATCH_UP_LIMIT)
              : uuid
                ? await messagesAfterCursor(deps.db, userId, uuid, CATCH_UP_LIMIT)
                : undefined;
          if (missed && missed.rows.length < CATCH_UP_LIMIT) {
            if (uuid && missed.cursorAt) floor = { createdAt: missed.cursorAt, id: uuid };
            for (const row of missed.rows) {
              const message = toMessage(row);
              sent.add(message.id);
              write(frame({ type: "message", message }, message.id));
            }
            write(frame({ type: "ready", cursor: missed.rows.at(-1)?.id ?? uuid ?? null }));
          } else {
            // First connection, or a cursor we cannot serve: start from the newest message.
            if (lastEventId) write(frame({ type: "resync" }));
            const newest = await newestMessageForUser(deps.db, userId);
            floor = newest;
            write(frame({ type: "ready", cursor: newest?.id ?? null }, newest?.id ?? "0"));
          }
        } catch (error) {
          deps.logger.error({ err: error }, "messaging stream start failed");
          write(frame({ type: "resync" }));
        }
        const pending = buffered ?? [];
        buffered = null;
        for (const item of pending) if (!isOld(item.messageId, item.createdAt)) write(item.chunk);
      };
      return new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          void start();
        },
        cancel() {
          cleanup();
        },
      });
    },
    /** Ends every open stream (clients reconnect elsewhere) and stops the heartbeat (shutdown). */
    close() {
      clearInterval(timer);
      clearInterval(presenceTimer);
      for (const end of [...closers]) end();
      void presence(() => clearPresence(deps.db, instanceId));
    },
  };
}

export type MessagingHub = ReturnType<typeof createMessagingHub>;
