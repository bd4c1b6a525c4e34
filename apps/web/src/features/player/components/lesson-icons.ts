import type { PlayerLesson } from "@academy/shared";
import { FileTextIcon, ListChecksIcon, type LucideIcon, VideoIcon } from "lucide-react";

/** The icon of each lesson type. */
export const LESSON_TYPE_ICON: Record<PlayerLesson["type"], LucideIcon> = {
  text: FileTextIcon,
  video: VideoIcon,
  quiz: ListChecksIcon,
};
