import { useParams } from "react-router";
import { JoinHeader } from "@/features/enrolment/components/join-header";
import { CheckoutPage } from "@/features/payments/components/checkout-page";
import { SchoolBrandBadge } from "@/features/schools/components/school-brand-badge";

/** /checkout/:reference — the buyer's order (issue 11 §3), under its course's school brand (issue 24 §6). */
export function Component() {
  const { reference = "" } = useParams();
  return (
    <CheckoutPage
      key={reference}
      reference={reference}
      renderHeader={(courseId) => (
        <JoinHeader
          returnTo={`/checkout/${reference}`}
          brand={courseId ? <SchoolBrandBadge courseId={courseId} /> : undefined}
        />
      )}
    />
  );
}
