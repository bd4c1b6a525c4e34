/**
 * The payments routes as one router, mounted by app.ts under /api: the buyer's checkout
 * (checkout.routes.ts), the creator's Earnings & Referrals (earnings.routes.ts), refunds and the
 * attention list (refunds.routes.ts), refund requests under a money-back guarantee
 * (refund-requests.routes.ts), and the provider callbacks (callbacks.routes.ts).
 */
import type { AppDeps } from "../../lib/http.ts";
import { createRouter } from "../../lib/http.ts";
import { callbackRoutes } from "./callbacks.routes.ts";
import { checkoutRoutes } from "./checkout.routes.ts";
import { earningsRoutes } from "./earnings.routes.ts";
import type { OrderHub } from "./payments.stream.ts";
import { refundRequestRoutes } from "./refund-requests.routes.ts";
import { refundRoutes } from "./refunds.routes.ts";

/**
 * The buyer's checkout (/api/checkout/*), the creator's Earnings & Referrals (/api/earnings/*)
 * and the provider callbacks (/api/payments/callbacks/{provider}/{paymentMethodId}) — issue 11.
 * The callbacks are server-to-server (no session, no Origin): verified by signature only.
 */
export function paymentRoutes(deps: AppDeps, hub: OrderHub) {
  return createRouter()
    .route("/", checkoutRoutes(deps, hub))
    .route("/", earningsRoutes(deps))
    .route("/", refundRoutes(deps))
    .route("/", refundRequestRoutes(deps))
    .route("/", callbackRoutes(deps));
}
