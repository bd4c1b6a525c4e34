import { type OutlineSection, parseMinutes } from "@academy/shared";
import { BookOpenIcon, LayersIcon, PaperclipIcon, PlusIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { createSection, sectionMinutes } from "../lib/outline";

/**
 * A minutes input that lets the field be empty while typing and always reports an integer
 * (spec 000 §5: section duration is an integer, 0 if not numeric).
 */
function MinutesInput({
  id,
  value,
  onChange,
  ...props
}: Omit<React.ComponentProps<"input">, "value" | "onChange"> & {
  value: number;
  onChange: (minutes: number) => void;
}) {
  const [text, setText] = React.useState(String(value));
  const focused = React.useRef(false);
  React.useEffect(() => {
    if (!focused.current) setText(String(value));
  }, [value]);
  return (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      value={text}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseMinutes(event.target.value));
      }}
      onBlur={() => {
        focused.current = false;
        setText(String(parseMinutes(text)));
      }}
      {...props}
    />
  );
}

function SectionCard({
  section,
  index,
  onChange,
  onDelete,
}: {
  section: OutlineSection;
  index: number;
  onChange: (section: OutlineSection) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("builder");
  const [confirming, setConfirming] = React.useState(false);
  const base = `section-${section.id}`;
  const number = index + 1;
  const lessons = section.lessons.length;
  const materials = section.materials.length;

  return (
    <li className="rounded-lg border border-border bg-background p-3 sm:p-4" data-testid="outline-section">
      <div className="mb-3 flex items-center gap-2">
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-brand"
          aria-hidden
        >
          {number}
        </span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-muted-foreground">
          {t("outline.sectionLabel", { n: number })}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
          aria-label={t("outline.deleteSection", { n: number })}
          onClick={() => (lessons > 0 ? setConfirming(true) : onDelete())}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <div className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${base}-title`}>{t("outline.titleLabel")}</Label>
            <Input
              id={`${base}-title`}
              aria-label={t("outline.sectionTitle", { n: number })}
              value={section.title}
              maxLength={200}
              aria-invalid={!section.title.trim()}
              onChange={(event) => onChange({ ...section, title: event.target.value })}
            />
            {!section.title.trim() ? (
              <p role="alert" className="text-sm text-destructive">
                {t("validation.sectionTitleRequired")}
              </p>
            ) : null}
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${base}-duration`}>{t("outline.duration")}</Label>
            <div className="flex items-center gap-2">
              <MinutesInput
                id={`${base}-duration`}
                className="w-24"
                value={section.duration}
                onChange={(duration) => onChange({ ...section, duration })}
              />
              <span className="text-sm text-muted-foreground">{t("outline.minutesUnit")}</span>
            </div>
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${base}-description`}>{t("outline.sectionDescription")}</Label>
          <Textarea
            id={`${base}-description`}
            rows={2}
            maxLength={2000}
            className="min-h-16 field-sizing-content"
            value={section.description}
            onChange={(event) => onChange({ ...section, description: event.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <p className="flex items-center gap-1.5">
            <PaperclipIcon className="size-4" aria-hidden />
            <span data-testid="section-materials">{t("outline.materials", { count: materials })}</span>
          </p>
          <p className="flex items-center gap-1.5">
            <BookOpenIcon className="size-4" aria-hidden />
            <span data-testid="section-lessons">
              {lessons > 0
                ? t("outline.lessonsWithMinutes", { count: lessons, minutes: sectionMinutes(section) })
                : t("outline.lessons", { count: lessons })}
            </span>
          </p>
        </div>
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("outline.confirmDelete.title", { title: section.title })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("outline.confirmDelete.body", { count: lessons })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onDelete}>
              {t("outline.confirmDelete.confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/**
 * The editable outline of the AI Outline tab (spec 000 §2): each section has a number, title,
 * description, duration in minutes, a materials count and a lessons count; sections can be added
 * ("New Section", "Section description", 30 min) or deleted (confirmed when they have lessons).
 */
export function OutlineEditor({
  outline,
  onChange,
}: {
  outline: OutlineSection[];
  onChange: (outline: OutlineSection[]) => void;
}) {
  const { t } = useTranslation("builder");
  const added = React.useRef<string | null>(null);

  React.useEffect(() => {
    if (!added.current) return;
    document.getElementById(`section-${added.current}-title`)?.focus();
    added.current = null;
  });

  const add = () => {
    const section = createSection({
      title: t("outline.newSection"),
      description: t("outline.newSectionDescription"),
    });
    added.current = section.id;
    onChange([...outline, section]);
  };

  return (
    <div className="grid gap-4">
      {outline.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center">
          <LayersIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t("outline.empty.title")}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t("outline.empty.body")}</p>
        </div>
      ) : (
        <ol className="grid gap-3" aria-label={t("outline.listLabel")}>
          {outline.map((section, index) => (
            <SectionCard
              key={section.id}
              section={section}
              index={index}
              onChange={(next) => onChange(outline.map((s) => (s.id === section.id ? next : s)))}
              onDelete={() => onChange(outline.filter((s) => s.id !== section.id))}
            />
          ))}
        </ol>
      )}
      <Button type="button" variant="outline" className="justify-self-start" onClick={add}>
        <PlusIcon aria-hidden />
        {t("outline.addSection")}
      </Button>
    </div>
  );
}
