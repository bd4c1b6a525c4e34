import {
  checkoutCouponSchema,
  checkoutMethodSchema,
  couponInputSchema,
  orderListQuerySchema,
  PAYMENT_MESSAGES,
  partnerInputSchema,
  refundInputSchema,
  rejectOrderSchema,
} from "@academy/shared";
import type { Context } from "hono";
import type { z } from "zod";
import { clientIp } from "../../auth/auth.routes.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, type AppEnv, createRouter, requireUser, toIssues } from "../../lib/http.ts";
import { checkOrderNow, chooseMethod } from "./checkout.service.ts";
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
  cancelOwnOrder,
  confirmOrder,
  getCheckout,
  markTransferred,
  momoKeysOf,
  ownOrderId,
  type PaymentDeps,
  rejectOrder,
  stripeKeysOf,
  zaloPayKeysOf,
} from "./payments.service.ts";
import type { OrderHub } from "./payments.stream.ts";
import { MOMO_PENDING_CODES, verifyMomoResult } from "./providers/momo.ts";
import { stripeVerifyEvent } from "./providers/stripe.ts";
import { referenceFromZaloPayTransId, verifyZaloPayCallback } from "./providers/zalopay.ts";
import {
  applyStripeChargeEvent,
  enrolLatePayment,
  listAttention,
  refundOrder,
  resolveFlag,
} from "./refunds.service.ts";
import {
  applyProviderPayment,
  type CallbackOutcome,
  paymentMethodById,
  recordRejectedCallback,
} from "./settlement.service.ts";

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

/** Rejected (unverifiable) callbacks logged per client address and minute (issue 23 §11). */
export const REJECTED_CALLBACKS_PER_IP_PER_MINUTE = 30;

function paymentDeps(deps: AppDeps): PaymentDeps {
  return {
    db: deps.db,
    mailer: deps.mailer,
    env: deps.env,
    encryptionKey: deps.encryptionKey,
    logger: deps.logger,
  };
}

