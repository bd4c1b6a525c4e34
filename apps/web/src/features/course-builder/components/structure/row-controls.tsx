import type { Data } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/*
 * The controls a section card and a lesson row of the structure editor share (issue 28 §2): the
 * sortable item's wiring, the move up/down buttons, and the delete button.
 */

/**
 * A sortable row: `dndId` (e.g. "s:{id}" / "l:{id}") with `data` for the drop logic. Returns the
 * row's `setNodeRef` and `style`, `isDragging`, and `handle` (the props of <DragHandle> but its label).
 */
export function useSortableRow(dndId: string, data: Data) {
  const { t } = useTranslation("structure");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: dndId, data, attributes: { roleDescription: t("dnd.roleDescription") } });
  return {
    setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition },
    isDragging,
    handle: { setActivatorNodeRef, attributes, listeners },
  };
}

/**
 * The "Move up" and "Move down" icon buttons of a `kind` ("section" or "lesson") titled `title`
 * with id `id`; they call `onMove(-1)` / `onMove(1)` and carry `data-move="{kind}-up|down-{id}"`.
 */
export function MoveButtons({
  kind,
  id,
  title,
  canMoveUp,
  canMoveDown,
  onMove,
}: {
  kind: "section" | "lesson";
  id: string;
  title: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation("structure");
  const buttons = [
    { delta: -1, dir: "up", label: "moveUp", enabled: canMoveUp, Icon: ArrowUpIcon },
    { delta: 1, dir: "down", label: "moveDown", enabled: canMoveDown, Icon: ArrowDownIcon },
  ] as const;
  return buttons.map(({ delta, dir, label, enabled, Icon }) => (
    <Button
      key={dir}
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      disabled={!enabled}
      aria-label={t(`${kind}.${label}`, { title })}
      title={t(label)}
      data-move={`${kind}-${dir}-${id}`}
      onClick={() => onMove(delta)}
    >
      <Icon aria-hidden />
    </Button>
  ));
}

/** The trash icon button named `label`; it only asks (`onClick` opens the confirmation). */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation("structure");
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 text-muted-foreground hover:text-destructive"
      aria-label={label}
      title={t("delete")}
      onClick={onClick}
    >
      <Trash2Icon aria-hidden />
    </Button>
  );
}
