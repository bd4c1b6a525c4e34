import {
  type CheckoutView,
  COURSE_MESSAGES,
  type JoinCourse,
  PAYMENT_MESSAGES,
  type PurchaseList,
  REFUND_MESSAGES,
  REFUND_REQUEST_MESSAGES,
  type RefundRequestItem,
  type RefundRequestView,
  type RefundView,
} from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, enrollments, orders, refundRequests, refunds } from "../src/db/schema/index.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Money-back guarantee (issue 24 §3): the creator's setting, shown only when set and only for a
 * paid course; the buyer's refund request from Purchases inside the guarantee; the creator's queue
 * with "Approve and refund" (the existing refund, outside Academy for a cash payment) and "Decline".
 * Orders are paid the way a cash buyer pays: enrol, choose cash, "I will pay in cash", the creator
 * confirms.
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
const PRICE = 490000;

let ctx: TestContext;
let cara: Account;
let rival: Account;
let guaranteed: string;
let noGuarantee: string;

async function call(who: Account | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

/** The student's paid order of `courseId` (cash, confirmed by the creator). */
async function paidOrder(student: Account, courseId: string) {
  const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
  const { orderReference: ref } = (await enrolled.json()) as { orderReference: string };
  expect((await call(student, "POST", `/api/checkout/${ref}/method`, { method: "cash" })).status).toBe(200);
  expect((await call(student, "POST", `/api/checkout/${ref}/transferred`, {})).status).toBe(200);
  const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
  expect((await call(cara, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(200);
  return { ref, orderId: order.id };
}

async function purchase(student: Account, ref: string) {
  const list = (await (await call(student, "GET", "/api/purchases")).json()) as PurchaseList;
  const row = list.purchases.find((p) => p.reference === ref);
  if (!row) throw new Error(`no purchase ${ref}`);
  return row;
}

async function ask(student: Account | null, ref: string, body: unknown = {}) {
  return call(student, "POST", `/api/purchases/${ref}/refund-request`, body);
}

async function queue(who: Account) {
  return (
    (await (await call(who, "GET", "/api/earnings/refund-requests")).json()) as {
      requests: RefundRequestItem[];
    }
  ).requests;
}

async function mails(to: string, template: string) {
  return ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, to.toLowerCase()), eq(emailOutbox.template, template)));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Phạm Cara" });
  rival = await signUpAndSignIn(ctx, { name: "Other Creator" });
  guaranteed = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Bánh mì bakery", { price: PRICE, currency: "VND", guaranteeDays: 14 }),
  );
  noGuarantee = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Cà phê trứng", { price: PRICE, currency: "VND" }),
  );
  await sellCourse(ctx, cara.cookie, guaranteed);
  await sellCourse(ctx, cara.cookie, noGuarantee);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("the guarantee setting", () => {
  it("is shown only for a paid course that has one; the builder takes 1–90 days", async () => {
    const join = async (id: string) =>
      (await (await call(null, "GET", `/api/public/courses/${id}`)).json()) as JoinCourse;
    expect((await join(guaranteed)).guaranteeDays).toBe(14);
    expect((await join(noGuarantee)).guaranteeDays).toBeNull();
    // A free course never has one, whatever the builder held.
    const free = await publishCourse(ctx, cara.cookie, oneLessonDraft("Free phở", { guaranteeDays: 30 }));
    expect((await join(free)).guaranteeDays).toBeNull();

    const tooLong = await call(cara, "POST", "/api/courses/publish", {
      ...oneLessonDraft("Too long", { price: PRICE }),
      guaranteeDays: 91,
    });
    expect(tooLong.status).toBe(400);
    expect(await errorOf(tooLong)).toBe(COURSE_MESSAGES.guaranteeInvalid);
  });
});

