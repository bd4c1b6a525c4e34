import type { BuilderLesson, LessonContent, OutlineSection } from "../schemas/courses.ts";

/**
 * Lessons that cannot be learned yet (issue 17 item 1, decision 0170). A generated outline gives
 * lesson slots without content; published as they are, the player shows "Lesson content coming
 * soon" and a quiz without questions could never be passed. Publishing refuses until each is
 * filled or removed. Pure functions, no I/O.
 */

/** Why a lesson needs content: a quiz without questions, a video without a video, an empty text. */
export type MissingContentReason = "quiz" | "video" | "text" | "section";

/** One lesson (or lesson-less section, published as one empty lesson) that needs content. */
export interface LessonNeedingContent {
  sectionIndex: number;
  /** null for a section without lessons. */
  lessonIndex: number | null;
  sectionId: string;
  /** The lesson's id; for a section without lessons, the section's id. */
  lessonId: string;
  title: string;
  reason: MissingContentReason;
}

/** True when lesson HTML has nothing to read: no text, no image. */
export function isBlankLessonHtml(html: string): boolean {
  if (/<(img|video|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;|\u00a0/g, "")
      .trim() === ""
  );
}

/**
 * True when the lesson has something to learn for its type: a text lesson non-blank HTML, a video
 * lesson a video URL, a quiz at least one question. Content of another type counts as none.
 */
export function lessonHasContent(type: BuilderLesson["type"], content: LessonContent | undefined): boolean {
  if (!content || content.type !== type) return false;
  if (content.type === "text") return !isBlankLessonHtml(content.html);
  if (content.type === "video") return Boolean(content.url);
  return content.questions.length > 0;
}

/**
 * The lessons of an outline that need content before publishing, in course order.
 * A section without lessons is published as one empty text lesson, so it is listed too
 * (reason "section").
 */
export function lessonsWithoutContent(outline: readonly OutlineSection[]): LessonNeedingContent[] {
  const missing: LessonNeedingContent[] = [];
  outline.forEach((section, sectionIndex) => {
    if (section.lessons.length === 0) {
      missing.push({
        sectionIndex,
        lessonIndex: null,
        sectionId: section.id,
        lessonId: section.id,
        title: section.title,
        reason: "section",
      });
      return;
    }
    section.lessons.forEach((lesson, lessonIndex) => {
      if (lessonHasContent(lesson.type, lesson.content)) return;
      missing.push({
        sectionIndex,
        lessonIndex,
        sectionId: section.id,
        lessonId: lesson.id,
        title: lesson.title,
        reason: lesson.type,
      });
    });
  });
  return missing;
}

/** The issue path of a lesson needing content, as the publish error lists it: "outline.1.lessons.2". */
export function missingContentPath(item: LessonNeedingContent): string {
  return item.lessonIndex === null
    ? `outline.${item.sectionIndex}`
    : `outline.${item.sectionIndex}.lessons.${item.lessonIndex}`;
}
