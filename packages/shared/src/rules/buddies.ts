import { isTimeZone } from "../schemas/account.ts";
import { zoneOffsetMs } from "./time-zone.ts";

/**
 * Study buddy matching (issue 13 §5; decision 0188): weekly availability slots, their overlap
 * across time zones, and the ranking score of a suggestion. Pure functions: the server ranks with
 * them and the tests check the order on hand-made preferences.
 */

export const BUDDY_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type BuddyDay = (typeof BUDDY_DAYS)[number];
/** Parts of a local day: night 00–06, morning 06–12, afternoon 12–18, evening 18–24. */
export const BUDDY_PERIODS = ["morning", "afternoon", "evening", "night"] as const;
export type BuddyPeriod = (typeof BUDDY_PERIODS)[number];
/** A weekly availability slot, "mon:morning" … "sun:night" (28 in all), in the owner's time zone. */
export type BuddySlot = `${BuddyDay}:${BuddyPeriod}`;
export const BUDDY_SLOTS: readonly BuddySlot[] = BUDDY_DAYS.flatMap((day) =>
  BUDDY_PERIODS.map((period) => `${day}:${period}` as BuddySlot),
);

export const BUDDY_GOALS = ["finish-course", "exam-prep", "practice", "projects", "accountability"] as const;
export type BuddyGoal = (typeof BUDDY_GOALS)[number];
/** "any" matches every language. */
export const BUDDY_LANGUAGES = ["any", "vi", "en"] as const;
export type BuddyLanguage = (typeof BUDDY_LANGUAGES)[number];

/** Study Style (spec 000 §2 Study Buddies preferences form): visual, auditory, kinesthetic, reading. */
export const BUDDY_STUDY_STYLES = ["visual", "auditory", "kinesthetic", "reading"] as const;
export type BuddyStudyStyle = (typeof BUDDY_STUDY_STYLES)[number];
/**
 * The student's own level, as they state it in their preferences (the spec shows a level on each
 * buddy but defines none; decision 0233). Shown on suggestions; not part of the score.
 */
export const BUDDY_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type BuddyLevel = (typeof BUDDY_LEVELS)[number];

const PERIOD_START_HOUR: Record<BuddyPeriod, number> = { night: 0, morning: 6, afternoon: 12, evening: 18 };
const WEEK_MINUTES = 7 * 24 * 60;

/**
 * The zone's offset from UTC in minutes at `at` (Asia/Ho_Chi_Minh: +420). Unknown zones count as UTC.
 */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  if (!isTimeZone(zone)) return 0;
  return Math.round(zoneOffsetMs(at.getTime(), zone) / 60_000);
}

/**
 * The slots as UTC minute ranges of the week ([start, end), Monday 00:00 UTC = 0, split where a
 * range wraps past Sunday), using the zone's offset at `at`.
 */
export function slotRangesUtc(slots: readonly string[], zone: string, at: Date): Array<[number, number]> {
  const offset = zoneOffsetMinutes(zone, at);
  const ranges: Array<[number, number]> = [];
  for (const slot of new Set(slots)) {
    const [day, period] = slot.split(":") as [BuddyDay, BuddyPeriod];
    const dayIndex = BUDDY_DAYS.indexOf(day);
    if (dayIndex < 0 || !(period in PERIOD_START_HOUR)) continue;
    const localStart = dayIndex * 1440 + PERIOD_START_HOUR[period] * 60;
    const start = (((localStart - offset) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
    const end = start + 360;
    if (end <= WEEK_MINUTES) ranges.push([start, end]);
    else ranges.push([start, WEEK_MINUTES], [0, end - WEEK_MINUTES]);
  }
  return ranges;
}

/**
 * Hours a week both people are available (their slots compared in UTC; 0 when either has none).
 * Example: "mon:evening" in Asia/Ho_Chi_Minh (UTC+7) and "mon:afternoon" in Europe/London (UTC+0,
 * winter) overlap 1 hour (11:00–12:00 UTC).
 */
export function availabilityOverlapHours(
  a: { slots: readonly string[]; timeZone: string },
  b: { slots: readonly string[]; timeZone: string },
  at: Date = new Date(),
): number {
  const ra = slotRangesUtc(a.slots, a.timeZone, at);
  const rb = slotRangesUtc(b.slots, b.timeZone, at);
  let minutes = 0;
  for (const [s1, e1] of ra)
    for (const [s2, e2] of rb) minutes += Math.max(0, Math.min(e1, e2) - Math.max(s1, s2));
  return Math.round((minutes / 60) * 10) / 10;
}

/** True unless both chose a specific language and they differ. */
export function languagesMatch(a: BuddyLanguage, b: BuddyLanguage): boolean {
  return a === "any" || b === "any" || a === b;
}

/** What a suggestion's rank is made of (shown to the student as "why"). */
export interface BuddyMatchFacts {
  sharedCourses: number;
  overlapHours: number;
  sharedGoals: number;
  sameLanguage: boolean;
  /** Both chose the same Study Style (issue 27 §4). */
  sameStyle?: boolean;
}

/**
 * A suggestion's score (decisions 0188, 0233): 10 per shared course, 1 per overlapping hour a week
 * (at most 24), 3 per shared goal, 2 when both chose the same specific language, 3 when both chose
 * the same Study Style. Higher ranks first.
 */
export function buddyScore(facts: BuddyMatchFacts): number {
  return (
    facts.sharedCourses * 10 +
    Math.min(24, facts.overlapHours) +
    facts.sharedGoals * 3 +
    (facts.sameLanguage ? 2 : 0) +
    (facts.sameStyle ? 3 : 0)
  );
}

/**
 * The best score any candidate could reach with this student (decision 0233): `buddyScore` of a
 * perfect match — every one of the student's `courseCount` courses shared, all of their weekly
 * hours overlapping (6 per slot, at most 24 count), all their goals shared, their specific
 * language (not "any") and their study style (when chosen) the same.
 */
export function buddyMaxScore(me: {
  courseCount: number;
  slotCount: number;
  goalCount: number;
  language: BuddyLanguage;
  studyStyle: BuddyStudyStyle | null;
}): number {
  return buddyScore({
    sharedCourses: me.courseCount,
    overlapHours: me.slotCount * 6,
    sharedGoals: me.goalCount,
    sameLanguage: me.language !== "any",
    sameStyle: me.studyStyle !== null,
  });
}

/**
 * The "% match" shown on a suggestion (spec 000 §2 Study Buddies; decision 0233): the ranking score
 * as a whole percentage of `buddyMaxScore` for the viewing student (0 when that is 0, at most 100).
 * Monotone in the score, so a list ranked by score is also ordered by % match.
 */
export function buddyMatchPercent(score: number, maxScore: number): number {
  if (maxScore <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((score / maxScore) * 100)));
}

/** At most this many requests a student has sent that are still pending. */
export const BUDDY_PENDING_MAX = 10;
/** At most this many requests a student sends in 24 hours. */
export const BUDDY_REQUESTS_PER_DAY = 20;
/** A declined request may not be sent again to the same student for this many days. */
export const BUDDY_DECLINE_COOLDOWN_DAYS = 30;
/** Longest note on a buddy request, in characters (zod-free for the web's composer). */
export const BUDDY_NOTE_MAX = 300;
/** At most this many suggestions are listed. */
export const BUDDY_SUGGESTIONS_MAX = 20;
