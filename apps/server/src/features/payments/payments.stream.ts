import { trackStream } from "../../observability/metrics.ts";
import type { RealtimeBus } from "../../realtime/bus.ts";
import { ORDER_CHANNEL } from "./payments.queries.ts";

const encoder = new TextEncoder();

/**
 * Live order status for the checkout page (issue 11 §3): order writers `pg_notify('order_status',
 * orderId)` in their transaction; this hub hands each notification to the streams of that order
 * open on this instance, as an SSE `status` event (the page then refetches the order).
 */
export function createOrderHub(bus: RealtimeBus) {
  const byOrder = new Map<string, Set<() => void>>();
  bus.subscribe(ORDER_CHANNEL, (orderId) => {
    for (const push of byOrder.get(orderId) ?? []) push();
  });
  bus.onResync(() => {
    for (const set of byOrder.values()) for (const push of set) push();
  });
  return {
    /** An SSE stream of `status` events for `orderId` until `signal` aborts (25 s heartbeats). */
    open(orderId: string, signal: AbortSignal): ReadableStream<Uint8Array> {
      let cleanup = () => {};
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
  };
}
export type OrderHub = ReturnType<typeof createOrderHub>;
