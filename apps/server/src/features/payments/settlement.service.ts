/**
 * Paying an order (DESIGN §6, decision 0217): `settlePaid` is every way an order becomes paid
 * (provider answer, creator confirmation, a coupon to 0, a late payment enrolled);
 * `applyProviderPayment` applies a verified provider answer (callback, webhook or status query)
 * to the attempt's order — late, duplicate, paid twice, amount mismatch; unverifiable callbacks
 * are logged by `recordRejectedCallback`. `releaseCouponOf` gives back the coupon of an order that
 * closes unpaid.
 */
import { fromMinorUnits, isOrderReference, type OrderMethod } from "@academy/shared";
import type { Db, Executor } from "../../db/client.ts";
import { orderPaidCreatorEmail, orderReceiptEmail } from "../../email/templates.ts";
import { notify } from "../notifications/notifications.service.ts";
import * as a from "./attempts.queries.ts";
import { facts } from "./order-emails.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import * as q from "./payments.queries.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Most bytes of a callback body kept in payment_events (issue 23 §11): verified or not. */
export const CALLBACK_LOG_MAX_CHARS = { verified: 16_000, rejected: 2_000 } as const;

/** Outcome of one provider callback or status answer, as logged in payment_events.outcome. */
export type CallbackOutcome =
  | "paid"
  | "late_paid"
  | "duplicate"
  | "amount_mismatch"
  | "bad_signature"
  | "unknown_order"
  | "unknown_method"
  | "failed"
  | "expired"
  | "pending"
  | "ignored"
  | "double_payment"
  | "flagged_late"
  | "rate_limited";

/** What a provider said about one attempt (a callback or a status query), already verified. */
export interface ProviderAnswer {
  provider: a.AttemptProvider;
  /** The stored method whose keys verified it (the callback URL's id, or the attempt's method). */
  paymentMethodId: string;
  /** MoMo orderId, ZaloPay app_trans_id, or Stripe metadata.attempt. */
  providerOrderId: string | null;
  /** Stripe Checkout Session id. */
  providerRef?: string | null;
  /** The order reference the provider echoes (client_reference_id, or parsed from the id). */
  reference: string | null;
  transactionId: string;
  /** Amount the provider reports, in the currency's smallest unit. */
  amount: number;
  currency: string;
  /** paid (money taken), failed (final refusal or cancel), expired (page closed), pending. */
  status: "paid" | "failed" | "expired" | "pending";
  rawBody: string;
  headers: Record<string, string>;
}

/** Finds the attempt (and order) an answer is about: by provider id, by Stripe session, by reference. */
async function findTarget(tx: Executor, input: ProviderAnswer) {
  let attempt = input.providerOrderId
    ? await a.findAttemptByProviderOrderId(tx, input.provider, input.providerOrderId)
    : undefined;
  if (!attempt && input.providerRef)
    attempt = await a.findAttemptByProviderRef(tx, input.provider, input.providerRef);
  let order: q.OrderRecord | undefined;
  if (attempt) order = await q.findOrderById(tx, attempt.order_id, true);
  else if (input.reference && isOrderReference(input.reference))
    // Orders sent to a provider before attempts existed (or a Stripe session whose attempt row
    // was never written because the create call failed after Stripe made it).
    order = await q.findOrderByReference(tx, input.reference, true);
  if (attempt) attempt = await a.findAttempt(tx, attempt.id, true);
  return { attempt, order };
}

/**
 * Applies a verified provider answer (callback, webhook or status query) in one transaction with
 * the order row, then the attempt row, locked (DESIGN §6, decision 0217). Whatever method the
 * order shows now, a success for any of its attempts settles it:
 * - the same provider transaction twice → `duplicate` (one effect);
 * - a paid amount or currency other than the order's → the money is recorded on the attempt, the
 *   order flagged `amount_mismatch`, never enrolled;
 * - the order already paid (another attempt, a confirmed transfer) → recorded, flagged `paid_twice`;
 * - an open order → paid, enrolled (`paid`);
 * - an order no longer open (expired, cancelled, rejected) → the money is recorded and the order
 *   paid; it enrols when the seat and the price still hold (`late_paid`: no other paid order of the
 *   student for the course, its coupon redemption can be taken again, the buyer still exists; a
 *   newer open order of the student for the course is cancelled), else it is flagged
 *   `paid_twice` / `paid_after_expiry` for the creator (`double_payment` / `flagged_late`).
 * A failure or expiry closes the attempt only. The stored method whose keys verified the answer
 * must belong to the order's creator, else `unknown_order`. Appends one payment_events row.
 * @returns the outcome.
 */
