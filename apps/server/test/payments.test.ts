import { createHmac, randomUUID } from "node:crypto";
import { ORDER_REFERENCE_ALPHABET, PAYMENT_MESSAGES, resolveSeo, resolveStyles } from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courses,
  emailOutbox,
  enrollments,
  orders,
  paymentAttempts,
  paymentEvents,
  user,
} from "../src/db/schema/index.ts";
import { applyCoupon } from "../src/features/payments/checkout.service.ts";
import { openOrder } from "../src/features/payments/orders.service.ts";
import { momoCreateRaw, momoResultRaw } from "../src/features/payments/providers/momo.ts";
import { zaloPayCreateMac, zaloPayTransId } from "../src/features/payments/providers/zalopay.ts";
import { runOrderJobs } from "../src/features/payments/reconciliation.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { type FakeProviders, startFakeProviders } from "./support/fake-providers.ts";
import { sellCourse } from "./support/sell.ts";

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

let ctx: TestContext;
let fake: FakeProviders;
let cara: Account;
let other: Account;
let courseId: string;
let methodIds: Record<string, string>;

async function call(who: Account | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}

async function enroll(student: Account, body: unknown = {}) {
  const response = await call(student, "POST", `/api/courses/${courseId}/enroll`, body);
  expect(response.status).toBe(200);
  return (await response.json()) as { orderReference: string; enrollmentId: string; paymentStatus: string };
}

async function orderOf(reference: string) {
  const [row] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, reference));
  return row;
}

async function mails(to: string, template: string) {
  return ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, to.toLowerCase()), eq(emailOutbox.template, template)));
}

async function enrolmentCount() {
  const [row] = await ctx.runtime.db
    .select({ n: courses.enrollment_count })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row.n;
}

