import { z } from "zod";
import {
  COMMUNITY_MESSAGES,
  DISCUSSION_PAGE_MAX,
  DISCUSSION_PAGE_SIZE,
  DISCUSSION_SORTS,
  DISCUSSION_TAGS_MAX,
  DISCUSSION_TITLE_MAX,
  POST_MAX_LENGTH,
  TAG_MAX_LENGTH,
} from "../rules/community.ts";

/**
 * Student community contracts (spec 000 §2 Student community, §3 community shapes, §5, §8;
 * issue 13): discussions per course or per school, one level of replies, upvotes, moderation,
 * reports, reply e-mail preference and achievements. Times are ISO 8601 strings.
 */

const noNul = (value: string) => !value.includes("\u0000");

/** Title: trimmed, not blank (000 §8 "Please fill in title and content"), at most 200 characters. */
export const discussionTitleSchema = z
  .string({ error: COMMUNITY_MESSAGES.fillTitleAndContent })
  .trim()
  .min(1, COMMUNITY_MESSAGES.fillTitleAndContent)
  .max(DISCUSSION_TITLE_MAX, COMMUNITY_MESSAGES.titleTooLong)
  .refine(noNul, COMMUNITY_MESSAGES.nulCharacter);

/** Markdown body: trimmed, not blank, at most 10,000 characters (issue 13 §7). */
export const discussionBodySchema = z
  .string({ error: COMMUNITY_MESSAGES.fillTitleAndContent })
  .trim()
  .min(1, COMMUNITY_MESSAGES.fillTitleAndContent)
  .max(POST_MAX_LENGTH, COMMUNITY_MESSAGES.bodyTooLong)
  .refine(noNul, COMMUNITY_MESSAGES.nulCharacter);

/** Tags: trimmed, lower-cased, blanks dropped, duplicates removed; at most 10 of 30 characters. */
export const discussionTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(TAG_MAX_LENGTH, COMMUNITY_MESSAGES.tagTooLong)
      .refine(noNul, COMMUNITY_MESSAGES.nulCharacter),
  )
  .max(DISCUSSION_TAGS_MAX * 3, COMMUNITY_MESSAGES.tooManyTags)
  .transform((tags) => [...new Set(tags.filter((tag) => tag.length > 0))])
  .refine((tags) => tags.length <= DISCUSSION_TAGS_MAX, COMMUNITY_MESSAGES.tooManyTags)
  .default([]);

/**
 * Start a Discussion (000 §2): in a course (`courseId`: its enrolled students and its creator) or
 * in a school (`creatorId`: the school's creator and every student of one of its courses).
 */
export const createDiscussionSchema = z
  .object({
    title: discussionTitleSchema,
    body: discussionBodySchema,
    tags: discussionTagsSchema,
    courseId: z.uuid({ error: COMMUNITY_MESSAGES.courseNotFound }).optional(),
    creatorId: z.string().min(1).max(100).optional(),
    /** A study group's discussion (its members only). */
    groupId: z.uuid().optional(),
  })
  .refine((v) => [v.courseId, v.creatorId, v.groupId].filter(Boolean).length === 1, {
    message: COMMUNITY_MESSAGES.chooseSpace,
    path: ["courseId"],
  });
export type CreateDiscussionInput = z.infer<typeof createDiscussionSchema>;

export const updateDiscussionSchema = z.object({
  title: discussionTitleSchema,
  body: discussionBodySchema,
  tags: discussionTagsSchema,
});
export type UpdateDiscussionInput = z.infer<typeof updateDiscussionSchema>;

export const replyBodySchema = z
  .string({ error: COMMUNITY_MESSAGES.replyEmpty })
  .trim()
  .min(1, COMMUNITY_MESSAGES.replyEmpty)
  .max(POST_MAX_LENGTH, COMMUNITY_MESSAGES.bodyTooLong)
  .refine(noNul, COMMUNITY_MESSAGES.nulCharacter);
export const replyInputSchema = z.object({ body: replyBodySchema });
export type ReplyInput = z.infer<typeof replyInputSchema>;

const flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** The list's query: accent-insensitive search over title and tags, filters, sort, page (1-based). */
export const discussionListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  courseId: z.uuid().optional(),
  creatorId: z.string().max(100).optional(),
  /** A study group's discussions (without it, group discussions are not listed). */
  groupId: z.uuid().optional(),
  tag: z.string().trim().toLowerCase().max(TAG_MAX_LENGTH).optional(),
  unanswered: flag,
  mine: flag,
  /** Pinned discussions only (000 §2 filter Pinned; issue 27 §4). */
  pinned: flag,
  /** Solved discussions only: an answer is marked (000 §2 filter Solved; issue 27 §4). */
  solved: flag,
  sort: z.enum(DISCUSSION_SORTS).default("active"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DISCUSSION_PAGE_MAX).default(DISCUSSION_PAGE_SIZE),
});
export type DiscussionListQuery = z.input<typeof discussionListQuerySchema>;

export const communityPersonSchema = z.object({ id: z.string(), name: z.string().nullable() });

export const discussionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  author: communityPersonSchema,
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  creatorId: z.string(),
  schoolName: z.string().nullable(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  solved: z.boolean(),
  /** Hidden by a moderator (issue 24 §4): seen only by its author and the school's creator. */
  hidden: z.boolean(),
  replyCount: z.number().int(),
  upvoteCount: z.number().int(),
  upvoted: z.boolean(),
  /** Distinct signed-in people other than the author who opened it (issue 27 §4, decision 0233). */
  viewCount: z.number().int().min(0),
  lastActivityAt: z.string(),
  createdAt: z.string(),
});
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

