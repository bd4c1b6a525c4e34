import type { AttentionItem } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, ExternalLinkIcon, TriangleAlertIcon } from "lucide-react";
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
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { attentionQueryOptions, refundRequestsQueryOptions, useEarningsActions } from "../api/payments";
import { money } from "./checkout-page";
import { RefundRequestRows } from "./earnings-refund-requests";
import { RefundDialog, type RefundTarget } from "./refund-dialog";

/** Stripe's list of disputes, where a creator answers one. */
const STRIPE_DISPUTES_URL = "https://dashboard.stripe.com/disputes";

type Confirm = { kind: "enrol" | "resolve"; item: AttentionItem } | null;

/**
 * "Needs your attention" (issue 23 §10): every order a person must act on — paid twice, paid after
 * expiry, amount mismatch, refund failed, dispute — with one action each (and "Mark refunded
 * outside Academy" beside "Retry refund"). Every action asks for confirmation first; a refund of
 * an online payment says it goes back to the buyer's MoMo / ZaloPay / card. Refund requests under
 * a money-back guarantee (issue 24 §3) come first. An empty state when nothing needs attention.
 */
export function EarningsAttention() {
  const { t } = useTranslation("payments");
  const list = useQuery(attentionQueryOptions);
  const requests = useQuery(refundRequestsQueryOptions);
  const requestItems = requests.data?.requests ?? [];
  const count = (list.data?.items.length ?? 0) + requestItems.length;
  const actions = useEarningsActions();
  const [refunding, setRefunding] = React.useState<{ item: AttentionItem; target: RefundTarget } | null>(
    null,
  );
  const [confirm, setConfirm] = React.useState<Confirm>(null);
  const fail = (error: Error) => toast.error(error.message);

  const startRefund = (item: AttentionItem, outside = false) => {
    const extra = item.extraPayment;
    const retryExtra = item.kind === "refund_failed" && item.failedRefund?.attemptId;
    setRefunding({
      item,
      target: {
        reference: item.reference,
        amount: extra && (item.kind !== "refund_failed" || retryExtra) ? extra.amount : item.amount,
        currency: extra?.currency ?? item.currency,
        through: item.refundThrough,
        extra: Boolean(extra && (item.kind !== "refund_failed" || retryExtra)),
        outside,
      },
    });
  };

  return (
    <Card data-testid="attention">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <TriangleAlertIcon className="size-4 text-amber-600" aria-hidden />
          {t("attention.title")}
          {count > 0 ? <Badge className="bg-amber-100 text-amber-900">{count}</Badge> : null}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("attention.hint")}</p>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.isError ? (
          <p role="alert">{list.error.message}</p>
        ) : count === 0 ? (
          <p
            className="flex items-center gap-2 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground"
            data-testid="attention-empty"
          >
            <CheckCircle2Icon className="size-4 text-emerald-600" aria-hidden />
            {t("attention.empty")}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t("attention.title")}>
            <RefundRequestRows requests={requestItems} />
            {list.data.items.map((item) => (
              <AttentionRow
                key={item.orderId}
                item={item}
                onRefund={(outside) => startRefund(item, outside)}
                onEnrol={() => setConfirm({ kind: "enrol", item })}
                onResolve={() => setConfirm({ kind: "resolve", item })}
              />
            ))}
          </ul>
        )}
      </CardContent>

      <RefundDialog
        target={refunding?.target ?? null}
        onClose={() => setRefunding(null)}
        pending={actions.refund.isPending}
        onConfirm={(outside) => {
          if (!refunding) return;
          const { item, target } = refunding;
          const attemptId = target.extra
            ? (item.extraPayment?.attemptId ?? item.failedRefund?.attemptId ?? undefined)
            : undefined;
          actions.refund.mutate(
            { id: item.orderId, attemptId, outside },
            {
              onSuccess: (result) => toast.success(t(`refund.result.${result.status}`)),
              onError: fail,
            },
          );
        }}
      />

      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent data-testid="attention-confirm">
          {confirm ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>
                  {confirm.kind === "enrol"
                    ? t("attention.enrolTitle", { student: studentLabel(confirm.item, t) })
                    : t("attention.handledTitle", { reference: confirm.item.reference })}
                </AlertDialogTitle>
                <AlertDialogDescription>
                  {confirm.kind === "enrol"
                    ? t("attention.enrolBody", {
                        reference: confirm.item.reference,
                        course: confirm.item.courseTitle,
                      })
                    : t(
                        confirm.item.kind === "dispute"
                          ? "attention.handledDispute"
                          : "attention.handledBody",
                      )}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  data-testid="attention-confirm-action"
                  onClick={() => {
                    const { kind, item } = confirm;
                    const mutation = kind === "enrol" ? actions.enrol : actions.resolve;
                    mutation.mutate(item.orderId, {
                      onSuccess: () =>
                        toast.success(t(kind === "enrol" ? "attention.enrolled" : "attention.handled")),
                      onError: fail,
                    });
                  }}
                >
                  {confirm.kind === "enrol" ? t("attention.enrol") : t("attention.markHandled")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </>
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function studentLabel(item: AttentionItem, t: (key: string) => string): string {
  return item.studentName || item.studentEmail || t("attention.deletedStudent");
}

function AttentionRow({
  item,
  onRefund,
  onEnrol,
  onResolve,
}: {
  item: AttentionItem;
  onRefund: (outside: boolean) => void;
  onEnrol: () => void;
  onResolve: () => void;
}) {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const extra = item.extraPayment;
  const provider = t(`refund.provider.${extra?.provider ?? item.refundThrough}`);
  const body =
    !extra && (item.kind === "paid_twice" || item.kind === "amount_mismatch")
      ? (item.reason ?? "")
      : item.kind === "paid_twice"
        ? t("attention.body.paid_twice", {
            amount: money(extra?.amount ?? item.amount, item.currency, lng),
            provider,
          })
        : item.kind === "paid_after_expiry"
          ? t("attention.body.paid_after_expiry", {
              amount: money(extra?.amount ?? item.amount, item.currency, lng),
              provider,
            })
          : item.kind === "amount_mismatch"
            ? t("attention.body.amount_mismatch", {
                provider,
                received: extra ? money(extra.amount, extra.currency, lng) : "—",
                expected: money(item.amount, item.currency, lng),
              })
            : item.kind === "refund_failed"
              ? t("attention.body.refund_failed", { reason: item.failedRefund?.reason ?? item.reason ?? "—" })
              : item.kind === "dispute"
                ? t("attention.body.dispute")
                : (item.reason ?? "");
  const busy = item.pendingRefund;
  // Nothing Academy can refund (an older flag without the payment recorded): it can only be marked handled.
  const refundable = Boolean(extra) || item.status === "paid" || item.kind === "refund_failed";
  return (
    <li
      className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50/40 p-3 sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid={`attention-${item.reference}`}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className="bg-amber-100 text-amber-950">{t(`attention.kind.${item.kind}`)}</Badge>
          <span className="font-mono text-sm font-bold tracking-wider">{item.reference}</span>
          <span className="text-xs text-muted-foreground">{t(`status.${item.status}`)}</span>
          {busy ? <Badge className="bg-amber-100 text-amber-900">{t("refund.status.pending")}</Badge> : null}
        </div>
        <p className="truncate text-sm">
          <span className={item.studentEmail ? "" : "italic text-muted-foreground"}>
            {studentLabel(item, t)}
          </span>
          {" · "}
          <span className="text-muted-foreground">{item.courseTitle}</span>
        </p>
        <p className="break-words text-sm">{body}</p>
        {item.kind === "dispute" ? (
          <a
            href={STRIPE_DISPUTES_URL}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand underline underline-offset-2"
          >
            {t("attention.openStripe")}
            <ExternalLinkIcon className="size-3" aria-hidden />
          </a>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {money(item.amount, item.currency, lng)} · {formatDateTime(item.flaggedAt, lng)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!refundable ? (
          <Button size="sm" variant="outline" onClick={onResolve}>
            {t("attention.markHandled")}
          </Button>
        ) : item.kind === "paid_twice" ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onRefund(false)}>
            {t("attention.refundExtra")}
          </Button>
        ) : item.kind === "paid_after_expiry" ? (
          <>
            <Button size="sm" disabled={busy} onClick={onEnrol}>
              {t("attention.enrol")}
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onRefund(false)}>
              {t("attention.refund")}
            </Button>
          </>
        ) : item.kind === "amount_mismatch" ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onRefund(false)}>
            {t("attention.refund")}
          </Button>
        ) : item.kind === "refund_failed" ? (
          <>
            <Button size="sm" disabled={busy} onClick={() => onRefund(false)}>
              {t("refund.retry")}
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onRefund(true)}>
              {t("refund.confirmOutside")}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={onResolve}>
            {t("attention.markHandled")}
          </Button>
        )}
      </div>
    </li>
  );
}
