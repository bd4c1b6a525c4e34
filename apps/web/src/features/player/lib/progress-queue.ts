import type { ProgressEvent } from "@academy/shared";
import { ApiError } from "@/lib/api-client";

export type ProgressEventName = ProgressEvent["event"];

/** One progress report of one lesson; timeSpentDelta in seconds (0–3600). */
export interface ProgressTask {
  lessonId: string;
  event: ProgressEventName;
  timeSpentDelta: number;
}

export interface ProgressQueueOptions<R> {
  /** Sends one report; rejects on failure. */
  send: (task: ProgressTask) => Promise<R>;
  /** Called with each report the server accepted, in order. */
  onResult?: (task: ProgressTask, result: R, queueEmpty: boolean) => void;
  /** Called with each report the server refused for good (4xx other than 408/429); it is dropped. */
  onRefused?: (task: ProgressTask, error: unknown) => void;
  /** Waits before the 1st, 2nd, … retry in ms; the last one repeats. */
  delays?: readonly number[];
  /** At most this many waiting reports; the oldest waiting one is dropped beyond it. */
  maxSize?: number;
}

/** Most seconds one report may carry (progressEventSchema). */
export const MAX_DELTA = 3600;
export const RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000] as const;

/** Whether a failed report is worth sending again: network failures, timeouts, rate limits and 5xx. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * A small in-memory queue of progress reports (spec 001 §8: progress failures never interrupt the
 * student; issue: "… and are retried"). Reports go one at a time, in order; a failure is retried
 * with backoff (RETRY_DELAYS) until it succeeds, while later reports wait behind it. Reports the
 * server refuses for good (4xx other than 408/429) are dropped. A "time" report joins the waiting
 * report of the same lesson at the tail instead of adding a request.
 */
export class ProgressQueue<R = unknown> {
  private readonly waiting: ProgressTask[] = [];
  private inFlight: ProgressTask | undefined;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly delays: readonly number[];
  private readonly maxSize: number;

  constructor(private readonly options: ProgressQueueOptions<R>) {
    this.delays = options.delays ?? RETRY_DELAYS;
    this.maxSize = options.maxSize ?? 100;
  }

  /** Adds a report and starts sending when idle. */
  push(task: ProgressTask): void {
    if (this.disposed) return;
    const next = { ...task, timeSpentDelta: clampDelta(task.timeSpentDelta) };
    const tail = this.waiting.at(-1);
    if (tail && tail.lessonId === next.lessonId && tail.timeSpentDelta + next.timeSpentDelta <= MAX_DELTA) {
      if (next.event === "time") {
        tail.timeSpentDelta += next.timeSpentDelta;
        return;
      }
      if (tail.event === "time") {
        tail.event = next.event;
        tail.timeSpentDelta += next.timeSpentDelta;
        return;
      }
    }
    if (next.event === "time" && next.timeSpentDelta === 0) return;
    this.waiting.push(next);
    if (this.waiting.length > this.maxSize) this.waiting.shift();
    this.pump();
  }

  /** Reports not sent yet (excluding the one on its way). */
  get pending(): readonly ProgressTask[] {
    return this.waiting;
  }

  get busy(): boolean {
    return this.inFlight !== undefined || this.waiting.length > 0;
  }

  /**
   * Removes and returns the waiting reports, to hand them to navigator.sendBeacon when the page goes
   * away (the report on its way, if any, stays with its request).
   */
  drain(): ProgressTask[] {
    if (this.timer !== undefined && this.inFlight === undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    return this.waiting.splice(0);
  }

  /**
   * Resolves when every report has been sent (or dropped), or after `timeoutMs` at the latest —
   * e.g. a quiz submission waits for its lesson's `open` (issue 16 item 6).
   */
  idle(timeoutMs: number): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      const started = Date.now();
      const check = () => {
        if (!this.busy || this.disposed || Date.now() - started >= timeoutMs) resolve();
        else setTimeout(check, 50);
      };
      setTimeout(check, 50);
    });
  }

  /** Sends the waiting reports now instead of waiting for the backoff (the browser came back online). */
  retryNow(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pump();
  }

  /** Stops sending; waiting reports are forgotten. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting.length = 0;
  }

  private pump(): void {
    if (this.disposed || this.inFlight || this.timer !== undefined) return;
    const task = this.waiting.shift();
    if (!task) return;
    this.inFlight = task;
    this.options.send(task).then(
      (result) => {
        this.inFlight = undefined;
        this.attempt = 0;
        if (this.disposed) return;
        this.options.onResult?.(task, result, this.waiting.length === 0);
        this.pump();
      },
      (error: unknown) => {
        this.inFlight = undefined;
        if (this.disposed) return;
        if (!isRetryable(error)) {
          this.attempt = 0;
          this.options.onRefused?.(task, error);
          this.pump();
          return;
        }
        // Back in front of the queue, unchanged, and sent again after the backoff.
        this.waiting.unshift(task);
        const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 1_000;
        this.attempt += 1;
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, delay);
      },
    );
  }
}

function clampDelta(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return Math.min(MAX_DELTA, Math.floor(seconds));
}
