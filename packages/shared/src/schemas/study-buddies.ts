import { z } from "zod";
import {
  BUDDY_DECLINE_COOLDOWN_DAYS,
  BUDDY_GOALS,
  BUDDY_LANGUAGES,
  BUDDY_LEVELS,
  BUDDY_NOTE_MAX,
  BUDDY_PENDING_MAX,
  BUDDY_REQUESTS_PER_DAY,
  BUDDY_SLOTS,
  BUDDY_STUDY_STYLES,
} from "../rules/buddies.ts";
import { NUL_MESSAGE } from "../rules/text-safety.ts";
import { isTimeZone } from "./account.ts";

/**
 * Study buddy contracts (spec 000 §2 Study Buddies; issue 13 §5; decision 0188): preferences,
 * ranked suggestions, requests (pending → accepted | declined | cancelled; accepted → removed)
 * and blocks. Times are ISO 8601 strings.
 */

export const BUDDY_MESSAGES = {
  notFound: "Study buddy request not found.",
  notYours: "This request is not yours to answer.",
  notPending: "This request has already been answered.",
  notBuddies: "You are not study buddies.",
  self: "You cannot be your own study buddy.",
  unavailable: "This student is not available as a study buddy.",
  optInFirst: "Turn on “Show me to other students” to find and request study buddies.",
  alreadyLinked: "You already have a pending request or are already buddies with this student.",
  declinedRecently: `This student declined your request. You can ask again after ${BUDDY_DECLINE_COOLDOWN_DAYS} days.`,
  tooManyPending: `You have ${BUDDY_PENDING_MAX} requests waiting for an answer. Wait for a reply or cancel one first.`,
  tooManyToday: `You can send at most ${BUDDY_REQUESTS_PER_DAY} study buddy requests a day. Try again tomorrow.`,
  userNotFound: "User not found.",
  courseInvalid: "Choose courses you are enrolled in.",
  timeZoneInvalid: "Choose a valid time zone.",
  levelInvalid: "Choose a level: beginner, intermediate or advanced.",
  studyStyleInvalid: "Choose a study style: visual, auditory, kinesthetic or reading.",
  noteTooLong: `Notes can be at most ${BUDDY_NOTE_MAX} characters.`,
  nulCharacter: NUL_MESSAGE,
} as const;

export const buddyPreferencesInputSchema = z.object({
  /** Opt-in: only visible students are suggested to others and can receive requests. */
  visible: z.boolean(),
  /** Courses to find buddies in (must be the caller's); empty = all of them. */
  courseIds: z
    .array(z.uuid({ error: BUDDY_MESSAGES.courseInvalid }))
    .max(50)
    .default([]),
  goals: z
    .array(z.enum(BUDDY_GOALS))
    .max(BUDDY_GOALS.length)
    .default([])
    .transform((v) => [...new Set(v)]),
  /** Weekly slots in `timeZone` ("mon:morning" …). */
  availability: z
    .array(z.enum(BUDDY_SLOTS as [string, ...string[]]))
    .max(BUDDY_SLOTS.length)
    .default([])
    .transform((v) => [...new Set(v)]),
  language: z.enum(BUDDY_LANGUAGES).default("any"),
  /** The student's own level (decision 0233); null: not said. */
  level: z.enum(BUDDY_LEVELS, { error: BUDDY_MESSAGES.levelInvalid }).nullable().default(null),
  /** Study Style (spec 000 §2): visual, auditory, kinesthetic or reading; null: not said. */
  studyStyle: z
    .enum(BUDDY_STUDY_STYLES, { error: BUDDY_MESSAGES.studyStyleInvalid })
    .nullable()
    .default(null),
  timeZone: z
    .string()
    .max(64)
    .refine((v) => isTimeZone(v), BUDDY_MESSAGES.timeZoneInvalid),
});
export type BuddyPreferencesInput = z.input<typeof buddyPreferencesInputSchema>;

