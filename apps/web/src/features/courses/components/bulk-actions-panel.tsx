import { BULK_ACTIONS } from "@academy/shared";
import { Loader2Icon, PlayIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type BulkCourseAction, useBulkCourseAction } from "../api/courses";
import { courseErrorText, isInvalidActionError } from "../api/errors";

/**
 * The bulk-operations panel (000 §2, §4, §5, §8): pick an action for the selected courses, then
 * Execute. Publish, Unpublish, Duplicate, or e-mail the enrolled students (through the outbox).
 * Nothing selected or no action → "Missing Selection"; while running the button reads
 * "Processing..."; on success the selection is cleared (`onDone`).
 */
export function BulkActionsPanel({
  selectedIds,
  onClear,
  onDone,
  className,
}: {
  selectedIds: readonly string[];
  onClear: () => void;
  onDone: () => void;
  className?: string;
}) {
  const { t, i18n } = useTranslation("courses");
  const lng = i18n.language;
  const bulk = useBulkCourseAction();
  const [action, setAction] = React.useState<BulkCourseAction | "">("");
  const [subject, setSubject] = React.useState("");
  const [message, setMessage] = React.useState("");
  const [messageInvalid, setMessageInvalid] = React.useState(false);
  const count = selectedIds.length;
  const baseId = React.useId();

  const execute = (event: React.FormEvent) => {
    event.preventDefault();
    if (bulk.isPending) return;
    if (count === 0 || !action) {
      toast.error(t("bulk.missingSelection"), { description: t("bulk.missingSelectionBody") });
      return;
    }
    if (action === "email" && !message.trim()) {
      setMessageInvalid(true);
      toast.error(t("bulk.missingMessage"), { description: t("bulk.messageRequired") });
      document.getElementById(`${baseId}-message`)?.focus();
      return;
    }
    bulk.mutate(
      {
        action,
        courseIds: [...selectedIds],
        ...(action === "email" ? { subject: subject.trim() || undefined, message: message.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          if (result.action === "email") {
            const queued = result.queued ?? 0;
            if (queued === 0) toast.info(t("bulk.result.emailNone"));
            else toast.success(t("bulk.result.email", { count: queued, n: formatNumber(queued, lng) }));
          } else {
            toast.success(
              t(`bulk.result.${result.action}`, {
                count: result.affected,
                n: formatNumber(result.affected, lng),
              }),
            );
          }
          setAction("");
          setSubject("");
          setMessage("");
          setMessageInvalid(false);
          onDone();
        },
        onError: (error) => {
          if (isInvalidActionError(error)) toast.error(t("bulk.invalidAction"));
          else toast.error(t("bulk.failed"), { description: courseErrorText(error, t) });
        },
      },
    );
  };

  const email = action === "email";
  const executeButton = (
    <Button type="submit" disabled={bulk.isPending} className="sm:min-w-32" data-testid="bulk-execute">
      {bulk.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <PlayIcon aria-hidden />}
      {bulk.isPending ? t("bulk.processing") : t("bulk.execute")}
    </Button>
  );

  return (
    <section
      aria-label={t("bulk.title")}
      className={cn(
        "max-h-[75dvh] overflow-y-auto rounded-xl border border-primary/25 bg-background p-4 shadow-[0_-4px_24px_-6px_rgb(15_23_42/0.18)]",
        className,
      )}
      data-testid="bulk-panel"
    >
      <form onSubmit={execute} noValidate className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" aria-live="polite">
            <span className="mr-2 inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
              {formatNumber(count, lng)}
            </span>
            {t("selection.selected", { count })}
          </p>
          <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={bulk.isPending}>
            <XIcon aria-hidden />
            {t("selection.clear")}
          </Button>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5 sm:w-64 sm:shrink-0">
            <Label htmlFor={`${baseId}-action`}>{t("bulk.actionLabel")}</Label>
            <Select
              value={action}
              onValueChange={(value) => setAction(value as BulkCourseAction)}
              disabled={bulk.isPending}
            >
              <SelectTrigger id={`${baseId}-action`} data-testid="bulk-action">
                <SelectValue placeholder={t("bulk.actionPlaceholder")} />
              </SelectTrigger>
              <SelectContent>
                {BULK_ACTIONS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(`bulk.actions.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {email ? (
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={`${baseId}-subject`}>{t("bulk.subject")}</Label>
              <Input
                id={`${baseId}-subject`}
                value={subject}
                maxLength={200}
                placeholder={t("bulk.subjectPlaceholder")}
                onChange={(event) => setSubject(event.target.value)}
                disabled={bulk.isPending}
              />
            </div>
          ) : (
            executeButton
          )}
        </div>
        {email ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={`${baseId}-message`}>{t("bulk.message")}</Label>
              <Textarea
                id={`${baseId}-message`}
                value={message}
                rows={3}
                maxLength={5000}
                placeholder={t("bulk.messagePlaceholder")}
                aria-invalid={messageInvalid || undefined}
                aria-describedby={`${baseId}-message-hint`}
                onChange={(event) => {
                  setMessage(event.target.value);
                  if (event.target.value.trim()) setMessageInvalid(false);
                }}
                disabled={bulk.isPending}
              />
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p id={`${baseId}-message-hint`} className="text-xs text-muted-foreground">
                {t("bulk.messageHint")}
              </p>
              {executeButton}
            </div>
          </>
        ) : null}
      </form>
    </section>
  );
}
