import * as React from "react";

/**
 * The two dialogs of a publish (a paid course without a way to pay; lessons without content) load
 * the first time one opens and stay mounted after, so they close with their animation (issue 17
 * §14 route budget: the page is ≤ 250 KB of gzip JS).
 */
export const PaymentWarningDialog = React.lazy(() =>
  import("./payment-warning-dialog").then((module) => ({ default: module.PaymentWarningDialog })),
);
export const NeedsContentDialog = React.lazy(() =>
  import("./needs-content-dialog").then((module) => ({ default: module.NeedsContentDialog })),
);
