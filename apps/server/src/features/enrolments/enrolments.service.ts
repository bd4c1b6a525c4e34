import {
  type Attribution,
  aggregateRatingLd,
  type EnrollResult,
  isFreePrice,
  type JoinCourse,
  LEARNING_MESSAGES,
  type OutlineSection,
  publicRating,
  STUDENT_MESSAGES,
  shownGuaranteeDays,
  toMinorUnits,
} from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import type { PageHead } from "../../lib/page-head.ts";
import { platformName } from "../../lib/platform-name.ts";
import { sellingMethods } from "../payments/methods.service.ts";
import { openOrder, openOrderOf } from "../payments/orders.service.ts";
import {
  deleteEnrolment,
  findCoursePageId,
  findEnrolment,
  findPublishedCourse,
  insertEnrolmentIfAbsent,
  lockEnrolmentForLeave,
  markEnrolmentCompleted,
} from "./enrolments.queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PaymentStatus = "pending" | "completed" | "cancelled";
type PublishedCourse = NonNullable<Awaited<ReturnType<typeof findPublishedCourse>>>;

/**
 * What the buyer came with (body of POST /api/courses/{id}/enroll, `enrollInputSchema`): the
 * landing page slug, a referral code, "Message teacher", and the /lp visit's campaign (issue 12 §3).
 */
export type EnrolFrom = {
  landingPage?: string;
  ref?: string;
  contact?: boolean;
} & Attribution;

/** Where an enrolment came from (enrollments.enrollment_source). */
export type EnrolmentSource = "self" | "join_link" | "invitation" | "teacher_assignment";

/**
 * Whether a student may leave an enrolment themselves (issue 16 item 8): it was made for them
 * (an accepted invitation or a teacher's assignment), and no certificate was issued for it (a
 * certificate's verification page must keep working). Self-enrolments are not left here.
 */
export function isLeavable(enrolment: { source: string; certificateIssued: boolean }): boolean {
  return (
    (enrolment.source === "invitation" || enrolment.source === "teacher_assignment") &&
    !enrolment.certificateIssued
  );
}

/**
 * The acting student leaves a course they were invited to or assigned to (issue 16 item 8): the
 * enrolment is deleted with its lesson progress, learning events and certificate, and the course's
 * enrollment_count goes down by one (when the enrolment counted). One transaction, the enrolment
 * locked. The creator can assign or invite the student again later.
 * @throws AppError NOT_FOUND (leaveNotEnrolled: no enrolment, malformed id), FORBIDDEN
 *   (leaveNotAllowed: a self-enrolment), CONFLICT (leaveCompleted: a certificate was issued).
 */
export async function leaveCourse(db: Db, actor: SessionUser, courseId: string): Promise<void> {
  if (!UUID.test(courseId)) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.leaveNotEnrolled);
  await db.transaction(async (tx) => {
    const enrolment = await lockEnrolmentForLeave(tx, actor.id, courseId);
    if (!enrolment) throw new AppError("NOT_FOUND", STUDENT_MESSAGES.leaveNotEnrolled);
    if (enrolment.certificateIssued) throw new AppError("CONFLICT", STUDENT_MESSAGES.leaveCompleted);
    if (!isLeavable(enrolment)) throw new AppError("FORBIDDEN", STUDENT_MESSAGES.leaveNotAllowed);
    await deleteEnrolment(tx, enrolment.id);
  });
}

/**
 * A published course, or AppError NOT_FOUND with LEARNING_MESSAGES.courseNotAvailable for an
 * unknown, malformed or unpublished id (001 §8: the page then goes to /404).
 */
async function publishedCourse(db: Db, courseId: string): Promise<PublishedCourse> {
  const found = UUID.test(courseId) ? await findPublishedCourse(db, courseId) : undefined;
  if (!found) throw new AppError("NOT_FOUND", LEARNING_MESSAGES.courseNotAvailable);
  return found;
}

/** estimated_duration minutes → hours with one decimal (001 §2 "duration in hours"). */
export function estimatedHours(minutes: number): number {
  return Math.round((minutes / 60) * 10) / 10;
}

/**
 * The public enrolment page of a course (001 §2 "Course enrolment page", §7 "Select course by id
 * … filters is_published true"). No session needed; with one, `enrolment` is the caller's own
 * enrolment (id and payment_status) or null. estimatedHours in hours (one decimal); price in the
 * course currency; instructorName from the creator's profile; schoolName from schools;
 * guaranteeDays the money-back guarantee in days only for a paid course that has one, else null
 * (issue 24 §3).
 * @param actor the signed-in visitor, or null for an anonymous one.
 * @throws AppError NOT_FOUND (courseNotAvailable) for unknown, malformed or unpublished ids.
 */
