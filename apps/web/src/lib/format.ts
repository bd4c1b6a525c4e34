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

export function formatNumber(value: number, lng: string): string {
  return new Intl.NumberFormat(LOCALE_TAG[lng] ?? lng).format(value);
}

export function formatDate(iso: string | Date, lng: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAG[lng] ?? lng, { dateStyle: "medium" }).format(new Date(iso));
}

/** Renders a label from packages/shared rules (time labels) in the current language. */
export function renderLabel(t: TFunction, label: Label, lng: string): string {
  if (label.key === "time.date" && label.values?.iso) return formatDate(String(label.values.iso), lng);
  return t(`common:${label.key}`, label.values as Record<string, unknown>) as string;
}
