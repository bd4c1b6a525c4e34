import {
  type CourseReviews,
  type CreatorReviews,
  mayReview,
  publicRating,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  type Review,
  type ReviewSort,
} from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { type NotifyDeps, notify } from "../notifications/notifications.service.ts";
import {
  enrolmentProgress,
  findReviewCourse,
  type ReviewRow,
  selectCourseReviews,
  selectCreatorReviews,
  selectOwnReview,
  selectReview,
  setReplyOnce,
  setVote,
  updateMinProgress,
  upsertReview,
} from "./reviews.queries.ts";

// Course reviews and ratings (issue 24 §2). Stars are whole numbers 1–5; progress is 0–100 %.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The API shape of a review row, as `viewerId` sees it. */
export function toReview(row: ReviewRow, viewerId: string | null): Review {
  return {
    id: row.id,
    courseId: row.course_id,
    rating: Number(row.rating),
    body: row.body,
    authorName: row.author_name?.trim() || "",
    createdAt: iso(row.created_at) as string,
    editedAt: iso(row.edited_at),
    helpfulCount: Number(row.helpful_count),
    votedHelpful: Boolean(row.voted),
    own: viewerId !== null && row.student_id === viewerId,
    status: row.status === "hidden" ? "hidden" : "visible",
    reply: row.reply_body ? { body: row.reply_body, createdAt: iso(row.reply_at) as string } : null,
  };
}

async function courseOr404(db: Db, courseId: string, viewer: SessionUser | null) {
  const course = UUID.test(courseId) ? await findReviewCourse(db, courseId) : undefined;
  if (!course || (!course.isPublished && course.creatorId !== viewer?.id)) {
    throw new AppError("NOT_FOUND", REVIEW_MESSAGES.courseNotFound);
  }
  return course;
}

/**
 * A course's reviews for its public pages (issue 24 §2): the rating (average and count, null
 * below REVIEWS_PUBLIC_MINIMUM), one page of visible reviews sorted "recent" or "helpful", the
 * viewer's own review (any status), and whether the viewer may review: signed in, enrolled with
 * access, not the creator, and at least the course's review_min_progress % done.
 * @throws AppError NOT_FOUND for an unknown, malformed or unpublished course (its creator sees it).
 */
export async function listCourseReviews(
  db: Db,
  viewer: SessionUser | null,
  courseId: string,
  query: { sort: ReviewSort; page: number },
): Promise<CourseReviews> {
  const course = await courseOr404(db, courseId, viewer);
  const viewerId = viewer?.id ?? null;
  const [list, mine, progress] = await Promise.all([
    selectCourseReviews(db, course.id, { ...query, viewerId }),
    viewerId ? selectOwnReview(db, course.id, viewerId) : undefined,
    viewerId ? enrolmentProgress(db, viewerId, course.id) : undefined,
  ]);
  const isCreator = viewerId !== null && viewerId === course.creatorId;
  const blockedBy = !viewerId
    ? ("sign_in" as const)
    : isCreator
      ? ("own_course" as const)
      : progress === undefined
        ? ("not_enrolled" as const)
        : mayReview(progress, course.minProgress)
          ? null
          : ("progress" as const);
  return {
    rating: publicRating(course.rating, course.ratingCount),
    total: course.ratingCount,
    page: query.page,
    pageSize: REVIEWS_PAGE_SIZE,
    sort: query.sort,
    reviews: list.map((r) => toReview(r, viewerId)),
    mine: mine ? toReview(mine, viewerId) : null,
    eligibility: {
      blockedBy,
      progress: progress === undefined ? null : Math.round(progress),
      minProgress: course.minProgress,
    },
    viewerIsCreator: isCreator,
  };
}

/**
 * Writes or edits the student's one review of a course (issue 24 §2): 1–5 stars, optional text up
 * to 2,000 characters. The course's rating follows (database trigger).
 * @throws AppError NOT_FOUND (unknown course), FORBIDDEN (ownCourse, notEnrolled,
 *   notEnoughProgress: under the course's review_min_progress %).
 */
