import { PAYMENT_MESSAGES } from "@academy/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, enrollments, orders, paymentAttempts, paymentEvents } from "../src/db/schema/index.ts";
import { momoCreatePayment } from "../src/features/payments/providers/momo.ts";
import { zaloPayTransId } from "../src/features/payments/providers/zalopay.ts";
import { runOrderJobs } from "../src/features/payments/reconciliation.service.ts";
import { CALLBACK_LOG_MAX_CHARS } from "../src/features/payments/settlement.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { type FakeProviders, signedMomoIpn, startFakeProviders } from "./support/fake-providers.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Issue 23 §2, §4, §5, §11 and decision 0217: payment attempts against fake providers that behave
 * like the real ones (reused ids refused, pages payable until their own expiry, callbacks late,
 * twice, out of order or never). Callbacks are posted to the URLs Academy itself gave the
 * provider (read from the fake's record of the create call), never to ids read from the database.
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

const KEYS = {
  momo: {
    partnerCode: "MOMOTEST02",
    accessKey: "F8BBA842ECF86",
    secretKey: "K951B6PE1waDMi640xX08PD3vg6EkVl2",
  },
  zalopay: {
    appId: "2554",
    key1: "PcY4iZIKFCIdgZvA6ueMcMHHUbRLYjP2",
    key2: "kLtgPl8HHhfvMuDHPwKfgfsY4Ydm9eI2",
  },
  stripe: { secretKey: "sk_test_fakeAcademyKey000002", webhookSecret: "whsec_fakeAcademySecret0000002" },
};

const METHODS = [
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
];

let ctx: TestContext;
let fake: FakeProviders;
let cara: Account;
let courseId: string;

function deps() {
  return {
    db: ctx.runtime.db,
    mailer: ctx.runtime.mailer,
    env: ctx.runtime.env,
    encryptionKey: ctx.runtime.encryptionKey,
  };
}

async function call(who: Account | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}

async function buyer(): Promise<{ student: Account; ref: string }> {
  const student = await signUpAndSignIn(ctx);
  const response = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
  expect(response.status).toBe(200);
  const { orderReference } = (await response.json()) as { orderReference: string };
  return { student, ref: orderReference };
}

async function choose(student: Account, ref: string, method: string) {
  return call(student, "POST", `/api/checkout/${ref}/method`, { method });
}

async function orderOf(reference: string) {
  const [row] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, reference));
  return row;
}

async function attemptsOf(reference: string) {
  const order = await orderOf(reference);
  return ctx.runtime.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.order_id, order.id))
    .orderBy(paymentAttempts.attempt_no);
}

async function enrolmentStatus(reference: string) {
  const order = await orderOf(reference);
  const [row] = await ctx.runtime.db
    .select()
    .from(enrollments)
    .where(eq(enrollments.id, order.enrollment_id ?? ""));
  return row?.payment_status;
}

