import type { LessonNeedingContent, Material, OutlineSection } from "@academy/shared";
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { BookOpenIcon, ClockIcon, LayersIcon, ListTreeIcon, PlusIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { dropData, structureCollisionDetection, structureKeyboardCoordinates } from "./dnd";
import { LessonDragPreview, LessonRow } from "./lesson-row";
import { SectionCard, SectionDragPreview, sectionDndId } from "./section-card";
import {
  addLesson,
  addSection,
  changeLessonType,
  createLesson,
  createSection,
  findLesson,
  lessonMoves,
  moveLesson,
  moveLessonBy,
  moveSection,
  moveSectionBy,
  outlineTotals,
  removeLesson,
  removeSection,
  updateLesson,
  updateSection,
} from "./structure-ops";

export interface StructureEditorProps {
  outline: OutlineSection[];
  onChange: (outline: OutlineSection[]) => void;
  /** Materials selected in the Material Bank: what "Attach material" offers. */
  selectedMaterials: Material[];
  /** Open and scroll to this lesson (a link of the "lessons need content" list); `at` makes each request new. */
  focusRequest?: { item: LessonNeedingContent; at: number } | null;
}

/** Focuses the first element matching one of the selectors that is enabled, after React has painted. */
function focusLater(...selectors: string[]) {
  requestAnimationFrame(() => {
    for (const selector of selectors) {
      const element = document.querySelector<HTMLElement>(selector);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        if (element instanceof HTMLInputElement) element.select();
        return;
      }
    }
  });
}

/**
 * The Course Builder tab's structure (spec 001 §2 Course builder, §3 Builder outline section, §9):
 * collapsible sections with their lessons; drag and drop (pointer and keyboard) to reorder
 * sections, reorder lessons and move them between sections, plus Move up / Move down buttons;
 * add ("New Section", "New Lesson" of 15 minutes), rename inline, delete with confirmation; per
 * lesson a type (Text, Video, Quiz), minutes, a content editor and an attached material.
 */
