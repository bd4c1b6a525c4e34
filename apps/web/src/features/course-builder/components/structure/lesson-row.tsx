import { type BuilderLesson, LESSON_TYPES, lessonHasContent, type Material } from "@academy/shared";
import { ChevronDownIcon, GripVerticalIcon, PaperclipIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { ConfirmDialog } from "../builder-parts";
import { DragHandle } from "./drag-handle";
import { InlineTitle, MinutesInput } from "./inline-fields";
import { LessonEditor } from "./lesson-editor";
import { LESSON_TYPE_ICONS, LESSON_TYPE_TONES } from "./lesson-icons";
import { DeleteButton, MoveButtons, useSortableRow } from "./row-controls";
import { hasContent, type LessonType } from "./structure-ops";

export const lessonDndId = (lessonId: string) => `l:${lessonId}`;

export interface LessonRowProps {
  lesson: BuilderLesson;
  sectionId: string;
  position: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  expanded: boolean;
  onToggle: () => void;
  onMove: (delta: -1 | 1) => void;
  onChange: (patch: Partial<Omit<BuilderLesson, "id">>) => void;
  onChangeType: (type: LessonType) => void;
  onDelete: () => void;
  selectedMaterials: Material[];
}

/** One lesson of a section: drag handle, type, title, minutes, move/delete buttons and its editor panel. */
export function LessonRow(props: LessonRowProps) {
  const { lesson, sectionId, expanded } = props;
  const { t } = useTranslation("structure");
  const { t: tj } = useTranslation("journeys");
  const id = useId();
  const { setNodeRef, style, isDragging, handle } = useSortableRow(lessonDndId(lesson.id), {
    type: "lesson",
    lessonId: lesson.id,
    sectionId,
  });
  const [pendingType, setPendingType] = useState<LessonType | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const Icon = LESSON_TYPE_ICONS[lesson.type];
  const attached = lesson.materialId
    ? props.selectedMaterials.find((m) => m.id === lesson.materialId)
    : undefined;
  const panelId = `${id}-panel`;

  const requestType = (value: string) => {
    const type = value as LessonType;
    if (type === lesson.type) return;
    if (hasContent(lesson)) setPendingType(type);
    else props.onChangeType(type);
  };

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn(
        "@container rounded-lg border border-border bg-background shadow-xs",
        isDragging && "opacity-40",
        expanded && "border-primary/40 ring-1 ring-primary/20",
      )}
      data-testid="lesson-row"
      data-lesson-id={lesson.id}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 p-2">
        <DragHandle label={t("lesson.drag", { title: lesson.title })} {...handle} />
        <span
          className={cn(
            "flex size-8 shrink-0 items-center justify-center rounded-md",
            LESSON_TYPE_TONES[lesson.type],
          )}
          title={t(`type.${lesson.type}`)}
        >
          <Icon className="size-4" aria-hidden />
          <span className="sr-only">{t(`type.${lesson.type}`)}</span>
        </span>
        <span
          className="hidden w-6 shrink-0 text-center text-xs font-medium tabular-nums text-muted-foreground @md:inline"
          aria-hidden
        >
          {props.position}
        </span>
        <div className="min-w-0 flex-1 basis-32">
          <InlineTitle
            value={lesson.title}
            label={t("lesson.titleLabel", { n: props.position })}
            onCommit={(title) => props.onChange({ title })}
          />
        </div>
        {lessonHasContent(lesson.type, lesson.content) ? null : (
          <span
            className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"
            data-testid="needs-content-badge"
          >
            {tj("needsContent.badge")}
          </span>
        )}
        <div className="order-last flex w-full items-center gap-2 @2xl:order-none @2xl:w-auto">
          <Select value={lesson.type} onValueChange={requestType}>
            <SelectTrigger className="h-9 w-36 shrink-0" aria-label={t("lesson.typeLabel")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LESSON_TYPES.map((type) => {
                const TypeIcon = LESSON_TYPE_ICONS[type];
                return (
                  <SelectItem key={type} value={type}>
                    <span className="flex items-center gap-2">
                      <TypeIcon className="size-4 text-muted-foreground" aria-hidden />
                      {t(`type.${type}`)}
                    </span>
                  </SelectItem>
                );
              })}
            </SelectContent>
          </Select>
          <MinutesInput
            value={lesson.duration}
            label={t("lesson.durationLabel")}
            unit={t("minutesUnit")}
            onCommit={(duration) => props.onChange({ duration })}
          />
          <div className="ml-auto flex items-center">
            <MoveButtons
              kind="lesson"
              id={lesson.id}
              title={lesson.title}
              canMoveUp={props.canMoveUp}
              canMoveDown={props.canMoveDown}
              onMove={props.onMove}
            />
          </div>
        </div>
        <div className="flex items-center">
          <DeleteButton
            label={t("lesson.delete", { title: lesson.title })}
            onClick={() => setConfirmDelete(true)}
          />
          <Button
            type="button"
            variant={expanded ? "secondary" : "outline"}
            size="sm"
            className="ml-1 h-8 px-2.5 @md:min-w-20"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={props.onToggle}
          >
            <span className="sr-only @md:not-sr-only">{expanded ? t("lesson.close") : t("lesson.edit")}</span>
            <span className="sr-only">{lesson.title}</span>
            <ChevronDownIcon className={cn("transition-transform", expanded && "rotate-180")} aria-hidden />
          </Button>
        </div>
        {attached || lesson.materialId ? (
          <p className="order-last flex w-full min-w-0 items-center gap-1.5 px-1 text-xs text-muted-foreground @md:pl-[4.5rem]">
            <PaperclipIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">{t("material.attached")}</span>
            <span className="truncate">{attached ? attached.title : t("material.unavailable")}</span>
          </p>
        ) : null}
      </div>

      {expanded ? (
        <div id={panelId} className="border-t border-border bg-muted/30 p-3 sm:p-4">
          <LessonEditor
            lesson={lesson}
            onChange={props.onChange}
            selectedMaterials={props.selectedMaterials}
          />
        </div>
      ) : null}

      <ConfirmDialog
        open={pendingType !== null}
        onOpenChange={(open) => !open && setPendingType(null)}
        title={t("lesson.changeTypeTitle")}
        body={t("lesson.changeTypeBody", {
          title: lesson.title,
          type: pendingType ? t(`type.${pendingType}`) : "",
        })}
        cancel={t("cancel")}
        confirm={t("lesson.changeTypeConfirm")}
        onConfirm={() => {
          if (pendingType) props.onChangeType(pendingType);
          setPendingType(null);
        }}
      />

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("lesson.deleteTitle")}
        body={t("lesson.deleteBody", { title: lesson.title })}
        cancel={t("cancel")}
        confirm={t("delete")}
        destructive
        onConfirm={props.onDelete}
      />
    </li>
  );
}

/** What the drag overlay shows for a lesson being dragged. */
export function LessonDragPreview({ lesson }: { lesson: BuilderLesson }) {
  const { t } = useTranslation("structure");
  const Icon = LESSON_TYPE_ICONS[lesson.type];
  return (
    <div className="flex items-center gap-2 rounded-lg border border-primary/40 bg-background p-2 shadow-lg ring-2 ring-primary/20">
      <GripVerticalIcon className="size-4 text-muted-foreground" aria-hidden />
      <span
        className={cn("flex size-8 items-center justify-center rounded-md", LESSON_TYPE_TONES[lesson.type])}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="truncate px-2 font-medium">{lesson.title}</span>
      <span className="ml-auto shrink-0 text-xs text-muted-foreground">
        {t("minutes", { count: lesson.duration })}
      </span>
    </div>
  );
}
