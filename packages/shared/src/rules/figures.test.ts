import { describe, expect, it } from "vitest";
import { enrolmentStatus, STREAK_MIN_SECONDS, streaks, studyMinutes } from "./figures.ts";

describe("one figure, one definition (issue 24 §5)", () => {
  it("rounds study time to the nearest whole minute, never below 0", () => {
    expect(studyMinutes(29)).toBe(0);
    expect(studyMinutes(30)).toBe(1);
    expect(studyMinutes(89)).toBe(1);
    expect(studyMinutes(90)).toBe(2);
    expect(studyMinutes(-5)).toBe(0);
  });

  it("counts a streak in local days with at least a minute each, ending today or yesterday", () => {
    const days = [
      { day: "2026-03-01", seconds: 600 },
      { day: "2026-03-02", seconds: 60 },
      { day: "2026-03-03", seconds: 61 },
      { day: "2026-03-05", seconds: STREAK_MIN_SECONDS - 1 }, // under a minute: not a streak day
      { day: "2026-03-06", seconds: 300 },
      { day: "2026-03-07", seconds: 300 },
    ];
    expect(streaks(days, "2026-03-07")).toEqual({ current: 2, best: 3 });
    // Nothing yet today: the streak still ends yesterday.
    expect(streaks(days, "2026-03-08")).toEqual({ current: 2, best: 3 });
    // A day missed: the current streak is over, the best stays.
    expect(streaks(days, "2026-03-09")).toEqual({ current: 0, best: 3 });
    // Order and duplicate days (two courses the same day) do not matter.
    expect(streaks([...days].reverse().concat({ day: "2026-03-07", seconds: 10 }), "2026-03-07")).toEqual({
      current: 2,
      best: 3,
    });
    expect(streaks([], "2026-03-07")).toEqual({ current: 0, best: 0 });
  });

  it("names an enrolment's status: payment first, then completed, not started, in progress", () => {
    const paid = { paymentStatus: "completed", isCompleted: false, progress: 0, lastAccessed: null };
    expect(enrolmentStatus(paid)).toBe("notStarted");
    expect(enrolmentStatus({ ...paid, lastAccessed: "2026-03-01T10:00:00Z" })).toBe("inProgress");
    expect(enrolmentStatus({ ...paid, progress: 10 })).toBe("inProgress");
    expect(enrolmentStatus({ ...paid, isCompleted: true, progress: 100 })).toBe("completed");
    expect(enrolmentStatus({ ...paid, paymentStatus: "pending" })).toBe("pending");
    expect(enrolmentStatus({ ...paid, paymentStatus: "cancelled", isCompleted: true })).toBe("cancelled");
  });
});
