import { describe, expect, it } from "vitest";
import { completionRate, durationLabel, elapsedLabel, studyTimeLabel } from "./time-labels.ts";

const HOUR = 3600;

describe("studyTimeLabel (spec 000 §9; issue 24 §5: the same rounded minutes as every screen)", () => {
  it("shows whole hours below 1000 hours", () => {
    expect(studyTimeLabel(HOUR)).toEqual({ key: "time.hoursShort", values: { n: 1 } });
    expect(studyTimeLabel(5 * HOUR)).toEqual({ key: "time.hoursShort", values: { n: 5 } });
    expect(studyTimeLabel(999 * HOUR)).toEqual({ key: "time.hoursShort", values: { n: 999 } });
  });

  it("switches to thousands at 1000 hours", () => {
    expect(studyTimeLabel(1000 * HOUR)).toEqual({ key: "time.kHours", values: { x: 1 } });
    expect(studyTimeLabel(1500 * HOUR)).toEqual({ key: "time.kHours", values: { x: 1.5 } });
  });

  it("treats negative time as zero", () => {
    expect(studyTimeLabel(-100)).toEqual({ key: "time.minutesShort", values: { n: 0 } });
  });

  it("shows minutes under one hour (issue 17: 21 minutes is not '0h')", () => {
    expect(studyTimeLabel(0)).toEqual({ key: "time.minutesShort", values: { n: 0 } });
    expect(studyTimeLabel(21 * 60)).toEqual({ key: "time.minutesShort", values: { n: 21 } });
    expect(studyTimeLabel(HOUR - 31)).toEqual({ key: "time.minutesShort", values: { n: 59 } });
  });

  it("rounds to the nearest minute, as My Analytics does: 30 s is 1 min, 29 s is 0", () => {
    expect(studyTimeLabel(30)).toEqual({ key: "time.minutesShort", values: { n: 1 } });
    expect(studyTimeLabel(29)).toEqual({ key: "time.minutesShort", values: { n: 0 } });
    expect(studyTimeLabel(HOUR - 1)).toEqual({ key: "time.hoursShort", values: { n: 1 } });
  });

  it("keeps the minutes past an hour (1 h 29 min is not '1h')", () => {
    expect(studyTimeLabel(HOUR + 29 * 60)).toEqual({
      key: "time.hoursMinutesShort",
      values: { h: 1, m: 29 },
    });
  });
});

describe("durationLabel (spec 000 §9: <0.01 h '0m', <1 h minutes, <10 h one decimal, <100 h whole hours, then k)", () => {
  it("shows 0m under 0.01 h", () => {
    expect(durationLabel(0)).toEqual({ key: "time.minutesShort", values: { n: 0 } });
    expect(durationLabel(0.009)).toEqual({ key: "time.minutesShort", values: { n: 0 } });
  });

  it("shows minutes from 0.01 h to under 1 h", () => {
    expect(durationLabel(0.01)).toEqual({ key: "time.minutesShort", values: { n: 1 } });
    expect(durationLabel(0.5)).toEqual({ key: "time.minutesShort", values: { n: 30 } });
  });

  it("shows hours with one decimal from 1 h to under 10 h", () => {
    expect(durationLabel(1)).toEqual({ key: "time.hoursShort", values: { n: 1 } });
    expect(durationLabel(2.25)).toEqual({ key: "time.hoursShort", values: { n: 2.3 } });
    expect(durationLabel(9.96)).toEqual({ key: "time.hoursShort", values: { n: 10 } });
  });

  it("shows whole hours from 10 h to under 100 h", () => {
    expect(durationLabel(10)).toEqual({ key: "time.hoursShort", values: { n: 10 } });
    expect(durationLabel(10.4)).toEqual({ key: "time.hoursShort", values: { n: 10 } });
    expect(durationLabel(99.4)).toEqual({ key: "time.hoursShort", values: { n: 99 } });
  });

  it("shows thousands of hours from 100 h", () => {
    expect(durationLabel(100)).toEqual({ key: "time.kHours", values: { x: 0.1 } });
    expect(durationLabel(2500)).toEqual({ key: "time.kHours", values: { x: 2.5 } });
  });
});

describe("elapsedLabel (spec 000 §9: just now, minutes <60, hours <24, days <7, then a date)", () => {
  const now = new Date("2025-06-15T12:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it("says just now under a minute", () => {
    expect(elapsedLabel(now, now)).toEqual({ key: "time.justNow" });
    expect(elapsedLabel(ago(59_999), now)).toEqual({ key: "time.justNow" });
  });

  it("counts minutes up to 59", () => {
    expect(elapsedLabel(ago(MIN), now)).toEqual({ key: "time.minutesAgo", values: { count: 1 } });
    expect(elapsedLabel(ago(59 * MIN), now)).toEqual({ key: "time.minutesAgo", values: { count: 59 } });
  });

  it("switches to hours at 60 minutes and counts up to 23", () => {
    expect(elapsedLabel(ago(60 * MIN), now)).toEqual({ key: "time.hoursAgo", values: { count: 1 } });
    expect(elapsedLabel(ago(23 * 60 * MIN), now)).toEqual({ key: "time.hoursAgo", values: { count: 23 } });
    expect(elapsedLabel(ago((24 * 60 - 1) * MIN), now)).toEqual({
      key: "time.hoursAgo",
      values: { count: 23 },
    });
  });

  it("switches to days at 24 hours and counts up to 6", () => {
    expect(elapsedLabel(ago(24 * 60 * MIN), now)).toEqual({ key: "time.daysAgo", values: { count: 1 } });
    expect(elapsedLabel(ago(6 * 24 * 60 * MIN), now)).toEqual({ key: "time.daysAgo", values: { count: 6 } });
  });

  it("shows a date from 7 days", () => {
    const then = ago(7 * 24 * 60 * MIN);
    expect(elapsedLabel(then, now)).toEqual({
      key: "time.date",
      values: { iso: "2025-06-08T12:00:00.000Z" },
    });
  });
});

describe("completionRate (spec 000 §9: completed / total, rounded; 0 when there is nothing)", () => {
  it("rounds to a whole percentage", () => {
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(1, 8)).toBe(13);
    expect(completionRate(3, 3)).toBe(100);
    expect(completionRate(0, 4)).toBe(0);
  });

  it("is 0 when the total is 0", () => {
    expect(completionRate(0, 0)).toBe(0);
  });
});
