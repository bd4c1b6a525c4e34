/**
 * What the buyer does to an open order at /api/checkout/{reference} (issue 11 §3, §5; issue 23
 * §2, §4, §5, §9): choose how to pay (`chooseMethod`: for MoMo, ZaloPay and card a payment attempt
 * with its own provider id is written before the provider is called, decision 0217), "Check my
 * payment", apply a coupon, "I have transferred", and cancel. Opening and showing the order is
 * orders.service.ts.
 */
import {
  type CheckoutMethodResult,
  type CheckoutView,
  couponDiscount,
  methodUnavailableReason,
  type OrderMethod,
  PAYMENT_MESSAGES,
  PROVIDER_PAGE_MINUTES,
  stripeKeyMode,
} from "@academy/shared";
import Stripe from "stripe";
import type { Executor } from "../../db/client.ts";
import { type Locale, orderAwaitingEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as a from "./attempts.queries.ts";
import {
  hostMode,
  methodsOfPage,
  momoBase,
  momoKeysOf,
  stripeKeysOf,
  zaloPayBase,
  zaloPayKeysOf,
} from "./methods.service.ts";
import { facts } from "./order-emails.ts";
import { expiryFor, orderNotFound, ownOrder, viewOf } from "./orders.service.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";
import { ProviderTimeoutError } from "./providers/hmac.ts";
import { momoAttemptOrderId, momoCreatePayment } from "./providers/momo.ts";
import { stripeClient, stripeCreateSession } from "./providers/stripe.ts";
import { zaloPayCreateOrder, zaloPayTransId } from "./providers/zalopay.ts";
import { reconcileAttempt } from "./reconciliation.service.ts";
import { releaseCouponOf, settlePaid } from "./settlement.service.ts";

const PROVIDER_OF: Partial<Record<OrderMethod, a.AttemptProvider>> = {
  momo: "momo",
  zalopay: "zalopay",
  "credit-card": "stripe",
};

/** Where the provider sends the buyer back: the checkout, marked so it shows "Checking your payment…". */
function returnUrl(deps: PaymentDeps, reference: string, method: OrderMethod): string {
  return `${deps.env.appUrl}/checkout/${reference}?return=${method === "credit-card" ? "card" : method}`;
}

/**
 * The order's new expiry when `method` is chosen: the method's own lifetime (24 h manual, 15 min
 * online), but never before a provider page of the order that may still take money closes
 * (issue 23 §4: provider pages expire no later than the order) — plus one minute.
 */
async function expiryWith(db: Executor, orderId: string, method: OrderMethod, extra?: Date) {
  const own = expiryFor(method);
  const pages = [await a.openAttemptsUntil(db, orderId), extra ?? null].filter((d): d is Date => d !== null);
  const latest = pages.reduce((m, d) => Math.max(m, d.getTime() + 60_000), own.getTime());
  return new Date(latest);
}

/**
 * Chooses how to pay (issue 11 §3, issue 23 §2 and §5). Only a pending order; the method must be
 * one the course takes and able to take the amount (`methodUnavailableReason`). Sets method,
 * payment_method_id and the expiry. MoMo / ZaloPay / card: a new payment attempt with its own
 * provider id (`REF-n`, `yymmdd_REF_n` dated at the call in Vietnam time, Stripe `REF-n` in the
 * session metadata) is written first, then the provider is called with the creator's keys; the
 * provider's page (`redirectUrl`) is returned. Earlier attempts stay payable until their own
 * expiry, and a success for any of them settles the order.
 * @throws AppError NOT_FOUND, CONFLICT orderClosed, VALIDATION_FAILED methodNotOffered /
 *   momoBelowMinimum / momoAboveMaximum / vndOnly, UNAVAILABLE providerNotConfigured /
 *   providerUnavailable / cardProviderUnsupported / cardKeysModeMismatch.
 */
export async function chooseMethod(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
  method: OrderMethod,
  locale: Locale,
): Promise<CheckoutMethodResult> {
  const { db } = deps;
  const order = await ownOrder(db, actor, reference);
  if (order.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
  const pageId = order.landing_page_id ?? (await q.findSellingPage(db, order.course_id, undefined));
  const chosen = (await methodsOfPage(db, pageId)).find((m) => m.method.type === method);
  if (!chosen) throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.methodNotOffered);
  const unavailable = methodUnavailableReason(method, order.amount, order.currency);
  if (unavailable) throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES[unavailable]);
  const provider = PROVIDER_OF[method];
  if (!provider) {
    const updated = await db.transaction(async (tx) => {
      const locked = await q.findOrderById(tx, order.id, true);
      if (locked?.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
      return q.updateOrder(tx, order.id, {
        method,
        payment_method_id: chosen.row.id,
        expires_at: await expiryWith(tx, order.id, method),
      });
    });
    return { view: await viewOf(db, updated), redirectUrl: null };
  }

  // Keys and mode first: nothing is written for a method that cannot work.
  const momoKeys = provider === "momo" ? momoKeysOf(deps.encryptionKey, chosen.row) : null;
  const zaloKeys = provider === "zalopay" ? zaloPayKeysOf(deps.encryptionKey, chosen.row) : null;
  const stripeKeys = provider === "stripe" ? stripeKeysOf(deps.encryptionKey, chosen.row) : null;
  if (provider === "stripe") {
    const cardProvider = (chosen.row.configuration?.provider ?? "stripe").trim().toLowerCase();
    if (cardProvider !== "stripe")
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.cardProviderUnsupported);
  }
  if (!momoKeys && !zaloKeys && !stripeKeys)
    throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerNotConfigured);
  if (stripeKeys) {
    // Decision 0182: a stored mode that contradicts the key is refused.
    const storedMode = chosen.row.configuration?.mode;
    const keyMode = stripeKeyMode(stripeKeys.secretKey);
    if (storedMode && keyMode && keyMode !== hostMode(chosen.row))
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.cardKeysModeMismatch);
  }

  // 1. The attempt, with its own provider id, and the order's method and expiry — one transaction.
  const now = new Date();
  const pageCloses = new Date(now.getTime() + PROVIDER_PAGE_MINUTES[provider] * 60_000);
  const attempt = await db.transaction(async (tx) => {
    const locked = await q.findOrderById(tx, order.id, true);
    if (locked?.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const n = await a.nextAttemptNo(tx, order.id);
    const providerOrderId =
      provider === "zalopay"
        ? zaloPayTransId(order.reference, now, n)
        : momoAttemptOrderId(order.reference, n);
    const row = await a.insertAttempt(tx, {
      order_id: order.id,
      payment_method_id: chosen.row.id,
      provider,
      attempt_no: n,
      provider_order_id: providerOrderId,
      amount: locked.amount,
      currency: locked.currency,
      status: "creating",
      provider_expires_at: pageCloses,
    });
    await q.updateOrder(tx, order.id, {
      method,
      payment_method_id: chosen.row.id,
      expires_at: await expiryWith(tx, order.id, method, pageCloses),
    });
    return row;
  });

  // 2. The provider call, outside any transaction.
  const back = returnUrl(deps, order.reference, method);
  const ctx = await q.orderContext(db, order.id);
  const title = ctx?.course_title ?? "";
  try {
    let payUrl: string;
    let providerRef: string | null = null;
    if (momoKeys) {
      const created = await momoCreatePayment(momoBase(deps, chosen.row), momoKeys, {
        orderId: attempt.provider_order_id,
        amount: attempt.amount,
        orderInfo: `${order.reference} ${title}`.slice(0, 200),
        redirectUrl: back,
        ipnUrl: `${deps.env.appUrl}/api/payments/callbacks/momo/${chosen.row.id}`,
        lang: locale,
      });
      payUrl = created.payUrl;
      providerRef = created.requestId;
    } else if (zaloKeys) {
      const created = await zaloPayCreateOrder(zaloPayBase(deps, chosen.row), zaloKeys, {
        appTransId: attempt.provider_order_id,
        appUser: actor.id.slice(0, 50),
        amount: attempt.amount,
        description: `Academy - ${title} #${order.reference}`.slice(0, 256),
        redirectUrl: back,
        callbackUrl: `${deps.env.appUrl}/api/payments/callbacks/zalopay/${chosen.row.id}`,
        expireSeconds: PROVIDER_PAGE_MINUTES.zalopay * 60,
      });
      payUrl = created.orderUrl;
    } else {
      const keys = stripeKeys as NonNullable<typeof stripeKeys>;
      const session = await stripeCreateSession(
        stripeClient(keys.secretKey, deps.env.payments?.stripeBaseUrl),
        {
          reference: order.reference,
          attempt: attempt.provider_order_id,
          amount: attempt.amount,
          currency: attempt.currency,
          name: title || order.reference,
          successUrl: back,
          cancelUrl: `${back}&cancelled=1`,
          email: actor.email,
          expiresMinutes: PROVIDER_PAGE_MINUTES.stripe,
        },
      );
      payUrl = session.url;
      providerRef = session.id;
    }
    await a.updateAttempt(db, attempt.id, { status: "open", pay_url: payUrl, provider_ref: providerRef });
    return { view: await viewOf(db, (await q.findOrderById(db, order.id)) ?? order), redirectUrl: payUrl };
  } catch (error) {
    // A time-out from MoMo / ZaloPay may hide a created payment: the attempt stays "creating" and
    // reconciliation asks the provider about it until its page closes. A refusal, or any Stripe
    // failure (no session id to ask about), closes it.
    const unknown =
      error instanceof ProviderTimeoutError || (error instanceof Error && error.name === "TypeError");
    if (!unknown || provider === "stripe") await a.updateAttempt(db, attempt.id, { status: "failed" });
    deps.logger?.warn(
      { err: error, order: order.reference, attempt: attempt.provider_order_id },
      `${provider} create failed`,
    );
    if (error instanceof Stripe.errors.StripeError && error.type === "StripeAuthenticationError")
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerNotConfigured);
    throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerUnavailable);
  }
}

