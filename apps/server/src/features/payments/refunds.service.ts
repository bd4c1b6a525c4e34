import { type OrderStatus, PAYMENT_MESSAGES } from "@academy/shared";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as q from "./payments.queries.ts";
import { creatorOrder, type PaymentDeps } from "./payments.service.ts";

/**
 * Refund (recorded; the money goes back outside Academy): a paid order → refunded, refunded_at;
 * the enrolment is cancelled (access removed, enrollment_count − 1).
 * @throws AppError NOT_FOUND, CONFLICT notPaid
 */
export async function refundOrder(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await creatorOrder(tx, actor, orderId);
    if (order.status !== "paid") throw new AppError("CONFLICT", PAYMENT_MESSAGES.notPaid);
    const updated = await q.updateOrder(tx, order.id, { status: "refunded", refunded_at: new Date() });
    if (order.enrollment_id) await q.setEnrolmentPaymentStatus(tx, order.enrollment_id, "cancelled");
    return { id: updated.id, status: updated.status as OrderStatus };
  });
}
