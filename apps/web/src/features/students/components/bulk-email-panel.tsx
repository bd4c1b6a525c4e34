import { STUDENT_EMAIL_TYPES, type StudentEmailType } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { MailIcon, SendIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/format";
import { emailBatchQueryOptions, useBulkStudentEmail } from "../api/students";

/**
 * The bulk e-mail panel (000 §2, §5 Bulk email; issue 5), shown while students are selected:
 * welcome, reminder or completion, an optional message; the request only queues the e-mails, then
 * the panel shows how many were queued and their delivery progress (polled). No selection → "No
 * Students Selected"; a failure → "Email Failed".
 */
export function BulkEmailPanel({ selectedIds, onClear }: { selectedIds: string[]; onClear: () => void }) {
  const { t, i18n } = useTranslation("students");
  const lng = i18n.language;
  const send = useBulkStudentEmail();
  const [emailType, setEmailType] = React.useState<StudentEmailType>("reminder");
  const [message, setMessage] = React.useState("");
  const [batch, setBatch] = React.useState<{ id: string; queued: number } | null>(null);
  const progress = useQuery({ ...emailBatchQueryOptions(batch?.id ?? ""), enabled: batch !== null });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (selectedIds.length === 0) {
      toast.error(t("bulk.noneSelected.title"), { description: t("bulk.noneSelected.description") });
      return;
    }
    send.mutate(
      { enrollmentIds: selectedIds, emailType, message: message.trim() || undefined },
      {
        onSuccess: (result) => {
          setBatch({ id: result.batchId, queued: result.queued });
          setMessage("");
          toast.success(t("bulk.queued", { count: result.queued }));
        },
        onError: () => toast.error(t("bulk.failed.title"), { description: t("bulk.failed.description") }),
      },
    );
  };

  const status = progress.data;
  const delivered = status ? status.delivered : 0;
  const total = status?.total ?? batch?.queued ?? 0;

  return (
    <section
      aria-label={t("bulk.label")}
      className="grid gap-4 rounded-lg border border-brand/30 bg-brand/5 p-4"
      data-testid="bulk-email-panel"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-medium">
          <MailIcon className="size-4 text-brand" aria-hidden />
          {t("bulk.selected", {
            count: selectedIds.length,
            formatted: formatNumber(selectedIds.length, lng),
          })}
        </p>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <XIcon aria-hidden />
          {t("bulk.clear")}
        </Button>
      </div>
      <form onSubmit={submit} className="grid gap-3 md:grid-cols-[14rem_1fr_auto] md:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="bulk-email-type">{t("bulk.type")}</Label>
          <Select value={emailType} onValueChange={(value) => setEmailType(value as StudentEmailType)}>
            <SelectTrigger id="bulk-email-type" className="w-full" data-testid="email-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STUDENT_EMAIL_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {t(`bulk.types.${type}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bulk-email-message">{t("bulk.message")}</Label>
          <Textarea
            id="bulk-email-message"
            rows={2}
            maxLength={5000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={t("bulk.messagePlaceholder")}
          />
        </div>
        <Button type="submit" disabled={send.isPending} data-testid="send-bulk-email">
          <SendIcon aria-hidden />
          {send.isPending ? t("bulk.sending") : t("bulk.send")}
        </Button>
      </form>
      {batch ? (
        <div className="grid gap-1.5" data-testid="bulk-email-progress">
          <div className="flex justify-between text-sm">
            <span>{t("bulk.queued", { count: batch.queued })}</span>
            <span className="tabular-nums text-muted-foreground">
              {t("bulk.delivered", {
                delivered: formatNumber(delivered, lng),
                total: formatNumber(total, lng),
              })}
            </span>
          </div>
          <Progress value={total ? (delivered / total) * 100 : 0} aria-label={t("bulk.progress")} />
          {status && status.failed > 0 ? (
            <p className="text-xs text-destructive">{t("bulk.failedCount", { count: status.failed })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
