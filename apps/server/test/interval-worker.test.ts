import { afterEach, describe, expect, it, vi } from "vitest";
import { createIntervalWorker } from "../src/lib/interval-worker.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("createIntervalWorker", () => {
  it("runs one job at a time, reports failures and retries, and stop waits for the running job", async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish: (() => void) | undefined;
    const errors: unknown[] = [];
    const worker = createIntervalWorker(
      () => {
        started += 1;
        if (started === 1) return Promise.reject(new Error("first run fails"));
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      1000,
      (error) => errors.push(error),
    );
    worker.start();
    worker.start(); // a second start does not add a second timer
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(1);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    // The second run is still going: the next ticks are skipped.
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish?.();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });
});
