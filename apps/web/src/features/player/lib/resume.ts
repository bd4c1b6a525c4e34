import type { PlayerLesson } from "@academy/shared";

type LessonLike = Pick<PlayerLesson, "id"> & { progress: Pick<PlayerLesson["progress"], "isCompleted"> };

/**
 * The lesson the player opens (issue: "it resumes at the last lesson opened").
 * @param lessons the course's lessons in order.
 * @param requested the lesson in the address (`?lesson=`), honoured when it belongs to the course.
 * @param lastLessonId the enrolment's last opened lesson.
 * @returns the requested lesson, else the last opened one, else the first incomplete one, else the
 *   first; undefined when the course has no lessons.
 */
export function resumeLessonId(
  lessons: readonly LessonLike[],
  lastLessonId: string | null | undefined,
  requested?: string | null,
): string | undefined {
  if (requested && lessons.some((l) => l.id === requested)) return requested;
  if (lastLessonId && lessons.some((l) => l.id === lastLessonId)) return lastLessonId;
  return (lessons.find((l) => !l.progress.isCompleted) ?? lessons[0])?.id;
}

export interface LessonSection<L> {
  /** The section's title; null for lessons without a section. */
  title: string | null;
  lessons: { lesson: L; index: number }[];
}

/**
 * Groups consecutive lessons by their section (the order is kept: a section that comes back after
 * another one starts a new group). `index` is the lesson's position in the whole course.
 */
export function groupBySection<L extends { section: string | null }>(
  lessons: readonly L[],
): LessonSection<L>[] {
  const groups: LessonSection<L>[] = [];
  lessons.forEach((lesson, index) => {
    const last = groups.at(-1);
    if (last && last.title === lesson.section) last.lessons.push({ lesson, index });
    else groups.push({ title: lesson.section, lessons: [{ lesson, index }] });
  });
  return groups;
}
