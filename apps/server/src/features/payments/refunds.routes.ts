/**
 * The creator's refund routes (issue 23 §7, §10): refund an order or one extra payment of it,
 * the "Needs your attention" list, enrol a late payment, and "Mark handled".
 */
import { refundInputSchema } from "@academy/shared";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { enrolLatePayment, listAttention, resolveFlag } from "./attention.service.ts";
import { assertCreator } from "./earnings.service.ts";
import { paymentDeps } from "./payment-deps.ts";
import { refundOrder } from "./refunds.service.ts";
import { body, parse } from "./route-input.ts";

/** Refunds and "Needs your attention" (/api/earnings/orders/{id}/refund|enrol|resolve, /api/earnings/attention). */
export function refundRoutes(deps: AppDeps) {
  const pd = paymentDeps(deps);
  return createRouter()
    .post("/earnings/orders/:id/refund", async (c) => {
      const actor = requireUser(c);
      const input = parse(refundInputSchema, await body(c));
      return c.json(await refundOrder(pd, actor, c.req.param("id"), input), 200);
    })
    .get("/earnings/attention", async (c) => {
      const actor = requireUser(c);
      await assertCreator(deps.db, actor);
      return c.json({ items: await listAttention(pd, actor) }, 200);
    })
    .post("/earnings/orders/:id/enrol", async (c) =>
      c.json(await enrolLatePayment(pd, requireUser(c), c.req.param("id")), 200),
    )
    .post("/earnings/orders/:id/resolve", async (c) =>
      c.json(await resolveFlag(pd, requireUser(c), c.req.param("id")), 200),
    );
}
