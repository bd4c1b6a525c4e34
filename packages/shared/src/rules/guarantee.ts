/**
 * The money-back guarantee (issue 24 §3, decision 0227): a creator may promise N days per course;
 * only then is it shown (never for a free course), and within N days of `paid_at` the buyer may ask
 * for a refund from Purchases. Days are whole days of 24 hours counted from the moment of payment.
 */
import { isFreePrice } from "./course.ts";

/** The shortest guarantee a creator can set, in days. */
export const GUARANTEE_MIN_DAYS = 1;
/** The longest guarantee a creator can set, in days (a quarter: long enough for any course, short enough to end). */
export const GUARANTEE_MAX_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The guarantee to show for a course: `days` when the course is paid (`price` > 0 in the course
 * currency) and `days` is a whole number 1–90; otherwise null (no guarantee line anywhere).
 */
export function shownGuaranteeDays(
  price: number | null | undefined,
  days: number | null | undefined,
): number | null {
  if (isFreePrice(price) || days === null || days === undefined) return null;
  if (!Number.isInteger(days) || days < GUARANTEE_MIN_DAYS || days > GUARANTEE_MAX_DAYS) return null;
  return days;
}

/** The end of the guarantee of a payment made at `paidAt`: `paidAt` + `days` × 24 h. */
export function guaranteeEndsAt(paidAt: Date | string, days: number): Date {
  return new Date(new Date(paidAt).getTime() + days * DAY_MS);
}

/**
 * Whether `now` is inside the guarantee of a payment made at `paidAt` with `days` days (the end
 * excluded). False without a payment time or a guarantee.
 */
export function isWithinGuarantee(
  paidAt: Date | string | null | undefined,
  days: number | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!paidAt || !days || days <= 0) return false;
  const paid = new Date(paidAt).getTime();
  return now.getTime() >= paid && now.getTime() < guaranteeEndsAt(paidAt, days).getTime();
}
