import { ORDER_METHODS, ORDER_STATUSES, type OrderRow } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { CheckIcon, DownloadIcon, FlagIcon, ReceiptIcon, Undo2Icon, XIcon } from "lucide-react";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  ORDERS_PAGE_SIZE,
  orderCoursesQueryOptions,
  ordersCsvUrl,
  ordersQueryOptions,
  useEarningsActions,
} from "../api/payments";
import { money } from "./checkout-page";
import { selectClass, statusTone } from "./earnings-ui";
import { RefundDialog, RefundStatusBadge } from "./refund-dialog";

/**
 * The orders table and verification queue (issue 11 §5): search, filters, pagination, CSV;
 * confirm / reject an open order; refund a paid one through the provider that took the money or
 * outside Academy (issue 23 §7), with the refund's status on each order.
 */
export function Orders() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const [q, setQ] = React.useState("");
  const [search, setSearch] = React.useState("");
  const [status, setStatus] = React.useState("");
  const [method, setMethod] = React.useState("");
  const [courseId, setCourseId] = React.useState("");
  const courses = useQuery(orderCoursesQueryOptions);
  const [page, setPage] = React.useState(1);
  React.useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);
  const list = useQuery(ordersQueryOptions({ q: search, status, method, courseId, page }));
  const actions = useEarningsActions();
  const [rejecting, setRejecting] = React.useState<OrderRow | null>(null);
  const [reason, setReason] = React.useState("");
  const [refunding, setRefunding] = React.useState<OrderRow | null>(null);
  const fail = (error: Error) => toast.error(error.message);

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 pb-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle className="text-base">{t("orders.title")}</CardTitle>
        <Button asChild variant="outline" size="sm">
          <a href={ordersCsvUrl({ q: search, status, method, courseId })} download data-testid="orders-csv">
            <DownloadIcon aria-hidden />
            {t("orders.csv")}
          </a>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_auto_minmax(0,14rem)]">
          <Input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t("orders.search")}
            aria-label={t("orders.search")}
            data-testid="orders-search"
          />
          <select
            className={selectClass}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
            aria-label={t("orders.status")}
          >
            <option value="">{t("orders.allStatuses")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
          <select
            className={selectClass}
            value={method}
            onChange={(e) => {
              setMethod(e.target.value);
              setPage(1);
            }}
            aria-label={t("orders.method")}
          >
            <option value="">{t("orders.allMethods")}</option>
            {ORDER_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`methods.${m}`)}
              </option>
            ))}
          </select>
          <select
            className={cn(selectClass, "min-w-0 truncate")}
            value={courseId}
            onChange={(e) => {
              setCourseId(e.target.value);
              setPage(1);
            }}
            aria-label={t("orders.course")}
            data-testid="orders-course"
          >
            <option value="">{t("orders.allCourses")}</option>
            {(courses.data?.courses ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        {list.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : list.isError ? (
          <p role="alert">{list.error.message}</p>
        ) : list.data.orders.length === 0 ? (
          <div
            className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border p-8 text-center"
            data-testid="orders-empty"
          >
            <ReceiptIcon className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">
              {search || status || method || courseId ? t("orders.noMatch") : t("orders.empty")}
            </p>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label={t("orders.title")} aria-busy={list.isPlaceholderData}>
            {list.data.orders.map((o) => (
              <li
                key={o.id}
                className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
                data-testid={`order-${o.reference}`}
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-bold tracking-wider">{o.reference}</span>
                    <Badge className={statusTone(o.status)}>{t(`status.${o.status}`)}</Badge>
                    {o.method ? (
                      <span className="text-xs text-muted-foreground">{t(`methods.${o.method}`)}</span>
                    ) : null}
                    {/* "Refunded" already says a refund succeeded; pending and failed are shown. */}
                    {o.refundStatus && !(o.status === "refunded" && o.refundStatus === "succeeded") ? (
                      <RefundStatusBadge status={o.refundStatus} />
                    ) : null}
                    {o.flagged ? (
                      <span
                        className="inline-flex items-center gap-1 text-xs font-medium text-red-700"
                        title={o.flagReason ?? ""}
                      >
                        <FlagIcon className="size-3" aria-hidden />
                        {t("orders.flagged")}
                      </span>
                    ) : null}
                  </div>
                  <p className="truncate text-sm">
                    {o.studentEmail === null ? t("orders.deletedStudent") : o.studentName || o.studentEmail} ·{" "}
                    <span className="text-muted-foreground">{o.courseTitle}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <span className="font-semibold tabular-nums text-foreground">
                      {money(o.amount, o.currency, lng)}
                    </span>
                    {o.couponCode ? ` · ${t("orders.coupon", { code: o.couponCode })}` : ""}
                    {o.referralCode ? ` · ${t("orders.referral", { code: o.referralCode })}` : ""}
                    {" · "}
                    {formatDateTime(o.createdAt, lng)}
                  </p>
                  {o.flagReason ? <p className="text-xs text-red-700">{o.flagReason}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {o.status === "awaiting_confirmation" || o.status === "pending" ? (
                    <>
                      <Button
                        size="sm"
                        onClick={() =>
                          actions.confirm.mutate(o.id, {
                            onSuccess: () => toast.success(t("orders.confirmed")),
                            onError: fail,
                          })
                        }
                        disabled={actions.confirm.isPending}
                        data-testid={`confirm-${o.reference}`}
                      >
                        <CheckIcon aria-hidden />
                        {t("orders.confirm")}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setRejecting(o)}
                        data-testid={`reject-${o.reference}`}
                      >
                        <XIcon aria-hidden />
                        {t("orders.reject")}
                      </Button>
                    </>
                  ) : o.status === "paid" && o.refundStatus !== "pending" ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setRefunding(o)}
                      data-testid={`refund-${o.reference}`}
                    >
                      <Undo2Icon aria-hidden />
                      {o.refundStatus === "failed" ? t("refund.retry") : t("orders.refund")}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.data ? (
          <Pagination
            label={t("orders.pages")}
            page={page}
            pageSize={ORDERS_PAGE_SIZE}
            total={list.data.total}
            onPageChange={setPage}
            busy={list.isPlaceholderData}
          />
        ) : null}
        {list.data && list.data.total > 0 ? (
          <p className="text-xs text-muted-foreground">
            {t("orders.total", { count: list.data.total, value: formatNumber(list.data.total, lng) })}
          </p>
        ) : null}
      </CardContent>

      <AlertDialog open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t("orders.rejectTitle", { reference: rejecting?.reference ?? "" })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t("orders.rejectBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <Label htmlFor="reject-reason">{t("orders.reason")}</Label>
          <Textarea
            id="reject-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={!reason.trim()}
              onClick={() => {
                if (!rejecting) return;
                actions.reject.mutate(
                  { id: rejecting.id, reason: reason.trim() },
                  {
                    onSuccess: () => {
                      toast.success(t("orders.rejected"));
                      setReason("");
                    },
                    onError: fail,
                  },
                );
              }}
            >
              {t("orders.reject")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <RefundDialog
        target={
          refunding
            ? {
                reference: refunding.reference,
                amount: refunding.amount,
                currency: refunding.currency,
                through: refunding.refundThrough ?? "manual",
                extra: false,
              }
            : null
        }
        onClose={() => setRefunding(null)}
        pending={actions.refund.isPending}
        onConfirm={(outside) =>
          refunding &&
          actions.refund.mutate(
            { id: refunding.id, outside },
            {
              onSuccess: (result) => toast.success(t(`refund.result.${result.status}`)),
              onError: fail,
            },
          )
        }
      />
    </Card>
  );
}
