/**
 * Analytics constants and pure helpers without zod (spec 001 §2 Creator analytics, Student
 * analytics, §9; issue 12): pages that need only these do not load the schemas (issue 17 §14).
 * The request/response contracts stay in `schemas/analytics.ts`.
 */

export const ANALYTICS_MESSAGES = {
  loadFailed: "Failed to load analytics data. Please try again.",
  badRange: "Choose a valid date range of at most 366 days.",
  badTimeZone: "Choose a valid time zone.",
  badGoal: "The weekly goal must be a whole number of hours from 1 to 100.",
  creatorsOnly: "Only course creators can see course analytics.",
  courseNotFound: "Course not found.",
} as const;

/** Longest range the creator analytics accept, in days. */
export const MAX_ANALYTICS_DAYS = 366;
/** Default weekly study goal in hours (001 §9). */
export const DEFAULT_WEEKLY_GOAL_HOURS = 10;
/** Course Performance badges (001 §9): completion over 80 Excellent, over 50 Good, else Needs Attention. */
export type CompletionBadge = "excellent" | "good" | "needsAttention";
export function completionBadge(completionRate: number): CompletionBadge {
  if (completionRate > 80) return "excellent";
  if (completionRate > 50) return "good";
  return "needsAttention";
}
/** Struggling (001 §9): not completed and progress under 20 percent. */
export const STRUGGLING_PROGRESS = 20;

/** Days from `from` to `to`, both included (UTC calendar arithmetic on local dates). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
