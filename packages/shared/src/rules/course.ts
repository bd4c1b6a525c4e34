/**
 * Course rules (spec 001 §5 course slug and duration, §9 Builder; 000 §4, §5, §9).
 * Pure functions, no I/O.
 */
import type { CourseDraft } from "../schemas/courses.ts";

/** Short description length (001 §5, §9): the first 150 characters of the description. */
export const SHORT_DESCRIPTION_LENGTH = 150;
/** Default duration of a new builder lesson, in minutes (001 §9). */
export const DEFAULT_LESSON_MINUTES = 15;
/** Defaults of a section added in the AI Outline tab (000 §2): "New Section", 30 minutes. */
export const NEW_SECTION_MINUTES = 30;
/** The two-section default outline used when generation fails or returns nothing (000 §4, §9). */
export const FALLBACK_SECTION_MINUTES = [45, 90] as const;
/** Course card description cut (000 §9). */
export const CARD_DESCRIPTION_LENGTH = 100;

/**
 * Course slug (001 §5): title lower-cased, spaces to hyphens, other non-alphanumerics removed.
 * Vietnamese letters are folded to ASCII first ("Tiếng Việt" → "tieng-viet") so slugs stay
 * readable in URLs; hyphen runs are collapsed and trimmed. Never empty: "course" for a title
 * with no letters or digits.
 */
export function courseSlug(title: string): string {
  const slug = foldVietnamese(title)
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "course";
}

/** Removes Vietnamese (and other Latin) diacritics: "Đường" → "Duong". */
export function foldVietnamese(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D");
}

/** Short description (001 §5): the first 150 characters of the description. */
export function shortDescription(description: string | null | undefined): string {
  return (description ?? "").slice(0, SHORT_DESCRIPTION_LENGTH);
}

/** Estimated duration entered in hours, stored in minutes (001 §3, §9: hours × 60), rounded. */
export function hoursToMinutes(hours: number): number {
  if (!Number.isFinite(hours) || hours < 0) return 0;
  return Math.round(hours * 60);
}

export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/**
 * Duration input (001 §5, 000 §5): parsed as an integer, 0 when not numeric.
 * @param value what the user typed; "12.7" → 12, "abc" → 0, "-3" → 0.
 */