describe("asking for a refund", () => {
  it("within the guarantee: the creator is e-mailed, Purchases shows it pending; one request per order", async () => {
    const lan = await signUpAndSignIn(ctx, { name: "Lan" });
    const { ref, orderId } = await paidOrder(lan, guaranteed);
    const checkout = (await (await call(lan, "GET", `/api/checkout/${ref}`)).json()) as CheckoutView;
    expect(checkout.guaranteeDays).toBe(14);
    const before = await purchase(lan, ref);
    expect(before).toMatchObject({ guaranteeDays: 14, canRequestRefund: true, refundRequest: null });

    // Not signed in, or someone else's order: refused.
    expect((await ask(null, ref)).status).toBe(401);
    const stranger = await ask(rival, ref);
    expect(stranger.status).toBe(404);
    expect(await errorOf(stranger)).toBe(PAYMENT_MESSAGES.orderNotFound);

    const asked = await ask(lan, ref, { reason: "The lessons are too fast for me." });
    expect(asked.status).toBe(201);
    expect(((await asked.json()) as RefundRequestView).status).toBe("pending");
    const [mail] = await mails(cara.email, "refund-requested");
    expect(mail.text).toContain(ref);
    expect(mail.text).toContain("The lessons are too fast for me.");
    expect(await purchase(lan, ref)).toMatchObject({
      canRequestRefund: false,
      refundRequest: { status: "pending", reason: "The lessons are too fast for me." },
    });

    const again = await ask(lan, ref);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(REFUND_REQUEST_MESSAGES.alreadyRequested);
    expect(await ctx.runtime.db.$count(refundRequests, eq(refundRequests.order_id, orderId))).toBe(1);
  });

  it("refused after the guarantee, without one, before payment, and when nothing was paid", async () => {
    const minh = await signUpAndSignIn(ctx, { name: "Minh" });
    const late = await paidOrder(minh, guaranteed);
    await ctx.runtime.db
      .update(orders)
      .set({ paid_at: sql`now() - interval '14 days 1 minute'` })
      .where(eq(orders.id, late.orderId));
    expect((await purchase(minh, late.ref)).canRequestRefund).toBe(false);
    const closed = await ask(minh, late.ref);
    expect(closed.status).toBe(409);
    expect(await errorOf(closed)).toBe(REFUND_REQUEST_MESSAGES.windowClosed);

    const none = await paidOrder(minh, noGuarantee);
    expect((await purchase(minh, none.ref)).canRequestRefund).toBe(false);
    expect(await errorOf(await ask(minh, none.ref))).toBe(REFUND_REQUEST_MESSAGES.noGuarantee);

    const hoa = await signUpAndSignIn(ctx, { name: "Hoa" });
    const open = await call(hoa, "POST", `/api/courses/${guaranteed}/enroll`, {});
    const { orderReference: unpaid } = (await open.json()) as { orderReference: string };
    const notPaid = await ask(hoa, unpaid);
    expect(notPaid.status).toBe(409);
    expect(await errorOf(notPaid)).toBe(PAYMENT_MESSAGES.notPaid);

    // A 100 % coupon pays the order with nothing: nothing to give back.
    expect(
      (
        await call(cara, "POST", "/api/earnings/coupons", {
          code: "GIFT100",
          kind: "percent",
          value: 100,
          courseId: guaranteed,
        })
      ).status,
    ).toBe(200);
    expect((await call(hoa, "POST", `/api/checkout/${unpaid}/coupon`, { code: "GIFT100" })).status).toBe(200);
    const gift = await ask(hoa, unpaid);
    expect(gift.status).toBe(409);
    expect(await errorOf(gift)).toBe(REFUND_MESSAGES.nothingToRefund);
    expect(await purchase(hoa, unpaid)).toMatchObject({ status: "paid", canRequestRefund: false });
  });
});