export async function getJoinCourse(
  db: Db,
  actor: SessionUser | null,
  courseId: string,
  landingSlug?: string,
): Promise<JoinCourse> {
  const { course, schoolName, instructorName, lessonCount } = await publishedCourse(db, courseId);
  const enrolment = actor ? await findEnrolment(db, actor.id, course.id) : undefined;
  const free = isFreePrice(Number(course.price));
  const selling = free
    ? null
    : await sellingMethods(db, course.id, landingSlug, {
        amount: toMinorUnits(Number(course.price), course.currency),
        currency: course.currency,
      });
  const openReference = actor && !free ? await openOrderOf(db, actor.id, course.id) : null;
  const rating = publicRating(course.rating, course.rating_count);
  return {
    id: course.id,
    title: course.title,
    shortDescription: course.short_description,
    description: course.description,
    thumbnailUrl: course.thumbnail_url,
    estimatedHours: estimatedHours(course.estimated_duration),
    studentCount: course.enrollment_count,
    // Shown only from REVIEWS_PUBLIC_MINIMUM real reviews (issue 24 §2); 0 hides it.
    rating: rating?.average ?? 0,
    ratingCount: rating?.count ?? 0,
    skillLevel: course.skill_level,
    category: course.category,
    price: Number(course.price),
    currency: course.currency as JoinCourse["currency"],
    isFree: isFreePrice(Number(course.price)),
    guaranteeDays: shownGuaranteeDays(Number(course.price), course.guarantee_days),
    totalLessons: lessonCount,
    schoolName: schoolName ?? null,
    instructorName: instructorName ?? null,
    enrolment: enrolment
      ? { id: enrolment.id, paymentStatus: enrolment.paymentStatus as PaymentStatus }
      : null,
    paymentSetUp: free ? true : (selling?.types.length ?? 0) > 0,
    openOrderReference: openReference,
    curriculum: curriculumOf(course.course_structure),
  };
}

/**
 * The public curriculum of a published course's stored structure (issue 27 §1): section titles,
 * drip rules, and lesson titles, types and minutes — nothing of the lessons' content.
 */
function curriculumOf(structure: unknown): NonNullable<JoinCourse["curriculum"]> {
  if (!Array.isArray(structure)) return [];
  return (structure as OutlineSection[]).map((section) => ({
    title: section.title,
    ...(section.release && section.release.kind !== "enrolment" ? { release: section.release } : {}),
    lessons: (section.lessons ?? []).map((lesson) => ({
      title: lesson.title,
      type: lesson.type,
      duration: lesson.duration,
    })),
  }));
}

/**
 * Enrol Now (001 §4 Enrolment, §7 "insert enrolment"; issue 4). One transaction:
 * `insert … on conflict (student_id, course_id) do nothing returning`, so concurrent clicks make
 * one row; enrollment_count (paid enrolments) is the database trigger's (decision 0229). A free course (price ≤ 0) → payment_status "completed", payment_amount 0; a
 * paid one → "pending", payment_amount = price (no lesson access until completed). school_id
 * from the course. The profile role is left as it is (DESIGN §5: a creator who enrols stays a
 * creator; the schema has no role-less profile).
 * @returns outcome "created", or "existing" (with the stored enrolment) when already enrolled.
 * @throws AppError NOT_FOUND (courseNotAvailable) for unknown, malformed or unpublished courses.
 */
export async function enrollInCourse(
  db: Db,
  actor: SessionUser,
  courseId: string,
  source: EnrolmentSource = "self",
  from: EnrolFrom = {},
): Promise<EnrollResult> {
  const { course } = await publishedCourse(db, courseId);
  const price = Number(course.price);
  const free = isFreePrice(price);
  if (!free) {
    // A paid course is sold through an order (issue 11): the enrolment stays pending (not counted
    // as a student) until the order is paid.
    const opened = await openOrder(
      db,
      actor,
      {
        id: course.id,
        price,
        currency: course.currency,
        creatorId: course.creator_id,
        schoolId: course.school_id,
        guaranteeDays: shownGuaranteeDays(price, course.guarantee_days),
      },
      from,
    );
    const now = await findEnrolment(db, actor.id, course.id);
    return {
      enrollmentId: opened.enrollmentId,
      outcome: opened.created ? ("created" as const) : ("existing" as const),
      paymentStatus: (now?.paymentStatus ?? "pending") as PaymentStatus,
      orderReference: opened.reference,
    };
  }
  // Issue 12 §3: the campaign and landing page of the visit, kept on the new enrolment.
  const landingPageId = from.landingPage ? await findCoursePageId(db, course.id, from.landingPage) : null;
  return db.transaction(async (tx) => {
    const created = await insertEnrolmentIfAbsent(tx, {
      course_id: course.id,
      student_id: actor.id,
      school_id: course.school_id,
      payment_status: free ? "completed" : "pending",
      payment_amount: free ? 0 : price,
      enrollment_source: source,
      utm_source: from.utm_source ?? null,
      utm_medium: from.utm_medium ?? null,
      utm_campaign: from.utm_campaign ?? null,
      landing_page_id: landingPageId,
    });
    if (created) {
      return {
        enrollmentId: created.id,
        outcome: "created" as const,
        paymentStatus: created.paymentStatus as PaymentStatus,
      };
    }
    const existing = await findEnrolment(tx, actor.id, course.id);
    if (!existing) throw new Error("enrolment conflict without an existing row");
    return {
      enrollmentId: existing.id,
      outcome: "existing" as const,
      paymentStatus: existing.paymentStatus as PaymentStatus,
    };
  });
}

