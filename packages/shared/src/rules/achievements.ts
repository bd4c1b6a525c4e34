/**
 * Student achievements (spec 001 §9 Student analytics): First Steps (any enrolment), Dedicated
 * Learner (10+ hours of study), Course Master (1 completed course), Speed Learner (3 completed).
 * Early Bird has no rule in the spec and is not awarded.
 */
export const ACHIEVEMENTS = ["firstSteps", "dedicatedLearner", "courseMaster", "speedLearner"] as const;
export type Achievement = (typeof ACHIEVEMENTS)[number];

/**
 * @param input.enrolments number of enrolments; input.studySeconds total time_spent in seconds;
 *   input.completedCourses number of completed enrolments.
 * @returns the achievements earned, in ACHIEVEMENTS order.
 */
export function earnedAchievements(input: {
  enrolments: number;
  studySeconds: number;
  completedCourses: number;
}): Achievement[] {
  const earned: Achievement[] = [];
  if (input.enrolments > 0) earned.push("firstSteps");
  if (input.studySeconds >= 10 * 3600) earned.push("dedicatedLearner");
  if (input.completedCourses >= 1) earned.push("courseMaster");
  if (input.completedCourses >= 3) earned.push("speedLearner");
  return earned;
}