export function parseMinutes(value: unknown): number {
  const n = Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A course is free when its price is 0, empty or negative (000 §2 "Free" when 0 or less). */
export function isFreePrice(price: number | null | undefined): boolean {
  return !price || price <= 0;
}

/** Makes `base` unique against `taken` by appending -2, -3 … (publish: "made unique"). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * A school's name before its creator chose one in Branding (issue 24 §6, a departure from 001 §7's
 * "{e-mail local part} Academy"): the creator's display name — "Lan Nguyen's School", or in
 * Vietnamese "Trường học của Lan Nguyen" — never anything from the e-mail address. Without a
 * name, "My School" / "Trường học của tôi".
 * @param displayName the creator's profile name (or the name they signed up with).
 * @param locale the creator's language.
 */
export function schoolName(displayName: string | null | undefined, locale: "en" | "vi"): string {
  const name = (displayName ?? "").trim().replace(/\s+/g, " ").slice(0, 80);
  if (!name) return locale === "vi" ? "Trường học của tôi" : "My School";
  return locale === "vi" ? `Trường học của ${name}` : `${name}'s School`;
}

/** School slug on first publish (001 §7): the first 8 characters of the user id + "-academy". */
export function schoolSlug(userId: string): string {
  return `${userId.slice(0, 8).toLowerCase()}-academy`;
}

/** Slug of a duplicate (000 §7): "{slug}-copy-{timestamp}" (timestamp in milliseconds). */
export function duplicateSlug(slug: string, now: number): string {
  return `${slug}-copy-${now}`;
}

const COPY_SUFFIX = / \(Copy(?: \d+)?\)$/;

/** The title a copy is named after: the title without a trailing " (Copy)" or " (Copy N)". */
export function duplicateRoot(title: string): string {
  return title.replace(COPY_SUFFIX, "");
}

/**
 * Title of a duplicate (000 §7 "{title} (Copy)"; issue 17 item 10): "{root} (Copy)", then
 * "{root} (Copy 2)", "{root} (Copy 3)" … — the first not among `taken` (the creator's titles).
 * Copying a copy numbers from the same root ("X (Copy)" → "X (Copy 2)"). Capped at 200 characters
 * by cutting the root.
 */
export function duplicateTitle(title: string, taken: ReadonlySet<string> = new Set()): string {
  const root = duplicateRoot(title);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " (Copy)" : ` (Copy ${n})`;
    const candidate = `${root.slice(0, 200 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Cuts text to `max` characters with an ellipsis when longer. */
export function cutText(text: string | null | undefined, max: number): string {
  const value = text ?? "";
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}

/** Bulk course actions (000 §2, §4, §5): the actions and their texts (zod-free for the course list page). */
export const BULK_ACTIONS = ["publish", "unpublish", "duplicate", "email"] as const;
export const BULK_MESSAGES = {
  missingSelection: "Please select courses and an action.",
  invalidAction: "Invalid action selected",
  messageRequired: "Please write the message to send.",
} as const;

/** Course Information choices and course/lesson/material kinds (zod-free: the builder page loads without zod). */
export const CATEGORIES = ["language", "programming", "business", "creative", "science"] as const;
export const SKILL_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export const AUDIENCES = ["adults", "teenagers", "children"] as const;
export const CURRENCIES = ["VND", "USD"] as const;
export const LESSON_TYPES = ["text", "video", "quiz"] as const;
export const MATERIAL_TYPES = [
  "video",
  "document",
  "quiz",
  "worksheet",
  "audio",
  "image",
  "presentation",
] as const;
export const AI_MATERIAL_TYPES = ["quiz", "worksheet", "essay", "assessment"] as const;

export const COURSE_MESSAGES = {
  titleRequired: "Please enter a course title.",
  titleTooLong: "The title must be at most 200 characters.",
  descriptionTooLong: "The description must be at most 5000 characters.",
  durationInvalid: "Estimated duration must be between 0 and 1000 hours.",
  priceInvalid: "Price must be a number of 0 or more.",
  lessonTitleRequired: "Every lesson needs a title.",
  sectionTitleRequired: "Every section needs a title.",
  quizNeedsQuestion: "A quiz needs at least one question.",
  quizChoices: "Each question needs 2 to 6 choices.",
  quizCorrect: "Pick the correct answer of each question.",
  videoUrlInvalid: "Enter a YouTube or Vimeo link, or upload a video file.",
  tooManyLessons: "A course can have at most 1000 lessons.",
  lessonsNeedContent: "Some lessons have no content yet. Fill or remove them before publishing.",
  quizHasNoQuestions: "This quiz has no questions yet.",
  videoHasNoVideo: "This video lesson has no video yet.",
  textIsEmpty: "This lesson has no text yet.",
  sectionHasNoLessons: "This section has no lessons yet.",
  fileNotYours:
    "A lesson uses a file that is not one of your uploads. Upload the file again, or choose another one.",
  guaranteeInvalid: "The money-back guarantee is 1 to 90 days, or empty for none.",
} as const;

/**
 * A blank course (spec 001 §2 Course builder): what `courseDraftSchema.parse({})` gives — no title,
 * VND, beginner, adults, 0 hours, free, no guarantee, no outline or materials — without zod, so the builder page
 * can start without it (issue 17 §14; course.test.ts keeps the two equal). A new object each call.
 */
export function emptyCourseDraft(): CourseDraft {
  return {
    title: "",
    description: "",
    category: null,
    subjectId: null,
    skillLevel: "beginner",
    targetAudience: "adults",
    estimatedDuration: 0,
    price: 0,
    currency: "VND",
    guaranteeDays: null,
    thumbnailUrl: null,
    courseId: null,
    outline: [],
    materials: [],
  };
}
