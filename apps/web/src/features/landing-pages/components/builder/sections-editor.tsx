import { createSection, type LandingSection, SECTION_TYPES, type SectionType } from "@academy/shared";
import { formatPrice } from "@academy/shared/render/price";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useQuery } from "@tanstack/react-query";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronDownIcon,
  GripVerticalIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { previewContextQueryOptions } from "../../api/landing-pages";
import { ColourInput } from "./colour-input";
import { SectionFields } from "./section-fields";

/**
 * Design › Sections (spec 001 §2, §4): add, delete, move up and down, drag and drop (@dnd-kit, with
 * the keyboard too), edit content and per-section styles. Toasts: 'Section moved', 'Sections
 * reordered', 'Section deleted'.
 */
export function SectionsEditor({
  sections,
  sampleIds,
  courseId,
  onChange,
}: {
  sections: LandingSection[];
  /** Ids of the sections that still show template sample text (flagged; issue 24 §1). */
  sampleIds?: ReadonlySet<string>;
  courseId: string | null;
  onChange: (sections: LandingSection[]) => void;
}) {
  const { t, i18n } = useTranslation("landingPages");
  const [open, setOpen] = React.useState<string | null>(null);
  const [newType, setNewType] = React.useState<SectionType>("features");
  const context = useQuery(previewContextQueryOptions(courseId));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const typeName = (type: string) =>
    (SECTION_TYPES as readonly string[]).includes(type)
      ? t(`sections.types.${type}`)
      : t("sections.types.unknown");

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= sections.length) return;
    onChange(arrayMove(sections, index, target));
    toast.success(t("toast.sectionMoved"));
  };
  const remove = (index: number) => {
    onChange(sections.filter((_, i) => i !== index));
    toast.success(t("toast.sectionDeleted"));
  };
  const patch = (index: number, next: Partial<LandingSection>) =>
    onChange(sections.map((s, i) => (i === index ? { ...s, ...next } : s)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = sections.findIndex((s) => s.id === active.id);
    const to = sections.findIndex((s) => s.id === over.id);
    if (from < 0 || to < 0) return;
    onChange(arrayMove(sections, from, to));
    toast.success(t("toast.sectionsReordered"));
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {sections.length === 0 ? <p className="text-sm text-muted-foreground">{t("sections.empty")}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={sections.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ol className="grid min-w-0 grid-cols-1 gap-2" data-testid="section-list">
            {sections.map((section, index) => (
              <SortableSection
                key={section.id}
                section={section}
                name={section.title ? `${typeName(section.type)} · ${section.title}` : typeName(section.type)}
                index={index}
                sample={sampleIds?.has(section.id) ?? false}
                count={sections.length}
                open={open === section.id}
                onToggle={() => setOpen(open === section.id ? null : section.id)}
                onMove={(by) => move(index, by)}
                onDelete={() => remove(index)}
                onPatch={(next) => patch(index, next)}
                lessonCount={context.data?.lessons.length ?? 0}
                hasCourse={Boolean(courseId)}
                instructorName={context.data?.instructor.fullName ?? ""}
                coursePrice={
                  courseId && context.data?.course
                    ? formatPrice(
                        context.data.course.price,
                        context.data.course.currency,
                        i18n.language === "vi" ? "vi" : "en",
                      )
                    : null
                }
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-border p-3">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="new-section-type">{t("sections.addLabel")}</Label>
          <Select value={newType} onValueChange={(v) => setNewType(v as SectionType)}>
            <SelectTrigger id="new-section-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SECTION_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {t(`sections.types.${type}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button
          type="button"
          onClick={() => {
            const section = createSection(newType);
            onChange([...sections, section]);
            setOpen(section.id);
          }}
        >
          <PlusIcon aria-hidden />
          {t("sections.add")}
        </Button>
      </div>
    </div>
  );
}

function SortableSection(props: {
  section: LandingSection;
  name: string;
  index: number;
  sample: boolean;
  count: number;
  open: boolean;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onPatch: (next: Partial<LandingSection>) => void;
  lessonCount: number;
  hasCourse: boolean;
  instructorName: string;
  coursePrice: string | null;
}) {
  const { t } = useTranslation("landingPages");
  const { section } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: section.id,
    });
  const id = `sec-${section.id}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("rounded-lg border border-border bg-card", isDragging && "relative z-10 shadow-lg")}
      data-testid="section-item"
      data-section-type={section.type}
    >
      <div className="flex items-center gap-1 p-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
          aria-label={t("sections.drag", { name: props.name })}
          data-testid="section-drag"
          {...attributes}
          {...listeners}
        >
          <GripVerticalIcon className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className="flex min-h-9 min-w-0 flex-1 items-center gap-2 rounded-md px-2 text-left text-sm font-medium hover:bg-muted"
          aria-expanded={props.open}
          aria-controls={`${id}-editor`}
          onClick={props.onToggle}
        >
          <span className="truncate">{props.name}</span>
          <ChevronDownIcon
            className={cn("ml-auto size-4 shrink-0 transition-transform", props.open && "rotate-180")}
            aria-hidden
          />
        </button>
        {props.sample ? (
          <span
            className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
            data-testid="section-sample-text"
          >
            {t("sections.sampleText")}
          </span>
        ) : null}
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9"
          aria-label={t("sections.moveUp")}
          disabled={props.index === 0}
          onClick={() => props.onMove(-1)}
        >
          <ArrowUpIcon aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9"
          aria-label={t("sections.moveDown")}
          disabled={props.index === props.count - 1}
          onClick={() => props.onMove(1)}
        >
          <ArrowDownIcon aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-9 text-destructive"
          aria-label={t("sections.delete")}
          onClick={props.onDelete}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      {props.open ? (
        <div id={`${id}-editor`} className="grid gap-4 border-t border-border p-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-title`}>{t("sections.sectionTitle")}</Label>
            <Input
              id={`${id}-title`}
              value={section.title}
              maxLength={200}
              onChange={(e) => props.onPatch({ title: e.target.value })}
            />
          </div>
          <SectionFields
            section={section}
            onContent={(content) => props.onPatch({ content })}
            lessonCount={props.lessonCount}
            hasCourse={props.hasCourse}
            instructorName={props.instructorName}
            coursePrice={props.coursePrice}
          />
          <fieldset className="grid gap-3 rounded-md bg-muted/40 p-3">
            <legend className="px-1 text-sm font-medium">{t("sections.styles")}</legend>
            <div className="grid gap-3">
              <ColourInput
                id={`${id}-bg`}
                label={t("sections.background")}
                value={section.styles.backgroundColor}
                allowTransparent
                onChange={(backgroundColor) =>
                  props.onPatch({ styles: { ...section.styles, backgroundColor } })
                }
              />
              <ColourInput
                id={`${id}-fg`}
                label={t("sections.textColor")}
                value={section.styles.textColor}
                onChange={(textColor) => props.onPatch({ styles: { ...section.styles, textColor } })}
              />
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-pad`}>{t("sections.padding")}</Label>
                <Input
                  id={`${id}-pad`}
                  value={section.styles.padding}
                  onChange={(e) => props.onPatch({ styles: { ...section.styles, padding: e.target.value } })}
                />
              </div>
            </div>
          </fieldset>
        </div>
      ) : null}
    </li>
  );
}
