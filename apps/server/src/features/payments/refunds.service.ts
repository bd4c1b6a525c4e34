import { randomUUID } from "node:crypto";
import {
  type AttentionItem,
  type AttentionKind,
  type OrderMethod,
  type OrderStatus,
  PAYMENT_MESSAGES,
  REFUND_MESSAGES,
  type RefundInput,
  type RefundStatus,
  type RefundThrough,
  type RefundView,
} from "@academy/shared";
import type Stripe from "stripe";
import type { Executor } from "../../db/client.ts";
import { refundIssuedEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import * as a from "./attempts.queries.ts";
import * as q from "./payments.queries.ts";
import {
  momoBase,
  momoKeysOf,
  type PaymentDeps,
  settlePaid,
  stripeKeysOf,
  zaloPayBase,
  zaloPayKeysOf,
} from "./payments.service.ts";
import { momoRefund, type ProviderRefundResult } from "./providers/momo-refund.ts";
import { stripeClient } from "./providers/stripe.ts";
import { isStripeRefusal, stripeRefund, stripeRetrieveRefund } from "./providers/stripe-refund.ts";
import { zaloPayQueryRefund, zaloPayRefund, zaloPayRefundId } from "./providers/zalopay-refund.ts";
import * as r from "./refunds.queries.ts";
import { CALLBACK_LOG_MAX_CHARS } from "./settlement.service.ts";

/**
 * Refunds (issue 23 §7; payments audit D10, security N6) and Earnings' "Needs your attention"
 * (issue 23 §10). Money paid through MoMo, ZaloPay or Stripe goes back through the same provider's
 * refund API; VietQR, bank transfer and cash are "refunded outside Academy" by the creator and
 * only recorded. Bookkeeping happens in transactions with the order (and refund) rows locked; the
 * provider is called outside any transaction, between recording the refund `pending` and settling
 * it `succeeded` or `failed`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROVIDERS = ["momo", "zalopay", "stripe"] as const;
type Provider = (typeof PROVIDERS)[number];
const isProvider = (v: string | null | undefined): v is Provider =>
  v !== null && v !== undefined && (PROVIDERS as readonly string[]).includes(v);

function notFound(): AppError {
  return new AppError("NOT_FOUND", PAYMENT_MESSAGES.orderNotFound);
}

/** The order `orderId` of one of the actor's courses, locked. @throws NOT_FOUND for anyone else. */
async function lockCreatorOrder(tx: Executor, actor: SessionUser, orderId: string) {
  const order = UUID.test(orderId) ? await q.findOrderById(tx, orderId, true) : undefined;
  if (!order) throw notFound();
  const parties = await q.orderContext(tx, order.id);
  if (!parties || parties.creator_id !== actor.id) throw notFound();
  return { order, parties };
}

function toView(refund: r.RefundRecord, orderStatus: string): RefundView {
  return {
    id: refund.id,
    orderId: refund.order_id,
    attemptId: refund.attempt_id,
    through: refund.through as RefundThrough,
    status: refund.status as RefundStatus,
    amount: Number(refund.amount),
    currency: refund.currency,
    failureReason: refund.failure_reason,
    orderStatus: orderStatus as OrderStatus,
  };
}

/** What a refund gives back: the order's own payment, or one paid attempt (an extra payment). */
interface Target {
  attempt: a.AttemptRecord | null;
  provider: string | null;
  transactionId: string | null;
  methodId: string | null;
  paid: number;
}

/** The payment the order itself was settled with: its provider, transaction and the method whose keys took it. */
async function ownPayment(tx: Executor, order: q.OrderRecord): Promise<Target> {
  let methodId = order.payment_method_id;
  if (isProvider(order.provider) && order.provider_transaction_id) {
    const attempt = await a.findAttemptByTransaction(tx, order.provider, order.provider_transaction_id);
    if (attempt?.payment_method_id) methodId = attempt.payment_method_id;
  }
  return {
    attempt: null,
    provider: order.provider,
    transactionId: order.provider_transaction_id,
    methodId,
    paid: Number(order.amount),
  };
}

/** Whether a paid attempt is the payment that settled the order (refunded only with the order). */
function isOwnPayment(
  order: Pick<q.OrderRecord, "status" | "provider" | "provider_transaction_id">,
  attempt: Pick<a.AttemptRecord, "provider" | "provider_transaction_id">,
): boolean {
  return (
    (order.status === "paid" || order.status === "refunded") &&
    order.provider === attempt.provider &&
    order.provider_transaction_id === attempt.provider_transaction_id
  );
}

/** A paid attempt that is not the order's own payment (so it can be refunded on its own). */
function extraTarget(order: q.OrderRecord, attempt: a.AttemptRecord | undefined): Target {
  if (
    !attempt ||
    attempt.order_id !== order.id ||
    attempt.status !== "paid" ||
    !attempt.provider_transaction_id ||
    isOwnPayment(order, attempt)
  )
    throw new AppError("CONFLICT", REFUND_MESSAGES.notExtraPayment);
  return {
    attempt,
    provider: attempt.provider,
    transactionId: attempt.provider_transaction_id,
    methodId: attempt.payment_method_id,
    paid: Number(attempt.paid_amount ?? attempt.amount),
  };
}

/** Refunds that count against a target: same attempt (or none), pending or succeeded. */
function refundsFor(list: r.RefundRecord[], attemptId: string | null) {
  return list.filter((x) => (x.attempt_id ?? null) === attemptId && x.status !== "failed");
}

const sum = (list: r.RefundRecord[]) => list.reduce((s, x) => s + Number(x.amount), 0);

/**
 * Refunds a paid order, or one extra payment of it (issue 23 §7). Creator of the course only
 * (NOT_FOUND for anyone else). Idempotent against double clicks: while a refund of the same payment
 * is pending, the same refund is answered and the provider is not called again.
 * - The order's own payment (no `attemptId`; the order must be `paid`) or the paid attempt
 *   `attemptId` that did not settle the order (paid twice, paid after expiry, amount mismatch).
 * - Paid through MoMo / ZaloPay / Stripe: the provider's refund API for what is left unrefunded
 *   (pending → succeeded | failed; a failure flags the order `refund_failed` with the provider's
 *   reason and can be retried; an unanswered call stays pending for `runRefundJobs`).
 * - VietQR, bank transfer, cash, manual confirmation, or `outside: true`: recorded as refunded
 *   outside Academy (through `manual`), succeeded at once.
 * On success: see `applySucceeded` (order refunded, access per N6, e-mail to the student).
 * Amounts in the currency's smallest unit.
 * @throws AppError NOT_FOUND, CONFLICT notPaid / notExtraPayment / alreadyRefunded / keysMissing /
 *   nothingToRefund.
 */
export async function refundOrder(
  deps: PaymentDeps,
  actor: SessionUser,
  orderId: string,
  input: RefundInput = {},
): Promise<RefundView> {
  const started = await deps.db.transaction(async (tx) => {
    const { order } = await lockCreatorOrder(tx, actor, orderId);
    let target: Target;
    if (input.attemptId) {
      target = extraTarget(order, await a.findAttempt(tx, input.attemptId, true));
    } else {
      if (order.status !== "paid") throw new AppError("CONFLICT", PAYMENT_MESSAGES.notPaid);
      target = await ownPayment(tx, order);
    }
    const attemptId = target.attempt?.id ?? null;
    const earlier = refundsFor(await r.refundsOf(tx, order.id), attemptId);
    const pending = earlier.find((x) => x.status === "pending");
    if (pending) return { done: toView(pending, order.status) };
    const remaining = target.paid - sum(earlier);
    if (target.paid <= 0) throw new AppError("CONFLICT", REFUND_MESSAGES.nothingToRefund);
    if (remaining <= 0) throw new AppError("CONFLICT", REFUND_MESSAGES.alreadyRefunded);
    const online = isProvider(target.provider) && Boolean(target.transactionId) && !input.outside;
    const id = randomUUID();
    if (!online) {
      const refund = await r.insertRefund(tx, {
        id,
        order_id: order.id,
        attempt_id: attemptId,
        through: "manual",
        amount: remaining,
        currency: target.attempt?.currency ?? order.currency,
        status: "succeeded",
        reason: input.reason ?? null,
        requested_by: actor.id,
      });
      if (!refund) throw new Error("refund insert clashed");
      const updated = await applySucceeded(deps, tx, order, refund);
      return { done: toView(refund, updated.status) };
    }
    const provider = target.provider as Provider;
    const method = target.methodId ? await q.findMethodById(tx, target.methodId) : undefined;
    const keysOk =
      method &&
      (provider === "momo"
        ? momoKeysOf(deps.encryptionKey, method)
        : provider === "zalopay"
          ? zaloPayKeysOf(deps.encryptionKey, method)
          : stripeKeysOf(deps.encryptionKey, method));
    if (!keysOk) throw new AppError("CONFLICT", REFUND_MESSAGES.keysMissing);
    const short = id.replace(/-/g, "").slice(0, 12);
    const providerRefundId =
      provider === "momo"
        ? `${order.reference}-RF-${short}`
        : provider === "zalopay"
          ? zaloPayRefundId(method.configuration?.appId ?? "", short)
          : null;
    const refund = await r.insertRefund(tx, {
      id,
      order_id: order.id,
      attempt_id: attemptId,
      through: provider,
      amount: remaining,
      currency: target.attempt?.currency ?? order.currency,
      status: "pending",
      provider_refund_id: providerRefundId,
      reason: input.reason ?? null,
      requested_by: actor.id,
    });
    if (!refund) throw new Error("refund insert clashed");
    return {
      call: { refund, method, transactionId: target.transactionId as string, reference: order.reference },
    };
  });
  if (started.done) return started.done;
  const { refund, method, transactionId, reference } = started.call;
  const result = await callProvider(deps, refund, method, transactionId, reference);
  return settleRefund(deps, refund.id, result);
}

/**
 * One provider call for a pending refund (outside any transaction). `resend`: the job asks again
 * about a refund whose answer was lost (MoMo: the same orderId/requestId, idempotent; ZaloPay:
 * /v2/query_refund; Stripe: retrieve, or create again with the same idempotency key).
 * @returns the outcome, or null when it is still unknown (network failure, timeout).
 */
async function callProvider(
  deps: PaymentDeps,
  refund: r.RefundRecord,
  method: q.MethodRow,
  transactionId: string,
  reference: string,
  resend = false,
): Promise<ProviderRefundResult | null> {
  const description = `Refund ${reference}`;
  try {
    if (refund.through === "momo") {
      const keys = momoKeysOf(deps.encryptionKey, method);
      if (!keys) return null;
      return await momoRefund(momoBase(deps, method), keys, {
        orderId: refund.provider_refund_id as string,
        transId: transactionId,
        amount: Number(refund.amount),
        description,
        lang: "en",
      });
    }
    if (refund.through === "zalopay") {
      const keys = zaloPayKeysOf(deps.encryptionKey, method);
      if (!keys) return null;
      if (resend)
        return await zaloPayQueryRefund(zaloPayBase(deps, method), keys, refund.provider_refund_id as string);
      return await zaloPayRefund(zaloPayBase(deps, method), keys, {
        mRefundId: refund.provider_refund_id as string,
        zpTransId: transactionId,
        amount: Number(refund.amount),
        description,
      });
    }
    const keys = stripeKeysOf(deps.encryptionKey, method);
    if (!keys) return null;
    const client: Stripe = stripeClient(keys.secretKey, deps.env.payments?.stripeBaseUrl);
    if (resend && refund.provider_refund_id)
      return await stripeRetrieveRefund(client, refund.provider_refund_id);
    try {
      return await stripeRefund(client, {
        paymentIntent: transactionId,
        amount: Number(refund.amount),
        idempotencyKey: refund.id,
        metadata: { reference, refund: refund.id },
      });
    } catch (error) {
      if (isStripeRefusal(error))
        return {
          status: "failed",
          providerRefundId: "",
          reason: `Stripe: ${String((error as { message?: string }).message ?? "refused")}`.slice(0, 500),
          raw: null,
        };
      throw error;
    }
  } catch (error) {
    deps.logger?.warn({ err: error, refund: refund.id }, "refund call got no answer; it stays pending");
    return null;
  }
}

/**
 * Settles a pending refund with the provider's answer in one transaction (refund and order rows
 * locked). A refund no longer pending is left alone (a webhook or the job settled it first).
 * null or "pending": stays pending (the Stripe refund id is kept). failed: the order is flagged
 * `refund_failed` with the provider's reason. succeeded: `applySucceeded`.
 */
async function settleRefund(
  deps: PaymentDeps,
  refundId: string,
  result: ProviderRefundResult | null,
): Promise<RefundView> {
  return deps.db.transaction(async (tx) => {
    const pre = await r.findRefund(tx, refundId);
    if (!pre) throw notFound();
    // Order first, then refund: the same lock order as refundOrder.
    const order = await q.findOrderById(tx, pre.order_id, true);
    let refund = await r.findRefund(tx, refundId, true);
    if (!order || !refund) throw notFound();
    if (refund.status !== "pending" || !result) return toView(refund, order.status);
    const providerRefundId = result.providerRefundId || refund.provider_refund_id;
    if (result.status === "pending") {
      if (providerRefundId !== refund.provider_refund_id)
        refund = await r.updateRefund(tx, refund.id, { provider_refund_id: providerRefundId });
      return toView(refund, order.status);
    }
    if (result.status === "failed") {
      refund = await r.updateRefund(tx, refund.id, {
        status: "failed",
        failure_reason: result.reason,
        provider_refund_id: providerRefundId,
      });
      const updated = await q.updateOrder(tx, order.id, {
        flagged: true,
        flag_kind: "refund_failed",
        flag_reason: `Refund failed: ${result.reason}`.slice(0, 1000),
        flag_resolved_at: null,
      });
      return toView(refund, updated.status);
    }
    refund = await r.updateRefund(tx, refund.id, {
      status: "succeeded",
      provider_refund_id: providerRefundId,
    });
    const updated = await applySucceeded(deps, tx, order, refund);
    return toView(refund, updated.status);
  });
}

/**
 * The effects of a succeeded refund, inside `tx` with the order locked (issue 23 §7):
 * - of the order's own payment, once the succeeded refunds cover the order's amount: order
 *   `refunded` with `refunded_at` (so it nets out of Earnings, Analytics revenue and the partner's
 *   commission, which all count paid orders and subtract refunded ones), and the enrolment is
 *   cancelled ONLY if no other paid order of the same student and course still grants access (N6);
 * - of an extra payment: the order stays paid and keeps its access;
 * - an open paid_twice / paid_after_expiry / amount_mismatch / refund_failed flag is resolved;
 * - the student (when the account still exists) gets the refund e-mail.
 * @returns the order after the update.
 */
async function applySucceeded(
  deps: Pick<PaymentDeps, "mailer" | "env">,
  tx: Executor,
  order: q.OrderRecord,
  refund: r.RefundRecord,
): Promise<q.OrderRecord> {
  let updated = order;
  let accessEnded = false;
  const set: Partial<q.OrderRecord> = {};
  if (!refund.attempt_id && order.status === "paid") {
    const covered = sum(
      refundsFor(await r.refundsOf(tx, order.id), null).filter((x) => x.status === "succeeded"),
    );
    if (covered >= Number(order.amount)) {
      set.status = "refunded";
      set.refunded_at = new Date();
    }
  }
  if (
    order.flagged &&
    !order.flag_resolved_at &&
    ["paid_twice", "paid_after_expiry", "amount_mismatch", "refund_failed"].includes(order.flag_kind ?? "")
  )
    set.flag_resolved_at = new Date();
  if (Object.keys(set).length > 0) updated = await q.updateOrder(tx, order.id, set);
  const parties = await q.orderContext(tx, order.id);
  if (set.status === "refunded" && order.student_id) {
    if (!(await a.findOtherPaidOrder(tx, order.student_id, order.course_id, order.id))) {
      const enrolmentId =
        order.enrollment_id ?? (await r.findEnrolmentId(tx, order.student_id, order.course_id));
      if (enrolmentId) {
        await q.setEnrolmentPaymentStatus(tx, enrolmentId, "cancelled");
        accessEnded = true;
      }
    }
  }
  if (parties?.student_email) {
    const locale = parties.student_locale === "en" ? "en" : "vi";
    await deps.mailer.send(tx, {
      to: parties.student_email,
      ...refundIssuedEmail({
        locale,
        schoolName: parties.school_name,
        recipientName: parties.student_name,
        courseTitle: parties.course_title,
        reference: order.reference,
        amount: Number(refund.amount),
        currency: refund.currency,
        method: order.method,
        studentLabel: parties.student_email,
        url: `${deps.env.appUrl}/join/${order.course_id}`,
        through: refund.through,
        accessEnded,
      }),
    });
  }
  return updated;
}

/**
 * The refund job (issue 23 §7; the lead calls it from the order job): asks the provider again
 * about every refund still pending for `olderThanSeconds` (default 60: longer than MoMo's 30 s
 * call, so a refund still in flight is not asked about; ZaloPay "processing", or a call whose
 * answer was lost) and settles it. Re-asking is safe: MoMo's requestId and Stripe's idempotency
 * key make a re-sent refund answer the first one; ZaloPay is asked through /v2/query_refund. @returns counts for logs and tests.
 */
export async function runRefundJobs(
  deps: PaymentDeps,
  opts: { olderThanSeconds?: number; limit?: number } = {},
): Promise<{ checked: number; succeeded: number; failed: number }> {
  let checked = 0;
  let succeeded = 0;
  let failed = 0;
  for (const refund of await r.listPendingProviderRefunds(
    deps.db,
    opts.olderThanSeconds ?? 60,
    opts.limit ?? 100,
  )) {
    const order = await q.findOrderById(deps.db, refund.order_id);
    if (!order) continue;
    const target = refund.attempt_id ? await a.findAttempt(deps.db, refund.attempt_id) : undefined;
    const own = refund.attempt_id ? null : await ownPayment(deps.db, order);
    const transactionId = target?.provider_transaction_id ?? own?.transactionId;
    const methodId = target?.payment_method_id ?? own?.methodId;
    const method = methodId ? await q.findMethodById(deps.db, methodId) : undefined;
    if (!transactionId || !method) continue;
    checked++;
    const result = await callProvider(deps, refund, method, transactionId, order.reference, true);
    const view = await settleRefund(deps, refund.id, result);
    if (view.status === "succeeded") succeeded++;
    if (view.status === "failed") failed++;
  }
  return { checked, succeeded, failed };
}

/** The parts of a Stripe Charge / Dispute that Academy reads. */
interface ChargeLike {
  id?: string;
  amount?: number;
  amount_refunded?: number;
  currency?: string;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string };
  reason?: string;
}