/** Least time between two provider queries about one attempt on the buyer's request. */
export const CHECK_MIN_GAP_MS = 3_000;

/**
 * "Check my payment" (issue 23 §9): asks the providers about the buyer's own order's open
 * attempts now (as reconciliation does; an attempt asked less than CHECK_MIN_GAP_MS ago is not asked
 * again), then returns the order's view.
 * @throws AppError NOT_FOUND
 */
export async function checkOrderNow(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
): Promise<CheckoutView> {
  const order = await ownOrder(deps.db, actor, reference);
  if (order.status === "pending")
    for (const attempt of await a.listOpenAttemptsOfOrder(deps.db, order.id)) {
      // The page asks every few seconds: the provider is asked at most once per CHECK_MIN_GAP_MS.
      const last = attempt.last_checked_at ? new Date(attempt.last_checked_at).getTime() : 0;
      if (Date.now() - last < CHECK_MIN_GAP_MS) continue;
      try {
        await reconcileAttempt(deps, attempt);
      } catch (error) {
        deps.logger?.warn({ err: error, attempt: attempt.provider_order_id }, "payment check failed");
      }
    }
  return viewOf(deps.db, (await q.findOrderById(deps.db, order.id)) ?? order);
}

/**
 * "I have transferred" / "I will pay in cash" (issue 11 §3): a pending VietQR, bank-transfer or cash
 * order → awaiting_confirmation (awaiting_at now); the creator gets an e-mail. Repeating it
 * answers the same. @throws AppError NOT_FOUND, CONFLICT orderClosed
 */