/** POSTs a body to a URL Academy gave a provider (its ipnUrl / callback_url), as the provider would. */
async function postTo(url: string, body: unknown, headers: Record<string, string> = {}) {
  const { pathname } = new URL(url);
  return ctx.app.request(`http://localhost:3000${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function paidEvents(reference: string) {
  const order = await orderOf(reference);
  return ctx.runtime.db.select().from(paymentEvents).where(eq(paymentEvents.order_id, order.id));
}

beforeAll(async () => {
  fake = await startFakeProviders(KEYS);
  ctx = await createTestContext({
    MOMO_BASE_URL: fake.url,
    ZALOPAY_BASE_URL: fake.url,
    STRIPE_BASE_URL: fake.url,
    AUTH_RATE_LIMIT_MAX: "1000",
  });
  cara = await signUpAndSignIn(ctx, { name: "Cara Attempts" });
  courseId = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Bún chả", { price: 250000, currency: "VND" }),
  );
  await sellCourse(ctx, cara.cookie, courseId, METHODS);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe("attempts: one provider id per call", () => {
  it("MoMo: cancel in the app, come back and pay again on the same order; a reused orderId is refused by MoMo", async () => {
    const { student, ref } = await buyer();
    const first = await choose(student, ref, "momo");
    expect(first.status).toBe(200);
    expect(((await first.json()) as { redirectUrl: string }).redirectUrl).toBe(
      `${fake.url}/pay/momo/${ref}-1`,
    );
    // The buyer cancels in the MoMo app: MoMo's IPN says 1006.
    const cancelled = fake.momoIpnFor(`${ref}-1`, { resultCode: 1006 });
    expect((await postTo(fake.momoOrders.get(`${ref}-1`)?.ipnUrl ?? "", cancelled)).status).toBe(204);
    expect((await attemptsOf(ref)).map((a) => a.status)).toEqual(["failed"]);
    // Back on the checkout, MoMo again: a new orderId, which MoMo accepts.
    const second = await choose(student, ref, "momo");
    expect(second.status).toBe(200);
    expect(fake.creates.filter((c) => c.id.startsWith(ref)).map((c) => [c.id, c.refused])).toEqual([
      [`${ref}-1`, null],
      [`${ref}-2`, null],
    ]);
    const ipn = fake.momoIpnFor(`${ref}-2`);
    expect((await postTo(fake.momoOrders.get(`${ref}-2`)?.ipnUrl ?? "", ipn)).status).toBe(204);
    expect((await orderOf(ref)).status).toBe("paid");
    expect(await enrolmentStatus(ref)).toBe("completed");
    // The fake refuses a reused orderId like MoMo (41): proof that a reuse would have failed here.
    await expect(
      momoCreatePayment(fake.url, KEYS.momo, {
        orderId: `${ref}-2`,
        amount: 250000,
        orderInfo: "again",
        redirectUrl: "http://localhost:3000/back",
        ipnUrl: "http://localhost:3000/ipn",
        lang: "vi",
      }),
    ).rejects.toMatchObject({ resultCode: 41 });
  });

  it("ZaloPay: app_trans_id is dated at the call in Vietnam time even for an order opened the day before", async () => {
    const { student, ref } = await buyer();
    await ctx.runtime.db
      .update(orders)
      .set({ created_at: new Date(Date.now() - 30 * 3600_000) })
      .where(eq(orders.reference, ref));
    expect((await choose(student, ref, "zalopay")).status).toBe(200);
    const first = zaloPayTransId(ref, new Date(), 1);
    expect(fake.zaloOrders.has(first)).toBe(true);
    // Retry after the ZaloPay page was left: a new app_trans_id (the fake refuses a reuse with -68).
    expect((await choose(student, ref, "zalopay")).status).toBe(200);
    expect(fake.zaloOrders.has(zaloPayTransId(ref, new Date(), 2))).toBe(true);
    expect(fake.creates.filter((c) => c.id.includes(ref)).every((c) => c.refused === null)).toBe(true);
    // The page lifetime was sent: 15 minutes.
    const sent = fake.zaloOrders.get(first) as unknown as { expire_duration_seconds: number };
    expect(sent.expire_duration_seconds).toBe(900);
  });

  it("switching method leaves the MoMo page payable: paying it later enrols once", async () => {
    const { student, ref } = await buyer();
    expect((await choose(student, ref, "momo")).status).toBe(200);
    expect((await choose(student, ref, "vietqr")).status).toBe(200);
    expect((await orderOf(ref)).method).toBe("vietqr");
    const countBefore = await courseCount();
    const ipn = fake.momoIpnFor(`${ref}-1`);
    const url = fake.momoOrders.get(`${ref}-1`)?.ipnUrl ?? "";
    expect((await postTo(url, ipn)).status).toBe(204);
    expect((await postTo(url, ipn)).status).toBe(204);
    const order = await orderOf(ref);
    expect(order.status).toBe("paid");
    expect(order.provider).toBe("momo");
    // The order now says how it was paid, not the method the buyer looked at last.
    expect(order.method).toBe("momo");
    expect(order.flagged).toBe(false);
    expect(await courseCount()).toBe(countBefore + 1);
    expect((await paidEvents(ref)).map((e) => e.outcome).sort()).toEqual(["duplicate", "paid"]);
  });

  it("two attempts both paid: the order is paid once and flagged 'paid twice'; the money is recorded on both attempts", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "momo");
    await choose(student, ref, "credit-card");
    const session = fake.stripeSessionOf(`${ref}-2`);
    expect(session?.amount_total).toBe(250000);
    await postTo(fake.momoOrders.get(`${ref}-1`)?.ipnUrl ?? "", fake.momoIpnFor(`${ref}-1`));
    const event = fake.stripeEventFor(session?.id ?? "");
    const stripeUrl = `/api/payments/callbacks/stripe/${(await orderOf(ref)).payment_method_id}`;
    expect(
      (await postTo(`http://x${stripeUrl}`, event.payload, { "stripe-signature": event.header })).status,
    ).toBe(200);
    const order = await orderOf(ref);
    expect(order.status).toBe("paid");
    expect(order.flagged).toBe(true);
    expect(order.flag_kind).toBe("paid_twice");
    const attempts = await attemptsOf(ref);
    expect(attempts.map((a) => [a.provider, a.status, a.paid_amount])).toEqual([
      ["momo", "paid", 250000],
      ["stripe", "paid", 250000],
    ]);
    // Sum of provider-confirmed money = the paid order + the flagged extra payment.
    const confirmed = attempts.reduce((sum, a) => sum + (a.paid_amount ?? 0), 0);
    expect(confirmed).toBe(order.amount * 2);
  });
});

