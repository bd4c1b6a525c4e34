import type { CheckoutMethod, CheckoutView, OrderMethod } from "@academy/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BanknoteIcon,
  CheckCircle2Icon,
  CopyIcon,
  CreditCardIcon,
  HourglassIcon,
  Loader2Icon,
  PlayCircleIcon,
  QrCodeIcon,
  StoreIcon,
  WalletIcon,
  XCircleIcon,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { GuaranteeNote } from "@/components/guarantee-note";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import { checkoutEventsPath, checkoutQueryOptions, useCheckoutActions } from "../api/payments";
import { CheckingPayment, providerReturn, shouldCheck } from "./checking-payment";
import { UnavailableMethods } from "./unavailable-methods";

const ICONS: Record<OrderMethod, React.ComponentType<{ className?: string }>> = {
  vietqr: QrCodeIcon,
  "bank-transfer": BanknoteIcon,
  cash: StoreIcon,
  momo: WalletIcon,
  zalopay: WalletIcon,
  "credit-card": CreditCardIcon,
};

/** An amount in the smallest unit of its currency, formatted. */
export function money(amount: number, currency: string, lng: string): string {
  return formatMoney(currency === "VND" ? amount : amount / 100, currency, lng);
}

function useCountdown(until: string): string {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, new Date(until).getTime() - now);
  const h = Math.floor(left / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return `${h > 0 ? `${h}:` : ""}${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation("payments");
  return (
    <div className="flex items-center justify-between gap-3 border-b border-border py-2 last:border-0">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="break-all font-semibold tabular-nums" data-testid={testId}>
          {value || "—"}
        </p>
      </div>
      {value ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={t("copy", { label })}
          onClick={async () => {
            if (await copyText(value)) toast.success(t("copied"));
            else toast.error(t("copyFailed"));
          }}
        >
          <CopyIcon aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}

/** Live status: the order's SSE stream; each `status` event refetches the order. */
function useLiveStatus(reference: string, enabled: boolean) {
  const client = useQueryClient();
  React.useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(checkoutEventsPath(reference));
    const refresh = () => void client.invalidateQueries({ queryKey: ["checkout", reference] });
    source.addEventListener("status", refresh);
    source.addEventListener("ready", refresh);
    return () => source.close();
  }, [reference, enabled, client]);
}

/**
 * /checkout/{reference} (issue 11 §3): the buyer's order — amount (after a coupon), the money-back
 * guarantee the order was opened with when there is one (issue 24 §3), the methods the
 * course takes and per method what to do: VietQR (QR with amount and reference, copyable details,
 * countdown, "I have transferred"), bank transfer, cash, MoMo / ZaloPay (redirect to the wallet).
 * The status updates live; on "paid" it says so and opens /learn.
 */
export function CheckoutPage({
  reference,
  renderHeader,
}: {
  reference: string;
  /** The page's header for the order's course (its school's brand, issue 24 §6); null before it loads. */
  renderHeader?: (courseId: string | null) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation("payments");
  const lng = i18n.language;
  const order = useQuery(checkoutQueryOptions(reference));
  const actions = useCheckoutActions(reference);
  const open = order.data?.status === "pending" || order.data?.status === "awaiting_confirmation";
  useLiveStatus(reference, open);

  const notFound =
    order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 401);

  return (
    <div className="flex min-h-svh flex-col overflow-x-clip bg-slate-50">
      <PageTitle>{t("title")}</PageTitle>
      {renderHeader?.(order.data?.courseId ?? null)}
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        {order.data ? (
          <Checkout view={order.data} actions={actions} lng={lng} />
        ) : notFound ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center" role="alert">
            <XCircleIcon className="size-10 text-red-500" aria-hidden />
            <h1 className="text-xl font-semibold">{t("notFound")}</h1>
            <Button asChild variant="outline">
              <Link to="/dashboard">{t("dashboard")}</Link>
            </Button>
          </Card>
        ) : order.isError ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center" role="alert">
            <p>{order.error.message}</p>
            <Button variant="outline" onClick={() => void order.refetch()}>
              {t("retry")}
            </Button>
          </Card>
        ) : (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )}
      </main>
    </div>
  );
}

function Checkout({
  view,
  actions,
  lng,
}: {
  view: CheckoutView;
  actions: ReturnType<typeof useCheckoutActions>;
  lng: string;
}) {
  const { t } = useTranslation("payments");
  const [couponCode, setCouponCode] = React.useState("");
  const [dismissed, setDismissed] = React.useState(false);
  const search = typeof window === "undefined" ? "" : window.location.search;
  const checking = shouldCheck(view, search, dismissed);
  const cancelled = view.status === "pending" && providerReturn(search).cancelled && !dismissed;
  const selected = view.methods.find((m) => m.type === view.method) ?? null;

  const choose = (method: OrderMethod) =>
    actions.choose.mutate(method, {
      onSuccess: (result) => {
        if (result.redirectUrl) window.location.assign(result.redirectUrl);
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="grid gap-5" data-testid="checkout" data-status={view.status}>
      <Card className="grid gap-3 p-5 sm:p-6">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("order")}</p>
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{view.courseTitle}</h1>
        {view.teacherName ? (
          <p className="text-sm text-muted-foreground">{t("teacher", { name: view.teacherName })}</p>
        ) : null}
        <div className="flex flex-wrap items-end justify-between gap-3 border-t border-border pt-3">
          <div>
            <p className="text-xs text-muted-foreground">{t("reference")}</p>
            <p className="font-mono text-lg font-bold tracking-widest" data-testid="order-reference">
              {view.reference}
            </p>
          </div>
          <div className="text-right">
            {view.discountAmount > 0 ? (
              <p className="text-sm text-muted-foreground line-through">
                {money(view.listAmount, view.currency, lng)}
              </p>
            ) : null}
            <p className="text-2xl font-extrabold tabular-nums text-brand" data-testid="order-amount">
              {money(view.amount, view.currency, lng)}
            </p>
          </div>
        </div>
        {view.guaranteeDays ? (
          <GuaranteeNote days={view.guaranteeDays} className="justify-start border-t border-border pt-3" />
        ) : null}
      </Card>

      {view.status === "paid" ? (
        <StatusCard tone="ok" icon={CheckCircle2Icon} title={t("paid.title")} body={t("paid.body")}>
          <Button asChild size="lg" variant="accent" data-testid="start-learning">
            <Link to={`/learn/${view.courseId}`}>
              <PlayCircleIcon aria-hidden />
              {t("paid.learn")}
            </Link>
          </Button>
        </StatusCard>
      ) : view.status === "awaiting_confirmation" ? (
        <StatusCard
          tone="wait"
          icon={HourglassIcon}
          title={t("awaiting.title")}
          body={t("awaiting.body")}
          testId="awaiting"
        />
      ) : view.status !== "pending" ? (
        <StatusCard
          tone="bad"
          icon={XCircleIcon}
          title={t(`closed.${view.status}`)}
          body={
            view.rejectionReason ? t("closed.reason", { reason: view.rejectionReason }) : t("closed.body")
          }
        >
          <Button asChild variant="outline">
            <Link to={`/join/${view.courseId}`}>{t("closed.again")}</Link>
          </Button>
        </StatusCard>
      ) : checking ? (
        <CheckingPayment view={view} actions={actions} onChooseAnother={() => setDismissed(true)} />
      ) : (
        <>
          {cancelled ? (
            <p
              className="rounded-md bg-amber-50 p-3 text-sm text-amber-950"
              role="status"
              data-testid="payment-cancelled"
            >
              {t("checking.cancelled")}
            </p>
          ) : null}
          <Card className="grid gap-3 p-5 sm:p-6">
            <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              <legend className="mb-2 font-semibold">{t("choose")}</legend>
              {view.methods.map((m) => {
                const Icon = ICONS[m.type];
                const active = m.type === view.method;
                return (
                  <button
                    key={m.type}
                    type="button"
                    aria-pressed={active}
                    disabled={actions.choose.isPending}
                    onClick={() => choose(m.type)}
                    data-testid={`method-${m.type}`}
                    className={cn(
                      "flex min-h-14 items-center gap-2 rounded-lg border p-3 text-left text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand",
                      active
                        ? "border-brand bg-brand/5 text-brand"
                        : "border-border bg-white hover:border-brand/50",
                    )}
                  >
                    <Icon className="size-5 shrink-0" aria-hidden />
                    {t(`methods.${m.type}`)}
                  </button>
                );
              })}
            </fieldset>
            <UnavailableMethods view={view} />
            <form
              className="flex flex-col gap-2 border-t border-border pt-3 sm:flex-row"
              onSubmit={(e) => {
                e.preventDefault();
                actions.coupon.mutate(couponCode.trim(), {
                  onSuccess: () =>
                    toast.success(couponCode.trim() ? t("coupon.applied") : t("coupon.removed")),
                  onError: (error) => toast.error(error.message),
                });
              }}
            >
              <Input
                aria-label={t("coupon.label")}
                placeholder={view.couponCode ?? t("coupon.placeholder")}
                value={couponCode}
                onChange={(e) => setCouponCode(e.target.value)}
                maxLength={32}
                data-testid="coupon-input"
              />
              <Button
                type="submit"
                variant="outline"
                disabled={actions.coupon.isPending}
                data-testid="coupon-apply"
              >
                {t("coupon.apply")}
              </Button>
            </form>
          </Card>
          {selected ? <MethodPanel method={selected} view={view} actions={actions} lng={lng} /> : null}
        </>
      )}
    </div>
  );
}

function StatusCard({
  tone,
  icon: Icon,
  title,
  body,
  children,
  testId,
}: {
  tone: "ok" | "wait" | "bad";
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  body: string;
  children?: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card
      className={cn(
        "grid gap-3 p-5 sm:p-6",
        tone === "ok" && "border-emerald-300 bg-emerald-50",
        tone === "wait" && "border-amber-300 bg-amber-50",
        tone === "bad" && "border-red-200 bg-red-50",
      )}
      role="status"
      data-testid={testId ?? `status-${tone}`}
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <h2 className="text-lg font-bold">{title}</h2>
          <p className="text-sm">{body}</p>
        </div>
      </div>
      {children ? <div>{children}</div> : null}
    </Card>
  );
}

function MethodPanel({
  method,
  view,
  actions,
  lng,
}: {
  method: CheckoutMethod;
  view: CheckoutView;
  actions: ReturnType<typeof useCheckoutActions>;
  lng: string;
}) {
  const { t } = useTranslation("payments");
  const countdown = useCountdown(view.expiresAt);
  const transferred = () =>
    actions.transferred.mutate(undefined, { onError: (error) => toast.error(error.message) });
  if (method.type === "momo" || method.type === "zalopay" || method.type === "credit-card") {
    return (
      <Card className="grid gap-3 p-5 sm:p-6">
        <p className="text-sm">{t("wallet.body", { method: t(`methods.${method.type}`) })}</p>
        <Button
          onClick={() =>
            actions.choose.mutate(method.type, {
              onSuccess: (r) => r.redirectUrl && window.location.assign(r.redirectUrl),
              onError: (e) => toast.error(e.message),
            })
          }
        >
          {t("wallet.open", { method: t(`methods.${method.type}`) })}
        </Button>
      </Card>
    );
  }
  if (method.type === "cash") {
    return (
      <Card className="grid gap-3 p-5 sm:p-6" data-testid="panel-cash">
        <h2 className="font-semibold">{t("cash.title")}</h2>
        {method.stores ? <p className="whitespace-pre-line text-sm">{method.stores}</p> : null}
        {method.instructions ? (
          <p className="whitespace-pre-line text-sm text-muted-foreground">{method.instructions}</p>
        ) : null}
        <CopyRow label={t("reference")} value={view.reference} />
        <Button
          size="lg"
          onClick={transferred}
          disabled={actions.transferred.isPending}
          data-testid="i-will-pay-cash"
        >
          {actions.transferred.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {t("cash.confirm")}
        </Button>
      </Card>
    );
  }
  if (method.type !== "vietqr" && method.type !== "bank-transfer") return null;
  return (
    <Card className="grid gap-4 p-5 sm:p-6" data-testid={`panel-${method.type}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{t(method.type === "vietqr" ? "vietqr.title" : "bank.title")}</h2>
        <p className="text-sm text-muted-foreground" aria-live="off">
          {t("expiresIn", { time: countdown })}
        </p>
      </div>
      <div
        className={cn("grid gap-5", method.type === "vietqr" && view.qrDataUrl && "sm:grid-cols-[auto_1fr]")}
      >
        {method.type === "vietqr" && view.qrDataUrl ? (
          <img
            src={view.qrDataUrl}
            alt={t("vietqr.alt", {
              amount: money(view.amount, view.currency, lng),
              reference: view.reference,
            })}
            className="mx-auto size-56 rounded-lg border border-border bg-white p-1 sm:size-60"
            data-testid="vietqr-image"
          />
        ) : null}
        <div className="min-w-0">
          <CopyRow label={t("bank.bank")} value={method.bankName} />
          <CopyRow label={t("bank.account")} value={method.accountNumber} />
          <CopyRow label={t("bank.holder")} value={method.accountHolder} />
          <CopyRow
            label={t("bank.amount")}
            value={String(view.currency === "VND" ? view.amount : view.amount / 100)}
          />
          <CopyRow label={t("bank.note")} value={view.reference} testId="transfer-note" />
        </div>
      </div>
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        {t("bank.noteHint", { reference: view.reference })}
      </p>
      <Button
        size="lg"
        onClick={transferred}
        disabled={actions.transferred.isPending}
        data-testid="i-have-transferred"
      >
        {actions.transferred.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
        {t("bank.confirm")}
      </Button>
    </Card>
  );
}
