import type { Material } from "@academy/shared";
import { XIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MATERIAL_TYPE_STYLE } from "./material-icons";

/** "Selected Materials (n)" (000 §2): one chip per selected material, each with a remove button. */
export function SelectedChips({
  selected,
  materials,
  onRemove,
}: {
  selected: string[];
  materials: Material[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation("materials");
  const headingId = useId();
  const byId = new Map(materials.map((m) => [m.id, m]));
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-muted/40 p-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {t("browse.selected", { count: selected.length })}
      </h3>
      {selected.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{t("browse.selectedNone")}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="selected-chips">
          {selected.map((id) => {
            const material = byId.get(id);
            const style = material
              ? (MATERIAL_TYPE_STYLE[material.type] ?? MATERIAL_TYPE_STYLE.document)
              : null;
            const title = material?.title ?? t("browse.unavailable");
            return (
              <li
                key={id}
                className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-primary/30 bg-background py-1 pl-2.5 pr-1 text-sm"
              >
                {style ? <style.icon className="size-3.5 shrink-0 text-primary" aria-hidden /> : null}
                <span className="max-w-56 truncate">{title}</span>
                <button
                  type="button"
                  className="flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={t("browse.remove", { title })}
                  onClick={() => onRemove(id)}
                >
                  <XIcon className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
