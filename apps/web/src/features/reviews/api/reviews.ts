import type { CourseReviews, CreatorReviews, Review, ReviewSort } from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

// Course reviews (issue 24 §2): the public list with the viewer's own review, the student's
// review, "helpful" marks, and the creator's reply and inbox.

export const courseReviewsKey = (courseId: string) => ["course-reviews", courseId] as const;

/**
 * GET /api/courses/{courseId}/reviews: the rating (null below 3 reviews), one page of reviews
 * (10, "recent" or "helpful"), the viewer's own review and whether they may review.
 */
export function courseReviewsQueryOptions(courseId: string, sort: ReviewSort, page: number) {
  return queryOptions({
    queryKey: [...courseReviewsKey(courseId), sort, page] as const,
    queryFn: (): Promise<CourseReviews> =>
      unwrap(
        api.courses[":courseId"].reviews.$get({ param: { courseId }, query: { sort, page: String(page) } }),
      ) as Promise<CourseReviews>,
    placeholderData: keepPreviousData,
  });
}

/** Refreshes everything that shows a course's reviews or rating. */
function useRefreshReviews(courseId?: string) {
  const queryClient = useQueryClient();
  return () => {
    if (courseId) void queryClient.invalidateQueries({ queryKey: courseReviewsKey(courseId) });
    void queryClient.invalidateQueries({ queryKey: ["creator-reviews"] });
    if (courseId) void queryClient.invalidateQueries({ queryKey: ["join-course", courseId] });
  };
}

/** PUT /api/courses/{courseId}/reviews/mine: write or edit the viewer's review. Errors: ApiError 400/403. */
export function useSaveReview(courseId: string) {
  const refresh = useRefreshReviews(courseId);
  return useMutation({
    mutationFn: (input: { rating: number; body: string }): Promise<Review> =>
      unwrap(
        api.courses[":courseId"].reviews.mine.$put({ param: { courseId }, json: input }),
      ) as Promise<Review>,
    onSuccess: refresh,
  });
}

/** POST /api/reviews/{id}/helpful. */
export function useMarkHelpful(courseId: string) {
  const refresh = useRefreshReviews(courseId);
  return useMutation({
    mutationFn: (input: { reviewId: string; helpful: boolean }) =>
      unwrap(
        api.reviews[":id"].helpful.$post({ param: { id: input.reviewId }, json: { helpful: input.helpful } }),
      ),
    onSuccess: refresh,
  });
}

/** POST /api/reviews/{id}/reply: the creator's one reply. Errors: ApiError 403, 409 (already replied). */
export function useReplyToReview(courseId?: string) {
  const refresh = useRefreshReviews(courseId);
  return useMutation({
    mutationFn: (input: { reviewId: string; body: string }): Promise<Review> =>
      unwrap(
        api.reviews[":id"].reply.$post({ param: { id: input.reviewId }, json: { body: input.body } }),
      ) as Promise<Review>,
    onSuccess: refresh,
  });
}

export type CreatorReviewFilter = "all" | "unanswered" | "low";

/** GET /api/reviews/creator: the creator's review inbox (20 a page). */
export function creatorReviewsQueryOptions(params: {
  courseId: string;
  filter: CreatorReviewFilter;
  page: number;
}) {
  return queryOptions({
    queryKey: ["creator-reviews", params.courseId, params.filter, params.page] as const,
    queryFn: (): Promise<CreatorReviews> =>
      unwrap(
        api.reviews.creator.$get({
          query: { courseId: params.courseId, filter: params.filter, page: String(params.page) },
        }),
      ) as Promise<CreatorReviews>,
    placeholderData: keepPreviousData,
  });
}
