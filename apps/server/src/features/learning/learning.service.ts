import {
  DEFAULT_PASS_MARK,
  DEFAULT_REVEAL_AFTER_ATTEMPTS,
  DRIP_MESSAGES,
  enrolmentProgress,
  gradeQuiz,
  isCourseComplete,
  LEARNING_MESSAGES,
  lockedUntil,
  type PlayerCourse,
  type PlayerLesson,
  type ProgressEvent,
  type progressResultSchema,
  type QuizResult,
  readingSeconds,
  type SectionRelease,
  safeTimeZone,
  VIDEO_END_PROGRESS,
  type VideoStream,
} from "@academy/shared";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { issueCertificate } from "../certificates/certificates.service.ts";
import { courseMaterialResources, type MaterialResource } from "../materials/materials.service.ts";
import { notify } from "../notifications/notifications.service.ts";
import { fileUrlsOwnedBy, signFileUrl } from "../uploads/uploads.service.ts";
import { videoStreams } from "../videos/videos.service.ts";
import {
  addTimeSpent,
  cappedTimeDelta,
  type EnrolmentRow,
  failedQuizAttempts,
  findCourseForPlayer,
  findEnrolmentOfStudent,
  findLessonOfCourse,
  findLessonProgress,
  type LessonProgressRow,
  type LessonRow,
  lessonCounts,
  type ProgressWrite,
  progressOfEnrolment,
  publishedLessons,
  saveVideoPosition as saveVideoPositionRow,
  setEnrolmentCertificate,
  setLastLesson,
  updateEnrolmentProgress,
  upsertLessonProgress,
} from "./learning.queries.ts";
import { appendLearningEvent, EVENT_KIND } from "./learning-events.queries.ts";

export type ProgressResult = z.infer<typeof progressResultSchema>;

/**
 * What the learning services need besides the database: the app's origin (certificate links) and
 * whether study time is capped by wall-clock time since the lesson was opened (issue 16 item 6;
 * default true, LEARNING_TIME_CAP=false turns it off outside production).
 */
