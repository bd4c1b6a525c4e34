import { createHmac, randomUUID } from "node:crypto";
import { type AttentionItem, PAYMENT_MESSAGES, REFUND_MESSAGES, type RefundView } from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courses,
  emailOutbox,
  enrollments,
  orders,
  paymentAttempts,
  paymentEvents,
  refunds,
} from "../src/db/schema/index.ts";
import type { PaymentDeps } from "../src/features/payments/payment-deps.ts";
import * as pq from "../src/features/payments/payments.queries.ts";
import {
  recordMomoRefunds,
  watchMomoPortalRefunds,
} from "../src/features/payments/portal-refunds.service.ts";
import { momoRefund, momoRefundRaw } from "../src/features/payments/providers/momo-refund.ts";
import {
  zaloPayRefund,
  zaloPayRefundId,
  zaloPayRefundMac,
} from "../src/features/payments/providers/zalopay-refund.ts";
import { runRefundJobs } from "../src/features/payments/refund-jobs.service.ts";
import { settlePaid } from "../src/features/payments/settlement.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { type FakeProviders, startFakeProviders } from "./support/fake-providers.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Refunds through the providers and Earnings' "Needs your attention" (issue 23 §7, §10; payments
 * audit D10; security N6), against the fake MoMo / ZaloPay / Stripe refund endpoints.
 *
 * How paid orders are made here (a deliberate choice): the lead's new payment-attempt flow is not
 * on this branch, so a paid order is the buyer's real order (POST /enroll) settled in the database
 * with `settlePaid` (the same function every provider callback uses) plus its paid
 * `payment_attempts` row, and the provider transaction is declared to the fake provider
 * (`fake.refunds.registerPayment`). Everything after that — the refund calls, the provider's
 * answers, the webhooks — goes through the HTTP API and the fake providers.
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

const KEYS = {
  momo: {
    partnerCode: "MOMOTEST01",
    accessKey: "F8BBA842ECF85",
    secretKey: "K951B6PE1waDMi640xX08PD3vg6EkVlz",
  },
  zalopay: {
    appId: "2553",
    key1: "PcY4iZIKFCIdgZvA6ueMcMHHUbRLYjPL",
    key2: "kLtgPl8HHhfvMuDHPwKfgfsY4Ydm9eIz",
  },
  stripe: { secretKey: "sk_test_fakeAcademyKey000000", webhookSecret: "whsec_fakeAcademySecret0000000" },
};
const PRICE = 199000;

let ctx: TestContext;
let fake: FakeProviders;
let cara: Account;
let other: Account;
let courseId: string;
let methodIds: Record<string, string>;
let deps: PaymentDeps;
let txnCounter = 7_000_000_000;

async function call(who: Account | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}

async function refund(who: Account, orderId: string, body: unknown = {}) {
  const response = await call(who, "POST", `/api/earnings/orders/${orderId}/refund`, body);
  return {
    status: response.status,
    body: (await response.json()) as RefundView & { error?: { message: string } },
  };
}

async function orderById(id: string) {
  const [row] = await ctx.runtime.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function enrolmentOf(student: Account) {
  const [row] = await ctx.runtime.db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.course_id, courseId),
        sql`${enrollments.student_id} = (select id from "user" where email = ${student.email.toLowerCase()})`,
      ),
    );
  return row;
}

async function enrolmentCount() {
  const [row] = await ctx.runtime.db
    .select({ n: courses.enrollment_count })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row.n;
}

async function mails(to: string, template: string) {
  return ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, to.toLowerCase()), eq(emailOutbox.template, template)));
}

async function refundRows(orderId: string) {
  return ctx.runtime.db
    .select()
    .from(refunds)
    .where(eq(refunds.order_id, orderId))
    .orderBy(refunds.created_at);
}

async function vndAllTime(): Promise<number> {
  const summary = (await (await call(cara, "GET", "/api/earnings/summary")).json()) as {
    revenue: { currency: string; allTime: number }[];
  };
  return summary.revenue.find((r) => r.currency === "VND")?.allTime ?? 0;
}

async function attention(who: Account = cara): Promise<AttentionItem[]> {
  const response = await call(who, "GET", "/api/earnings/attention");
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: AttentionItem[] }).items;
}

const METHOD_OF = { momo: "momo", zalopay: "zalopay", stripe: "credit-card", manual: "vietqr" } as const;

/**
 * A paid order of `student` (see the file comment): paid through `provider` with a fresh provider
 * transaction (declared to the fake), or confirmed by hand (manual, VietQR).
 */
async function paidOrder(
  student: Account,
  provider: "momo" | "zalopay" | "stripe" | "manual",
  opts: { ref?: string } = {},
) {
  const enrolled = await call(
    student,
    "POST",
    `/api/courses/${courseId}/enroll`,
    opts.ref ? { ref: opts.ref } : {},
  );
  expect(enrolled.status).toBe(200);
  const { orderReference } = (await enrolled.json()) as { orderReference: string };
  const txn = provider === "stripe" ? `pi_test_${txnCounter++}` : String(txnCounter++);
  const method = METHOD_OF[provider];
  const id = await ctx.runtime.db.transaction(async (tx) => {
    const open = await pq.findOrderByReference(tx, orderReference, true);
    const order = await pq.updateOrder(tx, open.id, { method, payment_method_id: methodIds[method] });
    await settlePaid(deps, tx, order, { provider, transactionId: provider === "manual" ? null : txn });
    if (provider !== "manual")
      await tx.insert(paymentAttempts).values({
        order_id: order.id,
        payment_method_id: methodIds[method],
        provider,
        attempt_no: 1,
        provider_order_id: `${orderReference}-1`,
        amount: order.amount,
        currency: order.currency,
        status: "paid",
        provider_transaction_id: txn,
        paid_amount: order.amount,
        provider_expires_at: new Date(Date.now() + 3600_000),
        paid_at: new Date(),
      });
    return order.id;
  });
  if (provider !== "manual") fake.refunds.registerPayment(provider, txn, PRICE, "VND", `${orderReference}-1`);
  return { id, reference: orderReference, txn };
}

