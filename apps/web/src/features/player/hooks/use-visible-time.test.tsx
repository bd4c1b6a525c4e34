import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useVisibleTime } from "./use-visible-time";

let visibility: DocumentVisibilityState = "visible";

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useVisibleTime (spec 001 §4 lesson timer; counts only while the tab is visible)", () => {
  it("reports the visible seconds every 30 s", () => {
    const onFlush = vi.fn();
    renderHook(() => useVisibleTime("lesson-1", onFlush));
    act(() => vi.advanceTimersByTime(29_000));
    expect(onFlush).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(onFlush).toHaveBeenCalledWith("lesson-1", 30, "interval");
    act(() => vi.advanceTimersByTime(30_000));
    expect(onFlush).toHaveBeenLastCalledWith("lesson-1", 30, "interval");
  });

  it("hands the count over when the tab is hidden and does not count while hidden", () => {
    const onFlush = vi.fn();
    renderHook(() => useVisibleTime("lesson-1", onFlush));
    act(() => vi.advanceTimersByTime(10_000));
    act(() => setVisibility("hidden"));
    expect(onFlush).toHaveBeenCalledWith("lesson-1", 10, "hidden");
    onFlush.mockClear();

    // Hidden from 10 s to 70 s: the 30 s and 60 s reports have nothing to send.
    act(() => vi.advanceTimersByTime(60_000));
    expect(onFlush).not.toHaveBeenCalled();

    act(() => setVisibility("visible"));
    act(() => vi.advanceTimersByTime(20_000));
    // The 90 s report carries the 20 visible seconds since 70 s.
    expect(onFlush).toHaveBeenCalledTimes(1);
    expect(onFlush).toHaveBeenCalledWith("lesson-1", 20, "interval");
  });

  it("reports the previous lesson's seconds when the lesson changes, and starts again at 0", () => {
    const onFlush = vi.fn();
    const { rerender } = renderHook(({ id }) => useVisibleTime(id, onFlush), {
      initialProps: { id: "lesson-1" },
    });
    act(() => vi.advanceTimersByTime(12_000));
    rerender({ id: "lesson-2" });
    expect(onFlush).toHaveBeenCalledWith("lesson-1", 12, "change");
    act(() => vi.advanceTimersByTime(30_000));
    expect(onFlush).toHaveBeenLastCalledWith("lesson-2", 30, "interval");
  });

  it("take() hands over the seconds counted so far (to join a complete report)", () => {
    const onFlush = vi.fn();
    const { result, unmount } = renderHook(() => useVisibleTime("lesson-1", onFlush));
    act(() => vi.advanceTimersByTime(7_500));
    expect(result.current.take()).toBe(7);
    act(() => vi.advanceTimersByTime(1_000));
    unmount();
    // 0.5 s left over + 1 s: one more whole second when the player closes.
    expect(onFlush).toHaveBeenCalledWith("lesson-1", 1, "change");
  });

  it("counts nothing without a lesson", () => {
    const onFlush = vi.fn();
    const { result } = renderHook(() => useVisibleTime(undefined, onFlush));
    act(() => vi.advanceTimersByTime(60_000));
    expect(onFlush).not.toHaveBeenCalled();
    expect(result.current.take()).toBe(0);
  });

  it("reports on pagehide (sent with navigator.sendBeacon by the player)", () => {
    const onFlush = vi.fn();
    renderHook(() => useVisibleTime("lesson-1", onFlush));
    act(() => vi.advanceTimersByTime(5_000));
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(onFlush).toHaveBeenCalledWith("lesson-1", 5, "hidden");
  });
});