export async function applyProviderPayment(
  deps: Pick<PaymentDeps, "db" | "mailer" | "env">,
  input: ProviderAnswer,
): Promise<CallbackOutcome> {
  return deps.db.transaction(async (tx) => {
    const { attempt, order } = await findTarget(tx, input);
    let outcome: CallbackOutcome;
    const owned =
      order !== undefined &&
      (attempt?.payment_method_id === input.paymentMethodId ||
        (UUID.test(input.paymentMethodId) &&
          (await a.methodBelongsToOrderCreator(tx, input.paymentMethodId, order.id))));
    if (!order || !owned) outcome = "unknown_order";
    else outcome = await applyToOrder(deps, tx, order, attempt, input);
    await q.insertPaymentEvent(tx, {
      order_id: owned ? (order?.id ?? null) : null,
      payment_method_id: UUID.test(input.paymentMethodId) ? input.paymentMethodId : null,
      provider: input.provider,
      provider_transaction_id: input.transactionId || null,
      raw_body: input.rawBody.slice(0, CALLBACK_LOG_MAX_CHARS.verified),
      headers: input.headers,
      signature_valid: true,
      outcome,
    });
    return outcome;
  });
}

async function applyToOrder(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  attempt: a.AttemptRecord | undefined,
  input: ProviderAnswer,
): Promise<CallbackOutcome> {
  const open = attempt && (attempt.status === "creating" || attempt.status === "open");
  if (input.status === "pending") {
    if (attempt?.status === "creating") await a.updateAttempt(tx, attempt.id, { status: "open" });
    return "pending";
  }
  if (input.status === "failed" || input.status === "expired") {
    if (open)
      await a.updateAttempt(tx, attempt.id, { status: input.status === "failed" ? "failed" : "expired" });
    return input.status === "failed" ? "failed" : "expired";
  }
  // A success. The same transaction again (on the attempt or on the order) has one effect.
  if (
    (attempt?.status === "paid" && attempt.provider_transaction_id === input.transactionId) ||
    (order.provider === input.provider && order.provider_transaction_id === input.transactionId)
  )
    return "duplicate";
  const elsewhere = input.transactionId
    ? await a.findAttemptByTransaction(tx, input.provider, input.transactionId)
    : undefined;
  if (elsewhere) return "duplicate";
  if (attempt)
    await a.updateAttempt(tx, attempt.id, {
      status: "paid",
      provider_transaction_id: input.transactionId || null,
      paid_amount: input.amount,
      paid_at: new Date(),
    });
  const money = `${input.provider} ${input.transactionId}: ${input.amount} ${input.currency}`;
  if (input.amount !== order.amount || input.currency !== order.currency) {
    await q.updateOrder(tx, order.id, {
      flagged: true,
      flag_kind: "amount_mismatch",
      flag_resolved_at: null,
      flag_reason: `Amount mismatch: received ${input.amount} ${input.currency}, expected ${order.amount} ${order.currency} (${input.provider} ${input.transactionId})`,
    });
    return "amount_mismatch";
  }
  if (order.status === "paid" || order.status === "refunded") {
    await q.updateOrder(tx, order.id, {
      flagged: true,
      flag_kind: "paid_twice",
      flag_resolved_at: null,
      flag_reason: `Paid twice — refund one. Second payment ${money}`,
    });
    return "double_payment";
  }
  const settle = { provider: input.provider, transactionId: input.transactionId || null };
  // An open order whose buyer deleted the account meanwhile goes to a person, like late money.
  if ((order.status === "pending" || order.status === "awaiting_confirmation") && order.student_id) {
    await settlePaid(deps, tx, order, settle);
    return "paid";
  }
  return settleLate(deps, tx, order, settle, money);
}

/**
 * Money for an order that is no longer open (expired, cancelled, rejected): it is always recorded
 * (status paid); it enrols only when the seat and the price still hold, else a person decides.
 */
async function settleLate(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  settle: { provider: string; transactionId: string | null },
  money: string,
): Promise<CallbackOutcome> {
  const flag = async (kind: "paid_twice" | "paid_after_expiry", reason: string) => {
    await q.updateOrder(tx, order.id, {
      status: "paid",
      paid_at: new Date(),
      method: settle.provider === "stripe" ? "credit-card" : settle.provider,
      provider: settle.provider,
      provider_transaction_id: settle.transactionId,
      flagged: true,
      flag_kind: kind,
      flag_resolved_at: null,
      flag_reason: reason,
    });
  };
  if (!order.student_id) {
    await flag(
      "paid_after_expiry",
      `Paid while the order was ${order.status}, but the buyer's account was deleted (${money})`,
    );
    return "flagged_late";
  }
  const other = await a.findOtherPaidOrder(tx, order.student_id, order.course_id, order.id);
  if (other) {
    await flag(
      "paid_twice",
      `Paid twice — refund one. Paid after the order was ${order.status}; order ${other.reference} had already paid for this course (${money})`,
    );
    return "double_payment";
  }
  if (order.coupon_code) {
    const ctx = await q.orderContext(tx, order.id);
    const coupon = ctx ? await q.findCoupon(tx, ctx.creator_id, order.coupon_code) : undefined;
    // The order gave its redemption back when it closed: take it again, or the price no longer holds.
    if (!coupon || !(await q.redeemCoupon(tx, coupon.id))) {
      await flag(
        "paid_after_expiry",
        `Paid after the order was ${order.status} at coupon ${order.coupon_code}'s price, but the coupon is used up (${money})`,
      );
      return "flagged_late";
    }
  }
  // A newer open order of the student for this course is no longer needed.
  const newer = await q.findOpenOrder(tx, order.student_id, order.course_id);
  if (newer) {
    const locked = await q.findOrderById(tx, newer.id, true);
    if (locked && (locked.status === "pending" || locked.status === "awaiting_confirmation")) {
      const cancelled = await q.updateOrder(tx, locked.id, { status: "cancelled" });
      await releaseCouponOf(tx, cancelled);
    }
  }
  await settlePaid(deps, tx, order, settle);
  return "late_paid";
}

