import type { OutlineSection } from "@academy/shared";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronRightIcon,
  GripVerticalIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { DragHandle } from "./drag-handle";
import { InlineTitle } from "./inline-fields";
import { lessonDndId } from "./lesson-row";
import { sectionMinutes } from "./structure-ops";

export const sectionDndId = (sectionId: string) => `s:${sectionId}`;

/**
 * One collapsible section card: drag handle, number, inline title, counts, move/delete buttons,
 * and (when open) its lessons in their own sortable list plus "Add lesson".
 */
export function SectionCard({
  section,
  position,
  count,
  collapsed,
  onToggle,
  onRename,
  onMove,
  onDelete,
  onAddLesson,
  dropActive,
  children,
}: {
  section: OutlineSection;
  position: number;
  count: number;
  collapsed: boolean;
  onToggle: () => void;
  onRename: (title: string) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
  onAddLesson: () => void;
  /** A lesson is being dragged over this (collapsed or empty) section. */
  dropActive: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const lessons = section.lessons ?? [];
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: sectionDndId(section.id),
      data: { type: "section", sectionId: section.id, empty: lessons.length === 0 || collapsed },
      attributes: { roleDescription: t("dnd.roleDescription") },
    });
  const bodyId = `${id}-body`;
  const headingId = `${id}-heading`;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "@container rounded-xl border border-border bg-card shadow-sm transition-shadow",
        isDragging && "opacity-40",
        dropActive && "border-primary ring-2 ring-primary/30",
      )}
      aria-labelledby={headingId}
      data-testid="section-card"
      data-section-id={section.id}
    >
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 p-2 sm:p-3">
        <DragHandle
          label={t("section.drag", { title: section.title })}
          setActivatorNodeRef={setActivatorNodeRef}
          attributes={attributes}
          listeners={listeners}
        />
        <button
          type="button"
          className="flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-label={
            collapsed
              ? t("section.expand", { title: section.title })
              : t("section.collapse", { title: section.title })
          }
          onClick={onToggle}
        >
          <ChevronRightIcon
            className={cn("size-4 transition-transform", !collapsed && "rotate-90")}
            aria-hidden
          />
        </button>
        <h3 id={headingId} className="sr-only">
          {t("section.heading", { n: position, title: section.title })}
        </h3>
        <span
          className="flex h-7 shrink-0 items-center rounded-md bg-secondary px-2 text-xs font-semibold text-secondary-foreground"
          aria-hidden
        >
          <span className="@md:hidden">{position}</span>
          <span className="hidden @md:inline">{t("section.number", { n: position })}</span>
        </span>
        <div className="min-w-0 flex-1 basis-32">
          <InlineTitle
            value={section.title}
            label={t("section.titleLabel", { n: position })}
            className="text-base font-semibold"
            onCommit={onRename}
          />
        </div>
        <div className="flex w-full items-center gap-1 pl-[4.75rem] @xl:w-auto @xl:pl-0">
          <span className="mr-auto whitespace-nowrap text-xs text-muted-foreground @xl:mr-2">
            {t("lessons", { count: lessons.length })} · {t("minutes", { count: sectionMinutes(section) })}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={position === 1}
            aria-label={t("section.moveUp", { title: section.title })}
            title={t("moveUp")}
            data-move={`section-up-${section.id}`}
            onClick={() => onMove(-1)}
          >
            <ArrowUpIcon aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={position === count}
            aria-label={t("section.moveDown", { title: section.title })}
            title={t("moveDown")}
            data-move={`section-down-${section.id}`}
            onClick={() => onMove(1)}
          >
            <ArrowDownIcon aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive"
            aria-label={t("section.delete", { title: section.title })}
            title={t("delete")}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>

      <div id={bodyId} hidden={collapsed} className="border-t border-border px-2 pb-3 pt-3 sm:px-3">
        {collapsed ? null : (
          <>
            <SortableContext
              items={lessons.map((l) => lessonDndId(l.id))}
              strategy={verticalListSortingStrategy}
            >
              {lessons.length === 0 ? (
                <p
                  className={cn(
                    "rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground",
                    dropActive && "border-primary bg-secondary/50 text-primary",
                  )}
                >
                  {t("section.noLessons")}
                </p>
              ) : (
                <ol className="grid gap-2" aria-label={t("section.lessonsOf", { title: section.title })}>
                  {children}
                </ol>
              )}
            </SortableContext>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="mt-2 text-primary"
              onClick={onAddLesson}
            >
              <PlusIcon aria-hidden />
              {t("addLesson")}
            </Button>
          </>
        )}
      </div>

      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("section.deleteTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("section.deleteBody", { title: section.title, count: lessons.length })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onDelete}>
              {t("delete")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/** What the drag overlay shows for a section being dragged. */
export function SectionDragPreview({ section, position }: { section: OutlineSection; position: number }) {
  const { t } = useTranslation("structure");
  return (
    <div className="flex items-center gap-2 rounded-xl border border-primary/40 bg-card p-3 shadow-lg ring-2 ring-primary/20">
      <GripVerticalIcon className="size-4 text-muted-foreground" aria-hidden />
      <span className="rounded-md bg-secondary px-2 py-1 text-xs font-semibold text-secondary-foreground">
        {t("section.number", { n: position })}
      </span>
      <span className="truncate font-semibold">{section.title}</span>
      <span className="ml-auto shrink-0 text-xs text-muted-foreground">
        {t("lessons", { count: (section.lessons ?? []).length })}
      </span>
    </div>
  );
}
