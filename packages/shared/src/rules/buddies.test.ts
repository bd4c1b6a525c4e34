import { describe, expect, it } from "vitest";
import {
  availabilityOverlapHours,
  buddyScore,
  languagesMatch,
  slotRangesUtc,
  zoneOffsetMinutes,
} from "./buddies.ts";

const WINTER = new Date("2026-01-15T12:00:00Z");

describe("study buddy matching (issue 13 §5, decision 0188)", () => {
  it("reads zone offsets", () => {
    expect(zoneOffsetMinutes("Asia/Ho_Chi_Minh", WINTER)).toBe(420);
    expect(zoneOffsetMinutes("Europe/London", WINTER)).toBe(0);
    expect(zoneOffsetMinutes("Europe/London", new Date("2026-07-15T12:00:00Z"))).toBe(60);
  });

  it("turns local slots into UTC minutes of the week, wrapping past Sunday", () => {
    // Monday night 00–06 in UTC+7 is Sunday 17:00–23:00 UTC.
    expect(slotRangesUtc(["mon:night"], "Asia/Ho_Chi_Minh", WINTER)).toEqual([
      [6 * 1440 + 17 * 60, 6 * 1440 + 23 * 60],
    ]);
    // Sunday evening 18–24 in UTC-5 (New York, winter) is Sunday 23:00 → Monday 05:00 UTC.
    expect(slotRangesUtc(["sun:evening"], "America/New_York", WINTER)).toEqual([
      [6 * 1440 + 23 * 60, 7 * 1440],
      [0, 5 * 60],
    ]);
  });

  it("counts hours both are free across time zones", () => {
    const hanoiEvening = { slots: ["mon:evening"], timeZone: "Asia/Ho_Chi_Minh" }; // 11:00–17:00 UTC
    expect(
      availabilityOverlapHours(hanoiEvening, { slots: ["mon:afternoon"], timeZone: "Europe/London" }, WINTER),
    ).toBe(5);
    expect(
      availabilityOverlapHours(hanoiEvening, { slots: ["mon:morning"], timeZone: "Europe/London" }, WINTER),
    ).toBe(1);
    expect(availabilityOverlapHours(hanoiEvening, hanoiEvening, WINTER)).toBe(6);
    expect(availabilityOverlapHours(hanoiEvening, { slots: [], timeZone: "UTC" }, WINTER)).toBe(0);
  });

  it("matches languages and scores 10 a course, 1 an hour (at most 24), 3 a goal, 2 a language", () => {
    expect(languagesMatch("vi", "en")).toBe(false);
    expect(languagesMatch("any", "en")).toBe(true);
    expect(languagesMatch("vi", "vi")).toBe(true);
    expect(buddyScore({ sharedCourses: 1, overlapHours: 168, sharedGoals: 0, sameLanguage: false })).toBe(34);
    expect(buddyScore({ sharedCourses: 1, overlapHours: 3, sharedGoals: 1, sameLanguage: true })).toBe(18);
  });
});
