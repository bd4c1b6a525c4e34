import { randomUUID } from "node:crypto";
import {
  type CourseList,
  type CourseSummary,
  duplicateRoot,
  duplicateSlug,
  duplicateTitle,
  MODERATION_MESSAGES,
  publicRating,
} from "@academy/shared";
import QRCode from "qrcode";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { courseUpdateEmail, emailBrand, type Locale } from "../../email/templates.ts";
import { toCsv } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { emailRecipients, notify, unsubscribeTarget } from "../notifications/notifications.service.ts";
import {
  allCreatorCourses,
  type CourseRow,
  countEnrolments,
  countKeptOrders,
  creatorTitlesStartingWith,
  deleteCourse,
  enrolledStudentsOf,
  findCourse,
  findOwnedCourses,
  findRole,
  insertCourse,
  insertLessons,
  lessonsOfCourse,
  listCreatorCourses,
  lockCourse,
  setCourseStructure,
  setPublished,
} from "./courses.queries.ts";

/** Shown when a creator tries to delete a course that has students (issue 3: refused while students are enrolled). */
export const COURSE_HAS_STUDENTS =
  "This course has enrolled students and cannot be deleted. Unpublish it instead.";
/**
 * Shown when a creator tries to delete a course that has payments (issue 23 item 8): orders are
 * never deleted, and deleting a course would delete its orders.
 */
export const COURSE_HAS_PAYMENTS =
  "Students have paid for this course, and payment records are never deleted, so the course cannot be deleted. Unpublish it instead.";
export const COURSE_NOT_FOUND = "Course not found.";
export const CREATORS_ONLY = "Only creators can manage courses.";
/** QR code size in pixels (000 §9: 200×200). */
export const QR_SIZE = 200;

/**
 * Throws unless the acting user may build courses: role creator or admin (students get 403).
 * @throws AppError FORBIDDEN
 */
export async function assertCreator(db: Executor, actor: SessionUser): Promise<void> {
  const role = await findRole(db, actor.id);
  if (role !== "creator" && role !== "admin") throw new AppError("FORBIDDEN", CREATORS_ONLY);
}

/**
 * The acting creator's course, or AppError NOT_FOUND (also for another creator's course, so ids
 * of other schools are not revealed).
 */
export async function getOwnedCourse(db: Executor, actor: SessionUser, courseId: string): Promise<CourseRow> {
  await assertCreator(db, actor);
  const course = await findCourse(db, courseId);
  if (!course || course.creator_id !== actor.id) throw new AppError("NOT_FOUND", COURSE_NOT_FOUND);
  return course;
}

/** Maps a course row to the "My Courses" card DTO. estimatedDuration stays in minutes. */
export function toCourseSummary(row: CourseRow): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    thumbnailUrl: row.thumbnail_url,
    category: row.category,
    skillLevel: row.skill_level,
    isPublished: row.is_published,
    enrollmentCount: row.enrollment_count,
    totalLessons: row.total_lessons,
    estimatedDuration: row.estimated_duration,
    price: Number(row.price),
    currency: row.currency as "VND" | "USD",
    rating: publicRating(row.rating, row.rating_count),
    takenDown: row.taken_down_at !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * One page of the acting creator's courses (000 §2 "My Courses", newest first), paginated on the
 * server. @throws AppError FORBIDDEN for students.
 */
