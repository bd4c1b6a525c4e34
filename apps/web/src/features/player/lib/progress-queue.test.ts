import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { ProgressQueue, type ProgressTask } from "./progress-queue";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("ProgressQueue (spec 001 §8: progress failures never interrupt the student and are retried)", () => {
  it("sends reports one at a time, in order", async () => {
    const sent: ProgressTask[] = [];
    const send = vi.fn(async (task: ProgressTask) => {
      sent.push(task);
      return task.event;
    });
    const onResult = vi.fn();
    const queue = new ProgressQueue({ send, onResult });
    queue.push({ lessonId: "a", event: "open", timeSpentDelta: 0 });
    queue.push({ lessonId: "b", event: "open", timeSpentDelta: 0 });
    expect(send).toHaveBeenCalledTimes(1);
    await flush();
    expect(sent.map((t) => t.lessonId)).toEqual(["a", "b"]);
    expect(onResult.mock.calls.map((c) => c[1])).toEqual(["open", "open"]);
    expect(queue.busy).toBe(false);
  });

  it("retries a failed report with growing waits and keeps later reports behind it", async () => {
    let fail = 2;
    const send = vi.fn(async (task: ProgressTask) => {
      if (task.event === "complete" && fail-- > 0) throw new ApiError(0, "NETWORK", "offline");
      return task;
    });
    const queue = new ProgressQueue({ send, delays: [1_000, 5_000] });
    queue.push({ lessonId: "a", event: "complete", timeSpentDelta: 4 });
    queue.push({ lessonId: "b", event: "open", timeSpentDelta: 0 });
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send.mock.calls.map((c) => c[0].event)).toEqual(["complete", "complete", "complete", "open"]);
    expect(send.mock.calls[2]![0]).toEqual({ lessonId: "a", event: "complete", timeSpentDelta: 4 });
  });

  it("drops a report the server refuses for good (4xx) and goes on", async () => {
    const send = vi.fn(async (task: ProgressTask) => {
      if (task.lessonId === "gone") throw new ApiError(404, "NOT_FOUND", "no");
      return task;
    });
    const queue = new ProgressQueue({ send });
    queue.push({ lessonId: "gone", event: "open", timeSpentDelta: 0 });
    queue.push({ lessonId: "b", event: "open", timeSpentDelta: 0 });
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.busy).toBe(false);
  });

  it("joins time to the waiting report of the same lesson, and caps a report at 3600 s", async () => {
    const send = vi.fn(async (task: ProgressTask) => task);
    const queue = new ProgressQueue({ send });
    queue.push({ lessonId: "a", event: "open", timeSpentDelta: 0 }); // on its way
    queue.push({ lessonId: "a", event: "time", timeSpentDelta: 30 });
    queue.push({ lessonId: "a", event: "time", timeSpentDelta: 12 });
    queue.push({ lessonId: "a", event: "complete", timeSpentDelta: 3 });
    queue.push({ lessonId: "b", event: "time", timeSpentDelta: 99_999 });
    expect(queue.pending).toEqual([
      { lessonId: "a", event: "complete", timeSpentDelta: 45 },
      { lessonId: "b", event: "time", timeSpentDelta: 3600 },
    ]);
    queue.push({ lessonId: "c", event: "time", timeSpentDelta: 0 });
    expect(queue.pending).toHaveLength(2);
    await flush();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("drain() hands the waiting reports over (for navigator.sendBeacon) and stops the retry", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(503, "UNAVAILABLE", "down");
    });
    const queue = new ProgressQueue({ send, delays: [1_000] });
    queue.push({ lessonId: "a", event: "complete", timeSpentDelta: 5 });
    await flush();
    expect(queue.drain()).toEqual([{ lessonId: "a", event: "complete", timeSpentDelta: 5 }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