/**
 * A verified Stripe `charge.*` event for the stored method `paymentMethodId` (issue 23 §7: refunds
 * and disputes made in Stripe's own dashboard reach Academy):
 * - `charge.refunded`: `amount_refunded` beyond the refunds Academy already recorded for that
 *   PaymentIntent is recorded as a `provider_portal` refund (once per amount: replays are no-ops);
 *   the order becomes refunded when fully refunded, with access removed per N6.
 * - `charge.dispute.created`: the order is flagged `dispute` for the creator.
 * Only orders of the method owner's courses are touched. Every event is logged in payment_events.
 * @returns the outcome logged: refund_recorded | duplicate | dispute | unknown_order | ignored.
 */
export async function applyStripeChargeEvent(
  deps: PaymentDeps,
  paymentMethodId: string,
  event: { type: string; data: { object: unknown } },
  log: { rawBody?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const object = event.data.object as ChargeLike;
  const pi = typeof object.payment_intent === "string" ? object.payment_intent : object.payment_intent?.id;
  const outcome = await deps.db.transaction(async (tx) => {
    if (!pi || !UUID.test(paymentMethodId)) return { outcome: "unknown_order", orderId: null };
    const attempt = await a.findAttemptByTransaction(tx, "stripe", pi);
    const orderId = (await r.findOrderIdByTransaction(tx, "stripe", pi)) ?? attempt?.order_id;
    const order = orderId ? await q.findOrderById(tx, orderId, true) : undefined;
    const owner = await r.methodCreator(tx, paymentMethodId);
    const parties = order ? await q.orderContext(tx, order.id) : undefined;
    if (!order || !owner || parties?.creator_id !== owner) return { outcome: "unknown_order", orderId: null };
    if (event.type === "charge.dispute.created") {
      await q.updateOrder(tx, order.id, {
        flagged: true,
        flag_kind: "dispute",
        flag_reason:
          `Dispute opened in Stripe (${object.reason ?? "no reason given"}): ${object.amount ?? ""} ${(object.currency ?? "").toUpperCase()}`.trim(),
        flag_resolved_at: null,
      });
      return { outcome: "dispute", orderId: order.id };
    }
    if (event.type !== "charge.refunded") return { outcome: "ignored", orderId: order.id };
    const own = order.provider === "stripe" && order.provider_transaction_id === pi;
    const attemptId = own ? null : (attempt?.id ?? null);
    const recorded = sum(
      refundsFor(await r.refundsOf(tx, order.id), attemptId).filter((x) =>
        ["stripe", "provider_portal"].includes(x.through),
      ),
    );
    const diff = Number(object.amount_refunded ?? 0) - recorded;
    if (diff <= 0) return { outcome: "duplicate", orderId: order.id };
    const refund = await r.insertRefund(tx, {
      order_id: order.id,
      attempt_id: attemptId,
      through: "provider_portal",
      amount: diff,
      currency: (object.currency ?? order.currency).toUpperCase(),
      status: "succeeded",
      provider_refund_id: `${object.id ?? pi}:${object.amount_refunded}`,
      reason: "Refunded in Stripe",
    });
    if (!refund) return { outcome: "duplicate", orderId: order.id };
    await applySucceeded(deps, tx, order, refund);
    return { outcome: "refund_recorded", orderId: order.id };
  });
  await q.insertPaymentEvent(deps.db, {
    order_id: outcome.orderId,
    payment_method_id: UUID.test(paymentMethodId) ? paymentMethodId : null,
    provider: "stripe",
    provider_transaction_id: pi ?? null,
    raw_body: (log.rawBody ?? JSON.stringify(event)).slice(0, CALLBACK_LOG_MAX_CHARS.verified),
    headers: log.headers ?? {},
    signature_valid: true,
    outcome: outcome.outcome,
  });
  return outcome.outcome;
}

/**
 * "Enrol the student" for money that arrived after the order expired (issue 23 §10): the order is
 * settled by its paid attempt (paid, enrolment completed, receipt) and the flag resolved. An order
 * already paid only has its flag resolved. Creator only.
 * @throws AppError NOT_FOUND, CONFLICT notFlagged / cannotEnrol / studentDeleted.
 */
export async function enrolLatePayment(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await lockCreatorOrder(tx, actor, orderId);
    if (!order.flagged || order.flag_resolved_at || order.flag_kind !== "paid_after_expiry")
      throw new AppError("CONFLICT", REFUND_MESSAGES.notFlagged);
    if (order.status === "paid") {
      const updated = await q.updateOrder(tx, order.id, { flag_resolved_at: new Date() });
      return { id: updated.id, status: updated.status as OrderStatus };
    }
    if (!order.student_id) throw new AppError("CONFLICT", REFUND_MESSAGES.studentDeleted);
    const attempt = (await a.paidAttemptsOf(tx, order.id))[0];
    if (!attempt?.provider_transaction_id || order.status === "refunded")
      throw new AppError("CONFLICT", REFUND_MESSAGES.cannotEnrol);
    const refunded = sum(refundsFor(await r.refundsOf(tx, order.id), attempt.id));
    if (refunded > 0) throw new AppError("CONFLICT", REFUND_MESSAGES.cannotEnrol);
    await settlePaid(deps, tx, order, {
      provider: attempt.provider,
      transactionId: attempt.provider_transaction_id,
      flagReason: order.flag_reason ?? "Paid after expiry",
    });
    const updated = await q.updateOrder(tx, order.id, { flag_resolved_at: new Date() });
    return { id: updated.id, status: updated.status as OrderStatus };
  });
}

