import {
  type BuilderLesson,
  DEFAULT_LESSON_MINUTES,
  type LessonContent,
  type OutlineSection,
  type QuizQuestion,
} from "@academy/shared";

/**
 * Pure operations of the Course Builder structure (spec 001 §2 Course builder, §3 Builder outline
 * section, §9 Builder defaults). Every function returns a new outline and never mutates its input.
 * Durations are in minutes.
 */

export type LessonType = BuilderLesson["type"];
export type QuizContent = Extract<LessonContent, { type: "quiz" }>;
export type VideoContent = Extract<LessonContent, { type: "video" }>;
export type TextContent = Extract<LessonContent, { type: "text" }>;

/** Smallest and largest number of choices of a quiz question (COURSE_MESSAGES.quizChoices). */
export const MIN_CHOICES = 2;
export const MAX_CHOICES = 6;
/** Pass mark of a new quiz, in percent. */
export const DEFAULT_PASS_MARK = 70;

function newId(): string {
  return crypto.randomUUID();
}

/** Empty content of a lesson type: text → empty HTML, video → no source, quiz → no questions, pass mark 70 %. */
export function defaultContent(type: LessonType): LessonContent {
  if (type === "video") return { type: "video", source: null, url: null };
  if (type === "quiz") return { type: "quiz", questions: [], passMark: DEFAULT_PASS_MARK };
  return { type: "text", html: "" };
}

/** The lesson's content, or the empty content of its type when it has none or one of another type. */
export function contentOf(lesson: BuilderLesson): LessonContent {
  return lesson.content && lesson.content.type === lesson.type ? lesson.content : defaultContent(lesson.type);
}

/** Whether a lesson's content holds anything a type change would throw away. */
export function hasContent(lesson: BuilderLesson): boolean {
  const content = lesson.content;
  if (!content) return false;
  if (content.type === "text") return content.html.replace(/<[^>]*>/g, "").trim().length > 0;
  if (content.type === "video") return Boolean(content.url);
  return content.questions.length > 0;
}

/** A new section (001 §9): the given title ("New Section"), no description, no lessons. */
export function createSection(title: string): OutlineSection {
  return { id: newId(), title, description: "", duration: 0, materials: [], lessons: [] };
}

/** A new lesson (001 §9): the given title ("New Lesson"), type text, 15 minutes, empty content. */
export function createLesson(title: string): BuilderLesson {
  return {
    id: newId(),
    title,
    type: "text",
    duration: DEFAULT_LESSON_MINUTES,
    content: defaultContent("text"),
    materialId: null,
  };
}

export function addSection(outline: OutlineSection[], section: OutlineSection): OutlineSection[] {
  return [...outline, section];
}

export function addLesson(
  outline: OutlineSection[],
  sectionId: string,
  lesson: BuilderLesson,
): OutlineSection[] {
  return outline.map((s) => (s.id === sectionId ? { ...s, lessons: [...(s.lessons ?? []), lesson] } : s));
}

export function updateSection(
  outline: OutlineSection[],
  sectionId: string,
  patch: Partial<Omit<OutlineSection, "id">>,
): OutlineSection[] {
  return outline.map((s) => (s.id === sectionId ? { ...s, ...patch } : s));
}

export function removeSection(outline: OutlineSection[], sectionId: string): OutlineSection[] {
  return outline.filter((s) => s.id !== sectionId);
}

export function updateLesson(
  outline: OutlineSection[],
  lessonId: string,
  patch: Partial<Omit<BuilderLesson, "id">>,
): OutlineSection[] {
  return outline.map((s) =>
    (s.lessons ?? []).some((l) => l.id === lessonId)
      ? { ...s, lessons: s.lessons.map((l) => (l.id === lessonId ? { ...l, ...patch } : l)) }
      : s,
  );
}

export function removeLesson(outline: OutlineSection[], lessonId: string): OutlineSection[] {
  return outline.map((s) =>
    (s.lessons ?? []).some((l) => l.id === lessonId)
      ? { ...s, lessons: s.lessons.filter((l) => l.id !== lessonId) }
      : s,
  );
}

/** Changes a lesson's type; its content becomes the empty content of the new type. */
export function changeLessonType(
  outline: OutlineSection[],
  lessonId: string,
  type: LessonType,
): OutlineSection[] {
  return updateLesson(outline, lessonId, { type, content: defaultContent(type) });
}

/** Where a lesson is: its section's index and id and its index in that section, or null. */
export function findLesson(
  outline: OutlineSection[],
  lessonId: string,
): { sectionIndex: number; sectionId: string; lessonIndex: number } | null {
  for (let sectionIndex = 0; sectionIndex < outline.length; sectionIndex++) {
    const section = outline[sectionIndex]!;
    const lessonIndex = (section.lessons ?? []).findIndex((l) => l.id === lessonId);
    if (lessonIndex >= 0) return { sectionIndex, sectionId: section.id, lessonIndex };
  }
  return null;
}

function arrayMove<T>(items: T[], from: number, to: number): T[] {
  const copy = items.slice();
  const [item] = copy.splice(from, 1);
  if (item === undefined) return items;
  copy.splice(to, 0, item);
  return copy;
}