describe("the creator's queue", () => {
  it("only the course's creator sees, approves or declines a request", async () => {
    const tuan = await signUpAndSignIn(ctx, { name: "Tuấn" });
    const { ref } = await paidOrder(tuan, guaranteed);
    expect((await ask(tuan, ref)).status).toBe(201);
    const item = (await queue(cara)).find((r) => r.reference === ref);
    expect(item).toMatchObject({
      courseTitle: "Bánh mì bakery",
      studentName: "Tuấn",
      amount: PRICE,
      currency: "VND",
      guaranteeDays: 14,
      refundThrough: "manual",
      reason: null,
    });
    const id = item?.id as string;
    expect((await queue(rival)).some((r) => r.reference === ref)).toBe(false);
    // The buyer does not see it in an Earnings of their own; nobody signed in gets nothing.
    expect(await queue(tuan)).toEqual([]);
    expect((await call(null, "GET", "/api/earnings/refund-requests")).status).toBe(401);
    for (const [action, body] of [
      ["approve", {}],
      ["decline", { reason: "No" }],
    ] as const) {
      const refused = await call(rival, "POST", `/api/earnings/refund-requests/${id}/${action}`, body);
      expect(refused.status).toBe(404);
      expect(await errorOf(refused)).toBe(REFUND_REQUEST_MESSAGES.notFound);
    }
    const [row] = await ctx.runtime.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row.status).toBe("pending");
    expect(await ctx.runtime.db.$count(refunds, eq(refunds.order_id, row.order_id))).toBe(0);
  });

  it("Approve and refund records the refund, refunds the order and approves the request", async () => {
    const vy = await signUpAndSignIn(ctx, { name: "Vy" });
    const { ref, orderId } = await paidOrder(vy, guaranteed);
    expect((await ask(vy, ref)).status).toBe(201);
    const id = (await queue(cara)).find((r) => r.reference === ref)?.id as string;

    const approved = await call(cara, "POST", `/api/earnings/refund-requests/${id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      status: "succeeded",
      through: "manual",
      amount: PRICE,
      orderStatus: "refunded",
    } satisfies Partial<RefundView>);
    const [refund] = await ctx.runtime.db.select().from(refunds).where(eq(refunds.order_id, orderId));
    expect(refund).toMatchObject({ amount: PRICE, status: "succeeded", requested_by: cara.userId });
    const [row] = await ctx.runtime.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(row).toMatchObject({ status: "approved", decided_by: cara.userId });
    expect(row.decided_at).not.toBeNull();
    expect(await purchase(vy, ref)).toMatchObject({
      status: "refunded",
      refundedAmount: PRICE,
      refundRequest: { status: "approved" },
    });
    expect(await mails(vy.email, "order-refunded")).toHaveLength(1);
    expect((await queue(cara)).some((r) => r.id === id)).toBe(false);

    const twice = await call(cara, "POST", `/api/earnings/refund-requests/${id}/approve`, {});
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe(REFUND_REQUEST_MESSAGES.decided);
  });

  it("Decline needs a reason, e-mails it to the student, who keeps access and cannot ask again", async () => {
    const khoa = await signUpAndSignIn(ctx, { name: "Khoa" });
    const { ref, orderId } = await paidOrder(khoa, guaranteed);
    expect((await ask(khoa, ref, { reason: "Changed my mind" })).status).toBe(201);
    const id = (await queue(cara)).find((r) => r.reference === ref)?.id as string;

    const empty = await call(cara, "POST", `/api/earnings/refund-requests/${id}/decline`, { reason: " " });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe(PAYMENT_MESSAGES.reasonRequired);

    const reason = "You finished 9 of the 10 lessons.";
    const declined = await call(cara, "POST", `/api/earnings/refund-requests/${id}/decline`, { reason });
    expect(declined.status).toBe(200);
    expect(await declined.json()).toMatchObject({ status: "declined", declineReason: reason });
    const [mail] = await mails(khoa.email, "refund-request-declined");
    expect(mail.text).toContain(reason);
    expect(await purchase(khoa, ref)).toMatchObject({
      status: "paid",
      canRequestRefund: false,
      refundRequest: { status: "declined", declineReason: reason },
    });
    const [enrolment] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.course_id, guaranteed), eq(enrollments.student_id, khoa.userId)));
    expect(enrolment.payment_status).toBe("completed");
    expect(await ctx.runtime.db.$count(refunds, eq(refunds.order_id, orderId))).toBe(0);
    expect(await errorOf(await ask(khoa, ref))).toBe(REFUND_REQUEST_MESSAGES.alreadyRequested);
    expect((await call(cara, "POST", `/api/earnings/refund-requests/${id}/decline`, { reason })).status).toBe(
      409,
    );
  });
});
