import type { CheckoutView } from "@academy/shared";
import { InfoIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The methods a course takes that cannot take this order's amount, each with the reason (issue 23
 * §5: MoMo only 1,000–50,000,000 VND; wallets and VietQR VND only). Nothing when every method fits.
 */
export function UnavailableMethods({ view }: { view: CheckoutView }) {
  const { t } = useTranslation("payments");
  if (view.unavailableMethods.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground" data-testid="unavailable-methods">
      {view.unavailableMethods.map((m) => (
        <li key={m.type} className="flex items-start gap-2">
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t("unavailable.line", { method: t(`methods.${m.type}`), reason: t(`unavailable.${m.reason}`) })}
          </span>
        </li>
      ))}
    </ul>
  );
}