export const buddyCourseSchema = z.object({ id: z.uuid(), title: z.string() });

export const buddyPreferencesSchema = z.object({
  visible: z.boolean(),
  courseIds: z.array(z.string()),
  goals: z.array(z.string()),
  availability: z.array(z.string()),
  language: z.enum(BUDDY_LANGUAGES),
  level: z.enum(BUDDY_LEVELS).nullable(),
  studyStyle: z.enum(BUDDY_STUDY_STYLES).nullable(),
  /** null until the student saves preferences the first time. */
  timeZone: z.string().nullable(),
  /** The caller's enrolled courses (the form's choices). */
  courses: z.array(buddyCourseSchema),
  saved: z.boolean(),
});
export type BuddyPreferences = z.infer<typeof buddyPreferencesSchema>;

export const buddyPersonSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type BuddyPerson = z.infer<typeof buddyPersonSchema>;

export const buddySuggestionSchema = z.object({
  user: buddyPersonSchema,
  score: z.number(),
  /** Why: the courses both take, hours a week both are available, goals in common, language. */
  sharedCourses: z.array(buddyCourseSchema),
  overlapHours: z.number(),
  sharedGoals: z.array(z.string()),
  sameLanguage: z.boolean(),
  /** Both chose the same Study Style (counts 3 in the score). */
  sameStyle: z.boolean(),
  /** The candidate's own stated level and study style (null: not said). */
  level: z.enum(BUDDY_LEVELS).nullable(),
  studyStyle: z.enum(BUDDY_STUDY_STYLES).nullable(),
  /** `score` as a percentage of the best score possible for the caller (buddyMatchPercent). */
  matchPercent: z.number().int().min(0).max(100),
  /** The candidate has the app open now (an event stream, presence; decision 0233). */
  online: z.boolean(),
});
export type BuddySuggestion = z.infer<typeof buddySuggestionSchema>;

export const buddySuggestionListSchema = z.object({
  /** False when the caller has not opted in (no suggestions are computed then). */
  optedIn: z.boolean(),
  suggestions: z.array(buddySuggestionSchema),
});
export type BuddySuggestionList = z.infer<typeof buddySuggestionListSchema>;

export const BUDDY_STATUSES = ["pending", "accepted", "declined", "cancelled", "removed"] as const;

export const buddyLinkSchema = z.object({
  id: z.uuid(),
  status: z.enum(BUDDY_STATUSES),
  /** The caller sent it (outgoing) or received it (incoming). */
  direction: z.enum(["outgoing", "incoming"]),
  other: buddyPersonSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  /** The buddies' conversation once accepted (opened with POST /study-buddies/{id}/conversation). */
  conversationId: z.string().nullable(),
});
export type BuddyLink = z.infer<typeof buddyLinkSchema>;

export const buddyOverviewSchema = z.object({
  buddies: z.array(buddyLinkSchema),
  incoming: z.array(buddyLinkSchema),
  outgoing: z.array(buddyLinkSchema),
});
export type BuddyOverview = z.infer<typeof buddyOverviewSchema>;

export const buddyRequestInputSchema = z.object({
  userId: z.string().min(1).max(100),
  note: z
    .string()
    .trim()
    .max(BUDDY_NOTE_MAX, BUDDY_MESSAGES.noteTooLong)
    .refine((v) => !v.includes("\u0000"), BUDDY_MESSAGES.nulCharacter)
    .optional(),
});
export type BuddyRequestInput = z.input<typeof buddyRequestInputSchema>;

export const buddyBlockInputSchema = z.object({ userId: z.string().min(1).max(100) });
export const buddyBlockListSchema = z.object({ blocked: z.array(buddyPersonSchema) });
export type BuddyBlockList = z.infer<typeof buddyBlockListSchema>;

export const buddyConversationSchema = z.object({ conversationId: z.uuid() });
