import type { PurchaseRow } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon, MailIcon, ReceiptIcon, ShieldCheckIcon, Undo2Icon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatDate, formatMoney } from "@/lib/format";
import {
  PURCHASES_PAGE_SIZE,
  purchasesQueryOptions,
  receiptPdfPath,
  useEmailReceipt,
  useRequestRefund,
} from "../api/purchases";

function money(amount: number, currency: string, lng: string): string {
  return formatMoney(currency === "VND" ? amount : amount / 100, currency, lng);
}

const TONE: Record<string, string> = {
  paid: "bg-emerald-100 text-emerald-900",
  refunded: "bg-red-100 text-red-900",
  pending: "bg-amber-100 text-amber-900",
  awaiting_confirmation: "bg-amber-100 text-amber-900",
};

/**
 * The money-back guarantee of an order (issue 24 §3): until when it runs while a refund can still
 * be asked for, and the refund request's state — waiting for the teacher, approved (refunded) or
 * declined with the teacher's reason.
 */
function GuaranteeLine({ p }: { p: PurchaseRow }) {
  const { t, i18n } = useTranslation("account");
  const lng = i18n.language;
  const request = p.refundRequest;
  if (request) {
    const text =
      request.status === "pending"
        ? t("purchases.request.pending", { date: formatDate(request.createdAt, lng) })
        : request.status === "approved"
          ? t("purchases.request.approved")
          : t("purchases.request.declined", { reason: request.declineReason ?? "" });
    return (
      <p
        className={
          request.status === "declined"
            ? "break-words rounded-md bg-red-50 px-2.5 py-1.5 text-xs text-red-900"
            : request.status === "pending"
              ? "break-words rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-950"
              : "break-words rounded-md bg-emerald-50 px-2.5 py-1.5 text-xs text-emerald-900"
        }
        data-testid={`refund-request-${p.reference}`}
      >
        {text}
      </p>
    );
  }
  if (!p.canRequestRefund || !p.guaranteeEndsAt) return null;
  return (
    <p
      className="flex items-center gap-1.5 text-xs text-emerald-800"
      data-testid={`guarantee-${p.reference}`}
    >
      <ShieldCheckIcon className="size-3.5 shrink-0" aria-hidden />
      {t("purchases.guaranteeUntil", {
        count: p.guaranteeDays ?? 0,
        date: formatDate(p.guaranteeEndsAt, lng),
      })}
    </p>
  );
}

