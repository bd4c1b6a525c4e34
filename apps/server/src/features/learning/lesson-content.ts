import { DEFAULT_PASS_MARK, DEFAULT_REVEAL_AFTER_ATTEMPTS, readingSeconds } from "@academy/shared";
import type { LessonRow } from "./learning.queries.ts";

// Readers of a lesson's content_data (as the course builder stored it): quiz questions and their
// settings, reading time, video address, attached materials. Malformed values read as absent.

/** A quiz question as stored in lessons.content_data (with its answer key). */
export interface StoredQuestion {
  id: string;
  question: string;
  choices: string[];
  correctIndex: number;
}

/** A lesson's content_data as an object ({} when it is not one). */
export function contentData(lesson: LessonRow): Record<string, unknown> {
  const data = lesson.content_data;
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The value when it is a string, else null. */
export const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The stored quiz questions of a lesson, with their answer key (malformed entries are left out). */
export function storedQuestions(lesson: LessonRow): StoredQuestion[] {
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
export function revealAfterOf(lesson: LessonRow): number {
  const n = contentData(lesson).revealAfterAttempts;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 20
    ? n
    : DEFAULT_REVEAL_AFTER_ATTEMPTS;
}

/** An uploaded (not YouTube/Vimeo) video lesson: its completion needs its end or its length. */
export function isUploadedVideo(lesson: LessonRow): boolean {
  return lesson.content_type === "video" && contentData(lesson).source === "upload";
}

/**
 * Study seconds a lesson needs before completion (issue 25 item 5, finding #6): a text lesson's
 * readingSeconds of its HTML (20% of its words at 250 wpm, at most 300 s); 0 for other types.
 */
export function requiredReadingSeconds(lesson: LessonRow): number {
  if (lesson.content_type !== "text") return 0;
  return readingSeconds(text(contentData(lesson).html) ?? "");
}

/** The quiz pass mark in percent: the creator's (1–100), else DEFAULT_PASS_MARK (70). */
export function passMarkOf(lesson: LessonRow): number {
  const mark = contentData(lesson).passMark;
  return typeof mark === "number" && Number.isInteger(mark) && mark >= 1 && mark <= 100
    ? mark
    : DEFAULT_PASS_MARK;
}

/** The stored video address of a video lesson, or null. */
export function videoUrlOf(lesson: LessonRow): string | null {
  return lesson.content_type === "video"
    ? (text(contentData(lesson).url) ?? lesson.content_url ?? null)
    : null;
}

/** Material ids of a lesson: its own, then its section's (issue 17 item 11). */
export function materialIdsOf(lesson: LessonRow): string[] {
  const data = contentData(lesson);
  const own = typeof data.materialId === "string" ? [data.materialId] : [];
  const section = Array.isArray(data.sectionMaterials)
    ? data.sectionMaterials.filter((id): id is string => typeof id === "string")
    : [];
  return [...new Set([...own, ...section])];
}
