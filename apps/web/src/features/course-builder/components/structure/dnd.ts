import {
  type CollisionDetection,
  closestCenter,
  closestCorners,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  pointerWithin,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";

/**
 * Drag-and-drop wiring of the structure editor (@dnd-kit): which droppables a dragged section or
 * lesson may land on, for the pointer and for the keyboard.
 *
 * Droppables carry `data`: sections {type: "section", sectionId, collapsed, empty}, lessons
 * {type: "lesson", lessonId, sectionId}. A lesson lands on lessons, or on a section whose lessons
 * are not shown (empty or collapsed: it goes to the end). A section lands only on sections.
 */
export interface SectionDropData {
  type: "section";
  sectionId: string;
  collapsed: boolean;
  empty: boolean;
}
export interface LessonDropData {
  type: "lesson";
  lessonId: string;
  sectionId: string;
}
export type DropData = SectionDropData | LessonDropData;

export function dropData(
  container: { data: { current?: unknown } } | null | undefined,
): DropData | undefined {
  const data = container?.data.current as DropData | undefined;
  return data && (data.type === "section" || data.type === "lesson") ? data : undefined;
}

/** The droppables a dragged item of `activeType` may land on. */
export function targetsFor(activeType: DropData["type"] | undefined, containers: DroppableContainer[]) {
  if (activeType === "section") return containers.filter((c) => dropData(c)?.type === "section");
  return containers.filter((c) => {
    const data = dropData(c);
    return data?.type === "lesson" || (data?.type === "section" && (data.empty || data.collapsed));
  });
}

/**
 * Pointer: a section lands on the closest section; a lesson lands on the closest lesson of the
 * section under the pointer (or that section itself when its lessons are not shown). Keyboard (no
 * pointer): the closest corners among the allowed targets.
 */
export const structureCollisionDetection: CollisionDetection = (args) => {
  const activeType = dropData(args.active)?.type;
  if (activeType === "section") {
    return closestCenter({ ...args, droppableContainers: targetsFor("section", args.droppableContainers) });
  }
  if (args.pointerCoordinates) {
    const sections = args.droppableContainers.filter((c) => dropData(c)?.type === "section");
    const under = pointerWithin({ ...args, droppableContainers: sections });
    const first = under[0];
    if (first) {
      const section = dropData(args.droppableContainers.find((c) => c.id === first.id));
      if (section?.type === "section") {
        const lessons = args.droppableContainers.filter((c) => {
          const data = dropData(c);
          return data?.type === "lesson" && data.sectionId === section.sectionId;
        });
        if (section.collapsed || lessons.length === 0) return [first];
        return closestCenter({ ...args, droppableContainers: lessons });
      }
    }
    return closestCenter({ ...args, droppableContainers: targetsFor("lesson", args.droppableContainers) });
  }
  return closestCorners({ ...args, droppableContainers: targetsFor(activeType, args.droppableContainers) });
};

/**
 * Keyboard dragging (space, arrows, space): dnd-kit's sortable coordinates, restricted to the
 * targets the dragged item may land on, so arrow keys step lesson by lesson across sections and
 * section by section.
 */
export const structureKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args;
  const activeType = dropData(context.active)?.type;
  const all = context.droppableContainers;
  const allowed = targetsFor(activeType, all.getEnabled());
  // Only these four methods of DroppableContainersMap are read by sortableKeyboardCoordinates.
  const filtered = {
    getEnabled: () => allowed,
    toArray: () => allowed,
    get: (id: Parameters<typeof all.get>[0]) => all.get(id),
    getNodeFor: (id: Parameters<typeof all.getNodeFor>[0]) => all.getNodeFor(id),
  } as unknown as typeof all;
  const next = sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...context, droppableContainers: filtered },
  });
  if (!next || activeType === "section") return next;
  // Landing on a section (empty or collapsed): put the lesson below the section's header, where it
  // will appear, instead of over the header.
  for (const container of allowed) {
    const data = dropData(container);
    const rect = context.droppableRects.get(container.id);
    if (data?.type !== "section" || !rect) continue;
    if (Math.abs(rect.left - next.x) < 1 && Math.abs(rect.top - next.y) < 1) {
      const header = container.node.current?.firstElementChild?.getBoundingClientRect().height ?? 0;
      return { x: next.x + 12, y: next.y + header + 12 };
    }
  }
  return next;
};
