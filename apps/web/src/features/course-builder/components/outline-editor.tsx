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
import { Checkbox } from "@/components/ui/checkbox";
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
  selected,
  onSelect,
  onChange,
  onDelete,
}: {
  section: OutlineSection;
  index: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
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
        <Checkbox
          checked={selected}
          onCheckedChange={(value) => onSelect(value === true)}
          aria-label={t("outline.selectSection", { n: number })}
          data-testid="outline-section-select"
        />
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
 * ("New Section", "Section description", 30 min) or deleted (confirmed when they have lessons);
 * several sections are selected with their checkboxes (or "Select all") and deleted in one step
 * with one confirmation (issue 24 §8).
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

  const [selected, setSelected] = React.useState<ReadonlySet<string>>(new Set());
  const [confirmingMany, setConfirmingMany] = React.useState(false);
  // Only ids still in the outline count (a section deleted on its own leaves the selection).
  const chosen = outline.filter((section) => selected.has(section.id));
  const chosenLessons = chosen.reduce((sum, section) => sum + section.lessons.length, 0);
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const deleteChosen = () => {
    onChange(outline.filter((section) => !selected.has(section.id)));
    setSelected(new Set());
  };

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
        <>
          <div
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-muted/40 px-3 py-2"
            data-testid="outline-selection"
          >
            <div className="flex items-center gap-2">
              <Checkbox
                checked={
                  chosen.length === 0 ? false : chosen.length === outline.length ? true : "indeterminate"
                }
                onCheckedChange={(value) =>
                  setSelected(value === true ? new Set(outline.map((section) => section.id)) : new Set())
                }
                data-testid="outline-select-all"
                id="outline-select-all"
              />
              <Label htmlFor="outline-select-all">{t("outline.selectAll")}</Label>
            </div>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {chosen.length > 0 ? t("outline.selected", { count: chosen.length }) : t("outline.selectHint")}
            </span>
            {chosen.length > 0 ? (
              <Button
                type="button"
                variant="destructive"
                size="sm"
                className="ml-auto"
                data-testid="outline-delete-selected"
                onClick={() => setConfirmingMany(true)}
              >
                <Trash2Icon aria-hidden />
                {t("outline.deleteSelected", { count: chosen.length })}
              </Button>
            ) : null}
          </div>
          <ol className="grid gap-3" aria-label={t("outline.listLabel")}>
            {outline.map((section, index) => (
              <SectionCard
                key={section.id}
                section={section}
                index={index}
                selected={selected.has(section.id)}
                onSelect={(on) => select(section.id, on)}
                onChange={(next) => onChange(outline.map((s) => (s.id === section.id ? next : s)))}
                onDelete={() => onChange(outline.filter((s) => s.id !== section.id))}
              />
            ))}
          </ol>
        </>
      )}
      <AlertDialog open={confirmingMany} onOpenChange={setConfirmingMany}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t("outline.confirmDeleteMany.title", { count: chosen.length })}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {t("outline.confirmDeleteMany.body", { count: chosenLessons })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={deleteChosen}>
              {t("outline.confirmDeleteMany.confirm", { count: chosen.length })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <Button type="button" variant="outline" className="justify-self-start" onClick={add}>
        <PlusIcon aria-hidden />
        {t("outline.addSection")}
      </Button>
    </div>
  );
}
