import { z } from "zod";
import {
  REVIEW_BODY_MAX,
  REVIEW_MESSAGES,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
} from "../rules/reviews.ts";

/**
 * Course review contracts (issue 24 §2). Stars are whole numbers 1–5; progress and minProgress are
 * percentages 0–100; dates are ISO strings.
 */

/** PUT /api/courses/{courseId}/reviews/mine: a student's rating with optional text (create or edit). */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  body: z.string().trim().max(REVIEW_BODY_MAX, REVIEW_MESSAGES.bodyTooLong).optional().default(""),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** POST /api/reviews/{id}/reply: the creator's one public reply. */
export const reviewReplySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, REVIEW_MESSAGES.replyEmpty)
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});

/** POST /api/reviews/{id}/helpful: mark (true) or unmark (false) a review as helpful. */
export const reviewHelpfulSchema = z.object({ helpful: z.boolean() });

export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).optional().default("recent"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** The rating a page may show (null below REVIEWS_PUBLIC_MINIMUM reviews: see publicRating). */
export const publicRatingSchema = z.object({ average: z.number(), count: z.number().int() }).nullable();
export type PublicRating = z.infer<typeof publicRatingSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  rating: z.number().int(),
  body: z.string(),
  /** The author's display name (their profile name). */
  authorName: z.string(),
  createdAt: z.string(),
  /** Set when the author changed the review after writing it. */
  editedAt: z.string().nullable(),
  helpfulCount: z.number().int(),
  /** Whether the signed-in viewer marked it helpful. */
  votedHelpful: z.boolean(),
  /** Whether the signed-in viewer wrote it. */
  own: z.boolean(),
  /** "hidden" only in the author's own view, after moderation. */
  status: z.enum(["visible", "hidden"]),
  reply: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Why the viewer may not review (null when they may). */
export const REVIEW_BLOCKS = ["sign_in", "not_enrolled", "own_course", "progress"] as const;

export const courseReviewsSchema = z.object({
  rating: publicRatingSchema,
  /** Visible reviews, whatever the minimum (the list shows them all). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(REVIEWS_PAGE_SIZE),
  sort: z.enum(REVIEW_SORTS),
  reviews: z.array(reviewSchema),
  mine: reviewSchema.nullable(),
  eligibility: z.object({
    blockedBy: z.enum(REVIEW_BLOCKS).nullable(),
    /** The viewer's progress in the course (0–100 %), or null when not enrolled. */
    progress: z.number().nullable(),
    minProgress: z.number().int(),
  }),
  /** Whether the viewer is the course's creator (who may reply and report). */
  viewerIsCreator: z.boolean(),
});
export type CourseReviews = z.infer<typeof courseReviewsSchema>;

/** GET /api/reviews/creator: the creator's review inbox across their courses. */
export const creatorReviewsQuerySchema = z.object({
  courseId: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  filter: z.enum(["all", "unanswered", "low"]).optional().default("all"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const creatorReviewSchema = reviewSchema.extend({ courseTitle: z.string() });
export const creatorReviewsSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  reviews: z.array(creatorReviewSchema),
});
export type CreatorReviews = z.infer<typeof creatorReviewsSchema>;

/** GET /api/analytics/creator/reviews: averages per course (all time) and the trend in the range. */
export const creatorReviewAnalyticsSchema = z.object({
  courses: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      /** Mean stars of the visible reviews (all time, unrounded), null with none. */
      average: z.number().nullable(),
      count: z.number().int(),
      minProgress: z.number().int(),
    }),
  ),
  /** Reviews written in the range, per day or month bucket. */
  trend: z.array(z.object({ label: z.string(), average: z.number().nullable(), count: z.number().int() })),
  period: z.object({ average: z.number().nullable(), count: z.number().int() }),
  bucket: z.enum(["day", "month"]),
});
export type CreatorReviewAnalytics = z.infer<typeof creatorReviewAnalyticsSchema>;

/** PATCH /api/courses/{id}/review-settings: the share of the course a student completes first. */
export const reviewSettingsSchema = z.object({ minProgress: z.number().int().min(0).max(100) });
