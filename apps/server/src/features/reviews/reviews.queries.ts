import { LOW_REVIEW_STARS, REVIEWS_PAGE_SIZE, type ReviewSort } from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { courseReviews, courseReviewVotes, courses, enrollments, profiles } from "../../db/schema/index.ts";

// Course reviews (issue 24 §2): the SQL behind reviews.service.ts.

export interface ReviewRow {
  id: string;
  course_id: string;
  student_id: string;
  rating: number;
  body: string;
  status: string;
  helpful_count: number;
  reply_body: string | null;
  reply_at: Date | string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  author_name: string | null;
  voted: boolean;
  course_title?: string;
  /** Set by selectReview: the creator of the review's course. */
  creator_id?: string;
}

/** The course facts a review rule needs, or undefined for an unknown id. */
export async function findReviewCourse(db: Executor, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      creatorId: courses.creator_id,
      isPublished: courses.is_published,
      rating: courses.rating,
      ratingCount: courses.rating_count,
      minProgress: courses.review_min_progress,
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row;
}

/** The student's enrolment progress (0–100 %) in a course with access (payment completed), or undefined. */
export async function enrolmentProgress(db: Executor, studentId: string, courseId: string) {
  const [row] = await db
    .select({ progress: enrollments.progress })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.student_id, studentId),
        eq(enrollments.course_id, courseId),
        eq(enrollments.payment_status, "completed"),
      ),
    )
    .limit(1);
  return row?.progress;
}

const reviewColumns = (viewerId: string | null) => sql`
  r.id, r.course_id, r.student_id, r.rating, r.body, r.status, r.helpful_count, r.reply_body,
  r.reply_at, r.created_at, r.edited_at, p.full_name as author_name,
  (${viewerId}::text is not null and exists (
    select 1 from ${courseReviewVotes} v where v.review_id = r.id and v.user_id = ${viewerId}::text
  )) as voted`;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * One page of a course's visible reviews, newest first ("recent") or most helpful first (then
 * newest). Keyed on the (course_id, status, …) indexes so the first page is an index range scan.
 */
export function selectCourseReviews(
  db: Executor,
  courseId: string,
  opts: { sort: ReviewSort; page: number; viewerId: string | null },
): Promise<ReviewRow[]> {
  const order =
    opts.sort === "helpful"
      ? sql`r.helpful_count desc, r.created_at desc, r.id desc`
      : sql`r.created_at desc, r.id desc`;
  return rows<ReviewRow>(
    db,
    sql`select ${reviewColumns(opts.viewerId)}
          from ${courseReviews} r left join ${profiles} p on p.user_id = r.student_id
         where r.course_id = ${courseId}::uuid and r.status = 'visible'
         order by ${order}
         limit ${REVIEWS_PAGE_SIZE} offset ${(opts.page - 1) * REVIEWS_PAGE_SIZE}`,
  );
}

/** One review with its author's name, its course's title and creator, or undefined. */
export async function selectReview(db: Executor, reviewId: string, viewerId: string | null) {
  const [row] = await rows<ReviewRow>(
    db,
    sql`select ${reviewColumns(viewerId)}, c.title as course_title, c.creator_id
          from ${courseReviews} r
          join ${courses} c on c.id = r.course_id
          left join ${profiles} p on p.user_id = r.student_id
         where r.id = ${reviewId}::uuid`,
  );
  return row;
}

/** The student's own review of a course (any status), or undefined. */
export async function selectOwnReview(db: Executor, courseId: string, studentId: string) {
  const [row] = await rows<ReviewRow>(
    db,
    sql`select ${reviewColumns(studentId)}
          from ${courseReviews} r left join ${profiles} p on p.user_id = r.student_id
         where r.course_id = ${courseId}::uuid and r.student_id = ${studentId}`,
  );
  return row;
}

/**
 * Creates the student's review or changes its stars and text (one per student and course; an
 * edit stamps edited_at). The course's rating follows through the table's trigger.
 * @returns the review id.
 */
export async function upsertReview(
  db: Executor,
  input: { courseId: string; studentId: string; rating: number; body: string },
): Promise<{ id: string; created: boolean }> {
  const [row] = await rows<{ id: string; created: boolean }>(
    db,
    sql`insert into ${courseReviews} (course_id, student_id, rating, body)
        values (${input.courseId}::uuid, ${input.studentId}, ${input.rating}, ${input.body})
        on conflict (course_id, student_id) do update
           set rating = excluded.rating, body = excluded.body, updated_at = now(),
               edited_at = case when ${courseReviews}.rating is distinct from excluded.rating
                                  or ${courseReviews}.body is distinct from excluded.body
                                then now() else ${courseReviews}.edited_at end
        returning id, (xmax = 0) as created`,
  );
  return { id: row.id, created: Boolean(row.created) };
}

/** Stores the creator's reply unless one exists. @returns whether it was stored. */
export async function setReplyOnce(db: Executor, reviewId: string, body: string): Promise<boolean> {
  const updated = await db
    .update(courseReviews)
    .set({ reply_body: body, reply_at: new Date() })
    .where(and(eq(courseReviews.id, reviewId), sql`${courseReviews.reply_body} is null`))
    .returning({ id: courseReviews.id });
  return updated.length > 0;
}

/** Adds or removes the viewer's helpful vote (the trigger keeps helpful_count). */
export async function setVote(db: Executor, reviewId: string, userId: string, helpful: boolean) {
  if (helpful) {
    await db.insert(courseReviewVotes).values({ review_id: reviewId, user_id: userId }).onConflictDoNothing();
  } else {
    await db
      .delete(courseReviewVotes)
      .where(and(eq(courseReviewVotes.review_id, reviewId), eq(courseReviewVotes.user_id, userId)));
  }
}

/**
 * A page of the reviews of a creator's courses (visible and hidden), newest first, with the
 * total: all, those without a reply, or those at LOW_REVIEW_STARS or fewer.
 */
export async function selectCreatorReviews(
  db: Executor,
  creatorId: string,
  opts: { courseId?: string; filter: "all" | "unanswered" | "low"; page: number; pageSize: number },
) {
  const where = sql`c.creator_id = ${creatorId}
    and (${opts.courseId ?? null}::uuid is null or r.course_id = ${opts.courseId ?? null}::uuid)
    ${opts.filter === "unanswered" ? sql`and r.reply_body is null` : sql``}
    ${opts.filter === "low" ? sql`and r.rating <= ${LOW_REVIEW_STARS}` : sql``}`;
  const [list, [{ total }]] = await Promise.all([
    rows<ReviewRow>(
      db,
      sql`select ${reviewColumns(creatorId)}, c.title as course_title
            from ${courseReviews} r
            join ${courses} c on c.id = r.course_id
            left join ${profiles} p on p.user_id = r.student_id
           where ${where}
           order by r.created_at desc, r.id desc
           limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`,
    ),
    rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${courseReviews} r join ${courses} c on c.id = r.course_id where ${where}`,
    ),
  ]);
  return { rows: list, total: Number(total) };
}

/** Sets the share of a course a student completes before reviewing it. @returns whether the course is the creator's. */
export async function updateMinProgress(
  db: Executor,
  creatorId: string,
  courseId: string,
  minProgress: number,
) {
  const updated = await db
    .update(courses)
    .set({ review_min_progress: minProgress })
    .where(and(eq(courses.id, courseId), eq(courses.creator_id, creatorId)))
    .returning({ id: courses.id });
  return updated.length > 0;
}
