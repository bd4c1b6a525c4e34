import { z } from "zod";
import {
  CHALLENGE_DESCRIPTION_MAX,
  CHALLENGE_GOAL_KINDS,
  CHALLENGE_MAX_DAYS,
  CHALLENGE_TARGET_MAX,
  CHALLENGE_TITLE_MAX,
} from "../rules/challenges.ts";
import { NUL_MESSAGE } from "../rules/text-safety.ts";

/**
 * Challenges (spec 000 §2 creator "Community & Challenges"; issue 13 §6): a course creator sets a
 * goal — complete N lessons, or study N hours — between two local days (inclusive); the course's
 * students join; progress comes from real learning data; a leaderboard where a student may hide
 * their name; completing it awards the "challenger" achievement. Days are YYYY-MM-DD; each
 * participant's days are days of their own profile time zone (decision 0191).
 */

export const CHALLENGE_MESSAGES = {
  titleRequired: "Please enter a challenge title.",
  titleTooLong: `Titles can be at most ${CHALLENGE_TITLE_MAX} characters.`,
  descriptionTooLong: `Descriptions can be at most ${CHALLENGE_DESCRIPTION_MAX} characters.`,
  chooseCourse: "Choose a course.",
  target: `The goal must be a whole number between 1 and ${CHALLENGE_TARGET_MAX}.`,
  dates: "Choose a start date and an end date on or after it.",
  tooLong: `A challenge can last at most ${CHALLENGE_MAX_DAYS} days.`,
  notFound: "Challenge not found.",
  noAccess: "You do not have access to this challenge.",
  notCreator: "Only the course's creator can do this.",
  studentsOnly: "Only the course's students can join a challenge.",
  ended: "This challenge has ended.",
  notJoined: "You have not joined this challenge.",
  nulCharacter: NUL_MESSAGE,
} as const;

const noNul = (value: string) => !value.includes("\u0000");
const day = z
  .string({ error: CHALLENGE_MESSAGES.dates })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CHALLENGE_MESSAGES.dates);

/** Days between two YYYY-MM-DD days, inclusive of both (1 when equal). */
export function challengeDays(startsOn: string, endsOn: string): number {
  return (
    Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / 86_400_000) + 1
  );
}

export const createChallengeSchema = z
  .object({
    courseId: z.uuid({ error: CHALLENGE_MESSAGES.chooseCourse }),
    title: z
      .string({ error: CHALLENGE_MESSAGES.titleRequired })
      .trim()
      .min(1, CHALLENGE_MESSAGES.titleRequired)
      .max(CHALLENGE_TITLE_MAX, CHALLENGE_MESSAGES.titleTooLong)
      .refine(noNul, CHALLENGE_MESSAGES.nulCharacter),
    description: z
      .string()
      .trim()
      .max(CHALLENGE_DESCRIPTION_MAX, CHALLENGE_MESSAGES.descriptionTooLong)
      .refine(noNul, CHALLENGE_MESSAGES.nulCharacter)
      .default(""),
    goalKind: z.enum(CHALLENGE_GOAL_KINDS),
    goalTarget: z.coerce
      .number({ error: CHALLENGE_MESSAGES.target })
      .int(CHALLENGE_MESSAGES.target)
      .min(1, CHALLENGE_MESSAGES.target)
      .max(CHALLENGE_TARGET_MAX, CHALLENGE_MESSAGES.target),
    startsOn: day,
    endsOn: day,
  })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(v.startsOn)) && !Number.isNaN(Date.parse(v.endsOn)) && v.endsOn >= v.startsOn,
    {
      message: CHALLENGE_MESSAGES.dates,
      path: ["endsOn"],
    },
  )
  .refine((v) => challengeDays(v.startsOn, v.endsOn) <= CHALLENGE_MAX_DAYS, {
    message: CHALLENGE_MESSAGES.tooLong,
    path: ["endsOn"],
  });
export type CreateChallengeInput = z.input<typeof createChallengeSchema>;

export const joinChallengeSchema = z.object({ hideName: z.boolean().default(false) });
export const challengeVisibilitySchema = z.object({ hideName: z.boolean() });

/** upcoming: before startsOn; active: startsOn..endsOn; ended: after endsOn (in the caller's time zone). */
export const CHALLENGE_STATUSES = ["upcoming", "active", "ended"] as const;

export const challengeSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  description: z.string(),
  goalKind: z.enum(CHALLENGE_GOAL_KINDS),
  /** Lessons, or whole hours. */
  goalTarget: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  participantCount: z.number().int(),
  completedCount: z.number().int(),
  /** The caller's standing, null when they have not joined. current/target: lessons, or seconds. */
  me: z
    .object({
      current: z.number().int(),
      target: z.number().int(),
      percent: z.number().int().min(0).max(100),
      completedAt: z.string().nullable(),
      hideName: z.boolean(),
      rank: z.number().int(),
    })
    .nullable(),
  canJoin: z.boolean(),
  canManage: z.boolean(),
});
export type Challenge = z.infer<typeof challengeSchema>;
export const challengeListSchema = z.object({
  challenges: z.array(challengeSchema),
  /** Courses the caller may create a challenge for (creators: their own courses). */
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type ChallengeList = z.infer<typeof challengeListSchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  /** null when the participant hid their name (the caller always sees their own). */
  name: z.string().nullable(),
  hidden: z.boolean(),
  isMe: z.boolean(),
  current: z.number().int(),
  percent: z.number().int().min(0).max(100),
  completedAt: z.string().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const challengeDetailSchema = challengeSchema.extend({
  leaderboard: z.array(leaderboardEntrySchema),
});
export type ChallengeDetail = z.infer<typeof challengeDetailSchema>;