export interface LearningDeps {
  db: Db;
  appUrl: string;
  capTime?: boolean;
  /** Writes the `certificate_issued` notification (issue 27 §2). */
  mailer: Mailer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LESSON_NOT_FOUND = "Lesson not found.";
export const NOT_A_QUIZ = "This lesson is not a quiz.";

/** A quiz question as stored in lessons.content_data (with its answer key). */
interface StoredQuestion {
  id: string;
  question: string;
  choices: string[];
  correctIndex: number;
}

/**
 * Access to the player (001 §6 Student: "must be enrolled to open the lesson player"): the
 * acting user's own enrolment with payment_status completed. Only enrolled students get in; the
 * course's creator too only through an enrolment of their own (a creator who enrols gets access
 * like a student). An enrolment keeps access when the course is unpublished later.
 * @throws AppError NOT_FOUND (courseNotAvailable) unknown or malformed course id;
 *   FORBIDDEN (notEnrolled) no enrolment, payment pending or cancelled.
 */
async function enrolledAccess(db: Executor, actor: SessionUser, courseId: string, lock = false) {
  const course = UUID.test(courseId) ? await findCourseForPlayer(db, courseId) : undefined;
  if (!course) throw new AppError("NOT_FOUND", LEARNING_MESSAGES.courseNotAvailable);
  const enrolment = await findEnrolmentOfStudent(db, actor.id, course.id, lock);
  if (enrolment?.payment_status !== "completed")
    throw new AppError("FORBIDDEN", LEARNING_MESSAGES.notEnrolled);
  return { course, enrolment };
}

/** The drip rule of a lesson (its section's, copied at publish; issue 27 §1). */
export function releaseOfLesson(
  lesson: Pick<LessonRow, "release_after_days" | "release_on">,
): SectionRelease | null {
  if (lesson.release_after_days) return { kind: "days", days: lesson.release_after_days };
  if (lesson.release_on) return { kind: "date", date: lesson.release_on };
  return null;
}

/** The enrolment's start for drip schedules: when it became paid/active (else its enrolment date). */
export function enrolmentStart(enrolment: Pick<EnrolmentRow, "access_started_at" | "enrollment_date">): Date {
  return enrolment.access_started_at ?? enrolment.enrollment_date;
}

/**
 * When a lesson opens for this enrolment, or null when it is open at `now` (issue 27 §1: the
 * shared rule `lockedUntil`, in the school's time zone).
 */
function lessonLockedUntil(
  lesson: LessonRow,
  enrolment: EnrolmentRow,
  timeZone: string | null,
  now = new Date(),
): Date | null {
  return lockedUntil(releaseOfLesson(lesson), enrolmentStart(enrolment), safeTimeZone(timeZone), now);
}

/**
 * Refuses a lesson that has not opened yet for this enrolment (issue 27 §1): its content, progress
 * and quiz. @throws AppError FORBIDDEN "This lesson is not open yet. It opens at <ISO instant>."
 */
function assertLessonOpen(lesson: LessonRow, enrolment: EnrolmentRow, timeZone: string | null): void {
  const until = lessonLockedUntil(lesson, enrolment, timeZone);
  if (until)
    throw new AppError("FORBIDDEN", `${DRIP_MESSAGES.lessonLocked} It opens at ${until.toISOString()}.`, [
      { path: "opensAt", message: until.toISOString() },
    ]);
}

/** A published lesson of the course. @throws AppError NOT_FOUND (another course's lesson, unknown id). */
async function lessonOfCourse(db: Executor, courseId: string, lessonId: string): Promise<LessonRow> {
  const lesson = UUID.test(lessonId) ? await findLessonOfCourse(db, courseId, lessonId) : undefined;
  if (!lesson) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
  return lesson;
}

function contentData(lesson: LessonRow): Record<string, unknown> {
  const data = lesson.content_data;
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The stored quiz questions of a lesson, with their answer key (malformed entries are left out). */
function storedQuestions(lesson: LessonRow): StoredQuestion[] {
  const questions = contentData(lesson).questions;
  if (!Array.isArray(questions)) return [];
  return questions.flatMap((q): StoredQuestion[] => {
    if (!q || typeof q !== "object") return [];
    const { id, question, choices, correctIndex } = q as Record<string, unknown>;
    if (typeof id !== "string" || !Array.isArray(choices) || typeof correctIndex !== "number") return [];
    return [
      {
        id,
        question: typeof question === "string" ? question : "",
        choices: choices.filter((c): c is string => typeof c === "string"),
        correctIndex,
      },
    ];
  });
}

/**
 * Failed attempts after which the quiz answers are revealed: the creator's
 * content_data.revealAfterAttempts (0–20; 0 = only after passing), else
 * DEFAULT_REVEAL_AFTER_ATTEMPTS (3). Issue 16 item 6.
 */
function revealAfterOf(lesson: LessonRow): number {
  const n = contentData(lesson).revealAfterAttempts;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 20
    ? n
    : DEFAULT_REVEAL_AFTER_ATTEMPTS;
}

/** An uploaded (not YouTube/Vimeo) video lesson: its completion needs its end or its length. */
function isUploadedVideo(lesson: LessonRow): boolean {
  return lesson.content_type === "video" && contentData(lesson).source === "upload";
}

/**
 * Study seconds a lesson needs before completion (issue 25 item 5, finding #6): a text lesson's
 * readingSeconds of its HTML (20% of its words at 250 wpm, at most 300 s); 0 for other types.
 */
function requiredReadingSeconds(lesson: LessonRow): number {
  if (lesson.content_type !== "text") return 0;
  return readingSeconds(text(contentData(lesson).html) ?? "");
}

/**
 * Issue 16 item 6: a lesson is completed only after an `open` event of it; an uploaded video also
 * after a video-ended event (progress ≥ VIDEO_END_PROGRESS) or study time of at least its
 * duration (minutes; a video without duration needs the video-ended event). Issue 25 item 5
 * (#6): a text lesson also needs recorded study time (time_spent + this report's capped seconds)
 * of at least requiredReadingSeconds.
 * @throws AppError VALIDATION_FAILED (openFirst, watchVideoFirst, readFirst).
 */
function assertMayComplete(lesson: LessonRow, row: LessonProgressRow | undefined, addedSeconds = 0): void {
  if (!row?.opened_at) throw new AppError("VALIDATION_FAILED", LEARNING_MESSAGES.openFirst);
  if (row.is_completed) return;
  if (row.time_spent + addedSeconds < requiredReadingSeconds(lesson))
    throw new AppError("VALIDATION_FAILED", LEARNING_MESSAGES.readFirst);
  if (!isUploadedVideo(lesson)) return;
  const watched = row.progress >= VIDEO_END_PROGRESS;
  const minutes = lesson.duration ?? 0;
  const sat = minutes > 0 && row.time_spent + addedSeconds >= minutes * 60;
  if (!watched && !sat) throw new AppError("VALIDATION_FAILED", LEARNING_MESSAGES.watchVideoFirst);
}

/** The quiz pass mark in percent: the creator's (1–100), else DEFAULT_PASS_MARK (70). */
function passMarkOf(lesson: LessonRow): number {
  const mark = contentData(lesson).passMark;
  return typeof mark === "number" && Number.isInteger(mark) && mark >= 1 && mark <= 100
    ? mark
    : DEFAULT_PASS_MARK;
}

/**
 * The lesson content as the player receives it. Every field is mapped explicitly: a quiz question
 * carries id, question and choices only (never correctIndex before submission).
 */
function playerContent(
  lesson: LessonRow,
  secret: string | undefined,
  ownFiles: ReadonlySet<string>,
  streams: ReadonlyMap<string, VideoStream>,
): PlayerLesson["content"] {
  const data = contentData(lesson);
  switch (lesson.content_type) {
    case "video": {
      const source = data.source;
      const url = videoUrlOf(lesson);
      return {
        type: "video",
        source: source === "upload" || source === "youtube" || source === "vimeo" ? source : null,
        url: playerFileUrl(url, secret, ownFiles),
        // A processed upload streams as HLS (issue 26); only the creator's own files (ownFiles).
        stream: url && ownFiles.has(url) ? (streams.get(url) ?? null) : null,
      };
    }
    case "quiz":
      return {
        type: "quiz",
        questions: storedQuestions(lesson).map((q) => ({
          id: q.id,
          question: q.question,
          choices: [...q.choices],
        })),
        passMark: passMarkOf(lesson),
      };
    default:
      return { type: "text", html: text(data.html) ?? "", readingSeconds: requiredReadingSeconds(lesson) };
  }
}

function toLessonProgress(
  row:
    | (Pick<LessonProgressRow, "is_completed" | "progress" | "time_spent" | "completed_at"> &
        Partial<Pick<LessonProgressRow, "video_position">>)
    | undefined,
): PlayerLesson["progress"] {
  return {
    position: row?.video_position ?? null,
    isCompleted: row?.is_completed ?? false,
    progress: row?.progress ?? 0,
    timeSpent: row?.time_spent ?? 0,
    completedAt: row?.completed_at?.toISOString() ?? null,
  };
}

function toEnrolment(
  row: Pick<
    EnrolmentRow,
    | "id"
    | "progress"
    | "is_completed"
    | "completion_date"
    | "certificate_issued"
    | "certificate_url"
    | "last_lesson_id"
  >,
): PlayerCourse["enrolment"] {
  return {
    id: row.id,
    progress: row.progress,
    isCompleted: row.is_completed,
    completionDate: row.completion_date?.toISOString() ?? null,
    certificateIssued: row.certificate_issued,
    certificateUrl: row.certificate_url,
    lastLessonId: row.last_lesson_id,
  };
}

/** The stored video address of a video lesson, or null. */
function videoUrlOf(lesson: LessonRow): string | null {
  return lesson.content_type === "video"
    ? (text(contentData(lesson).url) ?? lesson.content_url ?? null)
    : null;
}

/**
 * A file address as the player gives it: an uploaded file (/files/…) is private, so the enrolled
 * student gets a signed, expiring address (decision 0172), but only for a file of the course's
 * creator (`ownFiles`, issue 25 N4): another person's file in old data is not signed and comes as
 * null. Links elsewhere (YouTube, Vimeo) come unchanged.
 */
function playerFileUrl(url: string | null, secret: string | undefined, ownFiles: ReadonlySet<string>) {
  if (!url?.startsWith("/files/")) return url;
  if (!ownFiles.has(url)) return null;
  return secret ? signFileUrl(secret, url) : url;
}

/** Material ids of a lesson: its own, then its section's (issue 17 item 11). */
function materialIdsOf(lesson: LessonRow): string[] {
  const data = contentData(lesson);
  const own = typeof data.materialId === "string" ? [data.materialId] : [];
  const section = Array.isArray(data.sectionMaterials)
    ? data.sectionMaterials.filter((id): id is string => typeof id === "string")
    : [];
  return [...new Set([...own, ...section])];
}

/** A locked lesson's content: its type only, nothing of the creator's content (issue 27 §1). */
function lockedContent(lesson: LessonRow): PlayerLesson["content"] {
  if (lesson.content_type === "video") return { type: "video", source: null, url: null };
  if (lesson.content_type === "quiz") return { type: "quiz", questions: [], passMark: passMarkOf(lesson) };
  return { type: "text", html: "" };
}

function toPlayerLesson(
  lesson: LessonRow,
  progress: LessonProgressRow | undefined,
  secret: string | undefined,
  materials: Map<string, MaterialResource>,
  ownFiles: ReadonlySet<string>,
  opensAt: Date | null,
  streams: ReadonlyMap<string, VideoStream>,
): PlayerLesson {
  const data = contentData(lesson);
  if (opensAt)
    return {
      id: lesson.id,
      title: lesson.title,
      section: text(data.section) ?? lesson.description ?? null,
      orderIndex: lesson.order_index,
      type: lesson.content_type as PlayerLesson["type"],
      duration: lesson.duration,
      content: lockedContent(lesson),
      resources: [],
      progress: toLessonProgress(progress),
      opensAt: opensAt.toISOString(),
    };
  return {
    id: lesson.id,
    title: lesson.title,
    // Builder lessons carry their section title in content_data.section and in description.
    section: text(data.section) ?? lesson.description ?? null,
    orderIndex: lesson.order_index,
    type: lesson.content_type as PlayerLesson["type"],
    duration: lesson.duration,
    content: playerContent(lesson, secret, ownFiles, streams),
    resources: materialIdsOf(lesson).flatMap((id) => {
      const material = materials.get(id);
      if (!material) return [];
      return [{ ...material, url: playerFileUrl(material.url, secret, ownFiles) }];
    }),
    progress: toLessonProgress(progress),
    opensAt: null,
  };
}

/**
 * The lesson player (001 §2 Lesson player, §6 Student, §7 "Select lessons by course_id …
 * published, ordered by order_index", "Select lesson progress by enrollment_id"): the course, the
 * caller's enrolment (with lastLessonId, the resume point) and the published lessons in order,
 * each with the caller's progress (zeros when none). Quiz questions come without their answers.
 * Durations in minutes, timeSpent in seconds, progress in percent. With `files.secret`, uploaded
 * videos come as signed, expiring /files addresses (decision 0172) — only files uploaded by the
 * course's creator; another person's file (old data) comes as null, unsigned (issue 25 N4).
 * @throws AppError NOT_FOUND (courseNotAvailable), FORBIDDEN (notEnrolled: not enrolled, payment
 *   pending or cancelled; the course's creator needs an enrolment too).
 */
export async function getPlayerCourse(
  db: Db,
  actor: SessionUser,
  courseId: string,
  files: { secret?: string } = {},
): Promise<PlayerCourse> {
  const { course, enrolment } = await enrolledAccess(db, actor, courseId);
  const [lessons, progress] = await Promise.all([
    publishedLessons(db, course.id),
    progressOfEnrolment(db, enrolment.id),
  ]);
  const byLesson = new Map(progress.map((p) => [p.lesson_id, p]));
  // Issue 27 §1: locked lessons come without content, resources or signed files.
  const now = new Date();
  const locks = new Map(lessons.map((l) => [l.id, lessonLockedUntil(l, enrolment, course.timeZone, now)]));
  const open = lessons.filter((l) => !locks.get(l.id));
  const materials = await courseMaterialResources(db, course.creatorId, open.flatMap(materialIdsOf));
  // Only the creator's own uploads are signed (issue 25 N4).
  const fileUrls = [
    ...open.map(videoUrlOf),
    ...[...materials.values()].map((material) => material.url),
  ].filter((url): url is string => !!url?.startsWith("/files/"));
  const ownFiles = await fileUrlsOwnedBy(db, course.creatorId, fileUrls);
  const streams = files.secret
    ? await videoStreams(db, files.secret, [...ownFiles])
    : new Map<string, VideoStream>();
  return {
    course: {
      id: course.id,
      title: course.title,
      thumbnailUrl: course.thumbnailUrl,
      creatorId: course.creatorId,
      timeZone: safeTimeZone(course.timeZone),
    },
    enrolment: toEnrolment(enrolment),
    lessons: lessons.map((lesson) =>
      toPlayerLesson(
        lesson,
        byLesson.get(lesson.id),
        files.secret,
        materials,
        ownFiles,
        locks.get(lesson.id) ?? null,
        streams,
      ),
    ),
  };
}

/**
 * Writes one progress event of the acting student's enrolment and recomputes the enrolment
 * (001 §4 Enrolment and Lesson progress). Runs inside the caller's transaction, with the
 * enrolment row locked. The enrolment's progress = share of completed published lessons
 * (enrolmentProgress); when every lesson is complete (isCourseComplete): is_completed,
 * completion_date (first time only), and the certificate is issued once (certificate_issued,
 * certificate_url). A completed enrolment is not reopened by later changes.
 */
async function applyProgress(
  tx: Executor,
  deps: { appUrl: string; mailer: Mailer },
  actor: SessionUser,
  enrolment: EnrolmentRow,
  lesson: LessonRow,
  event: ProgressWrite,
  timeSpentDelta: number,
): Promise<ProgressResult> {
  const now = new Date();
  const lessonRow = await upsertLessonProgress(tx, {
    enrollmentId: enrolment.id,
    lessonId: lesson.id,
    studentId: actor.id,
    event,
    timeSpentDelta,
    videoEndProgress: VIDEO_END_PROGRESS,
    now,
  });
  let current = enrolment;
  if (event === "open") current = await setLastLesson(tx, enrolment.id, lesson.id, now);
  const { total, completed } = await lessonCounts(tx, enrolment.id, lesson.course_id);
  const progress = enrolmentProgress(completed, total);
  const complete = isCourseComplete(completed, total);
  if (progress !== current.progress || (complete && !current.is_completed))
    current = await updateEnrolmentProgress(tx, enrolment.id, progress, complete ? now : undefined);
  if ((complete || current.is_completed) && !current.certificate_issued) {
    const certificate = await issueCertificate(tx, { enrollmentId: enrolment.id, appUrl: deps.appUrl });
    current = await setEnrolmentCertificate(tx, enrolment.id, certificate.url);
    // issue 27 §2: the student hears about it (bell, and e-mail by preference).
    await notify(
      tx,
      {
        userIds: [actor.id],
        type: "certificate_issued",
        data: { courseTitle: certificate.courseTitle },
        link: certificate.url,
      },
      { mailer: deps.mailer, appUrl: deps.appUrl },
    );
  }
  return { lesson: toLessonProgress(lessonRow), enrolment: toEnrolment(current) };
}

/**
 * A progress event from the player (001 §4, §9; issue 4 "Progress"): open (resume point:
 * enrollments.last_lesson_id and last_accessed), complete (Mark Complete: 100, completed),
 * video-ended (max(progress, 90), not completed) or time (time only). Every event adds
 * `timeSpentDelta` seconds (0–3600) to time_spent, capped so a lesson's time never exceeds the
 * wall-clock time since its first open (issue 16 item 6; nothing is counted before an open).
 * complete needs an earlier open (and for an uploaded video its end or its length: assertMayComplete). One transaction; upsert on
 * (enrollment_id, lesson_id). The enrolment is the acting user's own (looked up by the session).
 * Also accepts bodies sent by navigator.sendBeacon when the student leaves.
 * @returns the lesson's progress and the enrolment (progress percent, completion, certificate).
 * @throws AppError NOT_FOUND (unknown course; LESSON_NOT_FOUND for a lesson of another course),
 *   FORBIDDEN (notEnrolled), VALIDATION_FAILED (complete on a quiz with questions; openFirst;
 *   watchVideoFirst, readFirst: a text lesson before its reading time).
 */
export async function recordProgress(
  deps: LearningDeps,
  actor: SessionUser,
  courseId: string,
  lessonId: string,
  input: ProgressEvent,
): Promise<ProgressResult> {
  if (input.event === "time" && UUID.test(courseId) && UUID.test(lessonId)) {
    // The player reports time every 30 s per student: one statement, no lock, no transaction.
    const done = await addTimeSpent(deps.db, {
      studentId: actor.id,
      courseId,
      lessonId,
      delta: input.timeSpentDelta ?? 0,
      cap: deps.capTime ?? true,
    });
    if (done) return { lesson: toLessonProgress(done.progress), enrolment: toEnrolment(done.enrolment) };
    // Otherwise fall through: the checks below say why (unknown course, not enrolled, other lesson).
  }
  if (input.event !== "complete") {
    // open, video-ended and time never complete a lesson, so the enrolment's progress cannot
    // change: no transaction and no lock on the enrolment (the player sends these every 30 s).
    const { course, enrolment } = await enrolledAccess(deps.db, actor, courseId);
    const lesson = await lessonOfCourse(deps.db, course.id, lessonId);
    assertLessonOpen(lesson, enrolment, course.timeZone); // issue 27 §1
    const now = new Date();
    // issue 12: one transaction with the learning event (no lock on the enrolment).
    return deps.db.transaction(async (tx) => {
      const before = await findLessonProgress(tx, enrolment.id, lesson.id);
      const seconds = cappedTimeDelta(before, input.timeSpentDelta ?? 0, now, deps.capTime ?? true);
      const lessonRow = await upsertLessonProgress(tx, {
        enrollmentId: enrolment.id,
        lessonId: lesson.id,
        studentId: actor.id,
        event: input.event,
        timeSpentDelta: seconds,
        videoEndProgress: VIDEO_END_PROGRESS,
        now,
      });
      const current =
        input.event === "open" ? await setLastLesson(tx, enrolment.id, lesson.id, now) : enrolment;
      await learningEvent(tx, actor, enrolment, lesson, EVENT_KIND[input.event], seconds, now);
      return { lesson: toLessonProgress(lessonRow), enrolment: toEnrolment(current) };
    });
  }
  return deps.db.transaction(async (tx) => {
    const { course, enrolment } = await enrolledAccess(tx, actor, courseId, true);
    const lesson = await lessonOfCourse(tx, course.id, lessonId);
    assertLessonOpen(lesson, enrolment, course.timeZone); // issue 27 §1
    // A quiz lesson is completed by passing the quiz (issue 4), not by Mark Complete — unless it
    // was published without questions (before issue 17): then Mark Complete completes it.
    if (input.event === "complete" && lesson.content_type === "quiz" && storedQuestions(lesson).length > 0) {
      throw new AppError("VALIDATION_FAILED", QUIZ_COMPLETE_BY_PASSING);
    }
    const now = new Date();
    const before = await findLessonProgress(tx, enrolment.id, lesson.id);
    const seconds = cappedTimeDelta(before, input.timeSpentDelta ?? 0, now, deps.capTime ?? true);
    assertMayComplete(lesson, before, seconds); // issue 16 item 6
    const result = await applyProgress(tx, deps, actor, enrolment, lesson, input.event, seconds);
    await learningEvent(tx, actor, enrolment, lesson, "complete", seconds); // issue 12
    return result;
  });
}

// --- issue 12: learning events (append-only, same transaction as the write they record) ---
/** Appends the learning event of a progress or quiz write (issue 12 §1; rollups: decision 0214). */
function learningEvent(
  tx: Executor,
  actor: SessionUser,
  enrolment: EnrolmentRow,
  lesson: LessonRow,
  kind: Parameters<typeof appendLearningEvent>[1]["kind"],
  seconds: number,
  occurredAt?: Date,
  quiz?: { score: number; passed: boolean },
): Promise<void> {
  return appendLearningEvent(tx, {
    enrollmentId: enrolment.id,
    studentId: actor.id,
    courseId: lesson.course_id,
    lessonId: lesson.id,
    kind,
    seconds,
    occurredAt,
    score: quiz?.score,
    passed: quiz?.passed,
  });
}
// --- end issue 12 ---

/** Refusal of Mark Complete on a quiz lesson. */
export const QUIZ_COMPLETE_BY_PASSING = "Pass the quiz to complete this lesson.";

/**
 * Grades a quiz on the server (issue 4 "quiz"): gradeQuiz with the lesson's pass mark (default
 * 70%). Passing completes the lesson exactly like Mark Complete (and may complete the course and
 * issue the certificate); failing records no completion. Retakes are allowed. The lesson must have
 * been opened (issue 16 item 6). `results` carries each question's correctIndex only when the
 * answers are revealed: this attempt passed, or the failed attempts reached the creator's
 * revealAfterAttempts (default 3; 0 = only after passing). Otherwise correctIndex is null.
 * @param answers questionId → chosen choice index.
 * @returns score (percent, rounded), passMark, passed, correct, total, per-question results, progress.
 * @throws AppError BAD_REQUEST (NOT_A_QUIZ), NOT_FOUND, FORBIDDEN (notEnrolled),
 *   VALIDATION_FAILED (openFirst: the quiz lesson was never opened).
 */
export async function submitQuiz(
  deps: LearningDeps,
  actor: SessionUser,
  courseId: string,
  lessonId: string,
  answers: Record<string, number>,
): Promise<QuizResult> {
  return deps.db.transaction(async (tx) => {
    const { course, enrolment } = await enrolledAccess(tx, actor, courseId, true);
    const lesson = await lessonOfCourse(tx, course.id, lessonId);
    assertLessonOpen(lesson, enrolment, course.timeZone); // issue 27 §1
    if (lesson.content_type !== "quiz") throw new AppError("BAD_REQUEST", NOT_A_QUIZ);
    assertMayComplete(lesson, await findLessonProgress(tx, enrolment.id, lesson.id));
    const questions = storedQuestions(lesson);
    const passMark = passMarkOf(lesson);
    const grade = gradeQuiz(questions, answers, passMark);
    const progress = await applyProgress(
      tx,
      deps,
      actor,
      enrolment,
      lesson,
      grade.passed ? "complete" : "time",
      0,
    );
    await learningEvent(tx, actor, enrolment, lesson, "quiz", 0, undefined, grade); // issue 12
    // issue 16 item 6: the answer key only after a pass or enough failed attempts.
    const failedAttempts = await failedQuizAttempts(tx, enrolment.id, lesson.id);
    const revealAfter = revealAfterOf(lesson);
    const revealed = grade.passed || (revealAfter > 0 && failedAttempts >= revealAfter);
    // fromEntries: every question id (whatever the creator typed) becomes an own property.
    const results: QuizResult["results"] = Object.fromEntries(
      questions.map((q) => {
        const chosen = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
        return [
          q.id,
          {
            chosen: typeof chosen === "number" ? chosen : null,
            correctIndex: revealed ? q.correctIndex : null,
            isCorrect: chosen === q.correctIndex,
          },
        ];
      }),
    );
    return {
      ...grade,
      passMark,
      results,
      progress,
      answersRevealed: revealed,
      failedAttempts,
      attemptsUntilReveal: revealed || revealAfter === 0 ? null : revealAfter - failedAttempts,
    };
  });
}

/**
 * Saves where the acting student stopped in a video lesson (issue 26 item 3: resume on any
 * device), in seconds; sent every ~5 s while playing and on leave (sendBeacon). Returned as
 * `progress.position` by getPlayerCourse.
 * @throws AppError NOT_FOUND (course, lesson), FORBIDDEN (notEnrolled), VALIDATION_FAILED (not a video lesson).
 */
export async function saveVideoPosition(
  deps: LearningDeps,
  actor: SessionUser,
  courseId: string,
  lessonId: string,
  seconds: number,
): Promise<void> {
  const { course, enrolment } = await enrolledAccess(deps.db, actor, courseId);
  const lesson = await lessonOfCourse(deps.db, course.id, lessonId);
  if (lesson.content_type !== "video") throw new AppError("VALIDATION_FAILED", "This lesson is not a video.");
  await saveVideoPositionRow(deps.db, {
    enrollmentId: enrolment.id,
    lessonId: lesson.id,
    studentId: actor.id,
    seconds: Math.round(seconds * 10) / 10,
  });
}
