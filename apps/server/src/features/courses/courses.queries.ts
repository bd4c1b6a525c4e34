import { and, count, desc, eq, ilike, inArray, like, notInArray, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { courses, enrollments, lessons, orders, profiles, schools } from "../../db/schema/index.ts";

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

/** The role of a user's profile, or undefined. */
export async function findRole(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .limit(1);
  return row?.role;
}

export async function findCourse(db: Executor, courseId: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return row;
}

/** A creator's courses among `ids` (others' ids are silently left out). */
export async function findOwnedCourses(db: Executor, creatorId: string, ids: string[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(courses)
    .where(and(eq(courses.creator_id, creatorId), inArray(courses.id, ids)));
}

/** One page of a creator's courses, newest created_at first (000 §7), with the total count. */
export async function listCreatorCourses(
  db: Executor,
  creatorId: string,
  opts: { offset: number; limit: number; search?: string; status: "all" | "published" | "draft" },
): Promise<{ rows: CourseRow[]; total: number }> {
  const filters = [eq(courses.creator_id, creatorId)];
  if (opts.status === "published") filters.push(eq(courses.is_published, true));
  if (opts.status === "draft") filters.push(eq(courses.is_published, false));
  if (opts.search) {
    const pattern = `%${opts.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push(or(ilike(courses.title, pattern), ilike(courses.description, pattern))!);
  }
  const where = and(...filters);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(courses)
      .where(where)
      .orderBy(desc(courses.created_at), desc(courses.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Every course of a creator, newest first (CSV export). */
export async function allCreatorCourses(db: Executor, creatorId: string): Promise<CourseRow[]> {
  return db.select().from(courses).where(eq(courses.creator_id, creatorId)).orderBy(desc(courses.created_at));
}

export async function setPublished(
  db: Executor,
  courseIds: string[],
  isPublished: boolean,
): Promise<CourseRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .update(courses)
    .set({ is_published: isPublished, updated_at: new Date() })
    .where(inArray(courses.id, courseIds))
    .returning();
}

export async function insertCourse(db: Executor, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  return row;
}

export async function lessonsOfCourse(db: Executor, courseId: string): Promise<LessonRow[]> {
  return db.select().from(lessons).where(eq(lessons.course_id, courseId)).orderBy(lessons.order_index);
}

export async function insertLessons(
  db: Executor,
  values: Array<typeof lessons.$inferInsert>,
): Promise<LessonRow[]> {
  if (values.length === 0) return [];
  return db.insert(lessons).values(values).returning();
}

export async function countEnrolments(db: Executor, courseId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(eq(enrollments.course_id, courseId));
  return Number(n);
}

/**
 * Orders of a course that must outlive it (issue 23 item 8): any but expired, cancelled or
 * rejected ones (paid, refunded, awaiting confirmation, pending and still payable).
 */
export async function countKeptOrders(db: Executor, courseId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.course_id, courseId), notInArray(orders.status, ["expired", "cancelled", "rejected"])),
    );
  return Number(n);
}

/** Locks the course row (`for update`) so no order is opened for it until the transaction ends. */
export async function lockCourse(db: Executor, courseId: string): Promise<void> {
  await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
}

export async function deleteCourse(db: Executor, courseId: string): Promise<void> {
  await db.delete(courses).where(eq(courses.id, courseId));
}

/** Distinct enrolled students (completed payments) of the given courses, with their e-mail, name and locale. */
export async function enrolledStudentsOf(db: Executor, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectDistinctOn([enrollments.student_id, enrollments.course_id], {
      studentId: enrollments.student_id,
      courseId: enrollments.course_id,
      email: profiles.email,
      name: profiles.full_name,
      locale: profiles.locale,
      schoolName: schools.name,
      schoolLogoUrl: schools.logo_url,
      schoolColor: schools.primary_color,
    })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.user_id, enrollments.student_id))
    .leftJoin(schools, eq(schools.id, enrollments.school_id))
    .where(and(inArray(enrollments.course_id, courseIds), eq(enrollments.payment_status, "completed")));
}

/** Titles of the creator's courses that start with `prefix` (the copies of a course: issue 17 item 10). */
export async function creatorTitlesStartingWith(
  db: Executor,
  creatorId: string,
  prefix: string,
): Promise<Set<string>> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ title: courses.title })
    .from(courses)
    .where(and(eq(courses.creator_id, creatorId), like(courses.title, `${escaped}%`)));
  return new Set(rows.map((r) => r.title));
}

export async function setCourseStructure(db: Executor, courseId: string, structure: unknown): Promise<void> {
  await db.update(courses).set({ course_structure: structure }).where(eq(courses.id, courseId));
}
