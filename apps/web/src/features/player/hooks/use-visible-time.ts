import * as React from "react";

/** Every 30 s of counted time is reported (issue: time on a lesson is added to time_spent). */
export const FLUSH_EVERY_MS = 30_000;
const TICK_MS = 1_000;
/** A longer gap between two ticks (the computer slept, the tab was frozen) counts as this much. */
const MAX_GAP_MS = 5_000;

/** Why counted seconds are handed over. */
export type FlushReason = "interval" | "change" | "hidden";

function isVisible(): boolean {
  return typeof document === "undefined" || document.visibilityState === "visible";
}

/**
 * Counts the seconds a lesson is on screen while the tab is visible (spec 001 §4 lesson timer;
 * issue: "time on a lesson counts while the tab is visible"). The count is handed to `onFlush`
 * every 30 s ("interval"), when the lesson changes or the player closes ("change"), and when the
 * tab is hidden or the page is left ("hidden", possibly 0 s: send it with navigator.sendBeacon).
 * @param lessonId the lesson on screen; undefined counts nothing.
 * @returns take(): the whole seconds counted and not handed over yet (to join them to a report
 *   such as "complete"); they are then forgotten by the counter.
 */
export function useVisibleTime(
  lessonId: string | undefined,
  onFlush: (lessonId: string, seconds: number, reason: FlushReason) => void,
): { take: () => number } {
  const state = React.useRef({ lessonId, ms: 0, last: 0, visible: true });
  const flushRef = React.useRef(onFlush);
  React.useEffect(() => {
    flushRef.current = onFlush;
  });

  React.useEffect(() => {
    if (!lessonId) return;
    const s = state.current;
    s.lessonId = lessonId;
    s.ms = 0;
    s.last = Date.now();
    s.visible = isVisible();

    /** Adds the time since the last tick when visible. */
    const count = () => {
      const now = Date.now();
      if (s.visible) s.ms += Math.min(Math.max(0, now - s.last), MAX_GAP_MS);
      s.last = now;
    };
    const hand = (reason: FlushReason) => {
      count();
      const seconds = Math.floor(s.ms / 1000);
      // "hidden" is always handed over, even with 0 s: the page may be going away, and reports
      // still waiting are then sent with navigator.sendBeacon.
      if (seconds <= 0 && reason !== "hidden") return;
      s.ms -= seconds * 1000;
      flushRef.current(lessonId, seconds, reason);
    };

    const tick = setInterval(count, TICK_MS);
    const flush = setInterval(() => hand("interval"), FLUSH_EVERY_MS);
    const onVisibility = () => {
      if (isVisible()) {
        s.last = Date.now();
        s.visible = true;
      } else {
        hand("hidden");
        s.visible = false;
      }
    };
    const onPageHide = () => {
      hand("hidden");
      s.visible = false;
    };
    const onPageShow = () => {
      s.last = Date.now();
      s.visible = isVisible();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      clearInterval(tick);
      clearInterval(flush);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      hand("change");
      s.lessonId = undefined;
    };
  }, [lessonId]);

  const take = React.useCallback(() => {
    const s = state.current;
    if (!s.lessonId) return 0;
    const now = Date.now();
    if (s.visible) s.ms += Math.min(Math.max(0, now - s.last), MAX_GAP_MS);
    s.last = now;
    const seconds = Math.floor(s.ms / 1000);
    s.ms -= seconds * 1000;
    return seconds;
  }, []);

  return { take };
}
