import type { Material } from "@academy/shared";
import {
  CheckIcon,
  ClockIcon,
  ExternalLinkIcon,
  EyeIcon,
  LayoutTemplateIcon,
  PlusIcon,
  SparklesIcon,
  Trash2Icon,
  UploadIcon,
} from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { MAX_CARD_TAGS } from "../material-rules";
import { MATERIAL_TYPE_STYLE } from "./material-icons";

/**
 * A Material Bank card (000 §2): type, title, description, duration in minutes (no rating or
 * downloads: nothing rates or counts them yet, issue 17 item 10),
 * up to 3 tags and the Select/Selected toggle; Preview for generated content, Open for files and
 * Delete for the creator's own materials.
 */
export function MaterialCard({
  material,
  selected,
  highlighted,
  onToggle,
  onPreview,
  onDelete,
}: {
  material: Material;
  selected: boolean;
  highlighted: boolean;
  onToggle: () => void;
  onPreview?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation("materials");
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const style = MATERIAL_TYPE_STYLE[material.type] ?? MATERIAL_TYPE_STYLE.document;
  const tags = material.tags.slice(0, MAX_CARD_TAGS);

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [highlighted]);

  return (
    <article
      ref={ref}
      aria-labelledby={`${id}-title`}
      data-testid="material-card"
      data-material-id={material.id}
      className={cn(
        "flex h-full flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm transition-shadow hover:shadow-md",
        selected ? "border-primary ring-1 ring-primary/30" : "border-border",
        highlighted && "ring-2 ring-accent-teal ring-offset-2",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
            style.tone,
          )}
        >
          <style.icon className="size-3.5" aria-hidden />
          {t(`type.${material.type}`)}
        </span>
        <span className="flex items-center gap-1.5">
          {highlighted ? (
            <span className="rounded-full bg-accent-teal px-2 py-0.5 text-xs font-semibold text-slate-950">
              {t("card.new")}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            {material.source === "ai" ? (
              <SparklesIcon className="size-3.5" aria-hidden />
            ) : material.source === "template" ? (
              <LayoutTemplateIcon className="size-3.5" aria-hidden />
            ) : material.source === "upload" ? (
              <UploadIcon className="size-3.5" aria-hidden />
            ) : null}
            {t(`source.${material.source}`)}
          </span>
        </span>
      </div>

      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="line-clamp-2 font-semibold leading-snug">
          {material.title}
        </h3>
        {material.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{material.description}</p>
        ) : null}
      </div>

      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {material.duration > 0 ? (
          <div className="flex items-center gap-1">
            <dt>
              <ClockIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{t("card.duration")}</span>
            </dt>
            <dd>{t("card.minutes", { count: material.duration })}</dd>
          </div>
        ) : null}
      </dl>

      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("card.tags")}>
          {tags.map((tag) => (
            <li key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs text-muted-foreground">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-auto flex items-center gap-1.5 pt-1">
        <Button
          type="button"
          size="sm"
          variant={selected ? "default" : "outline"}
          className="flex-1"
          aria-pressed={selected}
          onClick={onToggle}
        >
          {selected ? <CheckIcon aria-hidden /> : <PlusIcon aria-hidden />}
          {selected ? t("card.selected") : t("card.select")}
          <span className="sr-only">: {material.title}</span>
        </Button>
        {onPreview ? (
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-9"
            aria-label={t("card.preview", { title: material.title })}
            title={t("card.previewShort")}
            onClick={onPreview}
          >
            <EyeIcon aria-hidden />
          </Button>
        ) : null}
        {material.fileUrl ? (
          <Button asChild size="icon" variant="ghost" className="size-9">
            <a
              href={material.fileUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("card.open", { title: material.title })}
              title={t("card.openShort")}
            >
              <ExternalLinkIcon aria-hidden />
            </a>
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-9 text-muted-foreground hover:text-destructive"
            aria-label={t("card.delete", { title: material.title })}
            title={t("card.deleteShort")}
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden />
          </Button>
        ) : null}
      </div>
    </article>
  );
}
