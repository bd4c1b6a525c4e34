import { and, asc, count, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { courses, enrollments, lessonProgress, lessons, profiles } from "../../db/schema/index.ts";

export type EnrolmentRow = typeof enrollments.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type LessonProgressRow = typeof lessonProgress.$inferSelect;

/**
 * The course fields the player needs, or undefined. `timeZone` is the school's time zone (its
 * creator's profiles.time_zone; null without a profile), for dated drip sections (issue 27 §1).
 */
export async function findCourseForPlayer(db: Executor, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      thumbnailUrl: courses.thumbnail_url,
      creatorId: courses.creator_id,
      timeZone: profiles.time_zone,
    })
    .from(courses)
    .leftJoin(profiles, eq(profiles.user_id, courses.creator_id))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row;
}

/**
 * The enrolment of a student in a course, or undefined.
 * @param lock true: `for update`, so concurrent progress writes of one enrolment run one after another.
 */
export async function findEnrolmentOfStudent(
  db: Executor,
  studentId: string,
  courseId: string,
  lock = false,
): Promise<EnrolmentRow | undefined> {
  const query = db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.student_id, studentId), eq(enrollments.course_id, courseId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The published lessons of a course, ordered by order_index (001 §7 "Select lessons by course_id"). */
export async function publishedLessons(db: Executor, courseId: string): Promise<LessonRow[]> {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.course_id, courseId), eq(lessons.is_published, true)))
    .orderBy(asc(lessons.order_index), asc(lessons.created_at));
}

/** A published lesson of the given course (undefined for a lesson of another course). */
export async function findLessonOfCourse(
  db: Executor,
  courseId: string,
  lessonId: string,
): Promise<LessonRow | undefined> {
  const [row] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.course_id, courseId), eq(lessons.is_published, true)))
    .limit(1);
  return row;
}

/** Every lesson_progress row of an enrolment. */
export async function progressOfEnrolment(db: Executor, enrollmentId: string): Promise<LessonProgressRow[]> {
  return db.select().from(lessonProgress).where(eq(lessonProgress.enrollment_id, enrollmentId));
}

export type ProgressWrite = "open" | "complete" | "video-ended" | "time";

/** The lesson_progress row of (enrollment_id, lesson_id), or undefined. */
export async function findLessonProgress(
  db: Executor,
  enrollmentId: string,
  lessonId: string,
): Promise<LessonProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.enrollment_id, enrollmentId), eq(lessonProgress.lesson_id, lessonId)))
    .limit(1);
  return row;
}

