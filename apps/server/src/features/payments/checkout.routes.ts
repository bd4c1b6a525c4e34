/**
 * The buyer's checkout routes, /api/checkout/{reference}/* (issue 11 §3, §5; issue 23 §2, §5, §9):
 * the order, choose a method, coupon, "I have transferred", "Check my payment", cancel, and the
 * live order status stream (SSE).
 */
import { checkoutCouponSchema, checkoutMethodSchema } from "@academy/shared";
import type { Context } from "hono";
import { type AppDeps, type AppEnv, createRouter, requireUser } from "../../lib/http.ts";
import {
  applyCoupon,
  cancelOwnOrder,
  checkOrderNow,
  chooseMethod,
  markTransferred,
} from "./checkout.service.ts";
import { getCheckout, ownOrderId } from "./orders.service.ts";
import { paymentDeps } from "./payment-deps.ts";
import type { OrderHub } from "./payments.stream.ts";
import { body, parse } from "./route-input.ts";

function locale(c: Context<AppEnv>): "en" | "vi" {
  return (c.req.header("accept-language") ?? "").toLowerCase().startsWith("en") ? "en" : "vi";
}

/** The buyer's checkout (/api/checkout/*); `hub` streams the order's status. */
export function checkoutRoutes(deps: AppDeps, hub: OrderHub) {
  const pd = paymentDeps(deps);
  return createRouter()
    .get("/checkout/:reference", async (c) =>
      c.json(await getCheckout(deps.db, requireUser(c), c.req.param("reference")), 200),
    )
    .post("/checkout/:reference/method", async (c) => {
      const input = parse(checkoutMethodSchema, await body(c));
      return c.json(
        await chooseMethod(pd, requireUser(c), c.req.param("reference"), input.method, locale(c)),
        200,
      );
    })
    .post("/checkout/:reference/coupon", async (c) => {
      const input = parse(checkoutCouponSchema, await body(c));
      return c.json(await applyCoupon(pd, requireUser(c), c.req.param("reference"), input.code), 200);
    })
    .post("/checkout/:reference/transferred", async (c) =>
      c.json(await markTransferred(pd, requireUser(c), c.req.param("reference")), 200),
    )
    .post("/checkout/:reference/check", async (c) =>
      c.json(await checkOrderNow(pd, requireUser(c), c.req.param("reference")), 200),
    )
    .post("/checkout/:reference/cancel", async (c) =>
      c.json(await cancelOwnOrder(pd, requireUser(c), c.req.param("reference")), 200),
    )
    .get("/checkout/:reference/events", async (c) => {
      const user = requireUser(c);
      const orderId = await ownOrderId(deps.db, user, c.req.param("reference"));
      return c.body(hub.open(orderId, user.id, c.req.raw.signal), 200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      });
    });
}
