import { describe, expect, it } from "vitest";
import { setupProgress } from "./setup-progress.ts";

const creator = {
  role: "creator" as const,
  hasCourse: false,
  hasPublishedCourse: false,
  hasEnrolledStudent: false,
};

describe("setupProgress (spec 000 §4, §9: 20 base, +30 course, +30 published, +20 student, max 100)", () => {
  it("starts a new creator at 20", () => {
    expect(setupProgress(creator)).toBe(20);
  });

  it("adds 30 once any course exists", () => {
    expect(setupProgress({ ...creator, hasCourse: true })).toBe(50);
  });

  it("adds another 30 once a course is published", () => {
    expect(setupProgress({ ...creator, hasCourse: true, hasPublishedCourse: true })).toBe(80);
  });

  it("adds 20 once a student is enrolled, reaching 100", () => {
    expect(
      setupProgress({ ...creator, hasCourse: true, hasPublishedCourse: true, hasEnrolledStudent: true }),
    ).toBe(100);
  });

  it("counts each step on its own", () => {
    expect(setupProgress({ ...creator, hasPublishedCourse: true })).toBe(50);
    expect(setupProgress({ ...creator, hasEnrolledStudent: true })).toBe(40);
    expect(setupProgress({ ...creator, hasCourse: true, hasEnrolledStudent: true })).toBe(70);
  });

  it("never exceeds 100", () => {
    for (const hasCourse of [false, true])
      for (const hasPublishedCourse of [false, true])
        for (const hasEnrolledStudent of [false, true]) {
          const value = setupProgress({ role: "creator", hasCourse, hasPublishedCourse, hasEnrolledStudent });
          expect(value).toBeGreaterThanOrEqual(20);
          expect(value).toBeLessThanOrEqual(100);
        }
  });

  it("shows 100 for a student whatever the checklist says", () => {
    expect(setupProgress({ ...creator, role: "student" })).toBe(100);
  });

  it("treats an admin like a creator", () => {
    expect(setupProgress({ ...creator, role: "admin" })).toBe(20);
    expect(setupProgress({ ...creator, role: "admin", hasCourse: true })).toBe(50);
  });
});
