import { TwoFactorPrompt } from "@/features/account/components/two-factor-prompt";
import { EarningsPage } from "@/features/payments/components/earnings-page";

/** /dashboard/earnings — Earnings & Referrals (issue 11 §5), with the two-factor prompt (issue 25 item 6). */
export function Component() {
  return (
    <div className="grid gap-6">
      <TwoFactorPrompt />
      <EarningsPage />
    </div>
  );
}
