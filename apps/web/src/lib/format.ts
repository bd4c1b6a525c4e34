import type { Label } from "@academy/shared";
import type { TFunction } from "i18next";

const LOCALE_TAG: Record<string, string> = { en: "en-US", vi: "vi-VN" };

/** Formats money by locale; VND has no decimals (DESIGN.md §3.9). */
export function formatMoney(amount: number, currency: string, lng: string): string {
  return new Intl.NumberFormat(LOCALE_TAG[lng] ?? lng, {
    style: "currency",
    currency,
    maximumFractionDigits: currency === "VND" ? 0 : 2,
    minimumFractionDigits: currency === "VND" ? 0 : undefined,
  }).format(amount);
}

/**
 * Money in a short form for chart axes ("₫2M", "2 Tr ₫"): compact notation, at most one decimal
 * (issue 24 §5: axis labels are never clipped). Tooltips and tables keep `formatMoney`.
 */
export function formatMoneyCompact(amount: number, currency: string, lng: string): string {
  return new Intl.NumberFormat(LOCALE_TAG[lng] ?? lng, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(amount);
}

export function formatNumber(value: number, lng: string): string {
  return new Intl.NumberFormat(LOCALE_TAG[lng] ?? lng).format(value);
}

/**
 * Formats a percentage given in percent (12.5 → "12.5%" in en, "12,5%" in vi; issue 17 §6).
 * @param options.signed "+12.5%" for a gain (growth figures); zero has no sign.
 */
export function formatPercent(
  percent: number,
  lng: string,
  options: { maximumFractionDigits?: number; signed?: boolean } = {},
): string {
  return new Intl.NumberFormat(LOCALE_TAG[lng] ?? lng, {
    style: "percent",
    maximumFractionDigits: options.maximumFractionDigits ?? 1,
    signDisplay: options.signed ? "exceptZero" : "auto",
  }).format(percent / 100);
}

/** Formats a date and time (medium date, short time) in the UI language. */
export function formatDateTime(iso: string | Date, lng: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}

export function formatDate(iso: string | Date, lng: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, { dateStyle: "medium" }).format(new Date(iso));
}

/** Renders a label from packages/shared rules (time labels) in the current language. */
export function renderLabel(t: TFunction, label: Label, lng: string): string {
  if (label.key === "time.date" && label.values?.iso) return formatDate(String(label.values.iso), lng);
  return t(`common:${label.key}`, label.values as Record<string, unknown>) as string;
}
