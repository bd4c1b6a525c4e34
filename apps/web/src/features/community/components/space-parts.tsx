import { UsersIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

/**
 * The pieces the Study Groups and Challenges tabs share (000 §2 "Community & Challenges"; issue 28 §2):
 * labelled form fields, the create dialog's frame, props and outcome, the course picker, the list's
 * card, grid and empty box, and the error. Each renders the same markup the tabs wrote inline.
 */

/** A label over one control: `<div className={className}><Label htmlFor={id}>…</Label>{children}</div>`. */
export function Field({
  id,
  label,
  className = "space-y-1",
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

type ValueProps = {
  id: string;
  label: string;
  fieldClassName?: string;
  onValueChange: (value: string) => void;
};

/** A labelled `<Input>`; `onValueChange` gets the input's string value; other props go to the input. */
export function InputField({
  id,
  label,
  fieldClassName,
  onValueChange,
  ...props
}: ValueProps & Omit<React.ComponentProps<typeof Input>, "id" | "onChange">) {
  return (
    <Field id={id} label={label} className={fieldClassName}>
      <Input id={id} {...props} onChange={(e) => onValueChange(e.target.value)} />
    </Field>
  );
}

/** A labelled `<Textarea>`; `onValueChange` gets its string value; other props go to the textarea. */
export function TextareaField({
  id,
  label,
  fieldClassName,
  onValueChange,
  ...props
}: ValueProps & Omit<React.ComponentProps<typeof Textarea>, "id" | "onChange">) {
  return (
    <Field id={id} label={label} className={fieldClassName}>
      <Textarea id={id} {...props} onChange={(e) => onValueChange(e.target.value)} />
    </Field>
  );
}

/** A labelled full-width `<NativeSelect>` over `children` (its options); `onValueChange` gets the chosen value. */
export function SelectField({
  id,
  label,
  value,
  onValueChange,
  children,
}: Omit<ValueProps, "fieldClassName"> & { value: string; children: React.ReactNode }) {
  return (
    <Field id={id} label={label}>
      <NativeSelect id={id} className="w-full" value={value} onChange={(e) => onValueChange(e.target.value)}>
        {children}
      </NativeSelect>
    </Field>
  );
}

/** The course ("space") picker of the create dialogs: one option per course `{ id, title }`. */
export function CourseSelect({
  id,
  courses,
  value,
  onValueChange,
}: {
  id: string;
  courses: ReadonlyArray<{ id: string; title: string }>;
  value: string;
  onValueChange: (courseId: string) => void;
}) {
  const { t } = useTranslation("community");
  return (
    <SelectField id={id} label={t("spaceLabel")} value={value} onValueChange={onValueChange}>
      {courses.map((c) => (
        <option key={c.id} value={c.id}>
          {c.title}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A create dialog: `title`, a no-validate form of `children` whose submit (default prevented) calls
 * `onSubmit`, and a footer with Cancel (closes) and `submitLabel` (disabled while `disabled`).
 */
export function CreateDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  disabled,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  disabled: boolean;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("community");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("cancel")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={disabled}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What a tab passes its create dialog: open state, and what to do with the new item's id. */
export interface CreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}

/**
 * The create mutation's callbacks: on success toast `message`, close the dialog, `reset` the form
 * and open the new item (`onCreated(id)`); on error toast the error's message.
 */
export function createdCallbacks({
  message,
  onOpenChange,
  reset,
  onCreated,
}: Omit<CreateDialogProps, "open"> & { message: string; reset: () => void }) {
  return {
    onSuccess: (created: { id: string }) => {
      toast.success(message);
      onOpenChange(false);
      reset();
      onCreated(created.id);
    },
    onError: (error: Error) => toast.error(error.message),
  };
}

/**
 * One card of a tab's grid (`<li data-testid={testId}>`): a title button that calls `onOpen`, an
 * optional `badge` beside it, the `courseTitle` line, then `children`.
 */
export function SpaceCard({
  testId,
  title,
  titleClassName,
  onOpen,
  badge,
  courseTitle,
  children,
}: {
  testId: string;
  title: string;
  titleClassName: string;
  onOpen: () => void;
  badge?: React.ReactNode;
  courseTitle: string;
  children: React.ReactNode;
}) {
  return (
    <li data-testid={testId}>
      <Card className="h-full">
        <CardContent className="flex h-full flex-col gap-2 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={titleClassName} onClick={onOpen}>
              {title}
            </button>
            {badge}
          </div>
          <p className="text-sm text-muted-foreground">{courseTitle}</p>
          {children}
        </CardContent>
      </Card>
    </li>
  );
}

/** A card's people line: the people icon, then `children` (the count's text). */
export function PeopleLine({ children }: { children: React.ReactNode }) {
  return (
    <p className="inline-flex items-center gap-1 text-sm">
      <UsersIcon className="size-4" aria-hidden />
      {children}
    </p>
  );
}

/** A tab's list: `empty` in the dashed box when there are no `items`, else their cards in the grid. */
export function SpaceList<T extends { id: string }>({
  items,
  empty,
  card,
}: {
  items: readonly T[];
  empty: string;
  card: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return <EmptyList>{empty}</EmptyList>;
  return <CardGrid>{items.map(card)}</CardGrid>;
}

/** The responsive grid of cards (`<ul>`). */
export function CardGrid({ children }: { children: React.ReactNode }) {
  return <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

/** The dashed box shown when a tab's list is empty. */
export function EmptyList({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** A failed load's message as an alert box. */
export function LoadError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-lg border border-border p-6 text-center text-sm">
      {(error as Error).message}
    </p>
  );
}
