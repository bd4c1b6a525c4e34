import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENTS,
  achievementProgress,
  achievementSummary,
  earnedAchievements,
  streakDays,
} from "./achievements.ts";

const none = { enrolments: 0, studySeconds: 0, completedCourses: 0 };

describe("earnedAchievements (spec 001 §9 student analytics achievements)", () => {
  it("lists the learning and community achievements in order (one rule set)", () => {
    expect(ACHIEVEMENTS).toEqual([
      "firstSteps",
      "earlyBird",
      "dedicatedLearner",
      "courseMaster",
      "speedLearner",
      "firstCourse",
      "fastLearner",
      "helper",
      "consistent",
      "challenger",
    ]);
  });

  it("awards nothing without enrolments", () => {
    expect(earnedAchievements(none)).toEqual([]);
  });

  it("awards Challenger for a completed challenge (decision 0192)", () => {
    expect(earnedAchievements({ ...none, completedChallenges: 0 })).toEqual([]);
    expect(earnedAchievements({ ...none, completedChallenges: 1 })).toEqual(["challenger"]);
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

  it("awards all ten together from a full history", () => {
    expect(
      earnedAchievements({
        enrolments: 4,
        studySeconds: 50 * 3600,
        completedCourses: 3,
        earlyLessons: 1,
        certificates: 3,
        fastCompletions: 1,
        acceptedAnswers: 3,
        streakDays: 7,
        completedChallenges: 1,
      }),
    ).toEqual([...ACHIEVEMENTS]);
  });

  it("community thresholds: Helper at 3 accepted answers, Consistent at a 7-day streak, Fast Learner, Early Bird", () => {
    const base = { enrolments: 1, studySeconds: 0, completedCourses: 0 };
    expect(earnedAchievements({ ...base, acceptedAnswers: 2, streakDays: 6 })).toEqual(["firstSteps"]);
    expect(earnedAchievements({ ...base, acceptedAnswers: 3, streakDays: 7 })).toEqual([
      "firstSteps",
      "helper",
      "consistent",
    ]);
    expect(earnedAchievements({ ...base, fastCompletions: 1, earlyLessons: 1, certificates: 1 })).toEqual([
      "firstSteps",
      "earlyBird",
      "firstCourse",
      "fastLearner",
    ]);
  });
});

describe("achievementProgress and achievementSummary (000 §2 Achievements tab)", () => {
  it("reports progress toward the next threshold in whole percent", () => {
    const progress = achievementProgress({
      enrolments: 1,
      studySeconds: 3 * 3600,
      completedCourses: 0,
      acceptedAnswers: 2,
      streakDays: 5,
    });
    const byId = Object.fromEntries(progress.map((p) => [p.id, p]));
    expect(byId.dedicatedLearner).toMatchObject({
      current: 3 * 3600,
      target: 36000,
      met: false,
      progress: 30,
    });
    expect(byId.helper).toMatchObject({ current: 2, target: 3, progress: 66 });
    expect(byId.consistent).toMatchObject({ current: 5, target: 7, progress: 71 });
    expect(byId.firstSteps).toMatchObject({ met: true, progress: 100 });
  });

  it("summarises: earned counts as 100 in the average", () => {
    expect(
      achievementSummary([
        { earned: true, progress: 100 },
        { earned: true, progress: 100 },
        { earned: false, progress: 60 },
        { earned: false, progress: 75 },
      ]),
    ).toEqual({ earnedCount: 2, inProgressCount: 2, averageProgress: 84 });
  });
});

describe("streakDays (Consistent)", () => {
  it("counts back from today, or from yesterday when today has no activity", () => {
    expect(streakDays(["2026-11-23", "2026-11-24", "2026-11-25"], "2026-11-25")).toBe(3);
    expect(streakDays(["2026-11-23", "2026-11-24"], "2026-11-25")).toBe(2);
    expect(streakDays(["2026-11-22", "2026-11-24"], "2026-11-25")).toBe(1);
    expect(streakDays(["2026-11-20"], "2026-11-25")).toBe(0);
    expect(streakDays(["2026-02-28", "2026-03-01"], "2026-03-01")).toBe(2);
  });
});