export const discussionListSchema = z.object({
  items: z.array(discussionSummarySchema),
  /** Matches, exact up to DISCUSSION_COUNT_CAP (then the cap, with totalCapped true). */
  total: z.number().int(),
  totalCapped: z.boolean().default(false),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DiscussionList = z.infer<typeof discussionListSchema>;

export const replySchema = z.object({
  id: z.string(),
  discussionId: z.string(),
  author: communityPersonSchema,
  body: z.string(),
  /** The body rendered from markdown and sanitised on the server. */
  bodyHtml: z.string(),
  isAnswer: z.boolean(),
  /** Hidden by a moderator (issue 24 §4): seen only by its author and the school's creator. */
  hidden: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reply = z.infer<typeof replySchema>;

export const discussionDetailSchema = discussionSummarySchema.extend({
  body: z.string(),
  bodyHtml: z.string(),
  answerReplyId: z.string().nullable(),
  replies: z.array(replySchema),
  /** What the caller may do: moderate (the creator), edit (author within 15 minutes), mark the answer. */
  canModerate: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canMarkAnswer: z.boolean(),
  canReply: z.boolean(),
  updatedAt: z.string(),
});
export type DiscussionDetail = z.infer<typeof discussionDetailSchema>;

export const moderationInputSchema = z
  .object({ pinned: z.boolean().optional(), locked: z.boolean().optional() })
  .refine((v) => v.pinned !== undefined || v.locked !== undefined, { message: "Nothing to change." });
export type ModerationInput = z.infer<typeof moderationInputSchema>;

export const markAnswerSchema = z.object({ replyId: z.uuid().nullable() });
export const upvoteInputSchema = z.object({ upvoted: z.boolean() });
export const upvoteResultSchema = z.object({ upvoted: z.boolean(), upvoteCount: z.number().int() });
export type UpvoteResult = z.infer<typeof upvoteResultSchema>;

export const REPORT_TARGETS = ["discussion", "discussion_reply"] as const;
export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }),
  reason: z
    .string({ error: COMMUNITY_MESSAGES.reportReasonEmpty })
    .trim()
    .min(1, COMMUNITY_MESSAGES.reportReasonEmpty)
    .max(1000)
    .refine(noNul, COMMUNITY_MESSAGES.nulCharacter),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  discussionId: z.string().nullable(),
  /** The reported discussion's title (for a reply: its thread's title). */
  title: z.string().nullable(),
  excerpt: z.string().nullable(),
  author: communityPersonSchema.nullable(),
  reporter: communityPersonSchema.nullable(),
  reason: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const communityReportListSchema = z.object({ reports: z.array(reportSchema) });
/** keep → approved (content stays); remove → rejected (content deleted). */
export const resolveReportSchema = z.object({ action: z.enum(["keep", "hide"]) });

/** The spaces the caller can post in: courses (enrolled or own) and schools. */
export const communitySpacesSchema = z.object({
  courses: z.array(z.object({ id: z.string(), title: z.string(), creatorId: z.string() })),
  schools: z.array(z.object({ creatorId: z.string(), name: z.string() })),
  isCreator: z.boolean(),
});
export type CommunitySpaces = z.infer<typeof communitySpacesSchema>;

export const communityPreferencesSchema = z.object({ replyEmails: z.boolean() });
export type CommunityPreferences = z.infer<typeof communityPreferencesSchema>;

export const achievementStatusSchema = z.object({
  id: z.string(),
  earned: z.boolean(),
  earnedAt: z.string().nullable(),
  /** 0–100, toward earning it (100 when earned). */
  progress: z.number().int().min(0).max(100),
  current: z.number(),
  target: z.number(),
  /** The public page's id while the owner shares it (issue 27 §4), else null. */
  shareId: z.string().nullable(),
});
export const achievementListSchema = z.object({
  achievements: z.array(achievementStatusSchema),
  earnedCount: z.number().int(),
  inProgressCount: z.number().int(),
  averageProgress: z.number().int(),
  /** Consecutive days with lesson activity, ending today or yesterday (in the user's time zone). */
  streakDays: z.number().int(),
  /** Ids earned by this request (the page toasts them). */
  newlyEarned: z.array(z.string()),
});
export type AchievementList = z.infer<typeof achievementListSchema>;

/** POST /api/community/achievements/{id}/share → the public page (issue 27 §4, decision 0234). */
export const achievementShareSchema = z.object({
  shareId: z.string(),
  /** Absolute URL of the public page /achievements/{shareId}. */
  url: z.string(),
});
export type AchievementShare = z.infer<typeof achievementShareSchema>;

/**
 * GET /api/achievements/{shareId} (public): what the public achievement page shows — nothing
 * private (no e-mail, no ids of the person, no progress figures).
 */
export const publicAchievementSchema = z.object({
  shareId: z.string(),
  achievement: z.string(),
  displayName: z.string(),
  earnedAt: z.string(),
  platformName: z.string(),
  /** Absolute URL of the 1200×630 Open Graph PNG. */
  imageUrl: z.string(),
});
export type PublicAchievement = z.infer<typeof publicAchievementSchema>;
