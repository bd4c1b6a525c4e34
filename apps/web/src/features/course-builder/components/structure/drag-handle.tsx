import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { GripVerticalIcon } from "lucide-react";

/** The grip a section or lesson is dragged by (mouse, touch, or keyboard: space, arrows, space). */
export function DragHandle(props: {
  label: string;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <button
      type="button"
      ref={props.setActivatorNodeRef}
      className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
      aria-label={props.label}
      {...props.attributes}
      {...props.listeners}
    >
      <GripVerticalIcon className="size-4" aria-hidden />
    </button>
  );
}
