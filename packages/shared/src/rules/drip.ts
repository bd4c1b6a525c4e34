/**
 * Drip schedules (issue 27 §1, decision 0231): when a section of a course opens for a student.
 * One rule for the server (refusals, the opening e-mails) and the web (locked lessons, the
 * builder's preview). A section is available at enrolment (the default), N whole days after the
 * enrolment's start (1–365), or on a calendar date of the school's time zone (the school's
 * creator's profiles.time_zone), from 00:00 local time.
 */

import { zoneFormatter, zoneOffsetMs } from "./time-zone.ts";

/** Longest relative delay, in days. */
export const DRIP_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

/** The release rule of a section. `date` is a calendar date `YYYY-MM-DD` of the school's time zone. */
export type SectionRelease =
  | { kind: "enrolment" }
  | { kind: "days"; days: number }
  | { kind: "date"; date: string };

/** The validation texts of a release rule (reasons `course.releaseDays…`; errors.json en + vi). */
export const DRIP_MESSAGES = {
  releaseDaysInvalid: "Days after enrolment must be a whole number from 1 to 365.",
  releaseDateInvalid: "Choose a valid opening date.",
  lessonLocked: "This lesson is not open yet.",
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (years 2000–2999). */
export function isReleaseDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A time zone name Intl knows, else "Asia/Ho_Chi_Minh" (the profiles default). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "Asia/Ho_Chi_Minh";
  return zoneFormatter(timeZone) ? timeZone : "Asia/Ho_Chi_Minh";
}

/**
 * The instant 00:00 of calendar date `date` (`YYYY-MM-DD`) in `timeZone` (DST-aware: the offset
 * is read again at the first guess).
 */
export function zonedMidnight(date: string, timeZone: string): Date {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const tz = safeTimeZone(timeZone);
  const first = guess - zoneOffsetMs(guess, tz);
  return new Date(guess - zoneOffsetMs(first, tz));
}

/**
 * When a section opens for one enrolment: at `start` (the enrolment's start, when it became paid
 * or active) for `enrolment`; `start` + days × 24 h for `days`; 00:00 of the date in the school's
 * `timeZone` for `date` (possibly before `start`: then it is open from the start).
 */
export function sectionOpensAt(
  release: SectionRelease | null | undefined,
  start: Date,
  timeZone: string,
): Date {
  if (!release || release.kind === "enrolment") return start;
  if (release.kind === "days") return new Date(start.getTime() + release.days * DAY_MS);
  return zonedMidnight(release.date, timeZone);
}

/**
 * The opening of a section for a student at `now`: null when it is open, else the instant it opens.
 */
export function lockedUntil(
  release: SectionRelease | null | undefined,
  start: Date,
  timeZone: string,
  now: Date,
): Date | null {
  const opens = sectionOpensAt(release, start, timeZone);
  return opens.getTime() > now.getTime() ? opens : null;
}

/** Whole days until `opensAt`, rounded up (at least 1 while it is in the future; 0 when past). */
export function daysUntil(opensAt: Date, now: Date): number {
  const ms = opensAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** `YYYY-MM-DD` of instant `at` in `timeZone`. */
export function zonedDate(at: Date, timeZone: string): string {
  const offset = zoneOffsetMs(at.getTime(), safeTimeZone(timeZone));
  return new Date(at.getTime() + offset).toISOString().slice(0, 10);
}

/** "dd/MM" of instant `at` in `timeZone` (the label's date in both languages). */
export function dayMonth(at: Date, timeZone: string): string {
  const [, m, d] = zonedDate(at, timeZone).split("-");
  return `${d}/${m}`;
}

/**
 * The label of a locked lesson (message keys in the web's `player` catalogue): within 7 days
 * "Opens in {count} days" (`drip.opensIn`, count ≥ 1), later "Opens on {date}" (`drip.opensOn`,
 * dd/MM in the school's time zone).
 */
export function lockLabel(
  opensAt: Date,
  now: Date,
  timeZone: string,
): { key: "drip.opensIn"; values: { count: number } } | { key: "drip.opensOn"; values: { date: string } } {
  const days = daysUntil(opensAt, now);
  if (days <= 7) return { key: "drip.opensIn", values: { count: Math.max(1, days) } };
  return { key: "drip.opensOn", values: { date: dayMonth(opensAt, timeZone) } };
}

/**
 * The builder's preview "as a student on day N" (day 0 = the day of enrolment): whether a section
 * is open on day `day` of an enrolment that starts at `start` (the preview uses now).
 */
export function openOnDay(
  release: SectionRelease | null | undefined,
  day: number,
  start: Date,
  timeZone: string,
): boolean {
  const at = new Date(start.getTime() + day * DAY_MS);
  return lockedUntil(release, start, timeZone, at) === null;
}

/** The builder badge of a rule: null (at enrolment), `{ day: N }` or `{ date: "dd/MM" }`. */
export function releaseBadge(
  release: SectionRelease | null | undefined,
): { day: number } | { date: string } | null {
  if (!release || release.kind === "enrolment") return null;
  if (release.kind === "days") return { day: release.days };
  const [, m, d] = release.date.split("-");
  return { date: `${d}/${m}` };
}