function jsonObject(raw: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The order reference inside a MoMo orderId (`REF-n`, or a bare `REF` from before attempts). */
function referenceOfMomoOrderId(orderId: string): string | null {
  const m = /^([A-Z0-9]{8})(?:-\d{1,4})?$/.exec(orderId);
  return m ? m[1] : null;
}

/**
 * The paymentRoutes' way to log an unverifiable callback: at most
 * REJECTED_CALLBACKS_PER_IP_PER_MINUTE per client address are stored (a few KB each).
 * @returns false when over the limit (nothing stored).
 */
async function rejectCallbackWith(
  deps: AppDeps,
  c: Context<AppEnv>,
  provider: string,
  methodId: string | null,
  raw: string,
  outcome: CallbackOutcome,
): Promise<boolean> {
  const ip = clientIp(c, deps.env.trustProxy) ?? "unknown";
  if (!(await hitRateLimit(deps.db, `callbacks:rejected:${ip}`, 60, REJECTED_CALLBACKS_PER_IP_PER_MINUTE)))
    return false;
  await recordRejectedCallback(deps.db, {
    provider,
    paymentMethodId: methodId,
    rawBody: raw,
    headers: headersOf(c),
    outcome,
  });
  return true;
}

/**
 * The buyer's checkout (/api/checkout/*), the creator's Earnings & Referrals (/api/earnings/*)
 * and the provider callbacks (/api/payments/callbacks/{provider}/{paymentMethodId}) — issue 11.
 * The callbacks are server-to-server (no session, no Origin): verified by signature only.
 */
export function paymentRoutes(deps: AppDeps, hub: OrderHub) {
  const pd = paymentDeps(deps);
  const rejectCallback = (
    c: Context<AppEnv>,
    provider: string,
    methodId: string | null,
    raw: string,
    outcome: CallbackOutcome,
  ) => rejectCallbackWith(deps, c, provider, methodId, raw, outcome);
  /** MoMo and Stripe: 400 for a callback that does not verify (429, unlogged, past the per-IP limit). */
  const refuseSigned = async (
    c: Context<AppEnv>,
    provider: "momo" | "stripe",
    methodId: string | null,
    raw: string,
    hadKeys: boolean,
  ) =>
    (await rejectCallback(c, provider, methodId, raw, hadKeys ? "bad_signature" : "unknown_method"))
      ? c.json({ error: { code: "BAD_REQUEST", message: "Invalid signature" } }, 400)
      : c.json({ error: { code: "RATE_LIMITED", message: PAYMENT_MESSAGES.tooManyCallbacks } }, 429);
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
      .post("/checkout/:reference/check", async (c) =>
        c.json(await checkOrderNow(pd, requireUser(c), c.req.param("reference")), 200),
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
      // The URL's id is the stored method whose keys verify the callback; it survives edits of the
      // payment settings (decision 0217). Which order and attempt it settles comes from the body.
      .post("/payments/callbacks/momo/:methodId", async (c) => {
        const raw = await c.req.text();
        const methodId = c.req.param("methodId");
        const headers = headersOf(c);
        const row = await paymentMethodById(deps.db, methodId);
        const keys = row && row.method_type === "momo" ? momoKeysOf(deps.encryptionKey, row) : null;
        const parsed = jsonObject(raw);
        if (!keys || !parsed || !verifyMomoResult(keys, parsed) || parsed.partnerCode !== keys.partnerCode) {
          return refuseSigned(c, "momo", row ? methodId : null, raw, Boolean(keys));
        }
        const code = Number(parsed.resultCode);
        await applyProviderPayment(pd, {
          provider: "momo",
          paymentMethodId: methodId,
          providerOrderId: String(parsed.orderId),
          reference: referenceOfMomoOrderId(String(parsed.orderId)),
          transactionId: String(parsed.transId),
          amount: Number(parsed.amount),
          currency: "VND",
          // Only 0 is paid and captured; 9000 is authorised, not captured (security N17).
          status: code === 0 ? "paid" : MOMO_PENDING_CODES.includes(code) ? "pending" : "failed",
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
          return refuseSigned(c, "stripe", row ? methodId : null, raw, Boolean(keys));
        }
        const sessionStatus: Record<string, "paid" | "failed" | "expired" | null> = {
          "checkout.session.completed": null,
          "checkout.session.async_payment_succeeded": "paid",
          "checkout.session.async_payment_failed": "failed",
          "checkout.session.expired": "expired",
        };
        if (event.type in sessionStatus) {
          const session = event.data.object as import("stripe").Stripe.Checkout.Session;
          const paymentIntent = session.payment_intent;
          // completed: paid now for cards; "unpaid" while a delayed method settles (async events follow).
          const status =
            sessionStatus[event.type] ?? (session.payment_status === "paid" ? "paid" : "pending");
          await applyProviderPayment(pd, {
            provider: "stripe",
            paymentMethodId: methodId,
            providerOrderId: session.metadata?.attempt ?? null,
            providerRef: session.id,
            reference: session.client_reference_id ?? session.metadata?.reference ?? null,
            transactionId:
              typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? session.id),
            amount: Number(session.amount_total ?? -1),
            currency: (session.currency ?? "").toUpperCase(),
            status,
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
        const parsed = jsonObject(raw);
        if (!keys || !parsed || !verifyZaloPayCallback(keys.key2, parsed)) {
          const logged = await rejectCallback(
            c,
            "zalopay",
            row ? methodId : null,
            raw,
            keys ? "bad_signature" : "unknown_method",
          );
          return logged
            ? c.json({ return_code: -1, return_message: "mac not equal" }, 200)
            : c.json({ return_code: -1, return_message: "too many requests" }, 429);
        }
        const data = jsonObject(String(parsed.data)) ?? {};
        if (String(data.app_id) !== keys.appId) {
          await recordRejectedCallback(deps.db, {
            provider: "zalopay",
            paymentMethodId: methodId,
            rawBody: raw,
            headers,
            outcome: "unknown_order",
            signatureValid: true,
          });
          return c.json({ return_code: 2, return_message: "unknown app_id" }, 200);
        }
        const outcome = await applyProviderPayment(pd, {
          provider: "zalopay",
          paymentMethodId: methodId,
          providerOrderId: typeof data.app_trans_id === "string" ? data.app_trans_id : null,
          reference: referenceFromZaloPayTransId(data.app_trans_id),
          transactionId: String(data.zp_trans_id ?? ""),
          amount: Number(data.amount),
          currency: "VND",
          // ZaloPay calls back only once it has collected the money.
          status: "paid",
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
