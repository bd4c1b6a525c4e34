import { useParams } from "react-router";
import { JoinHeader } from "@/features/enrolment/components/join-header";
import { CheckoutPage } from "@/features/payments/components/checkout-page";

/** /checkout/:reference — the buyer's order (issue 11 §3). */
export function Component() {
  const { reference = "" } = useParams();
  return (
    <CheckoutPage
      key={reference}
      reference={reference}
      header={<JoinHeader returnTo={`/checkout/${reference}`} />}
    />
  );
}
