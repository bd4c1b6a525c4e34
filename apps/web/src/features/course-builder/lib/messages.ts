import type { ErrorIssue, OutlineSection } from "@academy/shared";
import { COURSE_MESSAGES, MAPPED_ERROR_TEXT } from "@academy/shared";
import { INVALID_IMAGE_MESSAGE } from "@academy/shared/rules/upload-areas";
import type { TFunction } from "i18next";

const COURSE_KEY = new Map(Object.entries(COURSE_MESSAGES).map(([key, text]) => [text as string, key]));
const MAPPED_KEY = new Map(Object.entries(MAPPED_ERROR_TEXT).map(([key, text]) => [text as string, key]));
const TOO_LARGE = /^File size must be less than (\d+)MB$/;

/**
 * The text to show for a message from the shared schemas or the server, in the UI language:
 * COURSE_MESSAGES (builder:validation.*), the upload refusals (builder:thumbnail.*), the generic
 * error mapping (common:errors.*, spec 001 §8). Any other message is shown as the server wrote it.
 */
export function translateMessage(t: TFunction, message: string): string {
  const courseKey = COURSE_KEY.get(message);
  if (courseKey) return t(`builder:validation.${courseKey}`);
  if (message === INVALID_IMAGE_MESSAGE) return t("builder:thumbnail.invalidType");
  const tooLarge = TOO_LARGE.exec(message);
  if (tooLarge) return t("builder:thumbnail.tooLarge", { mb: Number(tooLarge[1]) });
  const mappedKey = MAPPED_KEY.get(message);
  if (mappedKey) return t(`common:errors.${mappedKey}`);
  return message;
}

/** Whether a message is one the builder knows (a schema rule), not a server or network failure text. */
export function isCourseMessage(message: string): boolean {
  return COURSE_KEY.has(message);
}

/**
 * The titles of the lessons the server's issues point at (paths "outline.{s}.lessons.{l}", e.g. of
 * COURSE_MESSAGES.fileNotYours, issue 25 N4) in the outline that was sent, each once, in order.
 */
export function lessonTitlesOf(issues: readonly ErrorIssue[], outline: readonly OutlineSection[]): string[] {
  const titles = issues.flatMap((issue) => {
    const match = /^outline\.(\d+)\.lessons\.(\d+)$/.exec(String(issue.path));
    const lesson = match ? outline[Number(match[1])]?.lessons[Number(match[2])] : undefined;
    return lesson ? [lesson.title] : [];
  });
  return [...new Set(titles)];
}
