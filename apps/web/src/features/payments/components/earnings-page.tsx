import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";
import { EarningsAttention } from "./earnings-attention";
import { Coupons } from "./earnings-coupons";
import { Orders } from "./earnings-orders";
import { Partners } from "./earnings-partners";
import { Revenue } from "./earnings-revenue";

/**
 * /dashboard/earnings — Earnings & Referrals (issue 11 §5): revenue per currency (today, 30 days,
 * all time, net of refunds) with a daily chart, what needs the creator's attention (issue 23 §10),
 * the verification queue and orders table (search, filters, pagination, CSV), coupons and
 * referral partners. Each section lives in its own file.
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
      <EarningsAttention />
      <Orders />
      <div className="grid gap-6 xl:grid-cols-2">
        <Coupons />
        <Partners />
      </div>
    </div>
  );
}