export function StructureEditor({
  outline,
  onChange,
  selectedMaterials,
  focusRequest,
}: StructureEditorProps) {
  const { t } = useTranslation("structure");
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [working, setWorking] = useState<OutlineSection[] | null>(null);
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const [overSectionId, setOverSectionId] = useState<string | null>(null);
  const [liveMessage, setLiveMessage] = useState("");
  const sections = working ?? outline;
  const workingRef = useRef(sections);
  workingRef.current = sections;
  const recentlyMoved = useRef(false);

  useEffect(() => {
    // Lets collision detection settle for a frame after a lesson changed sections during a drag.
    if (!recentlyMoved.current) return;
    const frame = requestAnimationFrame(() => {
      recentlyMoved.current = false;
    });
    return () => cancelAnimationFrame(frame);
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: structureKeyboardCoordinates }),
  );

  const totals = outlineTotals(sections);

  // A "needs content" link: show the section, open the lesson's editor and bring it into view.
  useEffect(() => {
    if (!focusRequest) return;
    const { item } = focusRequest;
    setCollapsed((prev) => {
      const next = new Set(prev);
      next.delete(item.sectionId);
      return next;
    });
    if (item.lessonIndex !== null) setExpanded((prev) => new Set(prev).add(item.lessonId));
    const selector =
      item.lessonIndex === null
        ? `[data-section-id="${item.sectionId}"]`
        : `[data-lesson-id="${item.lessonId}"]`;
    const frame = requestAnimationFrame(() => {
      const element = document.querySelector<HTMLElement>(selector);
      element?.scrollIntoView?.({ block: "center", behavior: "smooth" });
      element?.querySelector<HTMLElement>("button[aria-expanded]")?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const describe = useCallback(
    (id: UniqueIdentifier | undefined, data: ReturnType<typeof dropData>): string | undefined => {
      const list = workingRef.current;
      if (!data || id === undefined) return undefined;
      if (data.type === "section") {
        const index = list.findIndex((s) => s.id === data.sectionId);
        return t("dnd.sectionPosition", {
          title: list[index]?.title ?? "",
          position: index + 1,
          total: list.length,
        });
      }
      const at = findLesson(list, data.lessonId);
      if (!at) return undefined;
      const section = list[at.sectionIndex]!;
      return t("dnd.lessonPosition", {
        title: section.lessons[at.lessonIndex]?.title ?? "",
        position: at.lessonIndex + 1,
        total: section.lessons.length,
        section: section.title,
      });
    },
    [t],
  );

  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) =>
        t("dnd.pickedUp", { position: describe(active.id, dropData(active)) ?? "" }),
      onDragOver: ({ active, over }) => {
        const activeData = dropData(active);
        const overData = dropData(over);
        if (!over || !overData || !activeData) return t("dnd.notOver");
        const list = workingRef.current;
        if (activeData.type === "section") {
          const index = list.findIndex((s) => s.id === overData.sectionId);
          const title = list.find((s) => s.id === activeData.sectionId)?.title ?? "";
          return t("dnd.sectionOver", { title, position: index + 1, total: list.length });
        }
        const moving = list.flatMap((s) => s.lessons ?? []).find((l) => l.id === activeData.lessonId);
        if (overData.type === "section") {
          const section = list.find((s) => s.id === overData.sectionId);
          return t("dnd.overSection", { title: moving?.title ?? "", section: section?.title ?? "" });
        }
        const at = findLesson(list, overData.lessonId);
        if (!at) return t("dnd.notOver");
        const section = list[at.sectionIndex]!;
        const joining = !section.lessons.some((l) => l.id === activeData.lessonId);
        return t("dnd.lessonOver", {
          title: moving?.title ?? "",
          position: at.lessonIndex + 1,
          total: section.lessons.length + (joining ? 1 : 0),
          section: section.title,
        });
      },
      onDragEnd: ({ active, over }) =>
        over
          ? t("dnd.dropped", { position: describe(active.id, dropData(active)) ?? "" })
          : t("dnd.cancelled"),
      onDragCancel: () => t("dnd.cancelled"),
    }),
    [t, describe],
  );

  const commit = (next: OutlineSection[]) => {
    if (next !== outline) onChange(next);
  };

  const handleDragStart = ({ active }: DragStartEvent) => {
    setActiveId(active.id);
    setWorking(outline);
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    const activeData = dropData(active);
    const overData = dropData(over);
    if (activeData?.type !== "lesson" || !over || !overData) {
      setOverSectionId(null);
      return;
    }
    const current = workingRef.current;
    const from = findLesson(current, activeData.lessonId);
    if (!from) return;
    if (overData.type === "section") {
      setOverSectionId(overData.sectionId);
      if (overData.sectionId === from.sectionId || overData.collapsed) return;
      const target = current.find((s) => s.id === overData.sectionId);
      recentlyMoved.current = true;
      setWorking(moveLesson(current, activeData.lessonId, overData.sectionId, target?.lessons.length ?? 0));
      return;
    }
    setOverSectionId(null);
    if (overData.lessonId === activeData.lessonId) return;
    const to = findLesson(current, overData.lessonId);
    if (!to || to.sectionId === from.sectionId) return;
    const translated = active.rect.current.translated;
    const below = translated ? translated.top > over.rect.top + over.rect.height / 2 : false;
    recentlyMoved.current = true;
    setWorking(moveLesson(current, activeData.lessonId, to.sectionId, to.lessonIndex + (below ? 1 : 0)));
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const current = workingRef.current;
    const activeData = dropData(active);
    const overData = dropData(over);
    setActiveId(null);
    setWorking(null);
    setOverSectionId(null);
    if (!over || !activeData || !overData) return;
    if (activeData.type === "section") {
      const from = current.findIndex((s) => s.id === activeData.sectionId);
      const to = current.findIndex((s) => s.id === overData.sectionId);
      commit(moveSection(current, from, to));
      return;
    }
    const from = findLesson(current, activeData.lessonId);
    if (!from) return;
    if (overData.type === "section") {
      if (overData.sectionId !== from.sectionId) {
        const target = current.find((s) => s.id === overData.sectionId);
        commit(moveLesson(current, activeData.lessonId, overData.sectionId, target?.lessons.length ?? 0));
        if (overData.collapsed) {
          setCollapsed((prev) => {
            const next = new Set(prev);
            next.delete(overData.sectionId);
            return next;
          });
        }
        return;
      }
      commit(current);
      return;
    }
    const to = findLesson(current, overData.lessonId);
    if (to && to.sectionId === from.sectionId && to.lessonIndex !== from.lessonIndex) {
      commit(moveLesson(current, activeData.lessonId, to.sectionId, to.lessonIndex));
      return;
    }
    commit(current);
  };

  const handleDragCancel = () => {
    setActiveId(null);
    setWorking(null);
    setOverSectionId(null);
  };

  const toggle = (setter: typeof setCollapsed, id: string) =>
    setter((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onAddSection = () => {
    const section = createSection(t("defaults.section"));
    onChange(addSection(outline, section));
    focusLater(`[data-section-id="${section.id}"] input[type="text"]`);
  };

  const onAddLesson = (sectionId: string) => {
    const lesson = createLesson(t("defaults.lesson"));
    onChange(addLesson(outline, sectionId, lesson));
    focusLater(`[data-lesson-id="${lesson.id}"] input[type="text"]`);
  };

  const onMoveSection = (sectionId: string, delta: -1 | 1) => {
    const next = moveSectionBy(outline, sectionId, delta);
    onChange(next);
    const index = next.findIndex((s) => s.id === sectionId);
    setLiveMessage(
      t("moved.section", { title: next[index]?.title ?? "", position: index + 1, total: next.length }),
    );
    focusLater(
      `[data-move="section-${delta < 0 ? "up" : "down"}-${sectionId}"]`,
      `[data-move="section-${delta < 0 ? "down" : "up"}-${sectionId}"]`,
    );
  };

  const onMoveLesson = (lessonId: string, delta: -1 | 1) => {
    const next = moveLessonBy(outline, lessonId, delta);
    onChange(next);
    const at = findLesson(next, lessonId);
    if (at) {
      const section = next[at.sectionIndex]!;
      if (collapsed.has(section.id)) toggle(setCollapsed, section.id);
      setLiveMessage(
        t("moved.lesson", {
          title: section.lessons[at.lessonIndex]?.title ?? "",
          position: at.lessonIndex + 1,
          total: section.lessons.length,
          section: section.title,
        }),
      );
    }
    focusLater(
      `[data-move="lesson-${delta < 0 ? "up" : "down"}-${lessonId}"]`,
      `[data-move="lesson-${delta < 0 ? "down" : "up"}-${lessonId}"]`,
    );
  };

  const activeData = activeId === null ? undefined : String(activeId);
  const activeSection = activeData?.startsWith("s:")
    ? sections.find((s) => sectionDndId(s.id) === activeData)
    : undefined;
  const activeLesson = activeData?.startsWith("l:")
    ? sections.flatMap((s) => s.lessons ?? []).find((l) => `l:${l.id}` === activeData)
    : undefined;

  return (
    <div className="grid gap-4" data-testid="structure-editor">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ul
          className="flex flex-wrap items-center gap-2"
          aria-label={t("totals.label")}
          data-testid="structure-totals"
        >
          <li className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
            <LayersIcon className="size-4" aria-hidden />
            {t("sections", { count: totals.sections })}
          </li>
          <li className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
            <BookOpenIcon className="size-4" aria-hidden />
            {t("lessons", { count: totals.lessons })}
          </li>
          <li className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
            <ClockIcon className="size-4" aria-hidden />
            {t("totals.minutes", { count: totals.minutes })}
          </li>
        </ul>
      </div>

      {sections.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center"
          data-testid="structure-empty"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <ListTreeIcon className="size-6" aria-hidden />
          </span>
          <p className="max-w-sm font-medium">{t("empty")}</p>
          <Button type="button" onClick={onAddSection}>
            <PlusIcon aria-hidden />
            {t("addSection")}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("hint")}</p>
          <DndContext
            sensors={sensors}
            collisionDetection={(args) => {
              if (recentlyMoved.current && args.active) {
                const over = args.droppableContainers.find(
                  (c) => dropData(c)?.type === "lesson" && c.id === args.active.id,
                );
                if (over) return [{ id: over.id }];
              }
              return structureCollisionDetection(args);
            }}
            onDragStart={handleDragStart}
            onDragOver={handleDragOver}
            onDragEnd={handleDragEnd}
            onDragCancel={handleDragCancel}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t("dnd.instructions") },
            }}
          >
            <SortableContext
              items={sections.map((s) => sectionDndId(s.id))}
              strategy={verticalListSortingStrategy}
            >
              <ol className="grid gap-3" aria-label={t("sectionsLabel")}>
                {sections.map((section, sectionIndex) => {
                  const lessons = section.lessons ?? [];
                  return (
                    <SectionCard
                      key={section.id}
                      section={section}
                      position={sectionIndex + 1}
                      count={sections.length}
                      collapsed={collapsed.has(section.id)}
                      dropActive={overSectionId === section.id}
                      onToggle={() => toggle(setCollapsed, section.id)}
                      onRename={(title) => onChange(updateSection(outline, section.id, { title }))}
                      onMove={(delta) => onMoveSection(section.id, delta)}
                      onDelete={() => onChange(removeSection(outline, section.id))}
                      onAddLesson={() => onAddLesson(section.id)}
                      onRelease={(release) => onChange(updateSection(outline, section.id, { release }))}
                    >
                      {lessons.map((lesson, lessonIndex) => {
                        const moves = lessonMoves(sections, lesson.id);
                        return (
                          <LessonRow
                            key={lesson.id}
                            lesson={lesson}
                            sectionId={section.id}
                            position={lessonIndex + 1}
                            canMoveUp={moves.up}
                            canMoveDown={moves.down}
                            expanded={expanded.has(lesson.id)}
                            onToggle={() => toggle(setExpanded, lesson.id)}
                            onMove={(delta) => onMoveLesson(lesson.id, delta)}
                            onChange={(patch) => onChange(updateLesson(outline, lesson.id, patch))}
                            onChangeType={(type) => onChange(changeLessonType(outline, lesson.id, type))}
                            onDelete={() => onChange(removeLesson(outline, lesson.id))}
                            selectedMaterials={selectedMaterials}
                          />
                        );
                      })}
                    </SectionCard>
                  );
                })}
              </ol>
            </SortableContext>
            <DragOverlay>
              {activeSection ? (
                <SectionDragPreview
                  section={activeSection}
                  position={sections.findIndex((s) => s.id === activeSection.id) + 1}
                />
              ) : activeLesson ? (
                <LessonDragPreview lesson={activeLesson} />
              ) : null}
            </DragOverlay>
          </DndContext>
          <div>
            <Button
              type="button"
              variant="outline"
              className="w-full border-dashed sm:w-auto"
              onClick={onAddSection}
            >
              <PlusIcon aria-hidden />
              {t("addSection")}
            </Button>
          </div>
        </>
      )}
      <p className="sr-only" aria-live="polite" role="status">
        {liveMessage}
      </p>
    </div>
  );
}