/** A second, paid attempt of `orderId` through `provider` (another transaction), declared to the fake. */
async function extraAttempt(orderId: string, provider: "momo" | "zalopay" | "stripe", amount = PRICE) {
  const txn = provider === "stripe" ? `pi_test_${txnCounter++}` : String(txnCounter++);
  const [row] = await ctx.runtime.db
    .insert(paymentAttempts)
    .values({
      order_id: orderId,
      payment_method_id: methodIds[METHOD_OF[provider]],
      provider,
      attempt_no: 2 + Math.floor(Math.random() * 1000),
      provider_order_id: `extra-${txn}`,
      amount: PRICE,
      currency: "VND",
      status: "paid",
      provider_transaction_id: txn,
      paid_amount: amount,
      provider_expires_at: new Date(Date.now() + 3600_000),
      paid_at: new Date(),
    })
    .returning();
  fake.refunds.registerPayment(provider, txn, amount);
  return { attemptId: row.id, txn };
}

async function stripeWebhook(event: { payload: string; header: string }) {
  return ctx.app.request(`http://localhost:3000/api/payments/callbacks/stripe/${methodIds["credit-card"]}`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.header },
    body: event.payload,
  });
}

beforeAll(async () => {
  fake = await startFakeProviders(KEYS);
  ctx = await createTestContext({
    MOMO_BASE_URL: fake.url,
    ZALOPAY_BASE_URL: fake.url,
    STRIPE_BASE_URL: fake.url,
    AUTH_RATE_LIMIT_MAX: "1000",
  });
  deps = {
    db: ctx.runtime.db,
    mailer: ctx.runtime.mailer,
    env: ctx.runtime.env,
    encryptionKey: ctx.runtime.encryptionKey,
  };
  cara = await signUpAndSignIn(ctx, { name: "Cara Creator" });
  other = await signUpAndSignIn(ctx, { name: "Other Creator" });
  courseId = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Phở at home", { price: PRICE, currency: "VND" }),
  );
  const pageId = await sellCourse(ctx, cara.cookie, courseId, [
    {
      methodType: "vietqr",
      isEnabled: true,
      configuration: { bankCode: "VCB", accountNumber: "0123456789", accountHolder: "NGUYEN CARA" },
    },
    { methodType: "momo", isEnabled: true, configuration: KEYS.momo },
    { methodType: "zalopay", isEnabled: true, configuration: KEYS.zalopay },
    {
      methodType: "credit-card",
      isEnabled: true,
      configuration: { provider: "Stripe", publicKey: "pk_test_fake", ...KEYS.stripe },
    },
  ]);
  const rows = (await ctx.runtime.db.execute(
    sql`select id, method_type from payment_methods where landing_page_id = ${pageId}`,
  )) as unknown as { rows: { id: string; method_type: string }[] };
  methodIds = Object.fromEntries(rows.rows.map((r) => [r.method_type, r.id]));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe("refund protocols (documented field order)", () => {
  it("MoMo refund signature, ZaloPay m_refund_id in Vietnam time and refund mac", () => {
    expect(
      momoRefundRaw(KEYS.momo, {
        amount: 50000,
        description: "Refund AC7K2QFP",
        orderId: "AC7K2QFP-RF-1",
        requestId: "AC7K2QFP-RF-1",
        transId: "4000000001",
      }),
    ).toBe(
      "accessKey=F8BBA842ECF85&amount=50000&description=Refund AC7K2QFP&orderId=AC7K2QFP-RF-1&partnerCode=MOMOTEST01&requestId=AC7K2QFP-RF-1&transId=4000000001",
    );
    // 2025-01-01 17:30 UTC is already 2 January in Vietnam.
    expect(zaloPayRefundId("2553", "ab-12", new Date("2025-01-01T17:30:00Z"))).toBe("250102_2553_ab12");
    expect(
      zaloPayRefundMac(KEYS.zalopay.key1, {
        app_id: 2553,
        zp_trans_id: "190508000000022",
        amount: 50000,
        description: "Refund",
        timestamp: 1735689600000,
      }),
    ).toBe(
      createHmac("sha256", KEYS.zalopay.key1)
        .update("2553|190508000000022|50000|Refund|1735689600000")
        .digest("hex"),
    );
  });
});

describe("refunds through the provider", () => {
  it("MoMo: the money goes back with a new refund orderId; order refunded, access removed, e-mail, revenue nets", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Momo Refund" });
    const order = await paidOrder(student, "momo");
    const revenueBefore = await vndAllTime();
    const countBefore = await enrolmentCount();

    // Only the course's creator may refund; nobody learns the order exists.
    expect((await refund(other, order.id)).status).toBe(404);
    expect((await refund(student, order.id)).status).toBe(404);
    expect((await call(null, "POST", `/api/earnings/orders/${order.id}/refund`, {})).status).toBe(401);
    expect((await refund(cara, order.id, { attemptId: "nope" })).status).toBe(400);
    expect((await refund(cara, order.id, { extra: 1 })).status).toBe(400);
    expect(await refundRows(order.id)).toHaveLength(0);

    const done = await refund(cara, order.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      through: "momo",
      status: "succeeded",
      amount: PRICE,
      orderStatus: "refunded",
    });
    const atMomo = fake.refunds.list.filter((r) => r.transactionId === order.txn);
    expect(atMomo).toEqual([
      expect.objectContaining({ provider: "momo", amount: PRICE, status: "succeeded" }),
    ]);
    expect(atMomo[0].id).not.toBe(order.reference); // a NEW orderId, never the purchase's
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: "succeeded", provider_refund_id: atMomo[0].id, attempt_id: null });

    const after = await orderById(order.id);
    expect(after.status).toBe("refunded");
    expect(after.refunded_at).not.toBeNull();
    expect((await enrolmentOf(student)).payment_status).toBe("cancelled");
    expect(await enrolmentCount()).toBe(countBefore - 1);
    expect((await call(student, "GET", `/api/learn/${courseId}`)).status).toBe(403);
    const [mail] = await mails(student.email, "order-refunded");
    expect(mail.text).toContain(order.reference);
    expect(await vndAllTime()).toBe(revenueBefore - PRICE);

    // Refunding again is refused and calls nobody — also when aimed at the order's own payment attempt.
    const again = await refund(cara, order.id);
    expect(again.status).toBe(409);
    const [own] = await ctx.runtime.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.provider_transaction_id, order.txn));
    expect((await refund(cara, order.id, { attemptId: own.id })).body.error?.message).toBe(
      REFUND_MESSAGES.notExtraPayment,
    );
    expect(fake.refunds.list.filter((r) => r.transactionId === order.txn)).toHaveLength(1);
    // The orders list shows the refund's status.
    const list = (await (await call(cara, "GET", `/api/earnings/orders?q=${order.reference}`)).json()) as {
      orders: { refundStatus: string | null; status: string }[];
    };
    expect(list.orders[0]).toMatchObject({ status: "refunded", refundStatus: "succeeded" });
  });

  it("a double click refunds once (one provider call, one refund row)", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Double Click" });
    const order = await paidOrder(student, "stripe");
    const answers = await Promise.all([
      refund(cara, order.id),
      refund(cara, order.id),
      refund(cara, order.id),
    ]);
    // Each answer is the refund (pending or settled) or "already refunded"; never a second refund.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(fake.refunds.list.filter((r) => r.transactionId === order.txn)).toHaveLength(1);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect((await orderById(order.id)).status).toBe("refunded");
  });

  it("ZaloPay answers 'processing'; the refund job asks /v2/query_refund until it succeeds", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Zalo Refund" });
    const order = await paidOrder(student, "zalopay");
    fake.refunds.zaloPayProcessingQueries = 1;
    const started = await refund(cara, order.id);
    expect(started.body).toMatchObject({ through: "zalopay", status: "pending", orderStatus: "paid" });
    const [pending] = await refundRows(order.id);
    expect(pending.provider_refund_id).toMatch(/^\d{6}_2553_[0-9a-f]{12}$/);
    // Pending: still paid, access kept, no e-mail yet; a second click does not refund twice.
    expect((await enrolmentOf(student)).payment_status).toBe("completed");
    expect((await refund(cara, order.id)).body).toMatchObject({ id: started.body.id, status: "pending" });
    expect(fake.refunds.list.filter((r) => r.transactionId === order.txn)).toHaveLength(1);
    const list = (await (await call(cara, "GET", `/api/earnings/orders?q=${order.reference}`)).json()) as {
      orders: { refundStatus: string | null }[];
    };
    expect(list.orders[0].refundStatus).toBe("pending");

    // First query: still processing. Second: success.
    expect(await runRefundJobs(deps, { olderThanSeconds: 0 })).toMatchObject({ succeeded: 0, failed: 0 });
    expect((await refundRows(order.id))[0].status).toBe("pending");
    const settled = await runRefundJobs(deps, { olderThanSeconds: 0 });
    expect(settled.succeeded).toBe(1);
    fake.refunds.zaloPayProcessingQueries = 0;
    expect((await refundRows(order.id))[0].status).toBe("succeeded");
    expect((await orderById(order.id)).status).toBe("refunded");
    expect((await enrolmentOf(student)).payment_status).toBe("cancelled");
    expect(await mails(student.email, "order-refunded")).toHaveLength(1);
    // Nothing pending any more.
    expect((await runRefundJobs(deps, { olderThanSeconds: 0 })).checked).toBe(0);
  });

  it("a refused refund flags the order 'refund_failed' with the provider's reason; retry succeeds", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Refused Refund" });
    const order = await paidOrder(student, "momo");
    fake.refunds.failNext("momo", "Merchant balance too low");
    const failed = await refund(cara, order.id);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: "failed", orderStatus: "paid" });
    expect(failed.body.failureReason).toContain("Merchant balance too low");
    const flagged = await orderById(order.id);
    expect(flagged).toMatchObject({ flagged: true, flag_kind: "refund_failed", flag_resolved_at: null });
    expect((await enrolmentOf(student)).payment_status).toBe("completed");
    const item = (await attention()).find((i) => i.orderId === order.id);
    expect(item).toMatchObject({
      kind: "refund_failed",
      refundThrough: "momo",
      failedRefund: { attemptId: null },
    });
    expect(item?.failedRefund?.reason).toContain("Merchant balance too low");
    const summary = (await (await call(cara, "GET", "/api/earnings/summary")).json()) as {
      flaggedCount: number;
    };
    expect(summary.flaggedCount).toBeGreaterThanOrEqual(1);

    const retried = await refund(cara, order.id);
    expect(retried.body).toMatchObject({ status: "succeeded", orderStatus: "refunded" });
    const rows = await refundRows(order.id);
    expect(rows.map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect(rows[0].provider_refund_id).not.toBe(rows[1].provider_refund_id); // a new refund id
    expect((await orderById(order.id)).flag_resolved_at).not.toBeNull();
    expect((await attention()).some((i) => i.orderId === order.id)).toBe(false);
  });

  it("refund failed → 'Mark refunded outside Academy' records it through manual at once", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Outside Refund" });
    const order = await paidOrder(student, "zalopay");
    fake.refunds.failNext("zalopay", "Transaction too old");
    expect((await refund(cara, order.id)).body.status).toBe("failed");
    const outside = await refund(cara, order.id, { outside: true, reason: "Paid back in cash" });
    expect(outside.body).toMatchObject({ through: "manual", status: "succeeded", orderStatus: "refunded" });
    expect(
      fake.refunds.list.filter((r) => r.transactionId === order.txn && r.status !== "failed"),
    ).toHaveLength(0);
    expect((await attention()).some((i) => i.orderId === order.id)).toBe(false);
  });

  it("VietQR (confirmed by hand): recorded as refunded outside Academy, no provider call", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Viet Refund" });
    const order = await paidOrder(student, "manual");
    const calls = fake.refunds.list.length;
    const done = await refund(cara, order.id);
    expect(done.body).toMatchObject({ through: "manual", status: "succeeded", orderStatus: "refunded" });
    expect(fake.refunds.list.length).toBe(calls);
    const [mail] = await mails(student.email, "order-refunded");
    // The student's locale is Vietnamese (the default): "returned to you directly (outside …)".
    expect(mail.text).toContain("trực tiếp (ngoài");
  });

  it("the fake providers refuse an unknown transaction and more than was paid", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Over Refund" });
    const order = await paidOrder(student, "stripe");
    // Someone already refunded part of it in Stripe's dashboard that Academy has not heard of:
    // Stripe refuses a refund above what is left, and Academy records the refusal.
    await fetch(`${fake.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${KEYS.stripe.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `payment_intent=${order.txn}&amount=1000`,
    });
    const refused = await refund(cara, order.id);
    expect(refused.body.status).toBe("failed");
    expect(refused.body.failureReason).toMatch(/greater than unrefunded amount/);
    expect((await orderById(order.id)).flag_kind).toBe("refund_failed");

    // Unknown transaction at MoMo and ZaloPay.
    const bogus = await signUpAndSignIn(ctx, { name: "Bogus Txn" });
    const unknown = await paidOrder(bogus, "momo");
    await ctx.runtime.db
      .update(orders)
      .set({ provider_transaction_id: "123" })
      .where(eq(orders.id, unknown.id));
    const r1 = await refund(cara, unknown.id);
    expect(r1.body.status).toBe("failed");
    expect(r1.body.failureReason).toMatch(/MoMo 1081/);
  });
});

describe("paid twice, paid after expiry, amount mismatch", () => {
  it("refunding the extra payment refunds that attempt, keeps the order paid and access, resolves the flag", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Paid Twice" });
    const order = await paidOrder(student, "momo");
    const extra = await extraAttempt(order.id, "zalopay");
    await ctx.runtime.db
      .update(orders)
      .set({ flagged: true, flag_kind: "paid_twice", flag_reason: "Second payment" })
      .where(eq(orders.id, order.id));
    const revenueBefore = await vndAllTime();
    const item = (await attention()).find((i) => i.orderId === order.id);
    expect(item).toMatchObject({
      kind: "paid_twice",
      refundThrough: "zalopay",
      extraPayment: { attemptId: extra.attemptId, provider: "zalopay", amount: PRICE },
      studentName: "Paid Twice",
    });
    // The order's own payment is not an "extra" payment.
    const own = await ctx.runtime.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.provider_transaction_id, order.txn));
    expect((await refund(cara, order.id, { attemptId: own[0].id })).body.error?.message).toBe(
      REFUND_MESSAGES.notExtraPayment,
    );
    expect((await refund(cara, order.id, { attemptId: randomUUID() })).status).toBe(409);

    const started = await refund(cara, order.id, { attemptId: extra.attemptId });
    expect(started.body).toMatchObject({ through: "zalopay", status: "pending", attemptId: extra.attemptId });
    await runRefundJobs(deps, { olderThanSeconds: 0 });
    expect(fake.refunds.list.filter((r) => r.transactionId === extra.txn)).toEqual([
      expect.objectContaining({ amount: PRICE, status: "succeeded" }),
    ]);
    expect(fake.refunds.list.filter((r) => r.transactionId === order.txn)).toHaveLength(0);
    const after = await orderById(order.id);
    expect(after.status).toBe("paid");
    expect(after.flag_resolved_at).not.toBeNull();
    expect((await enrolmentOf(student)).payment_status).toBe("completed");
    expect((await call(student, "GET", `/api/learn/${courseId}`)).status).toBe(200);
    expect(await vndAllTime()).toBe(revenueBefore); // the extra money was never revenue
    expect((await attention()).some((i) => i.orderId === order.id)).toBe(false);
    // Refunding the same extra payment again is refused.
    expect((await refund(cara, order.id, { attemptId: extra.attemptId })).status).toBe(409);
  });

  it("paid after expiry: 'Enrol the student' settles the order from its paid attempt", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Late Payer" });
    const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference } = (await enrolled.json()) as { orderReference: string };
    const [open] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, orderReference));
    await ctx.runtime.db
      .update(orders)
      .set({
        status: "expired",
        flagged: true,
        flag_kind: "paid_after_expiry",
        flag_reason: "Paid after expiry",
      })
      .where(eq(orders.id, open.id));
    const late = await extraAttempt(open.id, "momo");
    const item = (await attention()).find((i) => i.orderId === open.id);
    expect(item).toMatchObject({
      kind: "paid_after_expiry",
      status: "expired",
      extraPayment: { attemptId: late.attemptId },
    });
    expect((await call(other, "POST", `/api/earnings/orders/${open.id}/enrol`, {})).status).toBe(404);
    expect((await call(cara, "POST", `/api/earnings/orders/${open.id}/enrol`, {})).status).toBe(200);
    const after = await orderById(open.id);
    expect(after).toMatchObject({ status: "paid", provider: "momo", provider_transaction_id: late.txn });
    expect(after.flag_resolved_at).not.toBeNull();
    expect((await enrolmentOf(student)).payment_status).toBe("completed");
    expect((await call(cara, "POST", `/api/earnings/orders/${open.id}/enrol`, {})).status).toBe(409);
  });

  it("amount mismatch: 'Refund' gives back what the provider took, the order stays unpaid", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Wrong Amount" });
    const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference } = (await enrolled.json()) as { orderReference: string };
    const [open] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, orderReference));
    await ctx.runtime.db
      .update(orders)
      .set({ flagged: true, flag_kind: "amount_mismatch", flag_reason: "Amount mismatch" })
      .where(eq(orders.id, open.id));
    const paid = await extraAttempt(open.id, "stripe", 150000);
    const item = (await attention()).find((i) => i.orderId === open.id);
    expect(item).toMatchObject({
      kind: "amount_mismatch",
      refundThrough: "stripe",
      extraPayment: { amount: 150000 },
    });
    // The order itself was never paid: only the attempt can be refunded.
    expect((await refund(cara, open.id)).body.error?.message).toBe(PAYMENT_MESSAGES.notPaid);
    const done = await refund(cara, open.id, { attemptId: paid.attemptId });
    expect(done.body).toMatchObject({
      through: "stripe",
      status: "succeeded",
      amount: 150000,
      orderStatus: "pending",
    });
    expect((await orderById(open.id)).flag_resolved_at).not.toBeNull();
  });
});

describe("access after a refund (security N6)", () => {
  it("is removed only when no other paid order of the same student and course grants it", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Two Orders" });
    const first = await paidOrder(student, "manual");
    // A second paid order of the same course (e.g. order 1 was paid late after order 2 was paid).
    const firstRow = await orderById(first.id);
    const [second] = await ctx.runtime.db
      .insert(orders)
      .values({
        reference: `N6${randomUUID()
          .replace(/[^A-Z2-9]/gi, "")
          .toUpperCase()
          .replace(/[01IO]/g, "A")
          .slice(0, 6)}`,
        course_id: courseId,
        student_id: firstRow.student_id,
        enrollment_id: firstRow.enrollment_id,
        list_amount: PRICE,
        amount: PRICE,
        currency: "VND",
        status: "paid",
        method: "vietqr",
        provider: "manual",
        paid_at: new Date(),
        expires_at: new Date(),
      })
      .returning();
    expect((await refund(cara, first.id)).body.orderStatus).toBe("refunded");
    expect((await enrolmentOf(student)).payment_status).toBe("completed");
    expect((await call(student, "GET", `/api/learn/${courseId}`)).status).toBe(200);
    const [firstMail] = await mails(student.email, "order-refunded");
    expect(firstMail.text).toContain(first.reference);
    expect(firstMail.text).not.toMatch(
      /access to the course has ended|Quyền truy cập khóa học của bạn đã kết thúc/,
    );

    expect((await refund(cara, second.id)).body.orderStatus).toBe("refunded");
    expect((await enrolmentOf(student)).payment_status).toBe("cancelled");
    expect((await call(student, "GET", `/api/learn/${courseId}`)).status).toBe(403);
    const secondMail = (await mails(student.email, "order-refunded")).find((m) =>
      m.text.includes(second.reference),
    );
    expect(secondMail?.text).toMatch(
      /access to the course has ended|Quyền truy cập khóa học của bạn đã kết thúc/,
    );
  });
});

describe("refunds and disputes made in Stripe's dashboard", () => {
  it("charge.refunded records a provider_portal refund once; a refund Academy made is not counted twice", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Portal Refund" });
    const order = await paidOrder(student, "stripe");
    // A partial refund in the dashboard: recorded, the order stays paid with its access.
    expect((await stripeWebhook(fake.refunds.stripeChargeRefundedEvent(order.txn, 50000))).status).toBe(200);
    expect((await refundRows(order.id)).map((r) => [r.through, r.amount, r.status])).toEqual([
      ["provider_portal", 50000, "succeeded"],
    ]);
    expect((await orderById(order.id)).status).toBe("paid");
    // The same event again (Stripe retries) changes nothing.
    const replay = fake.refunds.stripeChargeRefundedEvent(order.txn, 50000);
    expect((await stripeWebhook(replay)).status).toBe(200);
    expect(await refundRows(order.id)).toHaveLength(1);
    // The rest, refunded in the dashboard: the order is refunded and access ends.
    await stripeWebhook(fake.refunds.stripeChargeRefundedEvent(order.txn, PRICE));
    expect((await refundRows(order.id)).map((r) => r.amount)).toEqual([50000, PRICE - 50000]);
    expect((await orderById(order.id)).status).toBe("refunded");
    expect((await enrolmentOf(student)).payment_status).toBe("cancelled");
    const events = await ctx.runtime.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.order_id, order.id), eq(paymentEvents.provider, "stripe")));
    expect(events.map((e) => e.outcome).sort()).toEqual(["duplicate", "refund_recorded", "refund_recorded"]);

    // Academy's own refund, then Stripe's charge.refunded about it: no second row.
    const mine = await signUpAndSignIn(ctx, { name: "Own Stripe Refund" });
    const own = await paidOrder(mine, "stripe");
    expect((await refund(cara, own.id)).body.status).toBe("succeeded");
    await stripeWebhook(fake.refunds.stripeChargeRefundedEvent(own.txn, PRICE));
    expect((await refundRows(own.id)).map((r) => r.through)).toEqual(["stripe"]);
  });

  it("charge.dispute.created flags the order 'dispute'; 'Mark handled' resolves it", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Disputer" });
    const order = await paidOrder(student, "stripe");
    expect((await stripeWebhook(fake.refunds.stripeDisputeEvent(order.txn, "fraudulent"))).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      flagged: true,
      flag_kind: "dispute",
      flag_resolved_at: null,
    });
    expect((await attention()).find((i) => i.orderId === order.id)).toMatchObject({
      kind: "dispute",
      refundThrough: "stripe",
    });
    expect((await call(other, "POST", `/api/earnings/orders/${order.id}/resolve`, {})).status).toBe(404);
    expect((await call(cara, "POST", `/api/earnings/orders/${order.id}/resolve`, {})).status).toBe(200);
    expect((await attention()).some((i) => i.orderId === order.id)).toBe(false);
    expect((await call(cara, "POST", `/api/earnings/orders/${order.id}/resolve`, {})).status).toBe(409);
    // A bad signature is refused.
    const forged = fake.refunds.stripeDisputeEvent(order.txn);
    expect(
      (
        await stripeWebhook({
          ...forged,
          header: forged.header.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`),
        })
      ).status,
    ).toBe(400);
  });
});