export async function saveMyReview(
  db: Db,
  actor: SessionUser,
  courseId: string,
  input: { rating: number; body: string },
  notifications: NotifyDeps,
): Promise<Review> {
  const course = await courseOr404(db, courseId, actor);
  if (course.creatorId === actor.id) throw new AppError("FORBIDDEN", REVIEW_MESSAGES.ownCourse);
  const progress = await enrolmentProgress(db, actor.id, course.id);
  if (progress === undefined) throw new AppError("FORBIDDEN", REVIEW_MESSAGES.notEnrolled);
  if (!mayReview(progress, course.minProgress))
    throw new AppError("FORBIDDEN", REVIEW_MESSAGES.notEnoughProgress);
  // One per student and course: a second write is an edit (ON CONFLICT on the unique key). A new
  // review tells the course's creator (issue 27 §2), in the same transaction; an edit does not.
  const id = await db.transaction(async (tx) => {
    const saved = await upsertReview(tx, { courseId: course.id, studentId: actor.id, ...input });
    if (saved.created)
      await notify(
        tx,
        {
          userIds: [course.creatorId],
          type: "review",
          data: { actorName: actor.name, courseTitle: course.title, rating: input.rating },
          link: "/dashboard/analytics",
        },
        notifications,
      );
    return saved.id;
  });
  const row = await selectReview(db, id, actor.id);
  return toReview(row as ReviewRow, actor.id);
}

/** The review (with its course's creator), or NOT_FOUND. */
async function reviewOr404(db: Db, reviewId: string, viewerId: string) {
  const row = UUID.test(reviewId) ? await selectReview(db, reviewId, viewerId) : undefined;
  if (!row) throw new AppError("NOT_FOUND", REVIEW_MESSAGES.notFound);
  return { row, creatorId: row.creator_id };
}

/**
 * The course creator's one public reply to a review (issue 24 §2).
 * @throws AppError NOT_FOUND (unknown review), FORBIDDEN (notCreator), CONFLICT (alreadyReplied).
 */
export async function replyToReview(
  db: Db,
  actor: SessionUser,
  reviewId: string,
  body: string,
): Promise<Review> {
  const { creatorId } = await reviewOr404(db, reviewId, actor.id);
  if (creatorId !== actor.id) throw new AppError("FORBIDDEN", REVIEW_MESSAGES.notCreator);
  if (!(await setReplyOnce(db, reviewId, body)))
    throw new AppError("CONFLICT", REVIEW_MESSAGES.alreadyReplied);
  return toReview((await selectReview(db, reviewId, actor.id)) as ReviewRow, actor.id);
}

/**
 * Marks a visible review helpful for the signed-in person, or takes the mark back; the "most
 * helpful" sort counts these marks. @returns the review's count and the viewer's mark.
 * @throws AppError NOT_FOUND (unknown or hidden review), FORBIDDEN (ownReview).
 */
export async function markHelpful(
  db: Db,
  actor: SessionUser,
  reviewId: string,
  helpful: boolean,
): Promise<{ helpfulCount: number; votedHelpful: boolean }> {
  const { row } = await reviewOr404(db, reviewId, actor.id);
  if (row.status !== "visible") throw new AppError("NOT_FOUND", REVIEW_MESSAGES.notFound);
  if (row.student_id === actor.id) throw new AppError("FORBIDDEN", REVIEW_MESSAGES.ownReview);
  await setVote(db, reviewId, actor.id, helpful);
  const after = (await selectReview(db, reviewId, actor.id)) as ReviewRow;
  return { helpfulCount: Number(after.helpful_count), votedHelpful: Boolean(after.voted) };
}

/** Reviews per page of the creator's inbox. */
export const CREATOR_REVIEWS_PAGE_SIZE = 20;

/**
 * The creator's review inbox (issue 24 §2): reviews of their courses (hidden ones included),
 * newest first, optionally one course, only unanswered, or only 1–2 stars.
 * @throws AppError NOT_FOUND when `courseId` is not one of the creator's courses.
 */
export async function listCreatorReviews(
  db: Db,
  actor: SessionUser,
  query: { courseId?: string; filter: "all" | "unanswered" | "low"; page: number },
): Promise<CreatorReviews> {
  if (query.courseId) {
    const course = await findReviewCourse(db, query.courseId);
    if (!course || course.creatorId !== actor.id)
      throw new AppError("NOT_FOUND", REVIEW_MESSAGES.courseNotFound);
  }
  const { rows, total } = await selectCreatorReviews(db, actor.id, {
    ...query,
    pageSize: CREATOR_REVIEWS_PAGE_SIZE,
  });
  return {
    total,
    page: query.page,
    pageSize: CREATOR_REVIEWS_PAGE_SIZE,
    reviews: rows.map((r) => ({ ...toReview(r, actor.id), courseTitle: r.course_title ?? "" })),
  };
}

/**
 * Sets the share of a course (0–100 %) a student completes before reviewing it (issue 24 §2).
 * @throws AppError NOT_FOUND when the course is not the actor's.
 */
export async function setReviewMinProgress(
  db: Db,
  actor: SessionUser,
  courseId: string,
  minProgress: number,
): Promise<{ minProgress: number }> {
  if (!UUID.test(courseId) || !(await updateMinProgress(db, actor.id, courseId, minProgress))) {
    throw new AppError("NOT_FOUND", REVIEW_MESSAGES.courseNotFound);
  }
  return { minProgress };
}