/**
 * "Mark handled" (a dispute answered in Stripe, or an older flag): the order's flag is resolved
 * and leaves the attention list. Creator only. @throws AppError NOT_FOUND, CONFLICT notFlagged.
 */
export async function resolveFlag(deps: PaymentDeps, actor: SessionUser, orderId: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await lockCreatorOrder(tx, actor, orderId);
    if (!order.flagged || order.flag_resolved_at) throw new AppError("CONFLICT", REFUND_MESSAGES.notFlagged);
    const updated = await q.updateOrder(tx, order.id, { flag_resolved_at: new Date() });
    return { id: updated.id, status: updated.status as OrderStatus };
  });
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * GET /api/earnings/attention (issue 23 §10): the actor's orders that need a person — flagged and
 * not resolved — newest change first, at most 200, each with its kind, amounts, the extra payment
 * (a paid attempt that did not settle the order), the last failed refund, and where a refund would
 * go back. Callers check the creator role.
 */
export async function listAttention(
  deps: Pick<PaymentDeps, "db">,
  actor: SessionUser,
): Promise<AttentionItem[]> {
  const rows = await r.listAttention(deps.db, actor.id, 200);
  const { attempts, refunds } = await r.attemptsAndRefundsOf(
    deps.db,
    rows.map((o) => o.id),
  );
  return rows.map((o) => {
    const mine = refunds.filter((x) => x.order_id === o.id);
    const extra = attempts.find(
      (a) =>
        a.order_id === o.id &&
        a.provider_transaction_id &&
        !isOwnPayment(o, a) &&
        sum(refundsFor(mine, a.id)) < Number(a.paid_amount ?? a.amount),
    );
    const lastFailed = [...mine].reverse().find((x) => x.status === "failed");
    const kind = (
      ["paid_twice", "paid_after_expiry", "amount_mismatch", "refund_failed", "dispute"].includes(
        o.flag_kind ?? "",
      )
        ? o.flag_kind
        : "other"
    ) as AttentionKind;
    const targetProvider = extra ? extra.provider : o.provider;
    return {
      orderId: o.id,
      reference: o.reference,
      kind,
      reason: o.flag_reason,
      status: o.status as OrderStatus,
      method: o.method as OrderMethod | null,
      amount: Number(o.amount),
      currency: o.currency,
      extraPayment: extra
        ? {
            attemptId: extra.id,
            provider: extra.provider,
            amount: Number(extra.paid_amount ?? extra.amount),
            currency: extra.currency,
            paidAt: iso(extra.paid_at),
          }
        : null,
      failedRefund: lastFailed
        ? { attemptId: lastFailed.attempt_id, reason: lastFailed.failure_reason }
        : null,
      pendingRefund: mine.some((x) => x.status === "pending"),
      refundThrough: isProvider(targetProvider) ? targetProvider : "manual",
      studentName: o.student_name,
      studentEmail: o.student_email,
      courseId: o.course_id,
      courseTitle: o.course_title,
      createdAt: new Date(o.created_at).toISOString(),
      paidAt: iso(o.paid_at),
      flaggedAt: new Date(o.flagged_at).toISOString(),
    };
  });
}
