/**
 * One figure, one definition (issue 24 §5, decision 0229). Every screen that shows a person's
 * study time, streak or enrolment status — the dashboard, My Learning Analytics, Community ›
 * Achievements, Student Management and creator Analytics — uses these rules, so the same person
 * reads the same value everywhere:
 * - **Students / enrolments** count paid enrolments only (payment_status "completed"; a free
 *   course's enrolment is completed at once). A payment still pending is a pending payment, not
 *   a student.
 * - **Study time** is the seconds of learning recorded in the learning rollup (`learning_days`),
 *   shown in whole minutes rounded to the nearest minute ({@link studyMinutes}).
 * - **Streak**: consecutive local days (the person's time zone) with at least
 *   {@link STREAK_MIN_SECONDS} of learning, ending today or, when nothing was studied today yet,
 *   yesterday ({@link streaks}).
 * - **Enrolment status**: pending | cancelled | completed | notStarted (paid, never opened, 0 %) |
 *   inProgress ({@link enrolmentStatus}).
 */

/** A day counts toward a streak with at least this many seconds of learning (issue 12: one minute). */
export const STREAK_MIN_SECONDS = 60;

/** Whole minutes of `seconds` of study time, rounded to the nearest minute (never negative). */
export function studyMinutes(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 60);
}

/** A local day (YYYY-MM-DD) moved by `days`. */
function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Current and best streak from local days with their study seconds (any order): consecutive days
 * with at least {@link STREAK_MIN_SECONDS}. The current streak ends today, or yesterday when
 * nothing was studied today yet; 0 otherwise.
 * @param days local days (YYYY-MM-DD) in the person's time zone with their seconds.
 * @param today today's local day (YYYY-MM-DD) in that time zone.
 */
export function streaks(days: Array<{ day: string; seconds: number }>, today: string) {
  const active = [...new Set(days.filter((d) => d.seconds >= STREAK_MIN_SECONDS).map((d) => d.day))].sort();
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of active) {
    run = previous !== null && shiftDay(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  const set = new Set(active);
  let current = 0;
  let cursor = set.has(today) ? today : shiftDay(today, -1);
  while (set.has(cursor)) {
    current += 1;
    cursor = shiftDay(cursor, -1);
  }
  return { current, best };
}

export type EnrolmentStatus = "pending" | "cancelled" | "completed" | "notStarted" | "inProgress";

/**
 * The status Student Management (list, cards and CSV) shows for an enrolment: a payment first
 * (pending, cancelled), then completed, then "not started" for a paid enrolment never opened
 * (no last access and 0 % progress; ux N20), else in progress.
 */
export function enrolmentStatus(e: {
  paymentStatus: string;
  isCompleted: boolean;
  progress: number;
  lastAccessed: string | Date | null;
}): EnrolmentStatus {
  if (e.paymentStatus === "pending") return "pending";
  if (e.paymentStatus === "cancelled") return "cancelled";
  if (e.isCompleted) return "completed";
  if (e.lastAccessed === null && e.progress <= 0) return "notStarted";
  return "inProgress";
}
