import type { BuilderLesson, Material } from "@academy/shared";
import { PaperclipIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { QuizLessonEditor } from "./quiz-lesson-editor";
import { RichTextEditor } from "./rich-text-editor";
import { contentOf } from "./structure-ops";
import { VideoLessonEditor } from "./video-lesson-editor";

const NO_MATERIAL = "__none__";

/**
 * The expandable editor of one lesson: the content editor of its type (rich text, video or quiz)
 * and "Attach material" (a material selected in the Material Bank → lesson.materialId).
 */
export function LessonEditor({
  lesson,
  onChange,
  selectedMaterials,
}: {
  lesson: BuilderLesson;
  onChange: (patch: Partial<Omit<BuilderLesson, "id">>) => void;
  selectedMaterials: Material[];
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const content = contentOf(lesson);
  const attached = lesson.materialId ? selectedMaterials.find((m) => m.id === lesson.materialId) : undefined;

  return (
    <div className="grid gap-5">
      <section aria-label={t("editor.contentLabel")} className="grid gap-2">
        <h4 className="text-sm font-semibold">{t(`editor.heading.${lesson.type}`)}</h4>
        {content.type === "text" ? (
          <RichTextEditor
            html={content.html}
            label={t("text.editorLabel", { title: lesson.title })}
            onChange={(html) => onChange({ content: { type: "text", html } })}
          />
        ) : content.type === "video" ? (
          <VideoLessonEditor content={content} onChange={(next) => onChange({ content: next })} />
        ) : (
          <QuizLessonEditor content={content} onChange={(next) => onChange({ content: next })} />
        )}
      </section>

      <div className="grid gap-1.5 border-t border-border pt-4">
        <Label htmlFor={`${id}-material`} className="flex items-center gap-1.5">
          <PaperclipIcon className="size-4 text-muted-foreground" aria-hidden />
          {t("material.label")}
        </Label>
        <Select
          value={lesson.materialId ?? NO_MATERIAL}
          onValueChange={(value) => onChange({ materialId: value === NO_MATERIAL ? null : value })}
          disabled={selectedMaterials.length === 0 && !lesson.materialId}
        >
          <SelectTrigger id={`${id}-material`} className="max-w-md" aria-describedby={`${id}-material-hint`}>
            <SelectValue placeholder={t("material.none")} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_MATERIAL}>{t("material.none")}</SelectItem>
            {lesson.materialId && !attached ? (
              <SelectItem value={lesson.materialId}>{t("material.unavailable")}</SelectItem>
            ) : null}
            {selectedMaterials.map((material) => (
              <SelectItem key={material.id} value={material.id}>
                {material.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${id}-material-hint`} className="text-xs text-muted-foreground">
          {selectedMaterials.length === 0 ? t("material.noneSelected") : t("material.hint")}
        </p>
      </div>
    </div>
  );
}
