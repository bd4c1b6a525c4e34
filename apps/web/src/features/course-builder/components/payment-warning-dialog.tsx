import { CreditCardIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

/**
 * Publishing a paid course nobody can pay for yet (issue 11 §2, decision 0181): says what buyers
 * will see ("Message teacher" instead of paying) and offers to publish and go set up payment on
 * the course's landing page, or to publish anyway.
 */
export function PaymentWarningDialog({
  open,
  busy,
  onSetUp,
  onPublishAnyway,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onSetUp: () => void;
  onPublishAnyway: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("builder");
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent data-testid="payment-warning" className="max-w-xl grid-cols-[minmax(0,1fr)]">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <CreditCardIcon className="size-5 shrink-0 text-amber-600" aria-hidden />
            {t("paymentWarning.title")}
          </AlertDialogTitle>
          <AlertDialogDescription>{t("paymentWarning.body")}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm text-muted-foreground">{t("paymentWarning.setUpHint")}</p>
        <AlertDialogFooter className="sm:flex-wrap">
          <AlertDialogCancel disabled={busy}>{t("paymentWarning.cancel")}</AlertDialogCancel>
          <Button variant="outline" disabled={busy} onClick={onPublishAnyway}>
            {t("paymentWarning.publishAnyway")}
          </Button>
          <Button disabled={busy} onClick={onSetUp}>
            {t("paymentWarning.setUp")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
