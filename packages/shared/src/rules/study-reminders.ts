/**
 * Study reminders (issue 27 §3, decision 0232): the weekly goal's limits and the "behind" rule.
 * Study time is the one definition of decision 0229 (the learning rollup, whole minutes by
 * `studyMinutes`); weeks start on Monday in the student's time zone.
 */

/** The weekly goal, in minutes: from 30 minutes to 20 hours, in steps of 15 minutes. */
export const STUDY_GOAL_MIN_MINUTES = 30;
export const STUDY_GOAL_MAX_MINUTES = 1200;
export const STUDY_GOAL_STEP_MINUTES = 15;
/** The goal and reminder time a student starts from (nothing is saved until they save). */
export const STUDY_GOAL_DEFAULT_MINUTES = 120;
export const STUDY_REMINDER_DEFAULT_TIME = "19:00";
/** The notification type name of the reminder e-mail (the notification centre's preferences). */
export const STUDY_REMINDER_NOTIFICATION_TYPE = "study_reminder";

export const STUDY_REMINDER_MESSAGES = {
  goal: "Choose a weekly goal from 30 minutes to 20 hours, in steps of 15 minutes.",
  time: "Choose a reminder time as HH:MM (00:00–23:59).",
  endpoint: "This browser's push subscription is not valid.",
} as const;

/**
 * Minutes of the weekly goal due by the end of local day `isoWeekday` (1 = Monday … 7 = Sunday):
 * the goal pro-rated to the day, rounded up to a whole minute — `ceil(goal × day / 7)`. On Sunday
 * it is the whole goal.
 */
export function studyGoalDueMinutes(weeklyGoalMinutes: number, isoWeekday: number): number {
  const day = Math.min(7, Math.max(1, Math.trunc(isoWeekday)));
  return Math.ceil((weeklyGoalMinutes * day) / 7);
}

/**
 * A student is behind when the minutes studied this week (Monday to today, local) are fewer than
 * the minutes due by the end of today ({@link studyGoalDueMinutes}). Never behind once the weekly
 * goal is met.
 */
export function isBehindStudyGoal(
  weekMinutes: number,
  weeklyGoalMinutes: number,
  isoWeekday: number,
): boolean {
  if (weekMinutes >= weeklyGoalMinutes) return false;
  return weekMinutes < studyGoalDueMinutes(weeklyGoalMinutes, isoWeekday);
}
