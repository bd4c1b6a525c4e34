/**
 * Challenge limits without zod (issue 13 §6): pages that need only these do not load the schemas
 * (issue 17 §14). The contracts stay in `schemas/challenges.ts`.
 */

export const CHALLENGE_GOAL_KINDS = ["lessons", "hours"] as const;
export type ChallengeGoalKind = (typeof CHALLENGE_GOAL_KINDS)[number];
export const CHALLENGE_TITLE_MAX = 120;
export const CHALLENGE_DESCRIPTION_MAX = 1000;
export const CHALLENGE_TARGET_MAX = 1000;
/** Longest challenge, in days (inclusive of both ends). */
export const CHALLENGE_MAX_DAYS = 366;
/** Rows of the leaderboard returned (the caller's own row is always added). */
export const CHALLENGE_LEADERBOARD_SIZE = 50;
