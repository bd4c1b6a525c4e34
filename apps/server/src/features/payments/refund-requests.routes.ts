/**
 * Refund requests under a money-back guarantee (issue 24 §3): the buyer's request from Purchases
 * and the creator's queue in Earnings with "Approve and refund" and "Decline".
 */
import {
  refundRequestApproveSchema,
  refundRequestDeclineSchema,
  refundRequestInputSchema,
} from "@academy/shared";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { assertCreator } from "./earnings.service.ts";
import { paymentDeps } from "./payment-deps.ts";
import {
  approveRefundRequest,
  declineRefundRequest,
  listRefundRequests,
  requestRefund,
} from "./refund-requests.service.ts";
import { body, parse } from "./route-input.ts";

/**
 * POST /api/purchases/{reference}/refund-request (the buyer), GET /api/earnings/refund-requests,
 * POST /api/earnings/refund-requests/{id}/approve|decline (the course's creator).
 */
export function refundRequestRoutes(deps: AppDeps) {
  const pd = paymentDeps(deps);
  return createRouter()
    .post("/purchases/:reference/refund-request", async (c) => {
      const actor = requireUser(c);
      const input = parse(refundRequestInputSchema, await body(c));
      return c.json(await requestRefund(pd, actor, c.req.param("reference"), input), 201);
    })
    .get("/earnings/refund-requests", async (c) => {
      const actor = requireUser(c);
      await assertCreator(deps.db, actor);
      return c.json({ requests: await listRefundRequests(pd, actor) }, 200);
    })
    .post("/earnings/refund-requests/:id/approve", async (c) => {
      const actor = requireUser(c);
      const input = parse(refundRequestApproveSchema, await body(c));
      return c.json(await approveRefundRequest(pd, actor, c.req.param("id"), input), 200);
    })
    .post("/earnings/refund-requests/:id/decline", async (c) => {
      const actor = requireUser(c);
      const { reason } = parse(refundRequestDeclineSchema, await body(c));
      return c.json(await declineRefundRequest(pd, actor, c.req.param("id"), reason), 200);
    });
}