/** Failed quiz attempts of an enrolment on a lesson (learning_events kind 'quiz', passed 0). */
export async function failedQuizAttempts(
  db: Executor,
  enrollmentId: string,
  lessonId: string,
): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from learning_events
     where enrollment_id = ${enrollmentId} and lesson_id = ${lessonId} and kind = 'quiz' and passed = 0`)) as unknown as {
    rows: Array<{ n: number | string }>;
  };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Seconds a report may add to a lesson's time_spent (issue 16 item 6): the whole `delta` when
 * uncapped; otherwise at most the wall-clock seconds since the lesson was first opened minus the
 * time already counted (0 for a lesson never opened).
 */
export function cappedTimeDelta(
  row: Pick<LessonProgressRow, "opened_at" | "time_spent"> | undefined,
  delta: number,
  now: Date,
  cap: boolean,
): number {
  const wanted = Math.max(0, Math.trunc(delta));
  if (!cap) return wanted;
  if (!row?.opened_at) return 0;
  const elapsed = Math.floor((now.getTime() - row.opened_at.getTime()) / 1000);
  return Math.max(0, Math.min(wanted, elapsed - row.time_spent));
}

/**
 * Upserts the lesson_progress row of (enrollment_id, lesson_id) for one event and adds
 * `timeSpentDelta` seconds to time_spent. open: last_accessed; complete: progress 100,
 * is_completed, completed_at (the first one is kept); video-ended: progress = max(progress,
 * `videoEndProgress`), not completed; time: only time_spent. The first open sets opened_at.
 * `timeSpentDelta` is added as given: the caller caps it (cappedTimeDelta).
 */
export async function upsertLessonProgress(
  db: Executor,
  input: {
    enrollmentId: string;
    lessonId: string;
    studentId: string;
    event: ProgressWrite;
    timeSpentDelta: number;
    videoEndProgress: number;
    now: Date;
  },
): Promise<LessonProgressRow> {
  const { event, now } = input;
  const delta = Math.max(0, Math.trunc(input.timeSpentDelta));
  const initialProgress = event === "complete" ? 100 : event === "video-ended" ? input.videoEndProgress : 0;
  const set: PgUpdateSetSource<typeof lessonProgress> = {
    time_spent: sql`${lessonProgress.time_spent} + ${delta}`,
  };
  if (event !== "time") set.last_accessed = now;
  if (event === "open")
    set.opened_at = sql`coalesce(${lessonProgress.opened_at}, ${now.toISOString()}::timestamptz)`;
  if (event === "complete") {
    set.progress = 100;
    set.is_completed = true;
    set.completed_at = sql`coalesce(${lessonProgress.completed_at}, ${now.toISOString()}::timestamptz)`;
  }
  if (event === "video-ended") {
    set.progress = sql`greatest(${lessonProgress.progress}, ${input.videoEndProgress})`;
  }
  const [row] = await db
    .insert(lessonProgress)
    .values({
      enrollment_id: input.enrollmentId,
      lesson_id: input.lessonId,
      student_id: input.studentId,
      is_completed: event === "complete",
      progress: initialProgress,
      time_spent: delta,
      last_accessed: now,
      completed_at: event === "complete" ? now : null,
      opened_at: event === "open" ? now : null,
    })
    .onConflictDoUpdate({ target: [lessonProgress.enrollment_id, lessonProgress.lesson_id], set })
    .returning();
  return row;
}

/** The resume point: enrollments.last_lesson_id and last_accessed. */
export async function setLastLesson(
  db: Executor,
  enrollmentId: string,
  lessonId: string,
  now: Date,
): Promise<EnrolmentRow> {
  const [row] = await db
    .update(enrollments)
    .set({ last_lesson_id: lessonId, last_accessed: now })
    .where(eq(enrollments.id, enrollmentId))
    .returning();
  return row;
}

/** Published lessons of the course, and how many of them the enrolment has completed. */
export async function lessonCounts(
  db: Executor,
  enrollmentId: string,
  courseId: string,
): Promise<{ total: number; completed: number }> {
  const [row] = await db
    .select({
      total: count(),
      completed: sql<number>`count(*) filter (where ${lessonProgress.is_completed})`.mapWith(Number),
    })
    .from(lessons)
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.lesson_id, lessons.id), eq(lessonProgress.enrollment_id, enrollmentId)),
    )
    .where(and(eq(lessons.course_id, courseId), eq(lessons.is_published, true)));
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
}

/**
 * Stores the enrolment's progress (percent); with `completedAt` also is_completed true and
 * completion_date (the first one is kept).
 */
export async function updateEnrolmentProgress(
  db: Executor,
  enrollmentId: string,
  progress: number,
  completedAt?: Date,
): Promise<EnrolmentRow> {
  const [row] = await db
    .update(enrollments)
    .set(
      completedAt
        ? {
            progress,
            is_completed: true,
            completion_date: sql`coalesce(${enrollments.completion_date}, ${completedAt.toISOString()}::timestamptz)`,
          }
        : { progress },
    )
    .where(eq(enrollments.id, enrollmentId))
    .returning();
  return row;
}

/** certificate_issued true and certificate_url. */
export async function setEnrolmentCertificate(
  db: Executor,
  enrollmentId: string,
  url: string,
): Promise<EnrolmentRow> {
  const [row] = await db
    .update(enrollments)
    .set({ certificate_issued: true, certificate_url: url })
    .where(eq(enrollments.id, enrollmentId))
    .returning();
  return row;
}

/**
 * A "time" progress event in one statement: adds `delta` seconds to the lesson's time_spent for
 * the student's completed-payment enrolment of the course, creating the progress row if needed,
 * and appends the 'time' learning event (issue 12) in the same statement (its rollups come later, decision 0214).
 * @returns the progress row and the enrolment, or undefined when the student has no such
 *   enrolment or the lesson is not a published lesson of the course (the caller reports why).
 */
export async function addTimeSpent(
  db: Executor,
  input: { studentId: string; courseId: string; lessonId: string; delta: number; cap: boolean },
): Promise<{ progress: TimeSpentProgress; enrolment: TimeSpentEnrolment } | undefined> {
  const delta = Math.max(0, Math.trunc(input.delta));
  // One call of academy_add_time_spent (migration 0031, decision 0216): the statement of decision
  // 0214 — time cap (issue 16 item 6), progress upsert, 'time' learning event, enrolment read —
  // with its plan cached for the connection instead of parsed and planned on every ping.
  const result = (await db.execute(sql`
    select * from academy_add_time_spent(${input.studentId}, ${input.courseId}::uuid, ${input.lessonId}::uuid,
                                         ${delta}::int, ${input.cap})`)) as unknown as {
    rows: Array<{
      lp_is_completed: boolean;
      lp_progress: number;
      lp_time_spent: number;
      lp_completed_at: Date | string | null;
      id: string;
      progress: number;
      is_completed: boolean;
      completion_date: Date | string | null;
      certificate_issued: boolean;
      certificate_url: string | null;
      last_lesson_id: string | null;
    }>;
  };
  const row = result.rows[0];
  if (!row) return undefined;
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    progress: {
      is_completed: row.lp_is_completed,
      progress: Number(row.lp_progress),
      time_spent: Number(row.lp_time_spent),
      completed_at: date(row.lp_completed_at),
    },
    enrolment: {
      id: row.id,
      progress: Number(row.progress),
      is_completed: row.is_completed,
      completion_date: date(row.completion_date),
      certificate_issued: row.certificate_issued,
      certificate_url: row.certificate_url,
      last_lesson_id: row.last_lesson_id,
    },
  };
}

/** The lesson_progress fields a time report answers with. */
export type TimeSpentProgress = Pick<
  LessonProgressRow,
  "is_completed" | "progress" | "time_spent" | "completed_at"
>;
/** The enrolment fields a time report answers with. */
export type TimeSpentEnrolment = Pick<
  typeof enrollments.$inferSelect,
  | "id"
  | "progress"
  | "is_completed"
  | "completion_date"
  | "certificate_issued"
  | "certificate_url"
  | "last_lesson_id"
>;

/** Saves a student's resume position (seconds) of a lesson, creating the progress row if needed. */
export async function saveVideoPosition(
  db: Executor,
  values: { enrollmentId: string; lessonId: string; studentId: string; seconds: number },
): Promise<void> {
  await db
    .insert(lessonProgress)
    .values({
      enrollment_id: values.enrollmentId,
      lesson_id: values.lessonId,
      student_id: values.studentId,
      video_position: values.seconds,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.enrollment_id, lessonProgress.lesson_id],
      set: { video_position: values.seconds },
    });
}