describe("refunds made in MoMo's portal (MoMo notifies nobody; its query lists them)", () => {
  it("the order job finds them, records each once, nets revenue and ends access when they cover the order", async () => {
    const student = await signUpAndSignIn(ctx, { name: "MoMo Portal Buyer" });
    const order = await paidOrder(student, "momo");
    const before = await vndAllTime();
    fake.refunds.momoPortalRefund(order.txn, 50000);
    expect((await watchMomoPortalRefunds(deps, { hours: 0, limit: 500 })).recorded).toBeGreaterThanOrEqual(1);
    expect((await refundRows(order.id)).map((r) => [r.through, r.amount, r.status])).toEqual([
      ["provider_portal", 50000, "succeeded"],
    ]);
    expect((await orderById(order.id)).status).toBe("paid");
    expect((await enrolmentOf(student)).payment_status).toBe("completed");
    expect(await mails(student.email, "order-refunded")).toHaveLength(1);
    expect(await vndAllTime()).toBe(before - 50000);
    // Asked again: nothing new. Within the check interval the order is not asked about at all.
    await watchMomoPortalRefunds(deps, { hours: 0, limit: 500 });
    expect(await refundRows(order.id)).toHaveLength(1);
    const checkedAt = (await orderById(order.id)).refunds_checked_at;
    expect(checkedAt).not.toBeNull();
    await watchMomoPortalRefunds(deps, { limit: 500 });
    expect((await orderById(order.id)).refunds_checked_at?.getTime()).toBe(checkedAt?.getTime());
    // The rest refunded in the portal: the order is refunded and access ends.
    fake.refunds.momoPortalRefund(order.txn, PRICE - 50000);
    await watchMomoPortalRefunds(deps, { hours: 0, limit: 500 });
    expect((await refundRows(order.id)).map((r) => r.amount)).toEqual([50000, PRICE - 50000]);
    expect((await orderById(order.id)).status).toBe("refunded");
    expect((await enrolmentOf(student)).payment_status).toBe("cancelled");
    expect(await vndAllTime()).toBe(before - PRICE);
  });

  it("a refund Academy made itself is not counted twice, and orders paid over 30 days ago are left alone", async () => {
    const student = await signUpAndSignIn(ctx, { name: "MoMo Own Refund" });
    const order = await paidOrder(student, "momo");
    await ctx.runtime.db.insert(refunds).values({
      order_id: order.id,
      through: "momo",
      amount: 50000,
      currency: "VND",
      status: "pending",
      provider_refund_id: `${order.reference}-RF-own`,
    });
    const listed = [{ orderId: `${order.reference}-RF-own`, transId: "91", amount: 50000, resultCode: 0 }];
    expect(await recordMomoRefunds(deps, order.id, listed)).toBe(0);
    expect(await refundRows(order.id)).toHaveLength(1);
    // Refused or zero entries are not refunds.
    expect(
      await recordMomoRefunds(deps, order.id, [
        { orderId: "x", transId: "92", amount: 10000, resultCode: 1080 },
      ]),
    ).toBe(0);

    const old = await paidOrder(await signUpAndSignIn(ctx, { name: "MoMo Old Buyer" }), "momo");
    await ctx.runtime.db
      .update(orders)
      .set({ paid_at: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(orders.id, old.id));
    fake.refunds.momoPortalRefund(old.txn, PRICE);
    await watchMomoPortalRefunds(deps, { hours: 0, limit: 500 });
    expect(await refundRows(old.id)).toHaveLength(0);
    expect((await orderById(old.id)).refunds_checked_at).toBeNull();
  });
});

describe("the attention list", () => {
  it("is the creator's only, says 'Deleted student' data is gone (null), and is empty for a new creator", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Gone Student" });
    const order = await paidOrder(student, "manual");
    await ctx.runtime.db
      .update(orders)
      .set({ flagged: true, flag_kind: null, flag_reason: "Older flag", student_id: null })
      .where(eq(orders.id, order.id));
    const item = (await attention()).find((i) => i.orderId === order.id);
    expect(item).toMatchObject({
      kind: "other",
      studentName: null,
      studentEmail: null,
      refundThrough: "manual",
    });
    expect((await attention(other)).some((i) => i.orderId === order.id)).toBe(false);
    const fresh = await signUpAndSignIn(ctx, { name: "New Creator" });
    expect(await attention(fresh)).toEqual([]);
    expect((await call(null, "GET", "/api/earnings/attention")).status).toBe(401);
    // A refund of an order whose student is gone still works (no e-mail to send).
    expect((await refund(cara, order.id)).body).toMatchObject({
      status: "succeeded",
      orderStatus: "refunded",
    });
  });
});

