import type { BuilderCourse, CourseDraft, CourseInfo, SavedDraft } from "@academy/shared";

/** The draft's fields edited in the Course Information form (spec 001 §2 Course builder). */
export const INFO_FIELDS = [
  "title",
  "description",
  "category",
  "subjectId",
  "skillLevel",
  "targetAudience",
  "estimatedDuration",
  "price",
  "currency",
  "guaranteeDays",
  "thumbnailUrl",
] as const satisfies readonly (keyof CourseInfo)[];

/** The Course Information values of a draft (the `INFO_FIELDS` of it). */
export function infoOf(draft: CourseDraft): CourseInfo {
  return Object.fromEntries(INFO_FIELDS.map((key) => [key, draft[key]])) as CourseInfo;
}

/** A course loaded for editing as a draft (without its published flag and slug). */
export function courseToDraft(course: BuilderCourse): CourseDraft {
  const { isPublished: _p, slug: _s, ...draft } = course;
  return draft;
}

/** A saved draft as the builder's draft (without its save time). */
export function savedToDraft(saved: SavedDraft): CourseDraft {
  const { updatedAt: _u, ...draft } = saved;
  return draft;
}

/** An ISO instant as a medium date and short time in the UI language ("vi" → vi-VN, else en-US). */
export function formatDateTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng === "vi" ? "vi-VN" : "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** An ISO instant as a short time in the UI language ("vi" → vi-VN, else en-US). */
export function formatTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng === "vi" ? "vi-VN" : "en-US", { timeStyle: "short" }).format(
    new Date(iso),
  );
}