export async function markTransferred(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
): Promise<CheckoutView> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await ownOrder(tx, actor, reference, true);
    if (locked.status === "awaiting_confirmation") return locked;
    if (locked.status !== "pending" || !["vietqr", "bank-transfer", "cash"].includes(locked.method ?? ""))
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const updated = await q.updateOrder(tx, locked.id, {
      status: "awaiting_confirmation",
      awaiting_at: new Date(),
    });
    const ctx = await q.orderContext(tx, locked.id);
    if (ctx)
      await deps.mailer.send(tx, {
        to: ctx.creator_email,
        ...orderAwaitingEmail(facts(ctx, updated, "creator", `${deps.env.appUrl}/dashboard/earnings`)),
      });
    return updated;
  });
  return viewOf(deps.db, order);
}

/**
 * Cancels the buyer's own open order (they chose not to buy). The coupon redemption is given back.
 * @throws AppError NOT_FOUND, CONFLICT orderClosed
 */
export async function cancelOwnOrder(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
): Promise<CheckoutView> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await ownOrder(tx, actor, reference, true);
    if (locked.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const updated = await q.updateOrder(tx, locked.id, { status: "cancelled" });
    await releaseCouponOf(tx, updated);
    return updated;
  });
  return viewOf(deps.db, order);
}
/**
 * Applies (or with "" removes) a coupon of the course's creator to the buyer's pending order
 * (issue 11 §5). The redemption is taken with a guarded UPDATE in the same transaction as the
 * order (exact under concurrency); the previous coupon's redemption is given back. A discount to
 * 0 pays the order at once (enrolled without payment).
 * @throws AppError NOT_FOUND, CONFLICT orderClosed, VALIDATION_FAILED couponInvalid / couponExpired / couponUsedUp
 */
export async function applyCoupon(
  deps: PaymentDeps,
  actor: SessionUser,
  reference: string,
  code: string,
): Promise<CheckoutView> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await ownOrder(tx, actor, reference, true);
    if (locked.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.orderClosed);
    const ctx = await q.orderContext(tx, locked.id);
    if (!ctx) throw orderNotFound();
    if (locked.coupon_code) await q.releaseCoupon(tx, ctx.creator_id, locked.coupon_code);
    if (!code)
      return q.updateOrder(tx, locked.id, {
        coupon_code: null,
        discount_amount: 0,
        amount: locked.list_amount,
      });
    const coupon = await q.findCoupon(tx, ctx.creator_id, code);
    if (!coupon || (coupon.course_id && coupon.course_id !== locked.course_id))
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponInvalid, [
        { path: "code", message: PAYMENT_MESSAGES.couponInvalid },
      ]);
    if (coupon.expires_at && new Date(coupon.expires_at).getTime() <= Date.now())
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponExpired, [
        { path: "code", message: PAYMENT_MESSAGES.couponExpired },
      ]);
    const discount = couponDiscount(locked.list_amount, locked.currency, coupon);
    if (discount <= 0)
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponInvalid, [
        { path: "code", message: PAYMENT_MESSAGES.couponInvalid },
      ]);
    if (!(await q.redeemCoupon(tx, coupon.id)))
      throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.couponUsedUp, [
        { path: "code", message: PAYMENT_MESSAGES.couponUsedUp },
      ]);
    const updated = await q.updateOrder(tx, locked.id, {
      coupon_code: coupon.code,
      discount_amount: discount,
      amount: locked.list_amount - discount,
    });
    if (updated.amount === 0)
      return settlePaid(deps, tx, updated, { provider: "coupon", transactionId: null });
    return updated;
  });
  return viewOf(deps.db, order);
}
