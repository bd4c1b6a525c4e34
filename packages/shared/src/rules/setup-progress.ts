/**
 * Creator setup progress (spec 000 §4 "Creator setup progress", §9): 20 to start, +30 once any
 * course exists, +30 once any course is published, +20 once any student is enrolled; at most 100.
 * Students always show 100.
 *
 * @returns a whole percentage, 0–100.
 */
export function setupProgress(input: {
  role: "creator" | "student" | "admin";
  hasCourse: boolean;
  hasPublishedCourse: boolean;
  hasEnrolledStudent: boolean;
}): number {
  if (input.role === "student") return 100;
  let progress = 20;
  if (input.hasCourse) progress += 30;
  if (input.hasPublishedCourse) progress += 30;
  if (input.hasEnrolledStudent) progress += 20;
  return Math.min(progress, 100);
}