/** A day in Asia/Ho_Chi_Minh as YYYY-MM-DD, `offsetDays` from today. */
function vietnamDay(offsetDays: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

describe("refunds net out everywhere", () => {
  it("Earnings, Analytics revenue, the dashboard and the partner's commission", async () => {
    const partner = await call(cara, "POST", "/api/earnings/partners", {
      name: "Linh",
      code: "LINH10",
      commissionPercent: 10,
    });
    expect(partner.status).toBe(200);
    const student = await signUpAndSignIn(ctx, { name: "Referred Buyer" });
    const order = await paidOrder(student, "momo", { ref: "LINH10" });
    // Analytics reads days in the creator's time zone (Asia/Ho_Chi_Minh, UTC+7): after 17:00 UTC
    // its "today" is already tomorrow's UTC date.
    const today = vietnamDay(0);
    const monthAgo = vietnamDay(-20);
    const analyticsRevenue = async () => {
      const response = await call(
        cara,
        "GET",
        `/api/analytics/creator/overview?from=${monthAgo}&to=${today}`,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { cards: { revenue: { currency: string; value: number }[] } };
      return body.cards.revenue.find((r) => r.currency === "VND")?.value ?? 0;
    };
    const dashboardEarnings = async () => {
      const response = await call(cara, "GET", "/api/dashboard");
      expect(response.status).toBe(200);
      const body = (await response.json()) as { stats: { earnings: number } };
      return body.stats.earnings;
    };
    const linh = async () => {
      const body = (await (await call(cara, "GET", "/api/earnings/partners")).json()) as {
        partners: {
          code: string;
          id: string;
          totals: { sales: number; commission: number; owed: number }[];
        }[];
      };
      return body.partners.find((p) => p.code === "LINH10");
    };
    const before = {
      earnings: await vndAllTime(),
      analytics: await analyticsRevenue(),
      dashboard: await dashboardEarnings(),
    };
    expect((await linh())?.totals[0]).toMatchObject({
      sales: PRICE,
      commission: PRICE / 10,
      owed: PRICE / 10,
    });
    // The partner is paid their commission, then the order is refunded: it is taken back.
    const p = await linh();
    expect((await call(cara, "POST", `/api/earnings/partners/${p?.id}/paid`, {})).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await refund(cara, order.id)).body.status).toBe("succeeded");

    expect(await vndAllTime()).toBe(before.earnings - PRICE);
    expect(await analyticsRevenue()).toBe(before.analytics - PRICE);
    expect(await dashboardEarnings()).toBe(before.dashboard - PRICE);
    expect((await linh())?.totals[0]).toMatchObject({ sales: 0, commission: 0, owed: -(PRICE / 10) });
  });
});

describe("a partial refund nets its part everywhere", () => {
  it("a partial refund in Stripe's dashboard: Earnings, Analytics, the dashboard and the commission count the rest", async () => {
    expect(
      (
        await call(cara, "POST", "/api/earnings/partners", {
          name: "Mai",
          code: "MAI10",
          commissionPercent: 10,
        })
      ).status,
    ).toBe(200);
    // Analytics reads days in the creator's time zone (Asia/Ho_Chi_Minh, UTC+7): after 17:00 UTC
    // its "today" is already tomorrow's UTC date.
    const today = vietnamDay(0);
    const monthAgo = vietnamDay(-20);
    const figures = async () => {
      const overview = (await (
        await call(cara, "GET", `/api/analytics/creator/overview?from=${monthAgo}&to=${today}`)
      ).json()) as { cards: { revenue: { currency: string; value: number }[] } };
      const dashboard = (await (await call(cara, "GET", "/api/dashboard")).json()) as {
        stats: { earnings: number };
      };
      const partners = (await (await call(cara, "GET", "/api/earnings/partners")).json()) as {
        partners: { code: string; totals: { orders: number; sales: number; commission: number }[] }[];
      };
      return {
        earnings: await vndAllTime(),
        analytics: overview.cards.revenue.find((r) => r.currency === "VND")?.value ?? 0,
        dashboard: dashboard.stats.earnings,
        mai: partners.partners.find((p) => p.code === "MAI10")?.totals[0],
      };
    };
    const student = await signUpAndSignIn(ctx, { name: "Half Refund" });
    const order = await paidOrder(student, "stripe", { ref: "MAI10" });
    const before = await figures();
    expect(before.mai).toMatchObject({ orders: 1, sales: PRICE, commission: PRICE / 10 });
    expect((await stripeWebhook(fake.refunds.stripeChargeRefundedEvent(order.txn, 50000))).status).toBe(200);
    expect((await orderById(order.id)).status).toBe("paid");
    const after = await figures();
    expect(after).toEqual({
      earnings: before.earnings - 50000,
      analytics: before.analytics - 50000,
      dashboard: before.dashboard - 50000,
      mai: {
        ...before.mai,
        orders: 1,
        sales: PRICE - 50000,
        commission: (PRICE - 50000) / 10,
        owed: (PRICE - 50000) / 10,
      },
    });
    const [row] = await refundRows(order.id);
    expect(row.succeeded_at).toBeInstanceOf(Date);
  });
});

describe("lost answers and missing keys", () => {
  it("a MoMo refund whose answer was lost is re-sent by the job with the same ids: MoMo answers the first result, no second refund", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Lost Answer" });
    const order = await paidOrder(student, "momo");
    const refundOrderId = `${order.reference}-RF-lost1`;
    // MoMo did the refund, but Academy never heard back: the row is still pending.
    const first = await momoRefund(fake.url, KEYS.momo, {
      orderId: refundOrderId,
      transId: order.txn,
      amount: PRICE,
      description: `Refund ${order.reference}`,
      lang: "en",
    });
    expect(first.status).toBe("succeeded");
    await ctx.runtime.db.insert(refunds).values({
      order_id: order.id,
      through: "momo",
      amount: PRICE,
      currency: "VND",
      status: "pending",
      provider_refund_id: refundOrderId,
      updated_at: new Date(Date.now() - 120_000),
    });
    const run = await runRefundJobs(deps);
    expect(run).toMatchObject({ checked: 1, succeeded: 1 });
    expect(fake.refunds.list.filter((r) => r.transactionId === order.txn)).toHaveLength(1);
    expect((await orderById(order.id)).status).toBe("refunded");
    // A refund still in flight (younger than 60 s) is not asked about.
    const young = await signUpAndSignIn(ctx, { name: "Young Refund" });
    const youngOrder = await paidOrder(young, "momo");
    await ctx.runtime.db.insert(refunds).values({
      order_id: youngOrder.id,
      through: "momo",
      amount: PRICE,
      currency: "VND",
      status: "pending",
      provider_refund_id: `${youngOrder.reference}-RF-young`,
    });
    expect((await runRefundJobs(deps)).checked).toBe(0);
  });

  it("without the method's keys Academy cannot refund through the provider: 409, nothing written", async () => {
    const student = await signUpAndSignIn(ctx, { name: "No Keys" });
    const order = await paidOrder(student, "stripe");
    await ctx.runtime.db
      .update(paymentAttempts)
      .set({ payment_method_id: null })
      .where(eq(paymentAttempts.order_id, order.id));
    await ctx.runtime.db.update(orders).set({ payment_method_id: null }).where(eq(orders.id, order.id));
    const refused = await refund(cara, order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(REFUND_MESSAGES.keysMissing);
    expect(await refundRows(order.id)).toHaveLength(0);
    expect((await orderById(order.id)).status).toBe("paid");
    // The way out the message names: refunded outside Academy.
    expect((await refund(cara, order.id, { outside: true })).body).toMatchObject({
      through: "manual",
      status: "succeeded",
    });
  });

  it("a Stripe event through another creator's endpoint cannot touch this creator's orders", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Cross Creator" });
    const order = await paidOrder(student, "stripe");
    const otherCourse = await publishCourse(
      ctx,
      other.cookie,
      oneLessonDraft("Other", { price: PRICE, currency: "VND" }),
    );
    const otherPage = await sellCourse(ctx, other.cookie, otherCourse, [
      {
        methodType: "credit-card",
        isEnabled: true,
        configuration: { provider: "Stripe", publicKey: "pk_test_fake", ...KEYS.stripe },
      },
    ]);
    const [otherMethod] = (
      (await ctx.runtime.db.execute(
        sql`select id from payment_methods where landing_page_id = ${otherPage}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const event = fake.refunds.stripeDisputeEvent(order.txn);
    const response = await ctx.app.request(
      `http://localhost:3000/api/payments/callbacks/stripe/${otherMethod.id}`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.header },
        body: event.payload,
      },
    );
    expect(response.status).toBe(200);
    expect((await orderById(order.id)).flagged).toBe(false);
    const [logged] = await ctx.runtime.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.payment_method_id, otherMethod.id));
    expect(logged.outcome).toBe("unknown_order");
  });
});