/**
 * Enrols `studentId` into `courseId` on the creator's behalf (issue 5: an accepted invitation or a
 * teacher assignment): the enrolment is "completed" (access granted, payment_amount 0) whatever the
 * price. Runs inside the caller's transaction `tx`: `insert … on conflict do nothing` (the
 * database's trigger counts it in enrollment_count, decision 0229). An existing enrolment
 * is left as it is, except that `upgradePending` turns a pending or cancelled one into completed.
 * The caller checks that the acting creator owns the course.
 * @returns "created" | "upgraded" | "existing", and the enrolment id.
 */
export async function grantEnrolment(
  tx: Executor,
  input: { studentId: string; courseId: string; schoolId: string | null; source: EnrolmentSource },
  opts: { upgradePending?: boolean } = {},
): Promise<{ outcome: "created" | "upgraded" | "existing"; enrollmentId: string }> {
  const created = await insertEnrolmentIfAbsent(tx, {
    course_id: input.courseId,
    student_id: input.studentId,
    school_id: input.schoolId,
    payment_status: "completed",
    payment_amount: 0,
    enrollment_source: input.source,
  });
  if (created) return { outcome: "created", enrollmentId: created.id };
  const existing = await findEnrolment(tx, input.studentId, input.courseId);
  if (!existing) throw new Error("enrolment conflict without an existing row");
  if (opts.upgradePending && existing.paymentStatus !== "completed") {
    await markEnrolmentCompleted(tx, existing.id);
    return { outcome: "upgraded", enrollmentId: existing.id };
  }
  return { outcome: "existing", enrollmentId: existing.id };
}

/**
 * The server-rendered <head> of /join/{courseId} (DESIGN §1 public pages): "{title} · {platform}"
 * (the platform's name from Settings, issue 14; "Academy" by default),
 * the short description, the absolute thumbnail URL, og:url, and JSON-LD of a schema.org Course
 * (provider: the school; offers: price and currency; aggregateRating only from
 * REVIEWS_PUBLIC_MINIMUM real reviews, issue 24 §2).
 * @param appUrl the app's origin without a trailing slash.
 * @returns undefined for an unknown, malformed or unpublished course (the SPA shows its not-found).
 */
export async function joinPageHead(db: Db, appUrl: string, courseId: string): Promise<PageHead | undefined> {
  if (!UUID.test(courseId)) return undefined;
  const found = await findPublishedCourse(db, courseId);
  if (!found) return undefined;
  const { course, schoolName } = found;
  const description = (course.short_description || course.description || "").trim() || undefined;
  const thumbnail = course.thumbnail_url;
  const image = thumbnail ? (thumbnail.startsWith("/") ? `${appUrl}${thumbnail}` : thumbnail) : null;
  const url = `${appUrl}/join/${course.id}`;
  const platform = await platformName(db);
  const rating = publicRating(course.rating, course.rating_count);
  return {
    title: `${course.title} · ${platform}`,
    description,
    image,
    url,
    canonical: url,
    type: "website",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Course",
      name: course.title,
      description: description ?? course.title,
      url,
      ...(image ? { image } : {}),
      provider: { "@type": "Organization", name: schoolName ?? platform },
      offers: {
        "@type": "Offer",
        price: Number(course.price),
        priceCurrency: course.currency,
        category: isFreePrice(Number(course.price)) ? "Free" : "Paid",
        url,
      },
      ...(rating ? { aggregateRating: aggregateRatingLd(rating) } : {}),
    },
  };
}
