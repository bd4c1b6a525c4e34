/**
 * The creator's Earnings & Referrals routes, /api/earnings/* (issue 11): summary, the orders
 * with their filters and CSV, confirm / reject of an order from the verification queue, coupons,
 * and referral partners. Refunds and the attention list are refunds.routes.ts.
 */
import {
  couponInputSchema,
  orderListQuerySchema,
  partnerInputSchema,
  rejectOrderSchema,
} from "@academy/shared";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { confirmOrder, rejectOrder } from "./confirmation.service.ts";
import {
  createCoupon,
  createPartner,
  deleteCoupon,
  earningsSummary,
  listCouponsOf,
  listCreatorOrders,
  listOrderCourses,
  listPartnersOf,
  markCommissionPaid,
  ordersCsv,
} from "./earnings.service.ts";
import { paymentDeps } from "./payment-deps.ts";
import { body, parse } from "./route-input.ts";

/** The creator's Earnings & Referrals (/api/earnings/*, without refunds and attention). */
export function earningsRoutes(deps: AppDeps) {
  const pd = paymentDeps(deps);
  return createRouter()
    .get("/earnings/summary", async (c) => c.json(await earningsSummary(deps.db, requireUser(c)), 200))
    .get("/earnings/courses", async (c) =>
      c.json({ courses: await listOrderCourses(deps.db, requireUser(c)) }, 200),
    )
    .get("/earnings/orders", async (c) => {
      const query = parse(orderListQuerySchema, c.req.query());
      return c.json(await listCreatorOrders(deps.db, requireUser(c), query), 200);
    })
    .get("/earnings/orders.csv", async (c) => {
      const { page: _p, pageSize: _s, ...query } = parse(orderListQuerySchema, c.req.query());
      const stream = await ordersCsv(deps.db, requireUser(c), query);
      return c.body(stream, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    })
    .post("/earnings/orders/:id/confirm", async (c) =>
      c.json(await confirmOrder(pd, requireUser(c), c.req.param("id")), 200),
    )
    .post("/earnings/orders/:id/reject", async (c) => {
      const actor = requireUser(c);
      const input = parse(rejectOrderSchema, await body(c));
      return c.json(await rejectOrder(pd, actor, c.req.param("id"), input.reason), 200);
    })
    .get("/earnings/coupons", async (c) =>
      c.json({ coupons: await listCouponsOf(deps.db, requireUser(c)) }, 200),
    )
    .post("/earnings/coupons", async (c) => {
      const actor = requireUser(c);
      const input = parse(couponInputSchema, await body(c));
      return c.json({ coupons: await createCoupon(deps.db, actor, input) }, 200);
    })
    .delete("/earnings/coupons/:id", async (c) => {
      await deleteCoupon(deps.db, requireUser(c), c.req.param("id"));
      return c.json({ ok: true as const }, 200);
    })
    .get("/earnings/partners", async (c) =>
      c.json({ partners: await listPartnersOf(deps.db, requireUser(c)) }, 200),
    )
    .post("/earnings/partners", async (c) => {
      const actor = requireUser(c);
      const input = parse(partnerInputSchema, await body(c));
      return c.json({ partners: await createPartner(deps.db, actor, input) }, 200);
    })
    .post("/earnings/partners/:id/paid", async (c) =>
      c.json({ partners: await markCommissionPaid(deps.db, requireUser(c), c.req.param("id")) }, 200),
    );
}
