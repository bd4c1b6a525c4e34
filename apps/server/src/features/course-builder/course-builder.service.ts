import {
  type BuilderCourse,
  COURSE_MESSAGES,
  type CourseDraft,
  courseSlug,
  hoursToMinutes,
  isFreePrice,
  type LessonContent,
  type LessonNeedingContent,
  lessonsWithoutContent,
  MODERATION_MESSAGES,
  minutesToHours,
  missingContentPath,
  type OutlineSection,
  type SavedDraft,
  schoolSlug,
  shortDescription,
  shownGuaranteeDays,
  uniqueSlug,
} from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { isActiveSubject } from "../admin/admin.service.ts";
import { assertCreator, getOwnedCourse } from "../courses/courses.service.ts";
import { paymentSetup } from "../payments/methods.service.ts";
import { defaultSchoolName } from "../schools/schools.service.ts";
import { fileUrlsOwnedBy } from "../uploads/uploads.service.ts";
import {
  type DraftRow,
  deleteDraft,
  findDraft,
  findSchoolOfCreator,
  insertCourseRow,
  insertSchool,
  type LessonValues,
  lessonIdsOfCourse,
  recomputeCourseProgress,
  schoolSlugTaken,
  slugsTaken,
  syncLessons,
  updateCourse,
  upsertDraft,
} from "./course-builder.queries.ts";

