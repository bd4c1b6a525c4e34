import { type PlayerCourse, type PlayerLesson, safeTimeZone, type VideoStream } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import type { SessionUser } from "../../lib/http.ts";
import { courseMaterialResources, type MaterialResource } from "../materials/materials.service.ts";
import { fileUrlsOwnedBy, signFileUrl } from "../uploads/uploads.service.ts";
import { videoStreams } from "../videos/videos.service.ts";
import {
  type LessonProgressRow,
  type LessonRow,
  progressOfEnrolment,
  publishedLessons,
} from "./learning.queries.ts";
import { enrolledAccess, lessonLockedUntil } from "./learning-access.ts";
import {
  contentData,
  materialIdsOf,
  passMarkOf,
  requiredReadingSeconds,
  storedQuestions,
  text,
  videoUrlOf,
} from "./lesson-content.ts";
import { toEnrolment, toLessonProgress } from "./lesson-progress.ts";

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
