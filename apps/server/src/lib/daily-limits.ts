import type { Db } from "../db/client.ts";
import { hitRateLimit } from "./db-rate-limit.ts";
import { AppError } from "./errors.ts";

/**
 * Per-creator daily limits on mail and enrolments a creator can cause (issue 16 item 8: unsolicited
 * mail and enrolment), counted in the database (`rate_limit`, a 24-hour window from the first use)
 * so every instance shares them.
 */
export const DAILY_LIMITS = {
  /** Invitations sent (one per address). */
  invitations: 100,
  /** Students assigned to a course by e-mail. */
  assignments: 100,
  /** Recipients of bulk e-mails (one student = one e-mail per send). */
  bulkEmailRecipients: 10_000,
} as const;
export type DailyLimit = keyof typeof DAILY_LIMITS;

/** The refusal text: "Daily limit reached: at most 100 invitations a day. Please try again tomorrow." */
export function dailyLimitMessage(limit: DailyLimit): string {
  const what = {
    invitations: "invitations",
    assignments: "assignments",
    bulkEmailRecipients: "bulk e-mail recipients",
  }[limit];
  return `Daily limit reached: at most ${DAILY_LIMITS[limit]} ${what} a day. Please try again tomorrow.`;
}

/**
 * Counts `cost` uses of `limit` for `creatorId`.
 * @throws AppError RATE_LIMITED (429) with `dailyLimitMessage` when the day's total would pass the limit.
 */
export async function useDailyLimit(db: Db, creatorId: string, limit: DailyLimit, cost = 1): Promise<void> {
  const allowed = await hitRateLimit(
    db,
    `daily:${limit}:${creatorId}`,
    24 * 60 * 60,
    DAILY_LIMITS[limit],
    cost,
  );
  if (!allowed) throw new AppError("RATE_LIMITED", dailyLimitMessage(limit));
}
