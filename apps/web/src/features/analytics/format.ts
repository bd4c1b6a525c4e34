import { studyMinutes } from "@academy/shared";
import type { TFunction } from "i18next";

const TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/**
 * A duration in hours and minutes (issue 12: never "0h" for 21 minutes): "21 min", "2 h", "1 h 5 min".
 * @param seconds whole seconds.
 */
export function formatDuration(t: TFunction, seconds: number): string {
  // The one rounding rule of study time (issue 24 §5), as the dashboard's.
  const minutes = studyMinutes(seconds);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t("analytics:duration.m", { m });
  if (m === 0) return t("analytics:duration.h", { h });
  return t("analytics:duration.hm", { h, m });
}

/** A local date (YYYY-MM-DD) formatted per language, without shifting it through a time zone. */
export function formatDay(day: string, lng: string, month = false): string {
  return new Intl.DateTimeFormat(TAG[lng] ?? lng, {
    timeZone: "UTC",
    ...(month ? { month: "short", year: "numeric" } : { day: "numeric", month: "short" }),
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A percent with at most one decimal, per language. */
export function formatPercent(value: number, lng: string): string {
  return `${new Intl.NumberFormat(TAG[lng] ?? lng, { maximumFractionDigits: 1 }).format(value)}%`;
}

/**
 * Today's date (YYYY-MM-DD) shifted by `days`, in `timeZone` (an IANA name such as
 * "Asia/Ho_Chi_Minh"; the browser's own zone when omitted). Creator analytics pass the profile's
 * time zone, because the server reads a range as local days of that zone (issue 12).
 */
export function localDate(days = 0, now = new Date(), timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const d = new Date(Date.UTC(part("year"), part("month") - 1, part("day") + days));
  return d.toISOString().slice(0, 10);
}

/** The first day (YYYY-MM-DD) of the month `monthsBack` months before this one, in `timeZone`. */
export function monthStart(monthsBack: number, now = new Date(), timeZone?: string): string {
  const [y, m] = localDate(0, now, timeZone).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 - monthsBack, 1)).toISOString().slice(0, 10);
}

/**
 * The pixel width a chart's value axis needs for its longest label (11 px text, ~7 px a
 * character, 12 px of padding), between 40 and 140: labels are never clipped (issue 24 §5).
 * @param labels the formatted tick labels (or the largest value's label, which is the longest).
 */
export function valueAxisWidth(labels: string[]): number {
  const longest = labels.reduce((n, label) => Math.max(n, label.length), 0);
  return Math.min(140, Math.max(40, Math.ceil(longest * 7) + 12));
}