/**
 * Logs a callback that could not be verified (bad signature, unknown method, malformed body): at
 * most CALLBACK_LOG_MAX_CHARS.rejected characters of its body (issue 23 §11).
 */
export async function recordRejectedCallback(
  db: Db,
  input: {
    provider: string;
    paymentMethodId: string | null;
    rawBody: string;
    headers: Record<string, string>;
    outcome: CallbackOutcome;
    /** True for a verified event that is simply not one Academy acts on. */
    signatureValid?: boolean;
  },
): Promise<void> {
  await q.insertPaymentEvent(db, {
    order_id: null,
    payment_method_id:
      input.paymentMethodId && UUID.test(input.paymentMethodId) ? input.paymentMethodId : null,
    provider: input.provider,
    raw_body: input.rawBody.slice(
      0,
      input.signatureValid ? CALLBACK_LOG_MAX_CHARS.verified : CALLBACK_LOG_MAX_CHARS.rejected,
    ),
    headers: input.headers,
    signature_valid: input.signatureValid ?? false,
    outcome: input.outcome,
  });
}

/** A stored payment method by id (callbacks carry it in their URL; archived ones included), or undefined. */
export async function paymentMethodById(db: Db, id: string) {
  return UUID.test(id) ? q.findMethodById(db, id) : undefined;
}

/** Gives back the coupon redemption an order took (it expired, was cancelled or rejected). */
export async function releaseCouponOf(tx: Executor, order: q.OrderRecord): Promise<void> {
  if (!order.coupon_code) return;
  const ctx = await q.orderContext(tx, order.id);
  if (ctx) await q.releaseCoupon(tx, ctx.creator_id, order.coupon_code);
}
/**
 * Marks a locked order paid inside `tx` (DESIGN §6): status paid, paid_at, provider and its
 * transaction id (flagged only with `flagReason`); the enrolment becomes completed (lessons open,
 * enrollment_count + 1); receipt to the student and a note to the creator through the outbox; a
 * realtime notification on commit. Late money is judged by the caller (settlement.service.ts).
 */
export async function settlePaid(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  opts: { provider: string; transactionId: string | null; flagReason?: string },
): Promise<q.OrderRecord> {
  const flagReason = opts.flagReason ?? null;
  // The order's method is how it was paid (the buyer may have switched after opening that page).
  const paidWith = PROVIDER_METHOD[opts.provider];
  const updated = await q.updateOrder(tx, order.id, {
    status: "paid",
    paid_at: new Date(),
    ...(paidWith ? { method: paidWith } : {}),
    provider: opts.provider,
    provider_transaction_id: opts.transactionId,
    ...(flagReason ? { flagged: true, flag_reason: flagReason, flag_resolved_at: null } : {}),
  });
  const ctx = await q.orderContext(tx, order.id);
  if (ctx) {
    if (ctx.student_email)
      await deps.mailer.send(tx, {
        to: ctx.student_email,
        ...orderReceiptEmail(facts(ctx, updated, "student", `${deps.env.appUrl}/learn/${order.course_id}`)),
      });
    if (opts.provider !== "manual")
      await deps.mailer.send(tx, {
        to: ctx.creator_email,
        ...orderPaidCreatorEmail(facts(ctx, updated, "creator", `${deps.env.appUrl}/dashboard/earnings`)),
      });
    // issue 27 §2: the bell of the buyer and of the creator (a sale); their e-mails are the receipts above.
    const notifications = { mailer: deps.mailer, appUrl: deps.env.appUrl };
    const data = { courseTitle: ctx.course_title, reference: updated.reference };
    if (updated.student_id)
      await notify(
        tx,
        {
          userIds: [updated.student_id],
          type: "order_paid",
          data: { ...data, event: "purchase" },
          link: "/dashboard/account#purchases",
        },
        notifications,
      );
    // A creator who confirmed the payment by hand needs no news of it (like the e-mail above).
    if (opts.provider !== "manual")
      await notify(
        tx,
        {
          userIds: [ctx.creator_id],
          type: "order_paid",
          data: { ...data, event: "sale", actorName: ctx.student_name ?? undefined },
          link: "/dashboard/earnings",
        },
        notifications,
      );
  }
  // Last: it locks the course row (enrollment_count) — shared by every buyer of the course — so
  // the lock is held only until the commit that follows.
  if (order.enrollment_id)
    await q.setEnrolmentPaymentStatus(
      tx,
      order.enrollment_id,
      "completed",
      fromMinorUnits(order.amount, order.currency),
    );
  return updated;
}

const PROVIDER_METHOD: Record<string, OrderMethod | undefined> = {
  momo: "momo",
  zalopay: "zalopay",
  stripe: "credit-card",
};
