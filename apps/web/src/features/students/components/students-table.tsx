import { type EnrolmentStatus, enrolmentStatus, type StudentRow } from "@academy/shared";
import { CheckIcon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Progress } from "@/components/ui/progress";
import { formatDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import { studentErrorText } from "../api/errors";
import { useSettlePayment } from "../api/students";

type StatusKey = EnrolmentStatus;

/** The row's status label: payment first (pending, cancelled), then completed or in progress. */
export function statusOf(row: StudentRow): StatusKey {
  return enrolmentStatus(row);
}

const STATUS_STYLE: Record<StatusKey, string> = {
  completed: "bg-emerald-100 text-emerald-800",
  inProgress: "bg-sky-100 text-sky-800",
  notStarted: "bg-slate-100 text-slate-700",
  pending: "bg-amber-100 text-amber-900",
  cancelled: "bg-muted text-muted-foreground",
};

const GRID =
  "md:grid md:grid-cols-[2.5rem_minmax(0,2.2fr)_minmax(0,1.6fr)_8rem_8.5rem_7rem_minmax(11rem,1.3fr)] md:items-center md:gap-3";

/**
 * The student list (000 §2 Student Management): one row per enrolment with selection, the student
 * (name, e-mail), course, progress, status, enrolment and last-access dates, and for a pending
 * paid enrolment "Confirm payment" / "Cancel" (cancel asks first). A table on wide screens,
 * stacked cards on phones. `renderActions` adds more row actions (the page composes them).
 */
export function StudentsTable({
  rows,
  selected,
  onToggle,
  onToggleMany,
  renderActions,
  busy,
}: {
  rows: StudentRow[];
  selected: ReadonlySet<string>;
  onToggle: (enrollmentId: string, on: boolean) => void;
  onToggleMany: (enrollmentIds: string[], on: boolean) => void;
  renderActions?: (row: StudentRow) => React.ReactNode;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation("students");
  const lng = i18n.language;
  const settle = useSettlePayment();
  const [cancelling, setCancelling] = React.useState<StudentRow | null>(null);
  const ids = rows.map((r) => r.enrollmentId);
  const selectedHere = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && selectedHere === ids.length;

  const run = (row: StudentRow, action: "confirm" | "cancel") =>
    settle.mutate(
      { id: row.enrollmentId, action },
      {
        onSuccess: () =>
          toast.success(action === "confirm" ? t("payment.confirmed") : t("payment.cancelled"), {
            description: `${row.name ?? row.email} · ${row.courseTitle}`,
          }),
        onError: (error) => toast.error(t("payment.failed"), { description: studentErrorText(error, t) }),
      },
    );

  return (
    <div
      className={cn("overflow-hidden rounded-lg border border-border bg-card", busy && "opacity-70")}
      data-testid="students-table"
    >
      <div
        className={cn(
          GRID,
          "hidden border-b border-border bg-muted/50 px-4 py-2.5 text-xs font-medium uppercase text-muted-foreground md:grid",
        )}
      >
        <Checkbox
          checked={all ? true : selectedHere > 0 ? "indeterminate" : false}
          onCheckedChange={(value) => onToggleMany(ids, value === true)}
          aria-label={t("table.selectAll")}
          data-testid="select-all-students"
        />
        <span>{t("table.student")}</span>
        <span>{t("table.course")}</span>
        <span>{t("table.progress")}</span>
        <span>{t("table.status")}</span>
        <span>{t("table.enrolled")}</span>
        <span>{t("table.lastAccessed")}</span>
      </div>
      <ul className="divide-y divide-border">
        {rows.map((row) => {
          const status = statusOf(row);
          const label = row.name ?? row.email;
          return (
            <li
              key={row.enrollmentId}
              className={cn(
                GRID,
                "relative grid gap-2 px-4 py-3",
                selected.has(row.enrollmentId) && "bg-brand/5",
              )}
              data-testid="student-row"
            >
              <div className="absolute right-4 top-3 md:static">
                <Checkbox
                  checked={selected.has(row.enrollmentId)}
                  onCheckedChange={(value) => onToggle(row.enrollmentId, value === true)}
                  aria-label={t("table.select", { name: label, course: row.courseTitle })}
                />
              </div>
              <div className="flex min-w-0 items-center gap-3 pr-8 md:pr-0">
                <Avatar name={label} />
                <div className="min-w-0">
                  <p className="truncate font-medium" data-testid="student-name">
                    {row.name ?? t("table.unnamed")}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{row.email}</p>
                </div>
              </div>
              <p className="min-w-0 truncate text-sm">
                <span className="text-muted-foreground md:hidden">{t("table.course")}: </span>
                {row.courseTitle}
              </p>
              <div className="flex items-center gap-2">
                <Progress value={row.progress} className="h-1.5 flex-1" aria-label={t("table.progress")} />
                <span className="w-10 text-right text-xs tabular-nums">{row.progress}%</span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge className={STATUS_STYLE[status]}>{t(`status.${status}`)}</Badge>
                {status === "pending" ? (
                  <span className="text-xs text-muted-foreground">
                    {formatMoney(row.paymentAmount, row.currency, lng)}
                  </span>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">
                <span className="md:hidden">{t("table.enrolled")}: </span>
                {formatDate(row.enrollmentDate, lng)}
              </p>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-muted-foreground">
                  <span className="md:hidden">{t("table.lastAccessed")}: </span>
                  {row.lastAccessed ? formatDate(row.lastAccessed, lng) : t("table.never")}
                </p>
                <div className="flex flex-wrap gap-1.5">
                  {status === "pending" ? (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-8"
                        disabled={settle.isPending}
                        onClick={() => run(row, "confirm")}
                        data-testid="confirm-payment"
                      >
                        <CheckIcon aria-hidden />
                        {t("payment.confirm")}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="h-8 text-destructive hover:text-destructive"
                        disabled={settle.isPending}
                        onClick={() => setCancelling(row)}
                      >
                        <XIcon aria-hidden />
                        {t("payment.cancel")}
                      </Button>
                    </>
                  ) : null}
                  {renderActions?.(row)}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <AlertDialog open={cancelling !== null} onOpenChange={(open) => !open && setCancelling(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("payment.cancelTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("payment.cancelBody", {
                name: cancelling?.name ?? cancelling?.email ?? "",
                course: cancelling?.courseTitle ?? "",
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("payment.keep")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (cancelling) run(cancelling, "cancel");
                setCancelling(null);
              }}
            >
              {t("payment.cancelConfirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
