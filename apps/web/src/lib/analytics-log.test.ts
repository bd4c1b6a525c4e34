import { CLIENT_EVENT_BATCH_MAX } from "@academy/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANALYTICS_ENDPOINT,
  ANALYTICS_LOG_KEY,
  ANALYTICS_LOG_MAX,
  beaconAnalytics,
  flushAnalytics,
  readAnalyticsLog,
  recordEvent,
  setAnalyticsUser,
} from "./analytics-log";

let user: string | null = "user-1";
beforeEach(() => {
  localStorage.clear();
  user = "user-1";
  setAnalyticsUser(() => user);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAnalyticsUser(() => null);
  localStorage.clear();
});

const ok = (accepted: number) =>
  new Response(JSON.stringify({ accepted, duplicates: 0 }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

describe("the local analytics record (spec 000 §9)", () => {
  it("keeps the newest 1,000 records under academy.analytics with name, properties, timestamp and user", () => {
    // 998 stored already (written directly: recording each would rewrite the log 998 times), then 7 more.
    const stored = Array.from({ length: 998 }, (_, n) => ({
      id: crypto.randomUUID(),
      name: "page_view",
      properties: { n },
      timestamp: new Date().toISOString(),
    }));
    localStorage.setItem(ANALYTICS_LOG_KEY, JSON.stringify(stored));
    for (let n = 998; n < ANALYTICS_LOG_MAX + 5; n++) recordEvent("lesson_opened", { n });
    const log = readAnalyticsLog();
    expect(ANALYTICS_LOG_KEY).toBe("academy.analytics");
    expect(ANALYTICS_LOG_MAX).toBe(1000);
    expect(log).toHaveLength(1000);
    expect(log[0].properties.n).toBe(5);
    expect(log[999].properties.n).toBe(1004);
    expect(log[999]).toMatchObject({ name: "lesson_opened", userId: "user-1", properties: { page: "/" } });
    expect(log[999].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(log[999].timestamp))).toBe(false);
    expect(JSON.parse(localStorage.getItem("academy.analytics") ?? "[]")).toHaveLength(1000);
  });

  it("sends batches of at most 50, marks them sent, and keeps them", async () => {
    for (let i = 0; i < 120; i++) recordEvent("video_played", { n: i });
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      ok((JSON.parse(String(init?.body)) as { events: unknown[] }).events.length),
    );
    vi.stubGlobal("fetch", fetch);
    expect(await flushAnalytics()).toBe(120);
    expect(fetch).toHaveBeenCalledTimes(3);
    const sizes = fetch.mock.calls.map(
      ([, init]) => (JSON.parse(String(init?.body)) as { events: unknown[] }).events.length,
    );
    expect(sizes).toEqual([CLIENT_EVENT_BATCH_MAX, CLIENT_EVENT_BATCH_MAX, 20]);
    expect(fetch.mock.calls[0][0]).toBe(ANALYTICS_ENDPOINT);
    const first = JSON.parse(String(fetch.mock.calls[0][1]?.body)) as { events: Record<string, unknown>[] };
    // What is sent is the shared schema's shape: no local-only fields.
    expect(Object.keys(first.events[0]).sort()).toEqual(["id", "name", "properties", "timestamp"]);
    const log = readAnalyticsLog();
    expect(log).toHaveLength(120);
    expect(log.every((r) => r.sent)).toBe(true);
    // Nothing is sent twice.
    fetch.mockClear();
    expect(await flushAnalytics()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("survives a failed send: network errors and 5xx leave the records for the next try", async () => {
    recordEvent("quiz_submitted", { score: 80 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await flushAnalytics()).toBe(0);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 503 })),
    );
    expect(await flushAnalytics()).toBe(0);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 429 })),
    );
    expect(await flushAnalytics()).toBe(0);
    expect(readAnalyticsLog()[0].sent).toBeUndefined();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ok(1)),
    );
    expect(await flushAnalytics()).toBe(1);
    expect(readAnalyticsLog()[0].sent).toBe(true);
  });

  it("sends only the signed-in user's own records; records made signed out stay local", async () => {
    user = null;
    recordEvent("page_view");
    user = "user-2";
    recordEvent("page_view");
    user = "user-1";
    recordEvent("lesson_completed");
    const fetch = vi.fn(async () => ok(1));
    vi.stubGlobal("fetch", fetch);
    expect(await flushAnalytics()).toBe(1);
    const [, init] = fetch.mock.calls[0] as unknown as [unknown, RequestInit];
    const body = JSON.parse(String(init.body)) as { events: { name: string }[] };
    expect(body.events.map((e) => e.name)).toEqual(["lesson_completed"]);
    expect(readAnalyticsLog().map((r) => Boolean(r.sent))).toEqual([false, false, true]);
    user = null;
    fetch.mockClear();
    expect(await flushAnalytics()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a beacon on page hide sends a batch but marks nothing (the server de-duplicates a resend)", () => {
    recordEvent("lesson_opened");
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon });
    expect(beaconAnalytics()).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith(ANALYTICS_ENDPOINT, expect.any(Blob));
    expect(readAnalyticsLog()[0].sent).toBeUndefined();
  });

  it("drops query strings from the page address and referrer", () => {
    window.history.replaceState(null, "", "/reset-password?token=secret");
    recordEvent("page_view");
    expect(readAnalyticsLog()[0].properties.page).toBe("/reset-password");
    expect(JSON.stringify(readAnalyticsLog())).not.toContain("secret");
    window.history.replaceState(null, "", "/");
  });
});
