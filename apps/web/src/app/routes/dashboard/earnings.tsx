import { EarningsPage } from "@/features/payments/components/earnings-page";

/** /dashboard/earnings — Earnings & Referrals (issue 11 §5). */
export function Component() {
  return <EarningsPage />;
}
