import { isFreePrice } from "@academy/shared";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A course price (000 §2): the amount with its currency (VND without decimals), or "Free" when 0 or less. */
export function coursePriceText(price: number, currency: string, lng: string, t: TFunction): string {
  return isFreePrice(price) ? t("courses:card.free") : formatMoney(price, currency, lng);
}

export function PriceLabel({
  price,
  currency,
  className,
}: {
  price: number;
  currency: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation("courses");
  const free = isFreePrice(price);
  return (
    <span
      className={cn("font-semibold tabular-nums", free ? "text-emerald-700" : "text-brand", className)}
      data-testid="course-price"
    >
      {coursePriceText(price, currency, i18n.language, t)}
    </span>
  );
}
