import {
  checkoutCouponSchema,
  checkoutMethodSchema,
  couponInputSchema,
  orderListQuerySchema,
  partnerInputSchema,
  refundInputSchema,
  rejectOrderSchema,
} from "@academy/shared";
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, type AppEnv, createRouter, requireUser, toIssues } from "../../lib/http.ts";
import {
  assertCreator,
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
import {
  applyCoupon,
  applyProviderPayment,
  cancelOwnOrder,
  chooseMethod,
  confirmOrder,
  getCheckout,
  markTransferred,
  momoKeysOf,
  ownOrderId,
  type PaymentDeps,
  paymentMethodById,
  recordRejectedCallback,
  rejectOrder,
  stripeKeysOf,
  zaloPayKeysOf,
} from "./payments.service.ts";
import type { OrderHub } from "./payments.stream.ts";
import { verifyMomoResult } from "./providers/momo.ts";
import { stripeVerifyEvent } from "./providers/stripe.ts";
import { referenceFromZaloPayTransId, verifyZaloPayCallback } from "./providers/zalopay.ts";
import {
  applyStripeChargeEvent,
  enrolLatePayment,
  listAttention,
  refundOrder,
  resolveFlag,
} from "./refunds.service.ts";

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = toIssues(result.error);
    throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid input", issues);
  }
  return result.data;
}

async function body(c: Context<AppEnv>): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("VALIDATION_FAILED", "Invalid data format");
  });
}

function locale(c: Context<AppEnv>): "en" | "vi" {
  return (c.req.header("accept-language") ?? "").toLowerCase().startsWith("en") ? "en" : "vi";
}

function headersOf(c: Context<AppEnv>): Record<string, string> {
  const keep = ["content-type", "user-agent", "x-forwarded-for", "stripe-signature"];
  const out: Record<string, string> = {};
  for (const name of keep) {
    const v = c.req.header(name);
    if (v) out[name] = v.slice(0, 1000);
  }
  return out;
}

function paymentDeps(deps: AppDeps): PaymentDeps {
  return {
    db: deps.db,
    mailer: deps.mailer,
    env: deps.env,
    encryptionKey: deps.encryptionKey,
    logger: deps.logger,
  };
}

/**
 * The buyer's checkout (/api/checkout/*), the creator's Earnings & Referrals (/api/earnings/*)
 * and the provider callbacks (/api/payments/callbacks/{provider}/{paymentMethodId}) — issue 11.
 * The callbacks are server-to-server (no session, no Origin): verified by signature only.
 */