/** "Request a refund": the confirmation with an optional reason (issue 24 §3). */
function RequestRefundDialog({ p, open, onClose }: { p: PurchaseRow; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation("account");
  const ask = useRequestRefund();
  const [reason, setReason] = React.useState("");
  const id = `refund-reason-${p.reference}`;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent data-testid="request-refund-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t("purchases.request.title", { amount: money(p.amount, p.currency, i18n.language) })}
          </AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              <p>{t("purchases.request.body", { course: p.courseTitle })}</p>
              <p>{t("purchases.request.access")}</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={id}>{t("purchases.request.reason")}</Label>
          <Textarea
            id={id}
            value={reason}
            maxLength={1000}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("purchases.request.cancel")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={ask.isPending}
            data-testid="request-refund-confirm"
            onClick={() =>
              ask.mutate(
                { reference: p.reference, reason },
                {
                  onSuccess: () => {
                    toast.success(t("purchases.request.sent"));
                    setReason("");
                  },
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            {t("purchases.request.send")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function PurchaseItem({ p }: { p: PurchaseRow }) {
  const { t, i18n } = useTranslation("account");
  const lng = i18n.language;
  const email = useEmailReceipt();
  const [asking, setAsking] = React.useState(false);
  const open = p.status === "pending" || p.status === "awaiting_confirmation";
  return (
    <li
      className="grid gap-2 rounded-lg border border-border p-3 sm:p-4"
      data-testid={`purchase-${p.reference}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{p.courseTitle}</p>
          <p className="text-xs text-muted-foreground">
            {[p.schoolName, p.method ? t(`purchases.methods.${p.method}`) : null, `#${p.reference}`]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className="text-right">
          <p className="font-bold tabular-nums">{money(p.amount, p.currency, lng)}</p>
          <Badge variant="secondary" className={TONE[p.status] ?? "bg-slate-100 text-slate-800"}>
            {t(`purchases.status.${p.status}`)}
          </Badge>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {p.paidAt
          ? t("purchases.paidOn", { date: formatDate(p.paidAt, lng) })
          : t("purchases.orderedOn", { date: formatDate(p.createdAt, lng) })}
        {p.refundedAmount > 0
          ? ` · ${t("purchases.refunded", {
              amount: money(p.refundedAmount, p.currency, lng),
              date: p.refundedAt ? formatDate(p.refundedAt, lng) : "",
            })}`
          : ""}
      </p>
      <GuaranteeLine p={p} />
      <div className="flex flex-wrap gap-2">
        {open ? (
          <Button asChild size="sm">
            <Link to={`/checkout/${p.reference}`}>{t("purchases.continue")}</Link>
          </Button>
        ) : null}
        {p.status === "paid" ? (
          <Button asChild size="sm" variant="outline">
            <Link to={`/learn/${p.courseId}`}>{t("purchases.openCourse")}</Link>
          </Button>
        ) : null}
        {p.hasReceipt ? (
          <>
            <Button asChild size="sm" variant="outline">
              <a href={receiptPdfPath(p.reference)} download data-testid={`receipt-pdf-${p.reference}`}>
                <DownloadIcon aria-hidden />
                {t("purchases.receiptPdf")}
              </a>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={email.isPending}
              data-testid={`receipt-email-${p.reference}`}
              onClick={() =>
                email.mutate(p.reference, {
                  onSuccess: () => toast.success(t("purchases.emailSent")),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              <MailIcon aria-hidden />
              {t("purchases.receiptEmail")}
            </Button>
          </>
        ) : null}
        {p.canRequestRefund ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setAsking(true)}
            data-testid={`request-refund-${p.reference}`}
          >
            <Undo2Icon aria-hidden />
            {t("purchases.request.button")}
          </Button>
        ) : null}
      </div>
      {p.canRequestRefund ? (
        <RequestRefundDialog p={p} open={asking} onClose={() => setAsking(false)} />
      ) : null}
    </li>
  );
}

/**
 * Purchases (account settings, issue 23 §9): every order of the signed-in person — course, status,
 * amount, method, dates, refund — newest first, ten a page; a receipt PDF and "E-mail me the
 * receipt" for paid and refunded orders; an open order links to its checkout; inside a money-back
 * guarantee "Request a refund", and the request's state (issue 24 §3).
 */
export function PurchasesCard() {
  const { t } = useTranslation("account");
  const [page, setPage] = React.useState(1);
  const list = useQuery(purchasesQueryOptions(page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PURCHASES_PAGE_SIZE)) : 1;
  return (
    <Card id="purchases" data-testid="purchases">
      <CardHeader>
        <CardTitle className="text-lg">{t("purchases.title")}</CardTitle>
        <CardDescription>{t("purchases.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.data ? (
          list.data.total === 0 ? (
            <p
              className="flex items-center gap-2 text-sm text-muted-foreground"
              data-testid="purchases-empty"
            >
              <ReceiptIcon className="size-4" aria-hidden />
              {t("purchases.empty")}
            </p>
          ) : (
            <>
              <ul className="grid gap-2">
                {list.data.purchases.map((p) => (
                  <PurchaseItem key={p.reference} p={p} />
                ))}
              </ul>
              {pages > 1 ? (
                <nav className="flex items-center justify-between gap-2" aria-label={t("purchases.pages")}>
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t("purchases.previous")}
                  </Button>
                  <span className="text-sm text-muted-foreground">
                    {t("purchases.page", { page, pages })}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    {t("purchases.next")}
                  </Button>
                </nav>
              ) : null}
            </>
          )
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {list.error.message}
          </p>
        ) : (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
