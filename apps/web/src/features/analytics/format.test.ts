import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyCompact } from "@/lib/format";
import { presetRange } from "./components/creator-analytics";
import { localDate, monthStart, valueAxisWidth } from "./format";

// 17:05 UTC on 25 November is already 00:05 on 26 November in Hồ Chí Minh City (UTC+7).
const LATE_UTC = new Date("2026-11-25T17:05:00Z");

describe("analytics dates in the creator's time zone (issue 12)", () => {
  it("takes today from the given zone, not the browser's", () => {
    expect(localDate(0, LATE_UTC, "UTC")).toBe("2026-11-25");
    expect(localDate(0, LATE_UTC, "Asia/Ho_Chi_Minh")).toBe("2026-11-26");
    expect(localDate(-29, LATE_UTC, "Asia/Ho_Chi_Minh")).toBe("2026-10-28");
    expect(localDate(6, LATE_UTC, "America/New_York")).toBe("2026-12-01");
  });

  it("ends every preset today in the zone and starts the 12-month one on a first of the month", () => {
    expect(presetRange("d7", "Asia/Ho_Chi_Minh", LATE_UTC)).toEqual({ from: "2026-11-20", to: "2026-11-26" });
    expect(presetRange("d30", "UTC", LATE_UTC)).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(presetRange("m12", "Asia/Ho_Chi_Minh", new Date("2026-12-31T18:00:00Z"))).toEqual({
      from: "2026-02-01",
      to: "2027-01-01",
    });
    expect(monthStart(11, new Date("2026-03-15T00:00:00Z"), "UTC")).toBe("2025-04-01");
  });
});

describe("value axis labels are never clipped (issue 24 §5)", () => {
  it("sizes the axis for the longest label, within 40–140 px", () => {
    expect(valueAxisWidth(["0", "12"])).toBe(40);
    const vnd = formatMoneyCompact(12_500_000, "VND", "vi");
    expect(vnd.length).toBeLessThan(10);
    expect(valueAxisWidth([vnd])).toBeGreaterThanOrEqual(vnd.length * 7);
    const full = formatMoney(12_500_000, "VND", "vi");
    expect(valueAxisWidth([full])).toBeGreaterThan(56); // the old fixed width clipped "12.500.000 ₫"
    expect(valueAxisWidth(["x".repeat(100)])).toBe(140);
  });
  it("writes compact money on the axis in each language", () => {
    expect(formatMoneyCompact(2_000_000, "VND", "en")).toMatch(/2M/);
    expect(formatMoneyCompact(2_000_000, "VND", "vi")).toMatch(/2\s?Tr/);
  });
});
