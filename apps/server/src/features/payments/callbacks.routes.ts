/**
 * The provider callbacks, /api/payments/callbacks/{momo|zalopay|stripe}/{paymentMethodId}
 * (issue 11, issue 23 §7, §11, decision 0217): server to server (no session, no Origin), verified
 * by signature with the keys of the stored method the URL names, then applied by
 * settlement.service.ts (payments) or stripe-charges.service.ts (Stripe refunds and disputes).
 * Unverifiable callbacks are logged, at most REJECTED_CALLBACKS_PER_IP_PER_MINUTE per address.
 */
import { PAYMENT_MESSAGES } from "@academy/shared";
import type { Context } from "hono";
import { clientIp } from "../../auth/auth.routes.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { type AppDeps, type AppEnv, createRouter } from "../../lib/http.ts";
import { momoKeysOf, stripeKeysOf, zaloPayKeysOf } from "./methods.service.ts";
import { paymentDeps } from "./payment-deps.ts";
import { MOMO_PENDING_CODES, verifyMomoResult } from "./providers/momo.ts";
import { stripeVerifyEvent } from "./providers/stripe.ts";
import { referenceFromZaloPayTransId, verifyZaloPayCallback } from "./providers/zalopay.ts";
import {
  applyProviderPayment,
  type CallbackOutcome,
  paymentMethodById,
  recordRejectedCallback,
} from "./settlement.service.ts";
import { applyStripeChargeEvent } from "./stripe-charges.service.ts";

/** The request headers kept with a logged callback (each at most 1000 characters). */
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

/** `raw` parsed as a JSON object, or null (not JSON, or not an object). */
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
 * The callbackRoutes' way to log an unverifiable callback: at most
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
 * The provider callbacks (/api/payments/callbacks/{provider}/{paymentMethodId}). The callbacks
 * are server-to-server (no session, no Origin): verified by signature only.
 */
export function callbackRoutes(deps: AppDeps) {
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
          // Issue 23 §7: refunds and disputes made in Stripe's dashboard (stripe-charges.service.ts).
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
