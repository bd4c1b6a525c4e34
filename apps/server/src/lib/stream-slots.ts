/**
 * Most event streams one user may hold open on one instance per stream kind (tabs, devices); one
 * more answers 429 RATE_LIMITED with TOO_MANY_STREAMS_MESSAGE (issue 16 item 18 for messaging,
 * issue 25 N10 for the community and checkout streams). A browser keeps one per tab.
 */
export const MAX_STREAMS_PER_USER = 10;
/** Text of the 429 for one stream too many. */
export const TOO_MANY_STREAMS_MESSAGE = "Too many open connections. Close some Academy tabs and try again.";

/**
 * Per-user slots for one kind of event stream on this instance (issue 25 N10).
 * `acquire(userId)` takes a slot and returns its release function (safe to call more than once),
 * or null when the user already holds `max` (default MAX_STREAMS_PER_USER); `countOf(userId)` is
 * the number held. Release when the stream ends (abort or cancel) so a closed tab frees its slot.
 */
export function createStreamSlots(max: number = MAX_STREAMS_PER_USER) {
  const held = new Map<string, number>();
  return {
    countOf(userId: string): number {
      return held.get(userId) ?? 0;
    },
    acquire(userId: string): (() => void) | null {
      const count = held.get(userId) ?? 0;
      if (count >= max) return null;
      held.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left <= 0) held.delete(userId);
        else held.set(userId, left);
      };
    },
  };
}
export type StreamSlots = ReturnType<typeof createStreamSlots>;