describe("paid twice, end to end", () => {
  it("the creator sees 'paid twice' in Needs your attention and refunds the extra payment through MoMo; access stays", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "zalopay");
    await choose(student, ref, "momo");
    const zaloId = zaloPayTransId(ref, new Date(), 1);
    const zaloUrl = (fake.zaloOrders.get(zaloId) as unknown as { callback_url: string }).callback_url;
    expect((await postTo(zaloUrl, fake.zaloCallbackFor(zaloId))).status).toBe(200);
    await postTo(fake.momoOrders.get(`${ref}-2`)?.ipnUrl ?? "", fake.momoIpnFor(`${ref}-2`));
    const order = await orderOf(ref);
    expect(order.provider).toBe("zalopay");
    expect(order.flag_kind).toBe("paid_twice");
    const attention = (await (await call(cara, "GET", "/api/earnings/attention")).json()) as {
      items: { orderId: string; kind: string }[];
    };
    expect(attention.items.filter((i) => i.orderId === order.id).map((i) => i.kind)).toEqual(["paid_twice"]);
    const extra = (await attemptsOf(ref)).find((a) => a.provider === "momo");
    const refunded = await call(cara, "POST", `/api/earnings/orders/${order.id}/refund`, {
      attemptId: extra?.id,
    });
    expect(refunded.status).toBe(200);
    expect(((await refunded.json()) as { status: string }).status).toBe("succeeded");
    expect(fake.refunds.refundedOf("momo", extra?.provider_transaction_id ?? "")).toBe(250000);
    expect(fake.refunds.refundedOf("zalopay", order.provider_transaction_id ?? "")).toBe(0);
    const after = await orderOf(ref);
    expect(after.status).toBe("paid");
    expect(after.flag_resolved_at).not.toBeNull();
    expect(await enrolmentStatus(ref)).toBe("completed");
  });
});

async function courseCount(): Promise<number> {
  const result = (await ctx.runtime.db.execute(
    sql`select enrollment_count from courses where id = ${courseId}`,
  )) as unknown as { rows: { enrollment_count: number }[] };
  return result.rows[0].enrollment_count;
}