import { classifyVideoUrl, sanitizeLessonHtml } from "./sanitize.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function draftToDto(row: DraftRow): SavedDraft {
  return {
    courseId: row.course_id,
    title: row.title,
    description: row.description,
    category: row.category as SavedDraft["category"],
    subjectId: row.subject_id ?? null,
    skillLevel: row.skill_level as SavedDraft["skillLevel"],
    targetAudience: row.target_audience as SavedDraft["targetAudience"],
    estimatedDuration: row.estimated_duration,
    price: row.price,
    currency: row.currency as SavedDraft["currency"],
    guaranteeDays: row.guarantee_days ?? null,
    thumbnailUrl: row.thumbnail_url,
    outline: (row.outline as OutlineSection[]) ?? [],
    materials: (row.materials as string[]) ?? [],
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The acting creator's saved draft (001 §3 Course draft) for a course, or for a new course when
 * `courseId` is null; null when there is none. @throws AppError FORBIDDEN, NOT_FOUND
 */
export async function getDraft(
  db: Db,
  actor: SessionUser,
  courseId: string | null,
): Promise<SavedDraft | null> {
  if (courseId) await getOwnedCourse(db, actor, courseId);
  else await assertCreator(db, actor);
  const row = await findDraft(db, actor.id, courseId);
  return row ? draftToDto(row) : null;
}

/**
 * Save Draft (001 §7 upsert course_drafts; "Draft Saved"). Uploaded lesson videos must be the
 * actor's own uploads (issue 25 N4). @throws AppError FORBIDDEN, NOT_FOUND, VALIDATION_FAILED
 * (COURSE_MESSAGES.fileNotYours, see assertLessonFilesOwned)
 */
export async function saveDraft(db: Db, actor: SessionUser, draft: CourseDraft): Promise<SavedDraft> {
  if (draft.courseId) await getOwnedCourse(db, actor, draft.courseId);
  else await assertCreator(db, actor);
  await assertLessonFilesOwned(db, actor.id, draft.outline);
  const row = await upsertDraft(db, {
    creator_id: actor.id,
    course_id: draft.courseId,
    title: draft.title,
    description: draft.description,
    category: draft.category,
    subject_id: draft.subjectId,
    skill_level: draft.skillLevel,
    target_audience: draft.targetAudience,
    estimated_duration: draft.estimatedDuration,
    price: draft.price,
    currency: draft.currency,
    guarantee_days: draft.guaranteeDays,
    thumbnail_url: draft.thumbnailUrl,
    outline: draft.outline,
    materials: draft.materials,
    course_structure: draft.outline,
  });
  return draftToDto(row);
}

export async function discardDraft(db: Db, actor: SessionUser, courseId: string | null): Promise<void> {
  if (courseId) await getOwnedCourse(db, actor, courseId);
  else await assertCreator(db, actor);
  await deleteDraft(db, actor.id, courseId);
}

/**
 * A published or unpublished course in the builder's shape, for editing (001 §2 "Course Loaded").
 * estimatedDuration is converted back to hours. @throws AppError FORBIDDEN, NOT_FOUND
 */
export async function loadCourseForBuilder(
  db: Db,
  actor: SessionUser,
  courseId: string,
): Promise<BuilderCourse> {
  const course = await getOwnedCourse(db, actor, courseId);
  return {
    courseId: course.id,
    slug: course.slug,
    isPublished: course.is_published,
    title: course.title,
    description: course.description ?? "",
    category: (course.category as BuilderCourse["category"]) ?? null,
    subjectId: course.subject_id ?? null,
    skillLevel: (course.skill_level as BuilderCourse["skillLevel"]) ?? "beginner",
    targetAudience: (course.target_audience as BuilderCourse["targetAudience"]) ?? "adults",
    estimatedDuration: minutesToHours(course.estimated_duration),
    price: Number(course.price),
    currency: course.currency as BuilderCourse["currency"],
    guaranteeDays: course.guarantee_days ?? null,
    thumbnailUrl: course.thumbnail_url,
    outline: Array.isArray(course.course_structure) ? (course.course_structure as OutlineSection[]) : [],
    // The materials used by the published structure (lessons' and sections'): selected again.
    materials: materialsOfStructure(course.course_structure),
  };
}

/** Material ids attached to the lessons and sections of a stored structure, each once. */
function materialsOfStructure(structure: unknown): string[] {
  if (!Array.isArray(structure)) return [];
  const ids = new Set<string>();
  for (const section of structure as OutlineSection[]) {
    for (const id of section.materials ?? []) ids.add(id);
    for (const lesson of section.lessons ?? []) if (lesson.materialId) ids.add(lesson.materialId);
  }
  return [...ids];
}

/** Checks and cleans one lesson's content: sanitized HTML, a known video source, a valid quiz. */
function cleanContent(
  type: string,
  content: LessonContent | undefined,
): { content: LessonContent; contentUrl: string | null } {
  if (type === "video") {
    const url = content?.type === "video" ? content.url : null;
    if (!url) return { content: { type: "video", source: null, url: null }, contentUrl: null };
    const video = classifyVideoUrl(url);
    if (!video) throw new AppError("VALIDATION_FAILED", COURSE_MESSAGES.videoUrlInvalid);
    return { content: { type: "video", ...video }, contentUrl: video.url };
  }
  if (type === "quiz") {
    const quiz = content?.type === "quiz" ? content : { type: "quiz" as const, questions: [], passMark: 70 };
    return { content: quiz, contentUrl: null };
  }
  const html = content?.type === "text" ? sanitizeLessonHtml(content.html) : "";
  return { content: { type: "text", html }, contentUrl: null };
}

/**
 * Publish (001 §7, issue 3 item 7). In one transaction: creates the creator's school on first
 * publish (name "<e-mail local part> Academy", slug "<first 8 of user id>-academy"); creates the
 * course or updates it in place (DESIGN §5: never a second copy); slug from the title, made
 * unique; short description = first 150 characters; estimated_duration = hours × 60 (minutes);
 * guarantee_days = the builder's money-back guarantee (days) for a paid course, null for a free one;
 * one lesson row per builder lesson (a section without lessons becomes one lesson); lessons that
 * still exist keep their ids (and their students' progress); total_lessons; is_published true.
 * The draft is removed. @returns the course id, slug and the structure with the stored lesson ids.
 * Uploaded lesson videos must be the creator's own uploads (issue 25 N4, assertLessonFilesOwned).
 * @throws AppError FORBIDDEN (students), NOT_FOUND (another creator's course), VALIDATION_FAILED
 */
export async function publishCourse(
  db: Db,
  actor: SessionUser,
  draft: CourseDraft,
): Promise<{
  courseId: string;
  slug: string;
  outline: OutlineSection[];
  created: boolean;
  paymentReady: boolean;
}> {
  const existing = draft.courseId ? await getOwnedCourse(db, actor, draft.courseId) : undefined;
  // An admin took it down (issue 24 §4): it stays down until a review request is approved.
  if (existing?.taken_down_at) throw new AppError("FORBIDDEN", MODERATION_MESSAGES.courseTakenDown);
  if (!existing) await assertCreator(db, actor);
  const title = draft.title.trim();
  if (!title) throw new AppError("VALIDATION_FAILED", COURSE_MESSAGES.titleRequired);
  // A newly picked subject must be an active one (a course may keep one deactivated since).
  if (
    draft.subjectId &&
    draft.subjectId !== existing?.subject_id &&
    !(await isActiveSubject(db, draft.subjectId))
  ) {
    throw new AppError("VALIDATION_FAILED", "Please choose a subject from the list.");
  }
  assertEveryLessonHasContent(draft.outline);

  // Flatten the structure into lesson rows (section without lessons → one lesson).
  const rows: Array<LessonValues & { sectionIndex: number; lessonIndex: number | null }> = [];
  draft.outline.forEach((section, sectionIndex) => {
    // Issue 27 §1: every lesson carries its section's id and release rule.
    const drip = {
      section_key: section.id,
      release_after_days: section.release?.kind === "days" ? section.release.days : null,
      release_on: section.release?.kind === "date" ? section.release.date : null,
    };
    if (section.lessons.length === 0) {
      rows.push({
        ...drip,
        sectionIndex,
        lessonIndex: null,
        id: section.id,
        title: section.title,
        slug: "",
        description: section.description || null,
        order_index: rows.length,
        duration: section.duration,
        content_type: "text",
        content_url: null,
        content_data: { type: "text", html: "" },
      });
      return;
    }
    section.lessons.forEach((lesson, lessonIndex) => {
      const { content, contentUrl } = cleanContent(lesson.type, lesson.content);
      rows.push({
        ...drip,
        sectionIndex,
        lessonIndex,
        id: lesson.id,
        title: lesson.title,
        slug: "",
        description: section.title,
        order_index: rows.length,
        duration: lesson.duration,
        content_type: lesson.type,
        content_url: contentUrl,
        // The lesson's material and its section's materials reach the player as resources (issue 17 item 11).
        content_data: {
          ...content,
          materialId: lesson.materialId ?? null,
          sectionMaterials: section.materials,
          section: section.title,
        },
      });
    });
  });
  if (rows.length > 1000) throw new AppError("VALIDATION_FAILED", COURSE_MESSAGES.tooManyLessons);
  // The course's creator is the actor (getOwnedCourse); its lessons use only their uploads (N4).
  await assertLessonFilesOwned(db, actor.id, draft.outline);
  const lessonSlugs = new Set<string>();
  for (const row of rows) {
    row.slug = uniqueSlug(courseSlug(row.title), lessonSlugs);
    lessonSlugs.add(row.slug);
  }

  const published = await db.transaction(async (tx) => {
    const school = await ensureSchool(tx, actor);
    const base = courseSlug(title);
    const fields = {
      title,
      description: draft.description,
      short_description: shortDescription(draft.description),
      category: draft.category,
      subject_id: draft.subjectId,
      skill_level: draft.skillLevel,
      target_audience: draft.targetAudience,
      estimated_duration: hoursToMinutes(draft.estimatedDuration),
      total_lessons: rows.length,
      is_published: true,
      thumbnail_url: draft.thumbnailUrl,
      is_free: isFreePrice(draft.price),
      currency: draft.currency,
      price: draft.price,
      // Issue 24 §3: a free course has no money-back guarantee.
      guarantee_days: shownGuaranteeDays(draft.price, draft.guaranteeDays),
      school_id: existing?.school_id ?? school.id,
    };
    let courseId: string;
    let slug: string;
    if (existing) {
      slug = new RegExp(`^${base}(-\\d+)?$`).test(existing.slug)
        ? existing.slug
        : uniqueSlug(base, await slugsTaken(tx, base, existing.id));
      courseId = (await updateCourse(tx, existing.id, { ...fields, slug })).id;
    } else {
      slug = uniqueSlug(base, await slugsTaken(tx, base));
      courseId = (await insertCourseRow(tx, { ...fields, slug, creator_id: actor.id })).id;
    }
    // An id is kept only for a lesson of this course, and only once (a repeated id is a new lesson).
    const ownIds = existing ? await lessonIdsOfCourse(tx, courseId) : new Set<string>();
    const usedIds = new Set<string>();
    const keepId = (id: string | undefined) => {
      if (!id || !UUID.test(id) || !ownIds.has(id) || usedIds.has(id)) return undefined;
      usedIds.add(id);
      return id;
    };
    const ids = await syncLessons(
      tx,
      courseId,
      rows.map(({ sectionIndex: _s, lessonIndex: _l, ...row }) => ({
        ...row,
        id: keepId(row.id),
      })),
    );
    // The stored structure carries the lesson ids as stored.
    const outline: OutlineSection[] = draft.outline.map((section) => ({
      ...section,
      lessons: section.lessons.map((l) => ({ ...l })),
    }));
    rows.forEach((row, i) => {
      if (row.lessonIndex === null) outline[row.sectionIndex].id = ids[i];
      else {
        const lesson = outline[row.sectionIndex].lessons[row.lessonIndex];
        lesson.id = ids[i];
        lesson.content = cleanStored(row.content_data);
      }
    });
    await updateCourse(tx, courseId, { course_structure: outline });
    if (existing) await recomputeCourseProgress(tx, courseId);
    await deleteDraft(tx, actor.id, draft.courseId);
    if (!draft.courseId) await deleteDraft(tx, actor.id, null);
    return { courseId, slug, outline, created: !existing };
  });
  // Issue 11 §2: a paid course nobody can pay for is published, and the answer says so.
  const paymentReady = isFreePrice(draft.price) || (await paymentSetup(db, published.courseId)).ready;
  return { ...published, paymentReady };
}

/**
 * GET /api/courses/{id}/payment-setup (issue 11 §2): whether buyers can pay for the course and the
 * landing page to set payment up on; the builder asks before publishing a paid course.
 * @throws AppError NOT_FOUND (not the actor's course)
 */
export async function getPaymentSetup(db: Db, actor: SessionUser, courseId: string) {
  await getOwnedCourse(db, actor, courseId);
  return paymentSetup(db, courseId);
}

const MISSING_CONTENT_MESSAGE: Record<LessonNeedingContent["reason"], string> = {
  quiz: COURSE_MESSAGES.quizHasNoQuestions,
  video: COURSE_MESSAGES.videoHasNoVideo,
  text: COURSE_MESSAGES.textIsEmpty,
  section: COURSE_MESSAGES.sectionHasNoLessons,
};

/**
 * Publishing refuses a course with lessons nobody could learn (issue 17 item 1, decision 0170):
 * a quiz without questions, a video lesson without a video, an empty text lesson, a section
 * without lessons. @throws AppError VALIDATION_FAILED (COURSE_MESSAGES.lessonsNeedContent) with
 * one issue per lesson: path "outline.{s}.lessons.{l}" (or "outline.{s}" for a section), message.
 */
function assertEveryLessonHasContent(outline: OutlineSection[]): void {
  const missing = lessonsWithoutContent(outline);
  if (missing.length === 0) return;
  throw new AppError(
    "VALIDATION_FAILED",
    COURSE_MESSAGES.lessonsNeedContent,
    missing.map((item) => ({
      path: missingContentPath(item),
      message: MISSING_CONTENT_MESSAGE[item.reason],
    })),
  );
}

/**
 * A course may only use files its creator uploaded (issue 25 N4): every lesson video that is an
 * app file address (`/files/<key>`) must be a stored file whose owner is `ownerId`. Links to
 * YouTube or Vimeo are not files; materials are the creator's own by construction (a material is
 * made only from its creator's upload, and the player shows only the creator's materials).
 * @throws AppError VALIDATION_FAILED (COURSE_MESSAGES.fileNotYours) with one issue per lesson:
 *   path "outline.{s}.lessons.{l}", message `Lesson "<title>" uses a file that is not one of your uploads.`
 */
async function assertLessonFilesOwned(db: Db, ownerId: string, outline: OutlineSection[]): Promise<void> {
  const videos: Array<{ path: string; title: string; url: string }> = [];
  outline.forEach((section, s) => {
    (section.lessons ?? []).forEach((lesson, l) => {
      const url = lesson.content?.type === "video" ? lesson.content.url : undefined;
      const video = url ? classifyVideoUrl(url) : undefined;
      if (video?.source === "upload")
        videos.push({ path: `outline.${s}.lessons.${l}`, title: lesson.title, url: video.url });
    });
  });
  if (videos.length === 0) return;
  const owned = await fileUrlsOwnedBy(
    db,
    ownerId,
    videos.map((video) => video.url),
  );
  const foreign = videos.filter((video) => !owned.has(video.url));
  if (foreign.length === 0) return;
  throw new AppError(
    "VALIDATION_FAILED",
    COURSE_MESSAGES.fileNotYours,
    foreign.map((video) => ({
      path: video.path,
      message: `Lesson "${video.title}" uses a file that is not one of your uploads.`,
    })),
  );
}

function cleanStored(data: unknown): LessonContent {
  const { materialId: _m, section: _s, sectionMaterials: _sm, ...content } = data as Record<string, unknown>;
  return content as LessonContent;
}

async function ensureSchool(tx: Executor, actor: SessionUser) {
  const found = await findSchoolOfCreator(tx, actor.id);
  if (found) return found;
  let slug = schoolSlug(actor.id);
  for (let n = 2; await schoolSlugTaken(tx, slug); n++) slug = `${schoolSlug(actor.id)}-${n}`;
  const name = await defaultSchoolName(tx, actor);
  return insertSchool(tx, {
    creator_id: actor.id,
    name,
    slug,
    description: `${name} on Academy`,
    is_active: true,
  });
}
