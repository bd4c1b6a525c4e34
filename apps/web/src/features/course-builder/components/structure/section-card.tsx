import type { OutlineSection, SectionRelease } from "@academy/shared";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { ChevronRightIcon, GripVerticalIcon, PlusIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ConfirmDialog } from "../builder-parts";
import { DragHandle } from "./drag-handle";
import { InlineTitle } from "./inline-fields";
import { lessonDndId } from "./lesson-row";
import { ReleaseBadge, ReleaseControl } from "./release-control";
import { DeleteButton, MoveButtons, useSortableRow } from "./row-controls";
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
  onRelease,
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
  /** The section's drip rule changed (issue 27 §1); undefined = available at enrolment. */
  onRelease?: (release: SectionRelease | undefined) => void;
  /** A lesson is being dragged over this (collapsed or empty) section. */
  dropActive: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const lessons = section.lessons ?? [];
  const { setNodeRef, style, isDragging, handle } = useSortableRow(sectionDndId(section.id), {
    type: "section",
    sectionId: section.id,
    empty: lessons.length === 0 || collapsed,
  });
  const bodyId = `${id}-body`;
  const headingId = `${id}-heading`;

  return (
    <li
      ref={setNodeRef}
      style={style}
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
        <DragHandle label={t("section.drag", { title: section.title })} {...handle} />
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
          <span className="mr-auto flex min-w-0 items-center gap-2 @xl:mr-2">
            <span className="whitespace-nowrap text-xs text-muted-foreground">
              {t("lessons", { count: lessons.length })} · {t("minutes", { count: sectionMinutes(section) })}
            </span>
            <ReleaseBadge release={section.release} />
          </span>
          <MoveButtons
            kind="section"
            id={section.id}
            title={section.title}
            canMoveUp={position !== 1}
            canMoveDown={position !== count}
            onMove={onMove}
          />
          <DeleteButton
            label={t("section.delete", { title: section.title })}
            onClick={() => setConfirmDelete(true)}
          />
        </div>
      </div>

      <div id={bodyId} hidden={collapsed} className="border-t border-border px-2 pb-3 pt-3 sm:px-3">
        {collapsed ? null : (
          <>
            {onRelease ? (
              <ReleaseControl release={section.release} title={section.title} onChange={onRelease} />
            ) : null}
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

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("section.deleteTitle")}
        body={t("section.deleteBody", { title: section.title, count: lessons.length })}
        cancel={t("cancel")}
        confirm={t("delete")}
        destructive
        onConfirm={onDelete}
      />
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
