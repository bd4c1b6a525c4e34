import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberedReferral, rememberReferral } from "./referral";

describe("referral codes (?ref=CODE, issue 11 §5)", () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("keeps a well-formed code for 30 days, then forgets it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    rememberReferral("BEPLAN");
    expect(rememberedReferral()).toBe("BEPLAN");
    vi.setSystemTime(new Date("2026-01-30T23:00:00Z"));
    expect(rememberedReferral()).toBe("BEPLAN");
    vi.setSystemTime(new Date("2026-01-31T00:00:01Z"));
    expect(rememberedReferral()).toBeUndefined();
  });

  it("ignores malformed codes and keeps the previous one", () => {
    rememberReferral("LAN10");
    rememberReferral("<script>");
    rememberReferral("x");
    rememberReferral(null);
    expect(rememberedReferral()).toBe("LAN10");
  });
});