/** Moves the section at `from` to index `to` (clamped). Unknown indexes leave the outline as it is. */
export function moveSection(outline: OutlineSection[], from: number, to: number): OutlineSection[] {
  if (from < 0 || from >= outline.length) return outline;
  const target = Math.max(0, Math.min(outline.length - 1, to));
  return from === target ? outline : arrayMove(outline, from, target);
}

/** Moves a section one place up (delta -1) or down (delta 1). */
export function moveSectionBy(outline: OutlineSection[], sectionId: string, delta: number): OutlineSection[] {
  const from = outline.findIndex((s) => s.id === sectionId);
  if (from < 0) return outline;
  return moveSection(outline, from, from + delta);
}

/**
 * Moves a lesson to `toSectionId` at `toIndex` (clamped to the target's length; in the same section
 * the index counts the lessons as they are after taking the lesson out). Reorders within a section
 * and moves between sections.
 */
export function moveLesson(
  outline: OutlineSection[],
  lessonId: string,
  toSectionId: string,
  toIndex: number,
): OutlineSection[] {
  const from = findLesson(outline, lessonId);
  if (!from || !outline.some((s) => s.id === toSectionId)) return outline;
  const lesson = outline[from.sectionIndex]!.lessons[from.lessonIndex]!;
  const without = outline.map((s, i) =>
    i === from.sectionIndex ? { ...s, lessons: s.lessons.filter((l) => l.id !== lessonId) } : s,
  );
  return without.map((s) => {
    if (s.id !== toSectionId) return s;
    const lessons = (s.lessons ?? []).slice();
    lessons.splice(Math.max(0, Math.min(lessons.length, toIndex)), 0, lesson);
    return { ...s, lessons };
  });
}

/**
 * Moves a lesson one place up (delta -1) or down (delta 1). At the edge of its section it crosses
 * into the neighbouring section (the end of the previous one, the start of the next one); at the
 * edge of the course nothing changes.
 */
export function moveLessonBy(outline: OutlineSection[], lessonId: string, delta: -1 | 1): OutlineSection[] {
  const at = findLesson(outline, lessonId);
  if (!at) return outline;
  const section = outline[at.sectionIndex]!;
  const target = at.lessonIndex + delta;
  if (target >= 0 && target < section.lessons.length)
    return moveLesson(outline, lessonId, section.id, target);
  const neighbour = outline[at.sectionIndex + delta];
  if (!neighbour) return outline;
  return moveLesson(outline, lessonId, neighbour.id, delta < 0 ? (neighbour.lessons ?? []).length : 0);
}

/** Whether a lesson can move up or down (see moveLessonBy). */
export function lessonMoves(outline: OutlineSection[], lessonId: string): { up: boolean; down: boolean } {
  const at = findLesson(outline, lessonId);
  if (!at) return { up: false, down: false };
  const isFirstSection = at.sectionIndex === 0;
  const isLastSection = at.sectionIndex === outline.length - 1;
  const count = outline[at.sectionIndex]!.lessons.length;
  return {
    up: at.lessonIndex > 0 || !isFirstSection,
    down: at.lessonIndex < count - 1 || !isLastSection,
  };
}

/** Minutes of a section: the sum of its lessons, or its own duration while it has no lessons. */
export function sectionMinutes(section: OutlineSection): number {
  const lessons = section.lessons ?? [];
  if (lessons.length === 0) return section.duration ?? 0;
  return lessons.reduce((sum, l) => sum + (l.duration ?? 0), 0);
}

/** Totals shown above the structure: sections, lessons and minutes. */
export function outlineTotals(outline: OutlineSection[]): {
  sections: number;
  lessons: number;
  minutes: number;
} {
  return {
    sections: outline.length,
    lessons: outline.reduce((sum, s) => sum + (s.lessons ?? []).length, 0),
    minutes: outline.reduce((sum, s) => sum + sectionMinutes(s), 0),
  };
}

// ── Quiz content ────────────────────────────────────────────────────────────────────────────────

/** A new question: empty text, two empty choices, the first one correct. */
export function createQuestion(): QuizQuestion {
  return { id: newId(), question: "", choices: ["", ""], correctIndex: 0 };
}

/** Adds a choice (at most MAX_CHOICES). */
export function addChoice(question: QuizQuestion): QuizQuestion {
  if (question.choices.length >= MAX_CHOICES) return question;
  return { ...question, choices: [...question.choices, ""] };
}

/**
 * Removes a choice (never below MIN_CHOICES) and keeps `correctIndex` pointing at the same answer:
 * a choice removed before the correct one shifts it down; removing the correct one selects the
 * first choice.
 */
export function removeChoice(question: QuizQuestion, index: number): QuizQuestion {
  if (question.choices.length <= MIN_CHOICES || index < 0 || index >= question.choices.length)
    return question;
  const choices = question.choices.filter((_, i) => i !== index);
  let correctIndex = question.correctIndex;
  if (index < correctIndex) correctIndex -= 1;
  else if (index === correctIndex) correctIndex = 0;
  return { ...question, choices, correctIndex: Math.min(correctIndex, choices.length - 1) };
}

export function setChoice(question: QuizQuestion, index: number, text: string): QuizQuestion {
  return { ...question, choices: question.choices.map((c, i) => (i === index ? text : c)) };
}

/** A pass mark typed by the user: an integer from 1 to 100; anything else gives the default 70. */
export function parsePassMark(value: unknown): number {
  const n = Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(n)) return DEFAULT_PASS_MARK;
  return Math.max(1, Math.min(100, n));
}