async function postRaw(path: string, body: unknown) {
  return ctx.app.request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
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
  cara = await signUpAndSignIn(ctx, { name: "Cara Creator" });
  other = await signUpAndSignIn(ctx, { name: "Other Creator" });
  courseId = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Phở at home", { price: 199000, currency: "VND" }),
  );
  const page = await call(cara, "POST", "/api/landing-pages", {
    title: "Phở",
    description: "Cook phở at home.",
    slug: `pho-${Date.now().toString(36)}`,
    courseId,
    templateId: null,
    contentData: { sections: [] },
    styleData: resolveStyles({}),
    seoData: resolveSeo({}),
    isPublished: true,
  });
  expect(page.status).toBe(201);
  const { id: pageId } = (await page.json()) as { id: string };
  const saved = await call(cara, "PUT", `/api/landing-pages/${pageId}/payment-methods`, {
    methods: [
      {
        methodType: "vietqr",
        isEnabled: true,
        configuration: { bankCode: "VCB", accountNumber: "0123456789", accountHolder: "NGUYEN CARA" },
      },
      {
        methodType: "bank-transfer",
        isEnabled: true,
        configuration: {
          bankName: "Vietcombank",
          accountNumber: "0123456789",
          accountHolder: "NGUYEN CARA",
          swiftCode: "",
        },
      },
      {
        methodType: "cash",
        isEnabled: true,
        configuration: { stores: "12 Hàng Bạc", instructions: "Bring the reference" },
      },
      { methodType: "momo", isEnabled: true, configuration: KEYS.momo },
      { methodType: "zalopay", isEnabled: true, configuration: KEYS.zalopay },
      {
        methodType: "credit-card",
        isEnabled: true,
        configuration: { provider: "Stripe", publicKey: "pk_test_fake", ...KEYS.stripe },
      },
    ],
  });
  expect(saved.status).toBe(200);
  const rows = (await ctx.runtime.db.execute(
    sql`select id, method_type from payment_methods where landing_page_id = ${pageId}`,
  )) as unknown as { rows: { id: string; method_type: string }[] };
  methodIds = Object.fromEntries(rows.rows.map((r) => [r.method_type, r.id]));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe("provider signatures (documented field order)", () => {
  it("MoMo create and IPN raw strings and HMAC-SHA256 vectors", () => {
    const raw = momoCreateRaw(KEYS.momo, {
      amount: 50000,
      extraData: "",
      ipnUrl: "https://a.example/ipn",
      orderId: "AC7K2QFP",
      orderInfo: "AC7K2QFP Pho",
      redirectUrl: "https://a.example/r",
      requestId: "req-1",
      requestType: "captureWallet",
    });
    expect(raw).toBe(
      "accessKey=F8BBA842ECF85&amount=50000&extraData=&ipnUrl=https://a.example/ipn&orderId=AC7K2QFP&orderInfo=AC7K2QFP Pho&partnerCode=MOMOTEST01&redirectUrl=https://a.example/r&requestId=req-1&requestType=captureWallet",
    );
    const ipn = momoResultRaw(KEYS.momo.accessKey, {
      partnerCode: "MOMOTEST01",
      orderId: "AC7K2QFP",
      requestId: "req-1",
      amount: 50000,
      orderInfo: "x",
      orderType: "momo_wallet",
      transId: 42,
      resultCode: 0,
      message: "Successful.",
      payType: "qr",
      responseTime: 1,
      extraData: "",
    });
    expect(ipn).toBe(
      "accessKey=F8BBA842ECF85&amount=50000&extraData=&message=Successful.&orderId=AC7K2QFP&orderInfo=x&orderType=momo_wallet&partnerCode=MOMOTEST01&payType=qr&requestId=req-1&responseTime=1&resultCode=0&transId=42",
    );
    // HMAC-SHA256 known vector (RFC 4231 test case 2).
    expect(createHmac("sha256", "Jefe").update("what do ya want for nothing?").digest("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("ZaloPay mac over app_id|app_trans_id|app_user|amount|app_time|embed_data|item and yymmdd_ref ids", () => {
    const input = {
      app_id: 2553,
      app_trans_id: "250101_AC7K2QFP",
      app_user: "u1",
      amount: 50000,
      app_time: 1735689600000,
      embed_data: "{}",
      item: "[]",
    };
    expect(zaloPayCreateMac(KEYS.zalopay.key1, input)).toBe(
      createHmac("sha256", KEYS.zalopay.key1)
        .update("2553|250101_AC7K2QFP|u1|50000|1735689600000|{}|[]")
        .digest("hex"),
    );
    // 2025-01-01 17:30 UTC is already 2 January in Vietnam.
    expect(zaloPayTransId("AC7K2QFP", new Date("2025-01-01T17:30:00Z"))).toBe("250102_AC7K2QFP");
  });
});

describe("checkout and manual confirmation", () => {
  it("a paid course without payment methods cannot be bought (nothing written)", async () => {
    const lonely = await publishCourse(
      ctx,
      other.cookie,
      oneLessonDraft("No pay", { price: 50000, currency: "VND" }),
    );
    const student = await signUpAndSignIn(ctx);
    const join = await call(student, "GET", `/api/public/courses/${lonely}`);
    expect(((await join.json()) as { paymentSetUp: boolean }).paymentSetUp).toBe(false);
    const response = await call(student, "POST", `/api/courses/${lonely}/enroll`, {});
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      PAYMENT_MESSAGES.noPaymentSetUp,
    );
    const rows = await ctx.runtime.db.select().from(enrollments).where(eq(enrollments.course_id, lonely));
    expect(rows).toHaveLength(0);
  });

  it("VietQR: reference and amount, I have transferred, the creator confirms, the student learns", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Student Viet" });
    const first = await enroll(student);
    expect(first.orderReference).toMatch(new RegExp(`^[${ORDER_REFERENCE_ALPHABET}]{8}$`));
    expect(first.paymentStatus).toBe("pending");
    expect((await enroll(student)).orderReference).toBe(first.orderReference); // one open order
    const before = await enrolmentCount();

    const ref = first.orderReference;
    expect((await call(other, "GET", `/api/checkout/${ref}`)).status).toBe(404);
    expect((await call(null, "GET", `/api/checkout/${ref}`)).status).toBe(401);
    const chosen = await call(student, "POST", `/api/checkout/${ref}/method`, { method: "vietqr" });
    expect(chosen.status).toBe(200);
    const { view } = (await chosen.json()) as {
      view: { amount: number; qrDataUrl: string; methods: { type: string }[] };
    };
    expect(view.amount).toBe(199000);
    expect(view.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(view.methods.map((m) => m.type)).toEqual([
      "vietqr",
      "bank-transfer",
      "cash",
      "momo",
      "zalopay",
      "credit-card",
    ]);

    const bad = await call(student, "POST", `/api/checkout/${ref}/method`, { method: "bitcoin" });
    expect(bad.status).toBe(400);

    expect((await call(student, "POST", `/api/checkout/${ref}/transferred`, {})).status).toBe(200);
    expect((await orderOf(ref)).status).toBe("awaiting_confirmation");
    expect(await mails(cara.email, "order-awaiting")).toHaveLength(1);

    // Learning is still locked.
    const order = await orderOf(ref);
    // The buyer cannot confirm their own order (not their course).
    expect((await call(student, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(404);
    expect((await call(other, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(404);
    expect((await call(null, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(401);

    const queue = (await (await call(cara, "GET", "/api/earnings/orders")).json()) as {
      orders: { reference: string; status: string }[];
    };
    expect(queue.orders[0]).toMatchObject({ reference: ref, status: "awaiting_confirmation" });

    expect((await call(cara, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(200);
    expect((await call(cara, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(409);
    const [enrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, first.enrollmentId));
    expect(enrolment.payment_status).toBe("completed");
    expect(await enrolmentCount()).toBe(before + 1);
    expect(await mails(student.email, "order-receipt")).toHaveLength(1);

    const summary = (await (await call(cara, "GET", "/api/earnings/summary")).json()) as {
      revenue: { currency: string; allTime: number }[];
    };
    expect(summary.revenue.find((r) => r.currency === "VND")?.allTime).toBeGreaterThanOrEqual(199000);

    // Refund removes access and the student count.
    expect((await call(cara, "POST", `/api/earnings/orders/${order.id}/refund`, {})).status).toBe(200);
    expect(await enrolmentCount()).toBe(before);
    // A cancelled (refunded) enrolment is not a dead end: enrolling again opens a new order.
    const again = await enroll(student);
    expect(again.orderReference).not.toBe(ref);
    expect(again.paymentStatus).toBe("pending");
  });

  it("reject with a reason e-mails the student; CSV escapes formulae", async () => {
    const student = await signUpAndSignIn(ctx, { name: '=HYPERLINK("x")' });
    const { orderReference: ref } = await enroll(student);
    await call(student, "POST", `/api/checkout/${ref}/method`, { method: "cash" });
    await call(student, "POST", `/api/checkout/${ref}/transferred`, {});
    const order = await orderOf(ref);
    const empty = await call(cara, "POST", `/api/earnings/orders/${order.id}/reject`, { reason: "  " });
    expect(empty.status).toBe(400);
    expect((await orderOf(ref)).status).toBe("awaiting_confirmation");
    expect(
      (await call(cara, "POST", `/api/earnings/orders/${order.id}/reject`, { reason: "No money arrived" }))
        .status,
    ).toBe(200);
    expect((await orderOf(ref)).status).toBe("rejected");
    const [mail] = await mails(student.email, "order-rejected");
    expect(mail.text).toContain("No money arrived");
    const csv = await (await call(cara, "GET", `/api/earnings/orders.csv?q=${ref}`)).text();
    expect(csv).toContain(ref);
    expect(csv).toContain("'=HYPERLINK");
  });
});

describe("MoMo", () => {
  it("pays through the IPN; wrong signature, tampered amount, replay and 50 parallel duplicates", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Momo Buyer" });
    const { orderReference: ref, enrollmentId } = await enroll(student);
    const chosen = await call(student, "POST", `/api/checkout/${ref}/method`, { method: "momo" });
    expect(chosen.status).toBe(200);
    const { redirectUrl } = (await chosen.json()) as { redirectUrl: string };
    expect(redirectUrl).toBe(`${fake.url}/pay/momo/${ref}-1`);
    const path = `/api/payments/callbacks/momo/${methodIds.momo}`;

    const forged = { ...fake.momoIpnFor(`${ref}-1`), signature: "0".repeat(64) };
    expect((await postRaw(path, forged)).status).toBe(400);
    const tampered = { ...fake.momoIpnFor(`${ref}-1`), amount: 1000 }; // signature no longer matches
    expect((await postRaw(path, tampered)).status).toBe(400);
    expect((await orderOf(ref)).status).toBe("pending");

    const before = await enrolmentCount();
    const ipn = fake.momoIpnFor(`${ref}-1`);
    const answers = await Promise.all(Array.from({ length: 50 }, () => postRaw(path, ipn)));
    expect(answers.every((a) => a.status === 204)).toBe(true);
    const order = await orderOf(ref);
    expect(order.status).toBe("paid");
    expect(order.provider).toBe("momo");
    expect(await enrolmentCount()).toBe(before + 1);
    expect(await mails(student.email, "order-receipt")).toHaveLength(1);
    const [enrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    expect(enrolment.payment_status).toBe("completed");
    const events = await ctx.runtime.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.order_id, order.id));
    expect(events.filter((e) => e.outcome === "paid")).toHaveLength(1);
    expect(events.filter((e) => e.outcome === "duplicate")).toHaveLength(49);
    const bad = await ctx.runtime.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, "bad_signature"));
    expect(bad.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("a correctly signed amount that differs from the order is recorded and never enrols", async () => {
    const student = await signUpAndSignIn(ctx);
    const { orderReference: ref } = await enroll(student);
    await call(student, "POST", `/api/checkout/${ref}/method`, { method: "momo" });
    const ipn = fake.momoIpnFor(`${ref}-1`, { amount: 1000 });
    expect((await postRaw(`/api/payments/callbacks/momo/${methodIds.momo}`, ipn)).status).toBe(204);
    const order = await orderOf(ref);
    expect(order.status).toBe("pending");
    expect(order.flagged).toBe(true);
    expect(order.flag_reason).toContain("Amount mismatch");
    // A failed payment (user cancelled) changes nothing.
    const failed = fake.momoIpnFor(`${ref}-1`, { resultCode: 1006 });
    expect((await postRaw(`/api/payments/callbacks/momo/${methodIds.momo}`, failed)).status).toBe(204);
    expect((await orderOf(ref)).status).toBe("pending");
  });

  it("a missed IPN is recovered by the status query; expiry; late money still enrols when the seat and price hold", async () => {
    const student = await signUpAndSignIn(ctx);
    const { orderReference: ref } = await enroll(student);
    await call(student, "POST", `/api/checkout/${ref}/method`, { method: "momo" });
    fake.payQuietly("momo", `${ref}-1`);
    const deps = {
      db: ctx.runtime.db,
      mailer: ctx.runtime.mailer,
      env: ctx.runtime.env,
      encryptionKey: ctx.runtime.encryptionKey,
    };
    const result = await runOrderJobs(deps, { requerySeconds: 0 });
    expect(result.recovered).toBeGreaterThanOrEqual(1);
    expect((await orderOf(ref)).status).toBe("paid");

    const late = await signUpAndSignIn(ctx);
    const { orderReference: lateRef } = await enroll(late);
    await call(late, "POST", `/api/checkout/${lateRef}/method`, { method: "momo" });
    const lateOrder = await orderOf(lateRef);
    // Academy's order and MoMo's page both closed; the IPN is delayed past both.
    await ctx.runtime.db
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 60_000), updated_at: new Date() })
      .where(eq(orders.reference, lateRef));
    await ctx.runtime.db
      .update(paymentAttempts)
      .set({ provider_expires_at: new Date(Date.now() - 60_000) })
      .where(eq(paymentAttempts.order_id, lateOrder.id));
    await runOrderJobs(deps, { requerySeconds: 3600 });
    expect((await orderOf(lateRef)).status).toBe("expired");
    const ipn = fake.momoIpnFor(`${lateRef}-1`);
    expect((await postRaw(`/api/payments/callbacks/momo/${methodIds.momo}`, ipn)).status).toBe(204);
    const paid = await orderOf(lateRef);
    expect(paid.status).toBe("paid");
    expect(paid.flagged).toBe(false);
    const [lateEnrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, paid.enrollment_id ?? ""));
    expect(lateEnrolment.payment_status).toBe("completed");
  }, 60_000);
});

describe("ZaloPay", () => {
  it("pays through the callback (return_code 1), duplicate → 2, bad mac → -1, out of order after expiry", async () => {
    const student = await signUpAndSignIn(ctx);
    const { orderReference: ref } = await enroll(student);
    const chosen = await call(student, "POST", `/api/checkout/${ref}/method`, { method: "zalopay" });
    expect(chosen.status).toBe(200);
    const appTransId = zaloPayTransId(ref, new Date(), 1);
    expect(fake.zaloOrders.has(appTransId)).toBe(true);
    const path = `/api/payments/callbacks/zalopay/${methodIds.zalopay}`;
    const callback = fake.zaloCallbackFor(appTransId);
    const forged = await postRaw(path, { ...callback, mac: "f".repeat(64) });
    expect(await forged.json()).toEqual({ return_code: -1, return_message: "mac not equal" });
    expect(await (await postRaw(path, callback)).json()).toEqual({
      return_code: 1,
      return_message: "success",
    });
    expect(await (await postRaw(path, callback)).json()).toEqual({
      return_code: 2,
      return_message: "duplicate",
    });
    expect((await orderOf(ref)).status).toBe("paid");
  });

  it("a missed callback is recovered by /v2/query", async () => {
    const student = await signUpAndSignIn(ctx);
    const { orderReference: ref } = await enroll(student);
    await call(student, "POST", `/api/checkout/${ref}/method`, { method: "zalopay" });
    fake.payQuietly("zalopay", zaloPayTransId(ref, new Date(), 1));
    const deps = {
      db: ctx.runtime.db,
      mailer: ctx.runtime.mailer,
      env: ctx.runtime.env,
      encryptionKey: ctx.runtime.encryptionKey,
    };
    await runOrderJobs(deps, { requerySeconds: 0 });
    expect((await orderOf(ref)).status).toBe("paid");
  });
});

describe("Stripe (card)", () => {
  it("creates a Checkout Session with the SDK and pays through a verified webhook; forged and tampered ones are refused", async () => {
    const student = await signUpAndSignIn(ctx);
    const { orderReference: ref } = await enroll(student);
    const chosen = await call(student, "POST", `/api/checkout/${ref}/method`, { method: "credit-card" });
    expect(chosen.status).toBe(200);
    const { redirectUrl } = (await chosen.json()) as { redirectUrl: string };
    const session = [...fake.stripeSessions.values()].find((x) => x.client_reference_id === ref);
    expect(session).toMatchObject({ amount_total: 199000, currency: "vnd" });
    expect(redirectUrl).toBe(session?.url);
    const path = `/api/payments/callbacks/stripe/${methodIds["credit-card"]}`;
    const post = (payload: string, header: string) =>
      ctx.app.request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      });
    const event = fake.stripeEventFor(session?.id ?? "");
    expect(
      (await post(event.payload, event.header.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`))).status,
    ).toBe(400);
    expect(
      (await post(event.payload.replace('"amount_total":199000', '"amount_total":1000'), event.header))
        .status,
    ).toBe(400);
    expect((await orderOf(ref)).status).toBe("pending");
    expect((await post(event.payload, event.header)).status).toBe(200);
    expect((await post(event.payload, event.header)).status).toBe(200); // Stripe retries: one effect
    const order = await orderOf(ref);
    expect(order).toMatchObject({ status: "paid", provider: "stripe" });
    expect(await mails(student.email, "order-receipt")).toHaveLength(1);
  });

  it("refuses a card method stored before the provider was fixed to Stripe with another provider", async () => {
    const seller = await signUpAndSignIn(ctx);
    const course = await publishCourse(
      ctx,
      seller.cookie,
      oneLessonDraft("Other card", { price: 10000, currency: "VND" }),
    );
    const pageId = await sellCourse(ctx, seller.cookie, course, [
      {
        methodType: "credit-card",
        isEnabled: true,
        configuration: { provider: "Stripe", publicKey: "pk_test_x", ...KEYS.stripe },
      },
    ]);
    // The builder now always saves "stripe"; a row from before may still name another provider.
    await ctx.runtime.db.execute(
      sql`update payment_methods set configuration = jsonb_set(configuration, '{provider}', '"PayPal"') where landing_page_id = ${pageId}`,
    );
    const student = await signUpAndSignIn(ctx);
    const enrolled = (await (await call(student, "POST", `/api/courses/${course}/enroll`, {})).json()) as {
      orderReference: string;
    };
    const response = await call(student, "POST", `/api/checkout/${enrolled.orderReference}/method`, {
      method: "credit-card",
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      PAYMENT_MESSAGES.cardProviderUnsupported,
    );
  });
});

describe("coupons and referrals", () => {
  it("a coupon limited to 10 redemptions with 100 concurrent checkouts gives exactly 10", async () => {
    const created = await call(cara, "POST", "/api/earnings/coupons", {
      code: "TEN4ALL",
      kind: "percent",
      value: 20,
      maxRedemptions: 10,
    });
    expect(created.status).toBe(200);
    const [course] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, courseId));
    const deps = {
      db: ctx.runtime.db,
      mailer: ctx.runtime.mailer,
      env: ctx.runtime.env,
      encryptionKey: ctx.runtime.encryptionKey,
    };
    const buyers = Array.from({ length: 100 }, (_, i) => ({
      id: randomUUID(),
      email: `coupon-${Date.now().toString(36)}-${i}@example.com`,
      name: `Buyer ${i}`,
      emailVerified: true,
    }));
    await ctx.runtime.db
      .insert(user)
      .values(buyers.map((b) => ({ ...b, createdAt: new Date(), updatedAt: new Date() })));
    const refs = await Promise.all(
      buyers.map((b) =>
        openOrder(
          ctx.runtime.db,
          b,
          {
            id: courseId,
            price: Number(course.price),
            currency: "VND",
            creatorId: cara.userId,
            schoolId: course.school_id,
          },
          {},
        ),
      ),
    );
    const results = await Promise.allSettled(
      buyers.map((b, i) => applyCoupon(deps, b, refs[i].reference as string, "TEN4ALL")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(failures.every((f) => (f.reason as Error).message === PAYMENT_MESSAGES.couponUsedUp)).toBe(true);
    const [coupon] = (
      (await ctx.runtime.db.execute(
        sql`select redemption_count from coupons where code = 'TEN4ALL'`,
      )) as unknown as {
        rows: { redemption_count: number }[];
      }
    ).rows;
    expect(Number(coupon.redemption_count)).toBe(10);
  }, 120_000);

  it("a 100% coupon enrols without payment; a referral is attributed and its commission owed", async () => {
    expect(
      (await call(cara, "POST", "/api/earnings/coupons", { code: "FREEPHO", kind: "percent", value: 100 }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(cara, "POST", "/api/earnings/partners", {
          name: "Lan",
          code: "lan10",
          commissionPercent: 10,
        })
      ).status,
    ).toBe(200);
    const student = await signUpAndSignIn(ctx);
    const { orderReference: ref } = await enroll(student, { ref: "LAN10" });
    const applied = await call(student, "POST", `/api/checkout/${ref}/coupon`, { code: "freepho" });
    expect(applied.status).toBe(200);
    const order = await orderOf(ref);
    expect(order).toMatchObject({
      status: "paid",
      amount: 0,
      coupon_code: "FREEPHO",
      referral_code: "LAN10",
    });

    const buyer = await signUpAndSignIn(ctx);
    const { orderReference: r2 } = await enroll(buyer, { ref: "lan10" });
    await call(buyer, "POST", `/api/checkout/${r2}/method`, { method: "bank-transfer" });
    await call(buyer, "POST", `/api/checkout/${r2}/transferred`, {});
    await call(cara, "POST", `/api/earnings/orders/${(await orderOf(r2)).id}/confirm`, {});
    const partners = (await (await call(cara, "GET", "/api/earnings/partners")).json()) as {
      partners: { id: string; code: string; totals: { sales: number; commission: number; owed: number }[] }[];
    };
    const lan = partners.partners.find((p) => p.code === "LAN10");
    expect(lan?.totals[0]).toMatchObject({ sales: 199000, commission: 19900, owed: 19900 });
    const paid = (await (
      await call(cara, "POST", `/api/earnings/partners/${lan?.id}/paid`, {})
    ).json()) as typeof partners;
    expect(paid.partners.find((p) => p.code === "LAN10")?.totals[0].owed).toBe(0);
    expect((await call(other, "POST", `/api/earnings/partners/${lan?.id}/paid`, {})).status).toBe(404);
  });
});