describe("late and lost callbacks", () => {
  it("a lost MoMo IPN after Academy's own expiry is still found: the order waits for the provider's page", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "momo");
    const order = await orderOf(ref);
    // The order's expiry covers MoMo's page (100 min), never less.
    const [attempt] = await attemptsOf(ref);
    expect(new Date(order.expires_at).getTime()).toBeGreaterThan(
      new Date(attempt.provider_expires_at).getTime(),
    );
    // Even with the order's own time over, the job does not expire it while MoMo's page is open.
    await ctx.runtime.db
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await runOrderJobs(deps(), { requerySeconds: 0, recheckSeconds: 0 });
    expect((await orderOf(ref)).status).toBe("pending");
    fake.payQuietly("momo", `${ref}-1`);
    const result = await runOrderJobs(deps(), { requerySeconds: 0, recheckSeconds: 0 });
    expect(result.recovered).toBeGreaterThanOrEqual(1);
    expect((await orderOf(ref)).status).toBe("paid");
    expect(await enrolmentStatus(ref)).toBe("completed");
  });

  it("card without any webhook: reconciliation retrieves the Checkout Session and enrols", async () => {
    const { student, ref } = await buyer();
    const chosen = await choose(student, ref, "credit-card");
    expect(chosen.status).toBe(200);
    const session = fake.stripeSessionOf(`${ref}-1`);
    // Stripe's page lives ≥ 30 minutes (the fake refuses less, like Stripe); Academy asks for 35.
    expect((session?.expires_at ?? 0) - Date.now() / 1000).toBeGreaterThan(34 * 60);
    fake.payQuietly("stripe", session?.id ?? "");
    await runOrderJobs(deps(), { requerySeconds: 0, recheckSeconds: 0 });
    const order = await orderOf(ref);
    expect(order.status).toBe("paid");
    expect(order.provider).toBe("stripe");
    expect(order.provider_transaction_id).toBe(session?.payment_intent);
  });

  it("the buyer's 'check my payment' asks the provider at once", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "zalopay");
    const view = (await (await call(student, "GET", `/api/checkout/${ref}`)).json()) as {
      openAttempt: { provider: string } | null;
    };
    expect(view.openAttempt?.provider).toBe("zalopay");
    fake.payQuietly("zalopay", zaloPayTransId(ref, new Date(), 1));
    const checked = await call(student, "POST", `/api/checkout/${ref}/check`, {});
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { status: string }).status).toBe("paid");
    // Someone else's order: not found.
    const other = await signUpAndSignIn(ctx);
    expect((await call(other, "POST", `/api/checkout/${ref}/check`, {})).status).toBe(404);
  });

  it("callbacks twice, late and out of order: a cancel that arrives after a success changes nothing", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "momo");
    await choose(student, ref, "momo");
    const url = fake.momoOrders.get(`${ref}-1`)?.ipnUrl ?? "";
    const success = fake.momoIpnFor(`${ref}-2`);
    const cancel = fake.momoIpnFor(`${ref}-1`, { resultCode: 1006 });
    expect((await postTo(url, success)).status).toBe(204);
    expect((await postTo(url, cancel)).status).toBe(204);
    expect((await postTo(url, success)).status).toBe(204);
    const order = await orderOf(ref);
    expect(order.status).toBe("paid");
    expect(order.flagged).toBe(false);
    expect((await attemptsOf(ref)).map((a) => a.status)).toEqual(["failed", "paid"]);
  });

  it("late money for a seat already paid by a newer order is recorded and flagged, access unchanged", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "momo");
    expect((await call(student, "POST", `/api/checkout/${ref}/cancel`, {})).status).toBe(200);
    const again = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference: ref2 } = (await again.json()) as { orderReference: string };
    expect(ref2).not.toBe(ref);
    await choose(student, ref2, "momo");
    await postTo(fake.momoOrders.get(`${ref2}-1`)?.ipnUrl ?? "", fake.momoIpnFor(`${ref2}-1`));
    expect((await orderOf(ref2)).status).toBe("paid");
    await postTo(fake.momoOrders.get(`${ref}-1`)?.ipnUrl ?? "", fake.momoIpnFor(`${ref}-1`));
    const late = await orderOf(ref);
    expect(late.status).toBe("paid");
    expect(late.flag_kind).toBe("paid_twice");
    expect(await enrolmentStatus(ref2)).toBe("completed");
  });

  it("a cancelled order paid late cannot exceed a coupon's maximum redemptions (security N7)", async () => {
    const code = `ONCE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    expect(
      (
        await call(cara, "POST", "/api/earnings/coupons", {
          code,
          kind: "percent",
          value: 50,
          maxRedemptions: 1,
        })
      ).status,
    ).toBe(200);
    const u1 = await buyer();
    expect((await call(u1.student, "POST", `/api/checkout/${u1.ref}/coupon`, { code })).status).toBe(200);
    await choose(u1.student, u1.ref, "momo");
    expect((await call(u1.student, "POST", `/api/checkout/${u1.ref}/cancel`, {})).status).toBe(200);
    const u2 = await buyer();
    expect((await call(u2.student, "POST", `/api/checkout/${u2.ref}/coupon`, { code })).status).toBe(200);
    await choose(u2.student, u2.ref, "momo");
    await postTo(fake.momoOrders.get(`${u2.ref}-1`)?.ipnUrl ?? "", fake.momoIpnFor(`${u2.ref}-1`));
    await postTo(fake.momoOrders.get(`${u1.ref}-1`)?.ipnUrl ?? "", fake.momoIpnFor(`${u1.ref}-1`));
    const late = await orderOf(u1.ref);
    expect(late.status).toBe("paid");
    expect(late.flag_kind).toBe("paid_after_expiry");
    expect(await enrolmentStatus(u1.ref)).not.toBe("completed");
    const [coupon] = await ctx.runtime.db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon.redemption_count).toBe(1);
  });
});

describe("provider answers that are not money", () => {
  it("MoMo 9000 (authorised, not captured) does not pay; only resultCode 0 does", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "momo");
    const url = fake.momoOrders.get(`${ref}-1`)?.ipnUrl ?? "";
    const o = fake.momoOrders.get(`${ref}-1`);
    const authorised = signedMomoIpn(KEYS.momo, { ...(o as NonNullable<typeof o>) }, 9000);
    expect((await postTo(url, authorised)).status).toBe(204);
    expect((await orderOf(ref)).status).toBe("pending");
    expect((await attemptsOf(ref))[0].status).toBe("open");
  });

  it("Stripe: completed but unpaid waits; async failure and expiry close the attempt; async success pays", async () => {
    const { student, ref } = await buyer();
    await choose(student, ref, "credit-card");
    await choose(student, ref, "credit-card");
    const s1 = fake.stripeSessionOf(`${ref}-1`);
    const s2 = fake.stripeSessionOf(`${ref}-2`);
    const url = `http://x/api/payments/callbacks/stripe/${(await orderOf(ref)).payment_method_id}`;
    const post = (e: { payload: string; header: string }) =>
      postTo(url, e.payload, { "stripe-signature": e.header });
    expect((await post(fake.stripeEventFor(s1?.id ?? "", { paymentStatus: "unpaid" }))).status).toBe(200);
    expect((await orderOf(ref)).status).toBe("pending");
    expect(
      (await post(fake.stripeEventFor(s1?.id ?? "", { type: "checkout.session.async_payment_failed" })))
        .status,
    ).toBe(200);
    expect((await post(fake.stripeEventFor(s2?.id ?? "", { type: "checkout.session.expired" }))).status).toBe(
      200,
    );
    expect((await attemptsOf(ref)).map((a) => a.status)).toEqual(["failed", "expired"]);
    await choose(student, ref, "credit-card");
    const s3 = fake.stripeSessionOf(`${ref}-3`);
    expect(
      (await post(fake.stripeEventFor(s3?.id ?? "", { type: "checkout.session.async_payment_succeeded" })))
        .status,
    ).toBe(200);
    expect((await orderOf(ref)).status).toBe("paid");
  });

  it("MoMo is not offered outside 1,000–50,000,000 VND, with the reason", async () => {
    const code = `TINY${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    expect(
      (
        await call(cara, "POST", "/api/earnings/coupons", {
          code,
          kind: "fixed",
          value: 249500,
          currency: "VND",
        })
      ).status,
    ).toBe(200);
    const { student, ref } = await buyer();
    const view = await call(student, "POST", `/api/checkout/${ref}/coupon`, { code });
    const body = (await view.json()) as {
      amount: number;
      methods: { type: string }[];
      unavailableMethods: { type: string; reason: string }[];
    };
    expect(body.amount).toBe(500);
    expect(body.methods.map((m) => m.type)).not.toContain("momo");
    expect(body.unavailableMethods).toEqual([{ type: "momo", reason: "momoBelowMinimum" }]);
    const refused = await choose(student, ref, "momo");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      PAYMENT_MESSAGES.momoBelowMinimum,
    );
    expect(fake.creates.some((c) => c.id.startsWith(ref))).toBe(false);
  });
});

describe("the callback log", () => {
  it("keeps at most a few KB of an unverifiable callback and stops logging a flooding address", async () => {
    const big = JSON.stringify({ data: "x".repeat(900_000), mac: "0" });
    const path = `http://x/api/payments/callbacks/zalopay/00000000-0000-4000-8000-000000000000`;
    const before = await countRejected();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await postTo(path, big)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const rows = (await ctx.runtime.db.execute(
      sql`select max(length(raw_body)) as longest, count(*)::int as n from payment_events where outcome = 'unknown_method' and provider = 'zalopay'`,
    )) as unknown as { rows: { longest: number; n: number }[] };
    expect(rows.rows[0].n - before).toBe(30);
    expect(rows.rows[0].longest).toBeLessThanOrEqual(CALLBACK_LOG_MAX_CHARS.rejected);
  });
});

async function countRejected(): Promise<number> {
  const rows = (await ctx.runtime.db.execute(
    sql`select count(*)::int as n from payment_events where outcome = 'unknown_method' and provider = 'zalopay'`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0].n;
}
