import { describe, expect, it } from "vitest";
import { outlineSectionSchema } from "../schemas/courses.ts";
import {
  DRIP_MESSAGES,
  dayMonth,
  daysUntil,
  isReleaseDate,
  lockedUntil,
  lockLabel,
  openOnDay,
  releaseBadge,
  safeTimeZone,
  sectionOpensAt,
  zonedDate,
  zonedMidnight,
} from "./drip.ts";

const START = new Date("2026-12-01T10:30:00.000Z");

describe("drip schedules (issue 27 §1)", () => {
  it("opens a section at enrolment, N × 24 h later, or at 00:00 of a date in the school's zone", () => {
    expect(sectionOpensAt(undefined, START, "Asia/Ho_Chi_Minh")).toEqual(START);
    expect(sectionOpensAt({ kind: "enrolment" }, START, "Asia/Ho_Chi_Minh")).toEqual(START);
    expect(sectionOpensAt({ kind: "days", days: 3 }, START, "UTC").toISOString()).toBe(
      "2026-12-04T10:30:00.000Z",
    );
    expect(
      sectionOpensAt({ kind: "date", date: "2026-12-05" }, START, "Asia/Ho_Chi_Minh").toISOString(),
    ).toBe("2026-12-04T17:00:00.000Z");
    expect(
      sectionOpensAt({ kind: "date", date: "2026-12-05" }, START, "America/Los_Angeles").toISOString(),
    ).toBe("2026-12-05T08:00:00.000Z");
  });

  it("follows daylight saving time in Los Angeles", () => {
    expect(zonedMidnight("2027-07-01", "America/Los_Angeles").toISOString()).toBe("2027-07-01T07:00:00.000Z");
    // The day clocks go forward (2027-03-14): midnight is still UTC-8.
    expect(zonedMidnight("2027-03-14", "America/Los_Angeles").toISOString()).toBe("2027-03-14T08:00:00.000Z");
    expect(zonedMidnight("2027-03-15", "America/Los_Angeles").toISOString()).toBe("2027-03-15T07:00:00.000Z");
  });

  it("is locked until the opening instant, then open", () => {
    const rule = { kind: "days" as const, days: 1 };
    const opens = new Date("2026-12-02T10:30:00.000Z");
    expect(lockedUntil(rule, START, "UTC", new Date(opens.getTime() - 1))).toEqual(opens);
    expect(lockedUntil(rule, START, "UTC", opens)).toBeNull();
    // A date before the enrolment: open from the start.
    expect(lockedUntil({ kind: "date", date: "2026-11-01" }, START, "UTC", START)).toBeNull();
  });

  it("labels a locked lesson by days within a week, else by its date (dd/MM in the school's zone)", () => {
    const now = new Date("2026-12-01T12:00:00.000Z");
    expect(lockLabel(new Date("2026-12-04T10:00:00.000Z"), now, "UTC")).toEqual({
      key: "drip.opensIn",
      values: { count: 3 },
    });
    expect(lockLabel(new Date("2026-12-01T13:00:00.000Z"), now, "UTC")).toEqual({
      key: "drip.opensIn",
      values: { count: 1 },
    });
    expect(lockLabel(new Date("2026-12-11T17:00:00.000Z"), now, "Asia/Ho_Chi_Minh")).toEqual({
      key: "drip.opensOn",
      values: { date: "12/12" },
    });
    expect(daysUntil(new Date("2026-12-01T11:00:00.000Z"), now)).toBe(0);
    expect(dayMonth(new Date("2026-12-04T17:00:00.000Z"), "Asia/Ho_Chi_Minh")).toBe("05/12");
    expect(zonedDate(new Date("2026-12-04T17:00:00.000Z"), "America/Los_Angeles")).toBe("2026-12-04");
  });

  it("previews which sections are open on day N", () => {
    expect(openOnDay(undefined, 0, START, "UTC")).toBe(true);
    expect(openOnDay({ kind: "days", days: 3 }, 2, START, "UTC")).toBe(false);
    expect(openOnDay({ kind: "days", days: 3 }, 3, START, "UTC")).toBe(true);
    expect(openOnDay({ kind: "date", date: "2026-12-05" }, 3, START, "UTC")).toBe(false);
    expect(openOnDay({ kind: "date", date: "2026-12-05" }, 4, START, "UTC")).toBe(true);
    expect(releaseBadge({ kind: "days", days: 3 })).toEqual({ day: 3 });
    expect(releaseBadge({ kind: "date", date: "2026-12-05" })).toEqual({ date: "05/12" });
    expect(releaseBadge({ kind: "enrolment" })).toBeNull();
  });

  it("validates the rule in the outline schema", () => {
    const parse = (release: unknown) => outlineSectionSchema.safeParse({ id: "s1", title: "One", release });
    expect(parse({ kind: "days", days: 365 }).success).toBe(true);
    expect(parse({ kind: "date", date: "2028-02-29" }).success).toBe(true);
    expect(parse(undefined).success).toBe(true);
    for (const bad of [
      { kind: "days", days: 0 },
      { kind: "days", days: 366 },
      { kind: "days", days: 2.5 },
    ]) {
      const result = parse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(DRIP_MESSAGES.releaseDaysInvalid);
    }
    for (const bad of ["2027-02-29", "2026-13-01", "05/12/2026", ""]) {
      const result = parse({ kind: "date", date: bad });
      expect(result.error?.issues[0].message).toBe(DRIP_MESSAGES.releaseDateInvalid);
    }
    expect(isReleaseDate("1999-12-31")).toBe(false);
    expect(safeTimeZone("Not/AZone")).toBe("Asia/Ho_Chi_Minh");
  });
});