export function paymentRoutes(deps: AppDeps, hub: OrderHub) {
  const pd = paymentDeps(deps);
  return (
    createRouter()
      // ---- checkout (the buyer) ----
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
      .post("/checkout/:reference/cancel", async (c) =>
        c.json(await cancelOwnOrder(pd, requireUser(c), c.req.param("reference")), 200),
      )
      .get("/checkout/:reference/events", async (c) => {
        const orderId = await ownOrderId(deps.db, requireUser(c), c.req.param("reference"));
        return c.body(hub.open(orderId, c.req.raw.signal), 200, {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Accel-Buffering": "no",
        });
      })
      // ---- earnings (the creator) ----
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
      // Issue 23 §7, §10: refunds through the provider and "Needs your attention".
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
      )
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
      )
      // ---- provider callbacks (server to server) ----
      .post("/payments/callbacks/momo/:methodId", async (c) => {
        const raw = await c.req.text();
        const methodId = c.req.param("methodId");
        const headers = headersOf(c);
        const row = await paymentMethodById(deps.db, methodId);
        const keys = row && row.method_type === "momo" ? momoKeysOf(deps.encryptionKey, row) : null;
        let parsed: Record<string, unknown> | null = null;
        try {
          const value = JSON.parse(raw);
          parsed = value && typeof value === "object" ? (value as Record<string, unknown>) : null;
        } catch {
          parsed = null;
        }
        if (!keys || !parsed || !verifyMomoResult(keys, parsed) || parsed.partnerCode !== keys.partnerCode) {
          await recordRejectedCallback(deps.db, {
            provider: "momo",
            paymentMethodId: row ? methodId : null,
            rawBody: raw,
            headers,
            outcome: keys ? "bad_signature" : "unknown_method",
          });
          return c.json({ error: { code: "BAD_REQUEST", message: "Invalid signature" } }, 400);
        }
        await applyProviderPayment(pd, {
          provider: "momo",
          paymentMethodId: methodId,
          reference: String(parsed.orderId),
          transactionId: String(parsed.transId),
          amount: Number(parsed.amount),
          currency: "VND",
          success: Number(parsed.resultCode) === 0 || Number(parsed.resultCode) === 9000,
          rawBody: raw,
          headers,
        });
        // MoMo: answer 204 No Content once the IPN is processed.
        return c.body(null, 204);
      })
      .post("/payments/callbacks/stripe/:methodId", async (c) => {
        const raw = await c.req.text();
        const methodId = c.req.param("methodId");
        const headers = headersOf(c);
        const row = await paymentMethodById(deps.db, methodId);
        const keys = row && row.method_type === "credit-card" ? stripeKeysOf(deps.encryptionKey, row) : null;
        let event: ReturnType<typeof stripeVerifyEvent> | null = null;
        try {
          event = keys
            ? stripeVerifyEvent(raw, c.req.header("stripe-signature") ?? "", keys.webhookSecret)
            : null;
        } catch {
          event = null;
        }
        if (!event) {
          await recordRejectedCallback(deps.db, {
            provider: "stripe",
            paymentMethodId: row ? methodId : null,
            rawBody: raw,
            headers,
            outcome: keys ? "bad_signature" : "unknown_method",
          });
          return c.json({ error: { code: "BAD_REQUEST", message: "Invalid signature" } }, 400);
        }
        if (
          event.type === "checkout.session.completed" ||
          event.type === "checkout.session.async_payment_succeeded"
        ) {
          const session = event.data.object;
          const paymentIntent = session.payment_intent;
          await applyProviderPayment(pd, {
            provider: "stripe",
            paymentMethodId: methodId,
            reference: session.client_reference_id ?? session.metadata?.reference ?? null,
            transactionId:
              typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? session.id),
            amount: Number(session.amount_total ?? -1),
            currency: (session.currency ?? "").toUpperCase(),
            success: session.payment_status === "paid",
            rawBody: raw,
            headers,
          });
        } else if (event.type.startsWith("charge.")) {
          // Issue 23 §7: refunds and disputes made in Stripe's dashboard (refunds.service.ts).
          await applyStripeChargeEvent(pd, methodId, event, { rawBody: raw, headers });
        } else {
          await recordRejectedCallback(deps.db, {
            provider: "stripe",
            paymentMethodId: methodId,
            rawBody: raw,
            headers,
            outcome: "ignored",
            signatureValid: true,
          });
        }
        return c.json({ received: true }, 200);
      })
      .post("/payments/callbacks/zalopay/:methodId", async (c) => {
        const raw = await c.req.text();
        const methodId = c.req.param("methodId");
        const headers = headersOf(c);
        const row = await paymentMethodById(deps.db, methodId);
        const keys = row && row.method_type === "zalopay" ? zaloPayKeysOf(deps.encryptionKey, row) : null;
        let parsed: Record<string, unknown> | null = null;
        try {
          const value = JSON.parse(raw);
          parsed = value && typeof value === "object" ? (value as Record<string, unknown>) : null;
        } catch {
          parsed = null;
        }
        if (!keys || !parsed || !verifyZaloPayCallback(keys.key2, parsed)) {
          await recordRejectedCallback(deps.db, {
            provider: "zalopay",
            paymentMethodId: row ? methodId : null,
            rawBody: raw,
            headers,
            outcome: keys ? "bad_signature" : "unknown_method",
          });
          return c.json({ return_code: -1, return_message: "mac not equal" }, 200);
        }
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(String(parsed.data)) as Record<string, unknown>;
        } catch {
          data = {};
        }
        if (String(data.app_id) !== keys.appId) {
          await recordRejectedCallback(deps.db, {
            provider: "zalopay",
            paymentMethodId: methodId,
            rawBody: raw,
            headers,
            outcome: "unknown_order",
          });
          return c.json({ return_code: 2, return_message: "unknown app_id" }, 200);
        }
        const outcome = await applyProviderPayment(pd, {
          provider: "zalopay",
          paymentMethodId: methodId,
          reference: referenceFromZaloPayTransId(data.app_trans_id),
          transactionId: String(data.zp_trans_id ?? ""),
          amount: Number(data.amount),
          currency: "VND",
          success: true,
          rawBody: raw,
          headers,
        });
        // ZaloPay: return_code 1 = processed; 2 = already processed (duplicate; no retry).
        return outcome === "duplicate"
          ? c.json({ return_code: 2, return_message: "duplicate" }, 200)
          : c.json({ return_code: 1, return_message: "success" }, 200);
      })
  );
}
