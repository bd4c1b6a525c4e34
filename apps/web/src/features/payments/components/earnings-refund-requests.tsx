import type { RefundRequestItem } from "@academy/shared";
import { ShieldCheckIcon } from "lucide-react";
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
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatDate } from "@/lib/format";
import { useEarningsActions } from "../api/payments";
import { money } from "./checkout-page";
import { RefundDialog } from "./refund-dialog";

/**
 * Refund requests under a money-back guarantee (issue 24 §3), at the top of "Needs your
 * attention": who asks, for which course, how much, when they paid, the guarantee and their
 * reason. "Approve and refund" opens the same refund confirmation as every refund (back through
 * the provider that took the money, or "Mark refunded outside Academy"); the request is approved
 * once the refund is recorded. "Decline" asks for the reason the student is e-mailed.
 */
export function RefundRequestRows({ requests }: { requests: RefundRequestItem[] }) {
  const { t } = useTranslation("payments");
  const actions = useEarningsActions();
  const [approving, setApproving] = React.useState<RefundRequestItem | null>(null);
  const [declining, setDeclining] = React.useState<RefundRequestItem | null>(null);
  const [reason, setReason] = React.useState("");
  const fail = (error: Error) => toast.error(error.message);

  return (
    <>
      {requests.map((item) => (
        <RefundRequestRow
          key={item.id}
          item={item}
          onApprove={() => setApproving(item)}
          onDecline={() => {
            setReason("");
            setDeclining(item);
          }}
        />
      ))}

      <RefundDialog
        target={
          approving
            ? {
                reference: approving.reference,
                amount: approving.amount,
                currency: approving.currency,
                through: approving.refundThrough,
                extra: false,
                outside: false,
              }
            : null
        }
        onClose={() => setApproving(null)}
        pending={actions.approveRequest.isPending}
        onConfirm={(outside) => {
          if (!approving) return;
          actions.approveRequest.mutate(
            { id: approving.id, outside },
            {
              onSuccess: (result) => toast.success(t(`refund.result.${result.status}`)),
              onError: fail,
            },
          );
        }}
      />

      <AlertDialog open={declining !== null} onOpenChange={(open) => !open && setDeclining(null)}>
        <AlertDialogContent data-testid="decline-request-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t("refundRequests.declineTitle", { reference: declining?.reference ?? "" })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t("refundRequests.declineBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <Label htmlFor="decline-reason">{t("refundRequests.declineReason")}</Label>
          <Textarea
            id="decline-reason"
            value={reason}
            maxLength={1000}
            onChange={(e) => setReason(e.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={!reason.trim() || actions.declineRequest.isPending}
              data-testid="decline-request-confirm"
              onClick={() => {
                if (!declining) return;
                actions.declineRequest.mutate(
                  { id: declining.id, reason: reason.trim() },
                  { onSuccess: () => toast.success(t("refundRequests.declined")), onError: fail },
                );
              }}
            >
              {t("refundRequests.decline")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function RefundRequestRow({
  item,
  onApprove,
  onDecline,
}: {
  item: RefundRequestItem;
  onApprove: () => void;
  onDecline: () => void;
}) {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const student = item.studentName || item.studentEmail || t("attention.deletedStudent");
  return (
    <li
      className="grid gap-2 rounded-lg border border-sky-200 bg-sky-50/50 p-3 sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid={`refund-request-${item.reference}`}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className="gap-1 bg-sky-100 text-sky-950">
            <ShieldCheckIcon className="size-3" aria-hidden />
            {t("refundRequests.kind")}
          </Badge>
          <span className="font-mono text-sm font-bold tracking-wider">{item.reference}</span>
          {item.refundPending ? (
            <Badge className="bg-amber-100 text-amber-900">{t("refund.status.pending")}</Badge>
          ) : item.refundFailed ? (
            <Badge className="bg-red-100 text-red-800">{t("refund.status.failed")}</Badge>
          ) : null}
        </div>
        <p className="break-words text-sm">
          <span className={item.studentEmail ? "font-medium" : "italic text-muted-foreground"}>
            {student}
          </span>
          {" · "}
          <span className="text-muted-foreground">{item.courseTitle}</span>
        </p>
        <p className="break-words text-sm">
          {item.reason ? (
            t("refundRequests.reason", { reason: item.reason })
          ) : (
            <span className="text-muted-foreground">{t("refundRequests.noReason")}</span>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {t("refundRequests.facts", {
            amount: money(item.amount, item.currency, lng),
            paid: formatDate(item.paidAt, lng),
            days: item.guaranteeDays,
            asked: formatDate(item.createdAt, lng),
          })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={item.refundPending}
          onClick={onApprove}
          data-testid={`approve-request-${item.reference}`}
        >
          {t("refundRequests.approve")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={item.refundPending}
          onClick={onDecline}
          data-testid={`decline-request-${item.reference}`}
        >
          {t("refundRequests.decline")}
        </Button>
      </div>
    </li>
  );
}
