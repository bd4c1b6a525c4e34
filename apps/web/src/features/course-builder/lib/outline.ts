import {
  type CourseDraft,
  emptyCourseDraft,
  FALLBACK_SECTION_MINUTES,
  NEW_SECTION_MINUTES,
  type OutlineSection,
} from "@academy/shared";

/** A random id for a new section or lesson (crypto.randomUUID where available: it needs a secure context). */
export function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `id-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A blank course: the shared schema's defaults (VND, beginner, adults, no outline), without zod. */
export function emptyDraft(): CourseDraft {
  return emptyCourseDraft();
}

/**
 * A section added in the AI Outline tab (spec 000 §2): "New Section", "Section description",
 * 30 minutes, no materials, no lessons. The texts come translated from the caller.
 */
export function createSection(texts: { title: string; description: string }): OutlineSection {
  return {
    id: newId(),
    title: texts.title,
    description: texts.description,
    duration: NEW_SECTION_MINUTES,
    materials: [],
    lessons: [],
  };
}

/**
 * The two-section default outline (spec 000 §4, §9: 45 and 90 minutes) built in the browser when
 * the outline request itself fails. Mirrors the server's fallback: each section carries one lesson
 * of the same duration (a video, then a text lesson) so the course can be published as is.
 */
export function fallbackOutline(texts: {
  sectionTitle: (n: number) => string;
  descriptions: [string, string];
  lessons: [string, string];
}): OutlineSection[] {
  const types = ["video", "text"] as const;
  return FALLBACK_SECTION_MINUTES.map((minutes, i) => ({
    id: newId(),
    title: texts.sectionTitle(i + 1),
    description: texts.descriptions[i],
    duration: minutes,
    materials: [],
    lessons: [{ id: newId(), title: texts.lessons[i], type: types[i], duration: minutes }],
  }));
}

/** Minutes of a section as students get it: the sum of its lessons, or its own duration when it has none. */
export function sectionMinutes(section: OutlineSection): number {
  if (section.lessons.length === 0) return section.duration;
  return section.lessons.reduce((sum, lesson) => sum + lesson.duration, 0);
}

export interface OutlineTotals {
  sections: number;
  /** Published lessons: a section without lessons becomes one lesson (as on publish). */
  lessons: number;
  /** Total minutes of all lessons. */
  minutes: number;
  /** Minutes of the video lessons (the "on-demand video" line of the preview). */
  videoMinutes: number;
}

/** Totals shown by the Course Preview (spec 000 §2): duration, lesson count, video minutes. */
export function outlineTotals(outline: readonly OutlineSection[]): OutlineTotals {
  let lessons = 0;
  let minutes = 0;
  let videoMinutes = 0;
  for (const section of outline) {
    lessons += Math.max(1, section.lessons.length);
    minutes += sectionMinutes(section);
    for (const lesson of section.lessons) if (lesson.type === "video") videoMinutes += lesson.duration;
  }
  return { sections: outline.length, lessons, minutes, videoMinutes };
}

/** Splits minutes into whole hours and the remaining minutes: 90 → { hours: 1, minutes: 30 }. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const safe = Math.max(0, Math.round(total));
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}
