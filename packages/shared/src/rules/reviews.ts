/**
 * Course reviews and ratings (issue 24 §2). Pure rules shared by the server and the web app.
 */

/** Reviews a course needs before its average and count are shown anywhere (join page, landing
 * pages, school page, My Courses, JSON-LD AggregateRating). Below it the figures are not shown. */
export const REVIEWS_PUBLIC_MINIMUM = 3;

/** Share of a course (enrolment progress, 0–100 %) a student completes before they may review it,
 * unless the creator sets another (courses.review_min_progress). */
export const DEFAULT_REVIEW_MIN_PROGRESS = 30;

/** Reviews per page of a review list. */
export const REVIEWS_PAGE_SIZE = 10;

/** Longest review text and creator reply, in characters. */
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;

/** A new review at or under this many stars raises a Smart Alert for the creator (14 days). */
export const LOW_REVIEW_STARS = 2;
export const LOW_REVIEW_ALERT_DAYS = 14;

export const REVIEW_SORTS = ["recent", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The API's texts for review refusals (the web app translates them by code and reason). */
export const REVIEW_MESSAGES = {
  notEnrolled: "Only students of this course can review it.",
  ownCourse: "You cannot review your own course.",
  notEnoughProgress: "Complete more of this course before reviewing it.",
  notFound: "Review not found.",
  courseNotFound: "Course not found.",
  alreadyReplied: "You have already replied to this review.",
  notCreator: "Only the course's creator can reply to its reviews.",
  ownReview: "You cannot mark your own review as helpful.",
  rating: "Choose a rating from 1 to 5 stars.",
  bodyTooLong: "A review must be at most 2,000 characters.",
  replyEmpty: "Write a reply first.",
  replyTooLong: "A reply must be at most 2,000 characters.",
} as const;

/**
 * The rating a page may show: the average (rounded to one decimal) and count, or null below
 * REVIEWS_PUBLIC_MINIMUM reviews. The one rule for every screen and the JSON-LD (DESIGN §8).
 * @param average the mean of the visible reviews' stars (1–5), as stored on the course.
 * @param count the number of visible reviews.
 */
export function publicRating(average: number, count: number): { average: number; count: number } | null {
  if (!Number.isFinite(count) || count < REVIEWS_PUBLIC_MINIMUM || !(average > 0)) return null;
  return { average: Math.round(average * 10) / 10, count };
}

/** Whether a student with enrolment progress `progress` (0–100 %) has done enough to review. */
export function mayReview(progress: number, minProgress: number): boolean {
  return progress + 1e-9 >= minProgress;
}

/** schema.org AggregateRating of a shown rating (publicRating's result; 1–5 stars). */
export function aggregateRatingLd(rating: { average: number; count: number }) {
  return {
    "@type": "AggregateRating",
    ratingValue: rating.average,
    ratingCount: rating.count,
    reviewCount: rating.count,
    bestRating: 5,
    worstRating: 1,
  };
}
