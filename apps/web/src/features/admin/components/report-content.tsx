import { useQuery } from "@tanstack/react-query";
import { FlagIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { Textarea } from "@/components/ui/textarea";
import { meQueryOptions } from "@/lib/session";
import { useReportContent } from "../api/admin";

/**
 * "Report" for a course, landing page or material (issue 14): a signed-in user gives a reason;
 * the report lands in the Admin Panel's Content Library. Hidden for visitors.
 */
export function ReportContent({
  targetType,
  targetId,
  className,
}: {
  targetType: "course" | "landing_page" | "material";
  targetId: string;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  const me = useQuery(meQueryOptions);
  const report = useReportContent();
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState("");
  if (!me.data) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={className}>
          <FlagIcon aria-hidden />
          {t("report.action")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("report.cancel")}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setError(t("report.required"));
            setError("");
            report.mutate(
              { targetType, targetId, reason },
              {
                onSuccess: () => {
                  toast.success(t("report.sent"));
                  setOpen(false);
                  setReason("");
                },
                onError: (err) => setError(err instanceof Error ? err.message : String(err)),
              },
            );
          }}
          className="flex flex-col gap-3"
        >
          <DialogHeader>
            <DialogTitle>{t("report.title")}</DialogTitle>
            <DialogDescription>{t("report.description")}</DialogDescription>
          </DialogHeader>
          <Label htmlFor="report-reason">{t("report.reason")}</Label>
          <Textarea
            id="report-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={1000}
          />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
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
