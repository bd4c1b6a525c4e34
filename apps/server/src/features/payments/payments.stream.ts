import { AppError } from "../../lib/errors.ts";
import { createStreamSlots, TOO_MANY_STREAMS_MESSAGE } from "../../lib/stream-slots.ts";
import { trackStream } from "../../observability/metrics.ts";
import type { RealtimeBus } from "../../realtime/bus.ts";
import { ORDER_CHANNEL } from "./payments.queries.ts";

const encoder = new TextEncoder();

/**
 * Live order status for the checkout page (issue 11 §3): order writers `pg_notify('order_status',
 * orderId)` in their transaction; this hub hands each notification to the streams of that order
 * open on this instance, as an SSE `status` event (the page then refetches the order).
 * One user holds at most MAX_STREAMS_PER_USER checkout streams on this instance (issue 25 N10).
 */
export function createOrderHub(bus: RealtimeBus) {
  const byOrder = new Map<string, Set<() => void>>();
  const slots = createStreamSlots();
  bus.subscribe(ORDER_CHANNEL, (orderId) => {
    for (const push of byOrder.get(orderId) ?? []) push();
  });
  bus.onResync(() => {
    for (const set of byOrder.values()) for (const push of set) push();
  });
  return {
    /**
     * An SSE stream of `status` events for `orderId`, held by `userId`, until `signal` aborts
     * (25 s heartbeats). @throws AppError RATE_LIMITED (TOO_MANY_STREAMS_MESSAGE) when the user
     * already holds MAX_STREAMS_PER_USER checkout streams here; closing one frees its slot.
     */
    open(orderId: string, userId: string, signal: AbortSignal): ReadableStream<Uint8Array> {
      const release = slots.acquire(userId);
      if (!release) throw new AppError("RATE_LIMITED", TOO_MANY_STREAMS_MESSAGE);
      let cleanup = release;
      return new ReadableStream<Uint8Array>({
        start(controller) {
          const push = () => {
            try {
              controller.enqueue(encoder.encode(`event: status\ndata: {"orderId":"${orderId}"}\n\n`));
            } catch {
              cleanup();
            }
          };
          let set = byOrder.get(orderId);
          if (!set) {
            set = new Set();
            byOrder.set(orderId, set);
          }
          set.add(push);
          const ping = setInterval(() => {
            try {
              controller.enqueue(encoder.encode(": ping\n\n"));
            } catch {
              cleanup();
            }
          }, 25_000);
          ping.unref();
          controller.enqueue(encoder.encode("event: ready\ndata: {}\n\n"));
          const untrack = trackStream("checkout");
          cleanup = () => {
            release();
            untrack();
            clearInterval(ping);
            set.delete(push);
            if (set.size === 0) byOrder.delete(orderId);
            try {
              controller.close();
            } catch {
              // already closed
            }
          };
          signal.addEventListener("abort", () => cleanup(), { once: true });
        },
        cancel() {
          cleanup();
        },
      });
    },
    /** Checkout streams `userId` holds open on this instance. */
    streamsOf(userId: string): number {
      return slots.countOf(userId);
    },
  };
}
export type OrderHub = ReturnType<typeof createOrderHub>;
