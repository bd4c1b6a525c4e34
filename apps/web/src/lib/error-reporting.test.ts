import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_LOG_KEY, ERROR_LOG_MAX, reportError } from "./error-reporting";

describe("reportError", () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores the record locally and sends it to the server", () => {
    reportError(new Error("boom"), { component: "Global" });
    const stored = JSON.parse(localStorage.getItem(ERROR_LOG_KEY) ?? "[]");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ message: "boom", component: "Global" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/client-errors");
    expect(JSON.parse(String(init.body))).toMatchObject({ message: "boom", component: "Global" });
  });

  it(`keeps at most ${ERROR_LOG_MAX} records, newest last`, () => {
    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) reportError(new Error(`e${i}`));
    const stored = JSON.parse(localStorage.getItem(ERROR_LOG_KEY) ?? "[]");
    expect(stored).toHaveLength(ERROR_LOG_MAX);
    expect(stored[0].message).toBe("e5");
    expect(stored.at(-1).message).toBe(`e${ERROR_LOG_MAX + 4}`);
  });

  it("drops network errors (spec 001 §8)", () => {
    reportError(new TypeError("Failed to fetch"));
    expect(localStorage.getItem(ERROR_LOG_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
