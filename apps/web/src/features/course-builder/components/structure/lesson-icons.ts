import { FileTextIcon, ListChecksIcon, type LucideIcon, PlayCircleIcon } from "lucide-react";
import type { LessonType } from "./structure-ops";

/** The icon of each lesson type (Text, Video, Quiz). */
export const LESSON_TYPE_ICONS: Record<LessonType, LucideIcon> = {
  text: FileTextIcon,
  video: PlayCircleIcon,
  quiz: ListChecksIcon,
};

/** Colours of the lesson type chips. */
export const LESSON_TYPE_TONES: Record<LessonType, string> = {
  text: "bg-sky-50 text-sky-700",
  video: "bg-rose-50 text-rose-700",
  quiz: "bg-amber-50 text-amber-700",
};