export async function listMyCourses(
  db: Db,
  actor: SessionUser,
  query: { page: number; pageSize: number; search?: string; status: "all" | "published" | "draft" },
): Promise<CourseList> {
  await assertCreator(db, actor);
  const { rows, total } = await listCreatorCourses(db, actor.id, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    search: query.search || undefined,
    status: query.status,
  });
  return { items: rows.map(toCourseSummary), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Go Live / Unpublish (000 §4). @throws AppError NOT_FOUND, FORBIDDEN (also courseTakenDown:
 * an admin took the course down, issue 24 §4).
 */
export async function setCoursePublished(
  db: Db,
  actor: SessionUser,
  courseId: string,
  isPublished: boolean,
): Promise<CourseSummary> {
  const course = await getOwnedCourse(db, actor, courseId);
  // An admin took it down (issue 24 §4): it stays down until a review request is approved.
  if (isPublished && course.taken_down_at)
    throw new AppError("FORBIDDEN", MODERATION_MESSAGES.courseTakenDown);
  const [row] = await setPublished(db, [courseId], isPublished);
  return toCourseSummary(row);
}

/**
 * Duplicates a course with its lessons (000 §4, §7): "{title} (Copy)", slug "{slug}-copy-{timestamp}",
 * always a Draft with 0 enrolments. @throws AppError NOT_FOUND, FORBIDDEN
 */
export async function duplicateCourse(
  db: Db,
  actor: SessionUser,
  courseId: string,
  now = Date.now(),
): Promise<CourseSummary> {
  const source = await getOwnedCourse(db, actor, courseId);
  return db.transaction(async (tx) => copyCourse(tx, source, now));
}

async function copyCourse(tx: Executor, source: CourseRow, now: number): Promise<CourseSummary> {
  const { id: _id, created_at: _c, updated_at: _u, title_fold: _f, ...rest } = source;
  const copy = await insertCourse(tx, {
    ...rest,
    title: duplicateTitle(
      source.title,
      await creatorTitlesStartingWith(tx, source.creator_id, duplicateRoot(source.title)),
    ),
    slug: duplicateSlug(source.slug, now),
    is_published: false,
    enrollment_count: 0,
    rating: 0,
    rating_count: 0,
  });
  const sourceLessons = await lessonsOfCourse(tx, source.id);
  const copied = await insertLessons(
    tx,
    sourceLessons.map(({ id: _lid, created_at: _lc, updated_at: _lu, course_id: _cid, ...lesson }) => ({
      ...lesson,
      course_id: copy.id,
    })),
  );
  // Keep the builder structure pointing at the copied lessons.
  const idMap = new Map(sourceLessons.map((l, i) => [l.id, copied[i]?.id]));
  if (Array.isArray(source.course_structure)) {
    const structure = JSON.parse(JSON.stringify(source.course_structure), (key, value) =>
      key === "id" && typeof value === "string" && idMap.has(value) ? idMap.get(value) : value,
    );
    await setCourseStructure(tx, copy.id, structure);
  }
  return toCourseSummary(copy);
}

/**
 * Deletes a course, refused while students are enrolled (issue 3) or while it has orders other
 * than expired, cancelled or rejected ones (issue 23 item 8: an order — paid, refunded, awaiting
 * confirmation, or pending and still payable — is never deleted, even when the buyer's enrolment
 * or account is gone). Unpublishing stays possible.
 * @throws AppError CONFLICT (COURSE_HAS_STUDENTS, COURSE_HAS_PAYMENTS), NOT_FOUND, FORBIDDEN
 */
export async function removeCourse(db: Db, actor: SessionUser, courseId: string): Promise<void> {
  await getOwnedCourse(db, actor, courseId);
  await db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    if ((await countKeptOrders(tx, courseId)) > 0) throw new AppError("CONFLICT", COURSE_HAS_PAYMENTS);
    if ((await countEnrolments(tx, courseId)) > 0) throw new AppError("CONFLICT", COURSE_HAS_STUDENTS);
    await deleteCourse(tx, courseId);
  });
}

/**
 * The bulk panel (000 §2, §4, §5): publish, unpublish, duplicate or e-mail the enrolled students
 * of the selected courses. Only the acting creator's courses are touched; ids of other courses are
 * refused with NOT_FOUND. E-mails go into the outbox (never sent in the request).
 * @returns affected course count; for "email" the number of messages queued.
 */
