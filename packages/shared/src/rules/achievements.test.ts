import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS, earnedAchievements } from "./achievements.ts";

const none = { enrolments: 0, studySeconds: 0, completedCourses: 0 };

describe("earnedAchievements (spec 001 §9 student analytics achievements)", () => {
  it("lists the four rule-based achievements in order (Early Bird has no rule)", () => {
    expect(ACHIEVEMENTS).toEqual(["firstSteps", "dedicatedLearner", "courseMaster", "speedLearner"]);
  });

  it("awards nothing without enrolments", () => {
    expect(earnedAchievements(none)).toEqual([]);
  });

  it("awards First Steps for any enrolment", () => {
    expect(earnedAchievements({ ...none, enrolments: 1 })).toEqual(["firstSteps"]);
  });

  it("awards Dedicated Learner from 10 hours of study", () => {
    expect(earnedAchievements({ ...none, studySeconds: 10 * 3600 - 1 })).toEqual([]);
    expect(earnedAchievements({ ...none, studySeconds: 10 * 3600 })).toEqual(["dedicatedLearner"]);
  });

  it("awards Course Master for 1 completed course and Speed Learner for 3", () => {
    expect(earnedAchievements({ enrolments: 2, studySeconds: 0, completedCourses: 1 })).toEqual([
      "firstSteps",
      "courseMaster",
    ]);
    expect(earnedAchievements({ enrolments: 2, studySeconds: 0, completedCourses: 2 })).toEqual([
      "firstSteps",
      "courseMaster",
    ]);
    expect(earnedAchievements({ enrolments: 3, studySeconds: 0, completedCourses: 3 })).toEqual([
      "firstSteps",
      "courseMaster",
      "speedLearner",
    ]);
  });

  it("awards all four together", () => {
    expect(earnedAchievements({ enrolments: 4, studySeconds: 50 * 3600, completedCourses: 3 })).toEqual([
      ...ACHIEVEMENTS,
    ]);
  });
});
