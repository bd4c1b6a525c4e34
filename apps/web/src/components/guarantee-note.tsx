import { ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/**
 * "30-day money-back guarantee" (issue 24 §3) with the course's number of days. Callers render it
 * only when the creator set a guarantee for a paid course (`JoinCourse.guaranteeDays`,
 * `CheckoutView.guaranteeDays`, `shownGuaranteeDays` in the builder's preview): never invented.
 */
export function GuaranteeNote({ days, className }: { days: number; className?: string }) {
  const { t } = useTranslation("common");
  return (
    <p
      className={cn("flex items-center justify-center gap-1.5 text-sm text-muted-foreground", className)}
      data-testid="guarantee-note"
    >
      <ShieldCheckIcon className="size-4 shrink-0 text-emerald-600" aria-hidden />
      {t("guarantee", { count: days })}
    </p>
  );
}
