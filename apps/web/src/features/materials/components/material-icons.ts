import type { Material } from "@academy/shared";
import {
  FileTextIcon,
  HeadphonesIcon,
  ImageIcon,
  ListChecksIcon,
  type LucideIcon,
  NotebookPenIcon,
  PresentationIcon,
  VideoIcon,
} from "lucide-react";

/** Icon and colour of each material type. */
export const MATERIAL_TYPE_STYLE: Record<Material["type"], { icon: LucideIcon; tone: string }> = {
  document: { icon: FileTextIcon, tone: "bg-sky-50 text-sky-700" },
  video: { icon: VideoIcon, tone: "bg-rose-50 text-rose-700" },
  audio: { icon: HeadphonesIcon, tone: "bg-violet-50 text-violet-700" },
  quiz: { icon: ListChecksIcon, tone: "bg-amber-50 text-amber-800" },
  worksheet: { icon: NotebookPenIcon, tone: "bg-emerald-50 text-emerald-700" },
  image: { icon: ImageIcon, tone: "bg-pink-50 text-pink-700" },
  presentation: { icon: PresentationIcon, tone: "bg-orange-50 text-orange-700" },
};
