import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  courseDrafts,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  schools,
} from "../../db/schema/index.ts";

export type DraftRow = typeof courseDrafts.$inferSelect;
export type SchoolRow = typeof schools.$inferSelect;

const draftKey = (creatorId: string, courseId: string | null) =>
  and(
    eq(courseDrafts.creator_id, creatorId),
    courseId ? eq(courseDrafts.course_id, courseId) : isNull(courseDrafts.course_id),
  );

export async function findDraft(
  db: Executor,
  creatorId: string,
  courseId: string | null,
): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(courseDrafts).where(draftKey(creatorId, courseId)).limit(1);
  return row;
}

/** Inserts or replaces the creator's draft for `course_id` (null: the new-course draft). */
export async function upsertDraft(db: Executor, values: typeof courseDrafts.$inferInsert): Promise<DraftRow> {
  const existing = await findDraft(db, values.creator_id, values.course_id ?? null);
  if (existing) {
    const [row] = await db
      .update(courseDrafts)
      .set({ ...values, updated_at: new Date() })
      .where(eq(courseDrafts.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await db.insert(courseDrafts).values(values).returning();
  return row;
}

export async function deleteDraft(db: Executor, creatorId: string, courseId: string | null): Promise<void> {
  await db.delete(courseDrafts).where(draftKey(creatorId, courseId));
}

export async function findSchoolOfCreator(db: Executor, creatorId: string): Promise<SchoolRow | undefined> {
  const [row] = await db.select().from(schools).where(eq(schools.creator_id, creatorId)).limit(1);
  return row;
}

export async function schoolSlugTaken(db: Executor, slug: string): Promise<boolean> {
  const rows = await db.select({ id: schools.id }).from(schools).where(eq(schools.slug, slug)).limit(1);
  return rows.length > 0;
}

/** Creates the creator's school; on a concurrent first publish the existing school is returned. */
export async function insertSchool(db: Executor, values: typeof schools.$inferInsert): Promise<SchoolRow> {
  const [row] = await db
    .insert(schools)
    .values(values)
    .onConflictDoNothing({ target: schools.creator_id })
    .returning();
  return row ?? (await findSchoolOfCreator(db, values.creator_id))!;
}

export async function updateCourse(
  db: Executor,
  courseId: string,
  values: Partial<typeof courses.$inferInsert>,
) {
  const [row] = await db
    .update(courses)
    .set({ ...values, updated_at: new Date() })
    .where(eq(courses.id, courseId))
    .returning();
  return row;
}

export async function lessonIdsOfCourse(db: Executor, courseId: string): Promise<Set<string>> {
  const rows = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.course_id, courseId));
  return new Set(rows.map((r) => r.id));
}

export interface LessonValues {
  id?: string;
  title: string;
  slug: string;
  description: string | null;
  order_index: number;
  duration: number;
  content_type: string;
  content_url: string | null;
  content_data: unknown;
  /** Drip schedule of the lesson's section (issue 27 §1): its id and release rule. */
  section_key: string | null;
  release_after_days: number | null;
  release_on: string | null;
}

/**
 * Brings a course's lessons to exactly `wanted`, in place: rows whose id is listed are updated
 * (ids kept, so progress stays attached), rows without an id are inserted, other rows deleted.
 * Runs a fixed number of statements whatever the lesson count.
 * @returns the ids in the order of `wanted`.
 */
export async function syncLessons(db: Executor, courseId: string, wanted: LessonValues[]): Promise<string[]> {
  const keep = wanted.filter((l) => l.id).map((l) => l.id!);
  // Remove lessons that are gone.
  await db
    .delete(lessons)
    .where(
      keep.length
        ? and(eq(lessons.course_id, courseId), notInArray(lessons.id, keep))
        : eq(lessons.course_id, courseId),
    );
  if (keep.length) {
    // Free the unique (course_id, slug) keys first so slugs can move between lessons.
    await db
      .update(lessons)
      .set({ slug: sql`'tmp-' || ${lessons.id}::text` })
      .where(and(eq(lessons.course_id, courseId), inArray(lessons.id, keep)));
    const rows = wanted.filter((l) => l.id);
    const values = sql.join(
      rows.map(
        (l) =>
          sql`(${l.id}::uuid, ${l.title}, ${l.slug}, ${l.description}, ${l.order_index}::int, ${l.duration}::int, ${l.content_type}, ${l.content_url}, ${JSON.stringify(l.content_data ?? null)}::jsonb, ${l.section_key}::text, ${l.release_after_days}::int, ${l.release_on}::text)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update lessons as l set
        title = v.title, slug = v.slug, description = v.description, order_index = v.order_index,
        duration = v.duration, content_type = v.content_type, content_url = v.content_url,
        content_data = v.content_data, is_published = true, updated_at = now(),
        section_key = v.section_key, release_after_days = v.release_after_days, release_on = v.release_on
      from (values ${values}) as v(id, title, slug, description, order_index, duration, content_type, content_url, content_data, section_key, release_after_days, release_on)
      where l.id = v.id and l.course_id = ${courseId}::uuid`);
  }
  const fresh = wanted.filter((l) => !l.id);
  const inserted = fresh.length
    ? await db
        .insert(lessons)
        .values(fresh.map(({ id: _id, ...l }) => ({ ...l, course_id: courseId, is_published: true })))
        .returning({ id: lessons.id })
    : [];
  let next = 0;
  return wanted.map((l) => l.id ?? inserted[next++].id);
}

/**
 * Recomputes each enrolment's progress of a course as the share of its lessons completed
 * (001 §4), after lessons were added or removed.
 */
export async function recomputeCourseProgress(db: Executor, courseId: string): Promise<void> {
  await db.execute(sql`
    update ${enrollments} e set progress = coalesce((
      select round(100.0 * count(*) filter (where lp.${sql.raw(lessonProgress.is_completed.name)}) / nullif((select count(*) from ${lessons} where ${lessons.course_id} = ${courseId}::uuid), 0))
        from ${lessonProgress} lp where lp.${sql.raw(lessonProgress.enrollment_id.name)} = e.id
    ), 0)
    where e.course_id = ${courseId}::uuid`);
}

export async function insertCourseRow(db: Executor, values: typeof courses.$inferInsert) {
  const [row] = await db.insert(courses).values(values).returning();
  return row;
}

/** Course slugs taken that start with `base` (to make a slug unique), other than `exceptCourseId`'s. */
export async function slugsTaken(db: Executor, base: string, exceptCourseId?: string): Promise<Set<string>> {
  const pattern = `${base.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(
      exceptCourseId
        ? and(sql`${courses.slug} like ${pattern}`, sql`${courses.id} <> ${exceptCourseId}::uuid`)
        : sql`${courses.slug} like ${pattern}`,
    );
  return new Set(rows.map((r) => r.slug));
}
