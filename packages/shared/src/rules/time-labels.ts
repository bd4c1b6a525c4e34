/**
 * Labels for durations and elapsed time (spec 000 §9). Pure functions returning a message key and
 * the values to interpolate, so both catalogues (en, vi) can word them.
 */

import { studyMinutes } from "./figures.ts";

export type Label = { key: string; values?: Record<string, number | string> };

/**
 * Study time on the student dashboard (000 §9), in the same whole minutes as every other screen
 * (issue 24 §5: `studyMinutes`, rounded): under one hour "{n} min"; under 1000 hours "{h} h" or
 * "{h} h {m} min"; from 1000 hours "{x}k hours".
 * @param seconds study seconds (the learning figures' total).
 */
export function studyTimeLabel(seconds: number): Label {
  const minutes = studyMinutes(seconds);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return { key: "time.minutesShort", values: { n: m } };
  if (h < 1000)
    return m === 0
      ? { key: "time.hoursShort", values: { n: h } }
      : { key: "time.hoursMinutesShort", values: { h, m } };
  return { key: "time.kHours", values: { x: Math.round(h / 100) / 10 } };
}

/**
 * Duration label (000 §9): under 0.01 h "0m"; under 1 h minutes; under 10 h one decimal; under
 * 100 h whole hours; then "k hours".
 * @param hours a duration in hours.
 */
export function durationLabel(hours: number): Label {
  const h = Math.max(0, hours);
  if (h < 0.01) return { key: "time.minutesShort", values: { n: 0 } };
  if (h < 1) return { key: "time.minutesShort", values: { n: Math.round(h * 60) } };
  if (h < 10) return { key: "time.hoursShort", values: { n: Math.round(h * 10) / 10 } };
  if (h < 100) return { key: "time.hoursShort", values: { n: Math.round(h) } };
  return { key: "time.kHours", values: { x: Math.round(h / 100) / 10 } };
}

/**
 * Elapsed-time label (000 §9): "Just now", minutes under 60, hours under 24, days under 7, then a date.
 * @returns a label; for older times the key "time.date" with `iso` to format by locale.
 */
export function elapsedLabel(then: Date, now: Date = new Date()): Label {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return { key: "time.justNow" };
  if (minutes < 60) return { key: "time.minutesAgo", values: { count: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: "time.hoursAgo", values: { count: hours } };
  const days = Math.floor(hours / 24);
  if (days < 7) return { key: "time.daysAgo", values: { count: days } };
  return { key: "time.date", values: { iso: then.toISOString() } };
}

/** Completion rate (000 §9): completed divided by total, as a rounded whole percentage; 0 when total is 0. */
export function completionRate(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((completed / total) * 100);
}