describe("the fake refund endpoints behave like the real ones", () => {
  it("refuse a reused refund id, an unknown transaction, more than was paid and a bad signature", async () => {
    fake.refunds.registerPayment("zalopay", "251128000000001", 100000);
    fake.refunds.registerPayment("momo", "4999999999", 100000);
    const zId = zaloPayRefundId(KEYS.zalopay.appId, "fakecheck1");
    const ok = await zaloPayRefund(fake.url, KEYS.zalopay, {
      mRefundId: zId,
      zpTransId: "251128000000001",
      amount: 60000,
      description: "Refund",
    });
    expect(ok.status).toBe("pending"); // ZaloPay: processing first
    const reused = await zaloPayRefund(fake.url, KEYS.zalopay, {
      mRefundId: zId,
      zpTransId: "251128000000001",
      amount: 10000,
      description: "Refund",
    });
    expect(reused).toMatchObject({ status: "failed" });
    expect(reused.status === "failed" && reused.reason).toContain("-68");
    const over = await zaloPayRefund(fake.url, KEYS.zalopay, {
      mRefundId: zaloPayRefundId(KEYS.zalopay.appId, "fakecheck2"),
      zpTransId: "251128000000001",
      amount: 50000,
      description: "Refund",
    });
    expect(over.status === "failed" && over.reason).toContain("exceeds");
    const unknown = await zaloPayRefund(fake.url, KEYS.zalopay, {
      mRefundId: zaloPayRefundId(KEYS.zalopay.appId, "fakecheck3"),
      zpTransId: "1",
      amount: 1000,
      description: "Refund",
    });
    expect(unknown.status === "failed" && unknown.reason).toContain("not found");
    expect(
      (
        await zaloPayRefund(
          fake.url,
          { ...KEYS.zalopay, key1: "wrong" },
          {
            mRefundId: zaloPayRefundId(KEYS.zalopay.appId, "fakecheck4"),
            zpTransId: "251128000000001",
            amount: 1000,
            description: "Refund",
          },
        )
      ).status,
    ).toBe("failed");

    // MoMo: the same orderId with another requestId is 41 "Duplicated orderId".
    const signed = (requestId: string) => {
      const body = {
        amount: 1000,
        description: "Refund",
        orderId: "MOMO-RF-dup",
        requestId,
        transId: "4999999999",
      };
      return {
        partnerCode: KEYS.momo.partnerCode,
        ...body,
        transId: 4999999999,
        lang: "en",
        signature: createHmac("sha256", KEYS.momo.secretKey)
          .update(momoRefundRaw(KEYS.momo, body))
          .digest("hex"),
      };
    };
    const post = async (b: unknown) =>
      (await (
        await fetch(`${fake.url}/v2/gateway/api/refund`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(b),
        })
      ).json()) as { resultCode: number };
    expect((await post(signed("req-a"))).resultCode).toBe(0);
    expect((await post(signed("req-a"))).resultCode).toBe(0); // same request: same answer, no second refund
    expect((await post(signed("req-b"))).resultCode).toBe(41);
    expect(fake.refunds.refundedOf("momo", "4999999999")).toBe(1000);
    expect((await post({ ...signed("req-c"), orderId: "MOMO-RF-bad" })).resultCode).toBe(11007);
  });
});
