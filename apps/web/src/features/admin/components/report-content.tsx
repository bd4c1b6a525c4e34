import { REPORT_REASONS } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { FlagIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { FormError } from "@/components/form/form-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { meQueryOptions } from "@/lib/session";
import { cn } from "@/lib/utils";
import { useReportContent } from "../api/admin";

/**
 * "Report" for a course, landing page or material (issue 14): a signed-in user picks a reason
 * (REPORT_REASONS) and may add details; the report lands in the Admin Panel's Content Library.
 * Success is a toast; a refusal (e.g. the server's hourly limit) is shown in the dialog. Hidden
 * for visitors. `defaultOpen` opens it at once (the /report page); `onSent` runs after success.
 */
export function ReportContent({
  targetType,
  targetId,
  className,
  compact = false,
  defaultOpen = false,
  onSent,
}: {
  targetType: "course" | "landing_page" | "material" | "course_review";
  targetId: string;
  className?: string;
  /** An icon-only trigger (beside a lesson resource); the label stays for screen readers. */
  compact?: boolean;
  defaultOpen?: boolean;
  onSent?: () => void;
}) {
  const { t } = useTranslation("admin");
  const me = useQuery(meQueryOptions);
  const report = useReportContent();
  const [open, setOpen] = React.useState(defaultOpen);
  const [reason, setReason] = React.useState("");
  const [details, setDetails] = React.useState("");
  const [error, setError] = React.useState("");
  const ids = React.useId();
  if (!me.data) return null;
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setError("");
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className={cn(compact && "size-8 p-0", className)}
          aria-label={compact ? t(`report.actionFor.${targetType}`) : undefined}
          title={compact ? t(`report.actionFor.${targetType}`) : undefined}
        >
          <FlagIcon aria-hidden />
          {compact ? null : t("report.action")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("report.cancel")}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason) return setError(t("report.required"));
            setError("");
            report.mutate(
              { targetType, targetId, reason, details: details.trim() || undefined },
              {
                onSuccess: () => {
                  toast.success(t("report.sent"));
                  setOpen(false);
                  setReason("");
                  setDetails("");
                  onSent?.();
                },
                onError: (err) => setError(err instanceof Error ? err.message : String(err)),
              },
            );
          }}
          className="flex flex-col gap-3"
        >
          <DialogHeader>
            <DialogTitle>{t(`report.titleFor.${targetType}`)}</DialogTitle>
            <DialogDescription>{t("report.description")}</DialogDescription>
          </DialogHeader>
          <Label htmlFor={`${ids}-reason`}>{t("report.reason")}</Label>
          <NativeSelect
            id={`${ids}-reason`}
            className="w-full"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            <option value="">{t("report.chooseReason")}</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`report.reasons.${r}`)}
              </option>
            ))}
          </NativeSelect>
          <Label htmlFor={`${ids}-details`}>{t("report.details")}</Label>
          <Textarea
            id={`${ids}-details`}
            value={details}
            placeholder={t("report.detailsHint")}
            onChange={(e) => setDetails(e.target.value)}
            maxLength={2000}
          />
          <FormError message={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t("report.cancel")}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {t("report.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
