import type { TFunction } from "i18next";

const TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/**
 * A duration in hours and minutes (issue 12: never "0h" for 21 minutes): "21 min", "2 h", "1 h 5 min".
 * @param seconds whole seconds.
 */
export function formatDuration(t: TFunction, seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
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

/** Today's date (YYYY-MM-DD) in the browser's time zone, shifted by `days`. */
export function localDate(days = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
