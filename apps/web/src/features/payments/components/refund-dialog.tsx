import type { RefundStatus } from "@academy/shared";
import { useTranslation } from "react-i18next";
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
import { money } from "./checkout-page";

/** What a refund confirmation is about. Amount in the currency's smallest unit. */
export interface RefundTarget {
  reference: string;
  amount: number;
  currency: string;
  /** Where the money goes back: the provider that took it, or "manual" (outside Academy). */
  through: "momo" | "zalopay" | "stripe" | "manual";
  /** An extra payment of an order (the order stays paid), not the order's own payment. */
  extra: boolean;
  /** "Mark refunded outside Academy" even for a provider payment (after a refund failed). */
  outside?: boolean;
}

/**
 * The confirmation every refund asks for (issue 23 §7): how much, for which order, and where the
 * money goes — back to the buyer's MoMo wallet / ZaloPay account / card through the provider, or,
 * for VietQR, bank transfer and cash, given back by the creator and only recorded ("Mark refunded
 * outside Academy"). Says whether the student loses access. A ZaloPay payment can also be recorded
 * as refunded in ZaloPay's own portal (outside). `onConfirm(outside)`.
 */
export function RefundDialog({
  target,
  onClose,
  onConfirm,
  pending,
}: {
  target: RefundTarget | null;
  onClose: () => void;
  onConfirm: (outside: boolean) => void;
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation("payments");
  const outside = target ? target.outside || target.through === "manual" : false;
  // ZaloPay tells nobody of refunds made in its merchant portal (MoMo's and Stripe's are found on
  // their own): the creator records such a refund instead of refunding twice (issue 23 §7).
  const portal = target ? target.through === "zalopay" && !outside && !target.extra : false;
  const amount = target ? money(target.amount, target.currency, i18n.language) : "";
  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="refund-dialog">
        {target ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {t(target.extra ? "refund.titleExtra" : "refund.title", {
                  amount,
                  reference: target.reference,
                })}
              </AlertDialogTitle>
              <AlertDialogDescription asChild>
                <div className="grid gap-2">
                  <p>{outside ? t("refund.outsideBody") : t(`refund.through.${target.through}`)}</p>
                  <p>{target.extra ? t("refund.keepsAccess") : t("refund.access")}</p>
                  {portal ? <p data-testid="refund-portal-note">{t("refund.portalNote")}</p> : null}
                  <p>{t("refund.undo")}</p>
                </div>
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
              {portal ? (
                <AlertDialogAction
                  variant="outline"
                  disabled={pending}
                  onClick={() => onConfirm(true)}
                  data-testid="refund-portal"
                >
                  {t("refund.confirmPortal")}
                </AlertDialogAction>
              ) : null}
              <AlertDialogAction
                variant="destructive"
                disabled={pending}
                onClick={() => onConfirm(outside)}
                data-testid="refund-confirm"
              >
                {outside
                  ? t("refund.confirmOutside")
                  : t("refund.confirmProvider", { provider: t(`refund.provider.${target.through}`) })}
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}

const TONE: Record<RefundStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  succeeded: "bg-slate-100 text-slate-800",
  failed: "bg-red-100 text-red-800",
};

/** The status of an order's latest refund: pending, succeeded or failed. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation("payments");
  return <Badge className={TONE[status]}>{t(`refund.status.${status}`)}</Badge>;
}
