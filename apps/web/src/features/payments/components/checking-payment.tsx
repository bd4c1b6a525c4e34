import type { CheckoutView } from "@academy/shared";
import { HourglassIcon, Loader2Icon, RefreshCwIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { useCheckoutActions } from "../api/payments";

/** How often and for how long the page asks the provider itself (the live stream also updates it). */
export const CHECK_EVERY_MS = 5_000;
export const CHECK_FOR_MS = 120_000;
/** An open provider page younger than this counts as "the buyer may just have paid". */
const RECENT_ATTEMPT_MS = 10 * 60_000;

const PROVIDER_METHOD = { momo: "momo", zalopay: "zalopay", stripe: "credit-card" } as const;

/**
 * What the URL says about a return from a provider's page: `?return=momo|zalopay|card` (Academy's
 * return URL), and whether the provider reported a cancel (MoMo `resultCode` ≠ 0, ZaloPay
 * `status` ≠ 1, Stripe's cancel URL `cancelled=1`).
 */
export function providerReturn(search: string): { returned: boolean; cancelled: boolean } {
  const params = new URLSearchParams(search);
  const returned = params.has("return");
  const cancelled =
    params.get("cancelled") === "1" ||
    (params.has("resultCode") && params.get("resultCode") !== "0") ||
    (params.has("status") && params.get("status") !== "1");
  return { returned, cancelled };
}

/**
 * Whether the checkout should show "Checking your payment…" instead of the method picker (issue 23
 * §9): a pending order, back from a provider (or with a provider page opened in the last 10
 * minutes), unless the provider said the buyer cancelled or the buyer chose another way.
 */
export function shouldCheck(
  view: CheckoutView,
  search: string,
  dismissed: boolean,
  now = Date.now(),
): boolean {
  if (view.status !== "pending" || dismissed || !view.openAttempt) return false;
  const { returned, cancelled } = providerReturn(search);
  if (cancelled) return false;
  return returned || now - new Date(view.openAttempt.createdAt).getTime() < RECENT_ATTEMPT_MS;
}

/**
 * "Checking your payment…" (issue 23 §9): asks the server to check the order's provider pages on
 * arrival and every CHECK_EVERY_MS for CHECK_FOR_MS (the order's live stream updates the page too);
 * then "We have not received the payment yet" with "Check again" and "I didn't pay — choose another
 * way". Never shows the method picker that would invite a second payment.
 */
export function CheckingPayment({
  view,
  actions,
  onChooseAnother,
}: {
  view: CheckoutView;
  actions: ReturnType<typeof useCheckoutActions>;
  onChooseAnother: () => void;
}) {
  const { t } = useTranslation("payments");
  const [round, setRound] = React.useState(0);
  const [timedOut, setTimedOut] = React.useState(false);
  const check = actions.check.mutate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the checks.
  React.useEffect(() => {
    setTimedOut(false);
    check();
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CHECK_FOR_MS) {
        clearInterval(timer);
        setTimedOut(true);
        return;
      }
      check();
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [round, check]);

  const provider = view.openAttempt?.provider ?? "momo";
  const method = t(`methods.${PROVIDER_METHOD[provider]}`);
  return (
    <Card
      className="grid gap-4 border-sky-200 bg-sky-50 p-5 sm:p-6"
      role="status"
      aria-live="polite"
      data-testid={timedOut ? "payment-not-received" : "checking-payment"}
    >
      <div className="flex items-start gap-3">
        {timedOut ? (
          <HourglassIcon className="mt-0.5 size-6 shrink-0" aria-hidden />
        ) : (
          <Loader2Icon className="mt-0.5 size-6 shrink-0 animate-spin" aria-hidden />
        )}
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg font-bold">{timedOut ? t("checking.notYetTitle") : t("checking.title")}</h2>
          <p className="text-sm">
            {timedOut ? t("checking.notYetBody", { method }) : t("checking.body", { method })}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {timedOut ? (
          <Button onClick={() => setRound((r) => r + 1)} data-testid="check-again">
            <RefreshCwIcon aria-hidden />
            {t("checking.again")}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onChooseAnother} data-testid="choose-another-way">
          {t("checking.another")}
        </Button>
      </div>
    </Card>
  );
}
