import { ORDER_METHODS, ORDER_STATUSES, type OrderRow } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { CheckIcon, DownloadIcon, FlagIcon, ReceiptIcon, Trash2Icon, Undo2Icon, XIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PageTitle } from "@/components/page-title";
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
import { formatDateTime, formatNumber, formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  couponsQueryOptions,
  earningsSummaryQueryOptions,
  ORDERS_PAGE_SIZE,
  orderCoursesQueryOptions,
  ordersCsvUrl,
  ordersQueryOptions,
  partnersQueryOptions,
  useEarningsActions,
} from "../api/payments";
import { money } from "./checkout-page";

const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand";

/**
 * /dashboard/earnings — Earnings & Referrals (issue 11 §5): revenue per currency (today, 30 days,
 * all time, net of refunds) with a daily chart, the verification queue and orders table (search,
 * filters, pagination, CSV), coupons and referral partners.
 */
export function EarningsPage() {
  const { t } = useTranslation("payments");
  return (
    <div className="grid gap-6">
      <PageTitle>{t("earnings.title")}</PageTitle>
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("earnings.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("earnings.subtitle")}</p>
      </header>
      <Revenue />
      <Orders />
      <div className="grid gap-6 xl:grid-cols-2">
        <Coupons />
        <Partners />
      </div>
    </div>
  );
}

function Revenue() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const summary = useQuery(earningsSummaryQueryOptions);
  if (summary.isPending) return <Skeleton className="h-32 w-full" />;
  if (summary.isError) return <p role="alert">{summary.error.message}</p>;
  const { revenue, daily, awaitingCount } = summary.data;
  const currencies =
    revenue.length > 0 ? revenue : [{ currency: "VND", today: 0, last30Days: 0, allTime: 0, paidOrders: 0 }];
  return (
    <section aria-label={t("earnings.revenue")} className="grid gap-4">
      {awaitingCount > 0 ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
          data-testid="awaiting-banner"
        >
          {t("earnings.awaiting", { count: awaitingCount })}
        </p>
      ) : null}
      {currencies.map((r) => {
        const byDay = new Map(daily.filter((d) => d.currency === r.currency).map((d) => [d.day, d.amount]));
        // 30 fixed slots, oldest first (days in Vietnam time, as the server counts them).
        const series = Array.from({ length: 30 }, (_, i) => {
          const day = new Date(Date.now() + 7 * 3_600_000 - (29 - i) * 86_400_000).toISOString().slice(0, 10);
          return { day, amount: byDay.get(day) ?? 0 };
        });
        const max = Math.max(1, ...series.map((d) => Math.abs(d.amount)));
        return (
          <Card key={r.currency} data-testid={`revenue-${r.currency}`}>
            <CardContent className="grid gap-4 p-5">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {(
                  [
                    ["today", r.today],
                    ["last30", r.last30Days],
                    ["allTime", r.allTime],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key} className="rounded-lg bg-slate-50 p-3">
                    <p className="text-xs text-muted-foreground">
                      {t(`earnings.${key}`)} · {r.currency}
                    </p>
                    <p
                      className="text-xl font-bold tabular-nums"
                      data-testid={`revenue-${r.currency}-${key}`}
                    >
                      {money(value, r.currency, lng)}
                    </p>
                  </div>
                ))}
              </div>
              <div
                className="flex h-24 items-end gap-0.5"
                role="img"
                aria-label={t("earnings.chart", { currency: r.currency })}
              >
                {byDay.size === 0 ? (
                  <p className="self-center text-sm text-muted-foreground">{t("earnings.noSales")}</p>
                ) : (
                  series.map((d) => (
                    <div
                      key={d.day}
                      title={`${d.day}: ${money(d.amount, r.currency, lng)}`}
                      className={cn(
                        "min-w-0 flex-1 rounded-t",
                        d.amount === 0 ? "bg-slate-200" : d.amount > 0 ? "bg-brand/70" : "bg-red-400",
                      )}
                      style={{
                        height: d.amount === 0 ? "2px" : `${Math.max(4, (Math.abs(d.amount) / max) * 100)}%`,
                      }}
                    />
                  ))
                )}
              </div>
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}

function statusTone(status: string): string {
  if (status === "paid") return "bg-emerald-100 text-emerald-800";
  if (status === "awaiting_confirmation") return "bg-amber-100 text-amber-900";
  if (status === "pending") return "bg-slate-100 text-slate-800";
  return "bg-red-100 text-red-800";
}

function Orders() {
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
                  ) : o.status === "paid" ? (
                    <Button size="sm" variant="outline" onClick={() => setRefunding(o)}>
                      <Undo2Icon aria-hidden />
                      {t("orders.refund")}
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

      <AlertDialog open={refunding !== null} onOpenChange={(open) => !open && setRefunding(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t("orders.refundTitle", { reference: refunding?.reference ?? "" })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t("orders.refundBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                refunding &&
                actions.refund.mutate(refunding.id, {
                  onSuccess: () => toast.success(t("orders.refunded")),
                  onError: fail,
                })
              }
            >
              {t("orders.refund")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function Coupons() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const coupons = useQuery(couponsQueryOptions);
  const actions = useEarningsActions();
  const [code, setCode] = React.useState("");
  const [kind, setKind] = React.useState<"percent" | "fixed">("percent");
  const [value, setValue] = React.useState("10");
  const [limit, setLimit] = React.useState("");
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("coupons.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="grid gap-2 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            actions.createCoupon.mutate(
              {
                code: code.trim(),
                kind,
                value: Number(value),
                currency: kind === "fixed" ? "VND" : null,
                maxRedemptions: limit ? Number(limit) : null,
              },
              {
                onSuccess: () => {
                  toast.success(t("coupons.created"));
                  setCode("");
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <Input
            aria-label={t("coupons.code")}
            placeholder={t("coupons.code")}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            maxLength={32}
            data-testid="coupon-code"
          />
          <select
            className={selectClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as "percent" | "fixed")}
            aria-label={t("coupons.kind")}
          >
            <option value="percent">{t("coupons.percent")}</option>
            <option value="fixed">{t("coupons.fixed")}</option>
          </select>
          <Input
            aria-label={t("coupons.value")}
            type="number"
            min={1}
            max={kind === "percent" ? 100 : undefined}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            data-testid="coupon-value"
          />
          <Input
            aria-label={t("coupons.limit")}
            placeholder={t("coupons.limit")}
            type="number"
            min={1}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
          <Button
            type="submit"
            className="sm:col-span-2"
            disabled={actions.createCoupon.isPending}
            data-testid="coupon-create"
          >
            {t("coupons.add")}
          </Button>
        </form>
        {coupons.data?.coupons.length ? (
          <ul className="grid gap-2">
            {coupons.data.coupons.map((c) => (
              <li
                key={c.id}
                className="flex items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
                data-testid={`coupon-${c.code}`}
              >
                <div className="min-w-0">
                  <p className="font-mono font-semibold">{c.code}</p>
                  <p className="text-xs text-muted-foreground">
                    {c.kind === "percent"
                      ? formatPercent(c.value, lng)
                      : money(c.value, c.currency ?? "VND", lng)}{" "}
                    · {t("coupons.used", { used: c.redemptionCount, limit: c.maxRedemptions ?? "∞" })}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("coupons.delete", { code: c.code })}
                  onClick={() =>
                    actions.deleteCoupon.mutate(c.id, { onError: (error) => toast.error(error.message) })
                  }
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : coupons.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <p className="text-sm text-muted-foreground">{t("coupons.empty")}</p>
        )}
      </CardContent>
    </Card>
  );
}

function Partners() {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const partners = useQuery(partnersQueryOptions);
  const actions = useEarningsActions();
  const [name, setName] = React.useState("");
  const [code, setCode] = React.useState("");
  const [pct, setPct] = React.useState("10");
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("partners.title")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("partners.hint")}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="grid gap-2 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            actions.createPartner.mutate(
              { name: name.trim(), code: code.trim(), commissionPercent: Number(pct) },
              {
                onSuccess: () => {
                  toast.success(t("partners.created"));
                  setName("");
                  setCode("");
                },
                onError: (error) => toast.error(error.message),
              },
            );
          }}
        >
          <Input
            aria-label={t("partners.name")}
            placeholder={t("partners.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={200}
            data-testid="partner-name"
          />
          <Input
            aria-label={t("partners.code")}
            placeholder={t("partners.code")}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            maxLength={32}
            data-testid="partner-code"
          />
          <Input
            aria-label={t("partners.commission")}
            type="number"
            min={0}
            max={100}
            value={pct}
            onChange={(e) => setPct(e.target.value)}
            required
          />
          <Button
            type="submit"
            className="sm:col-span-3"
            disabled={actions.createPartner.isPending}
            data-testid="partner-create"
          >
            {t("partners.add")}
          </Button>
        </form>
        {partners.data?.partners.length ? (
          <ul className="grid gap-2">
            {partners.data.partners.map((p) => {
              const owed = p.totals.filter((x) => x.owed > 0);
              return (
                <li
                  key={p.id}
                  className="grid gap-1 rounded-md border border-border p-2 text-sm"
                  data-testid={`partner-${p.code}`}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p>
                      <span className="font-semibold">{p.name}</span> ·{" "}
                      <span className="font-mono">{p.code}</span> · {formatPercent(p.commissionPercent, lng)}
                    </p>
                    {owed.length > 0 ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() =>
                          actions.markPaid.mutate(p.id, {
                            onSuccess: () => toast.success(t("partners.paid")),
                          })
                        }
                      >
                        {t("partners.markPaid")}
                      </Button>
                    ) : null}
                  </div>
                  {p.totals.length === 0 ? (
                    <p className="text-xs text-muted-foreground">{t("partners.noSales")}</p>
                  ) : (
                    p.totals.map((x) => (
                      <p key={x.currency} className="text-xs text-muted-foreground">
                        {t("partners.totals", {
                          count: x.orders,
                          orders: x.orders,
                          sales: money(x.sales, x.currency, lng),
                          commission: money(x.commission, x.currency, lng),
                          owed: money(x.owed, x.currency, lng),
                        })}
                      </p>
                    ))
                  )}
                </li>
              );
            })}
          </ul>
        ) : partners.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <p className="text-sm text-muted-foreground">{t("partners.empty")}</p>
        )}
      </CardContent>
    </Card>
  );
}