export async function bulkAction(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  actor: SessionUser,
  input: {
    action: "publish" | "unpublish" | "duplicate" | "email";
    courseIds: string[];
    subject?: string;
    message?: string;
  },
): Promise<{ action: typeof input.action; affected: number; queued?: number; createdIds?: string[] }> {
  const { db } = deps;
  await assertCreator(db, actor);
  const ids = [...new Set(input.courseIds)];
  const owned = await findOwnedCourses(db, actor.id, ids);
  if (owned.length !== ids.length) throw new AppError("NOT_FOUND", COURSE_NOT_FOUND);
  switch (input.action) {
    case "publish":
    case "unpublish": {
      // Taken-down courses cannot be published in bulk either (issue 24 §4); nothing is changed.
      if (input.action === "publish" && owned.some((c) => c.taken_down_at))
        throw new AppError("FORBIDDEN", MODERATION_MESSAGES.courseTakenDown);
      const rows = await setPublished(db, ids, input.action === "publish");
      return { action: input.action, affected: rows.length };
    }
    case "duplicate": {
      const now = Date.now();
      const created = await db.transaction(async (tx) => {
        const out: string[] = [];
        for (const [i, course] of owned.entries()) out.push((await copyCourse(tx, course, now + i)).id);
        return out;
      });
      return { action: "duplicate", affected: owned.length, createdIds: created };
    }
    case "email": {
      const titles = new Map(owned.map((c) => [c.id, c.title]));
      const students = await enrolledStudentsOf(db, ids);
      // issue 27 §2: an announcement is non-essential — e-mailed only to students whose
      // `announcement` preference is `email`, with one-click unsubscribe; every student's bell
      // gets it (one fan-out per course).
      const wanted = await emailRecipients(
        db,
        students.map((s) => s.studentId),
        "announcement",
      );
      const messages = students
        .filter((s) => wanted.has(s.studentId))
        .map((s) => ({
          to: s.email,
          unsubscribe: unsubscribeTarget(s.studentId, "announcement", s.locale),
          ...courseUpdateEmail({
            locale: (s.locale as Locale) ?? "vi",
            studentName: s.name,
            courseTitle: titles.get(s.courseId) ?? "",
            subject: input.subject,
            message: input.message ?? "",
            url: `${deps.appUrl}/learn/${s.courseId}`,
            schoolName: s.schoolName,
            school: emailBrand(deps.appUrl, {
              name: s.schoolName,
              logoUrl: s.schoolLogoUrl,
              color: s.schoolColor,
            }),
          }),
        }));
      const queued = await db.transaction(async (tx) => {
        for (const course of owned) {
          const userIds = students.filter((s) => s.courseId === course.id).map((s) => s.studentId);
          await notify(
            tx,
            {
              userIds,
              type: "announcement",
              data: { actorName: actor.name, courseTitle: course.title, title: input.subject },
              link: `/learn/${course.id}`,
            },
            { mailer: deps.mailer, appUrl: deps.appUrl },
          );
        }
        return deps.mailer.sendMany(tx, messages, randomUUID());
      });
      return { action: "email", affected: owned.length, queued };
    }
  }
}

/**
 * CSV export of the acting creator's courses (000 §3 CSV exports): columns Course Title, Status,
 * Enrollments, Created Date; UTF-8 with a byte-order mark so spreadsheets show Vietnamese correctly.
 * Cells that a spreadsheet would run as formulas are escaped (`toCsv`, issue 16 item 7).
 */
export async function exportCoursesCsv(db: Db, actor: SessionUser): Promise<string> {
  await assertCreator(db, actor);
  const rows = await allCreatorCourses(db, actor.id);
  const csv = toCsv(
    rows.map((r) => [
      r.title,
      r.is_published ? "Live" : "Draft",
      r.enrollment_count,
      r.created_at.toISOString().slice(0, 10),
    ]),
    ["Course Title", "Status", "Enrollments", "Created Date"],
  );
  return `\uFEFF${csv}\r\n`;
}

/** The public join link of a course (000 §2: /join/{courseId}). */
export function joinUrl(appUrl: string, courseId: string): string {
  return `${appUrl}/join/${courseId}`;
}

/**
 * A 200×200 PNG QR code of the course's join link, made by the app (000 §2, §9; DESIGN §5).
 * Only for published courses. @throws AppError CONFLICT when unpublished, NOT_FOUND, FORBIDDEN
 */
export async function courseQrPng(
  db: Db,
  actor: SessionUser,
  courseId: string,
  appUrl: string,
): Promise<Uint8Array> {
  const course = await getOwnedCourse(db, actor, courseId);
  if (!course.is_published) throw new AppError("CONFLICT", "Publish the course to get its QR code.");
  return new Uint8Array(
    await QRCode.toBuffer(joinUrl(appUrl, course.id), {
      type: "png",
      width: QR_SIZE,
      margin: 2,
      errorCorrectionLevel: "M",
    }),
  );
}
