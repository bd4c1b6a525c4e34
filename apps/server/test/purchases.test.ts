import type { PurchaseList, SchoolBranding } from "@academy/shared";
import { PURCHASE_MESSAGES, SCHOOL_MESSAGES } from "@academy/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orders } from "../src/db/schema/index.ts";
import { RECEIPT_EMAILS_PER_HOUR } from "../src/features/payments/purchases.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { pdfText } from "./support/pdf.ts";
import { sellCourse } from "./support/sell.ts";

/** Issue 23 §9: the student's Purchases, the receipt PDF and e-mail, the seller's receipt details. */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let lan: Account;
let courseId: string;

async function call(who: Account | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}

/** A student who bought the course by VietQR, confirmed by the creator. @returns the reference. */
async function paidBuyer(student: Account): Promise<string> {
  const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, {});
  const { orderReference: ref } = (await enrolled.json()) as { orderReference: string };
  expect((await call(student, "POST", `/api/checkout/${ref}/method`, { method: "vietqr" })).status).toBe(200);
  expect((await call(student, "POST", `/api/checkout/${ref}/transferred`, {})).status).toBe(200);
  const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
  expect((await call(lan, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(200);
  return ref;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  lan = await signUpAndSignIn(ctx, { name: "Nguyễn Thị Lan" });
  courseId = await publishCourse(
    ctx,
    lan.cookie,
    oneLessonDraft("Tiếng Anh giao tiếp", { price: 250000, currency: "VND" }),
  );
  await sellCourse(ctx, lan.cookie, courseId, [
    {
      methodType: "vietqr",
      isEnabled: true,
      configuration: { bankCode: "VCB", accountNumber: "0123456789", accountHolder: "NGUYEN THI LAN" },
    },
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("seller details for receipts", () => {
  it("a tax code must be 10 digits (or 10-3); the details are kept", async () => {
    const current = (await (await call(lan, "GET", "/api/schools/me/branding")).json()) as SchoolBranding;
    const body = {
      name: current.name,
      slug: current.slug,
      description: current.description,
      logoUrl: current.logoUrl,
      faviconUrl: current.faviconUrl,
      primaryColor: current.primaryColor,
      accentColor: current.accentColor,
      font: current.font,
      supportEmail: "hello@lan.example",
      socialLinks: current.socialLinks,
      legalName: "Hộ kinh doanh Nguyễn Thị Lan",
      businessAddress: "12 Hàng Bạc, Hoàn Kiếm, Hà Nội",
    };
    const bad = await call(lan, "PUT", "/api/schools/me/branding", { ...body, taxCode: "12345" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      SCHOOL_MESSAGES.taxCodeInvalid,
    );
    const ok = await call(lan, "PUT", "/api/schools/me/branding", { ...body, taxCode: "0312345678-001" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      taxCode: "0312345678-001",
      legalName: "Hộ kinh doanh Nguyễn Thị Lan",
    });
  });
});

describe("Purchases", () => {
  it("lists the student's own orders, newest first, paged; the receipt PDF names seller, buyer, amount and tax code", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Trần Minh" });
    expect(((await (await call(student, "GET", "/api/purchases")).json()) as PurchaseList).purchases).toEqual(
      [],
    );
    const ref = await paidBuyer(student);
    const list = (await (await call(student, "GET", "/api/purchases?pageSize=5")).json()) as PurchaseList;
    expect(list.total).toBe(1);
    expect(list.purchases[0]).toMatchObject({
      reference: ref,
      status: "paid",
      method: "vietqr",
      amount: 250000,
      currency: "VND",
      courseTitle: "Tiếng Anh giao tiếp",
      hasReceipt: true,
      refundedAmount: 0,
    });
    expect((await call(student, "GET", "/api/purchases?pageSize=500")).status).toBe(400);

    const pdf = await call(student, "GET", `/api/purchases/${ref}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const part of [
      `Biên nhận ${ref}`,
      "Hộ kinh doanh Nguyễn Thị Lan",
      "0312345678-001",
      "12 Hàng Bạc, Hoàn Kiếm, Hà Nội",
      "hello@lan.example",
      "Trần Minh",
      student.email,
      "Tiếng Anh giao tiếp",
      "250.000",
      "VietQR",
    ])
      expect(text).toContain(part);

    // Someone else's order, or an order without payment: no receipt.
    const other = await signUpAndSignIn(ctx);
    expect((await call(other, "GET", `/api/purchases/${ref}/receipt.pdf`)).status).toBe(404);
    const open = await call(other, "POST", `/api/courses/${courseId}/enroll`, {});
    const { orderReference: unpaid } = (await open.json()) as { orderReference: string };
    const none = await call(other, "GET", `/api/purchases/${unpaid}/receipt.pdf`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe(
      PURCHASE_MESSAGES.receiptNotFound,
    );
    expect(
      ((await (await call(other, "GET", "/api/purchases")).json()) as PurchaseList).purchases,
    ).toMatchObject([{ reference: unpaid, status: "pending", hasReceipt: false }]);
    expect((await call(null, "GET", "/api/purchases")).status).toBe(401);
  });

  it("e-mails the receipt, at most a few times an hour; a refund shows on Purchases and on the receipt", async () => {
    const student = await signUpAndSignIn(ctx, { name: "Lê Hoa" });
    const ref = await paidBuyer(student);
    for (let i = 0; i < RECEIPT_EMAILS_PER_HOUR; i++)
      expect((await call(student, "POST", `/api/purchases/${ref}/receipt-email`, {})).status).toBe(200);
    const limited = await call(student, "POST", `/api/purchases/${ref}/receipt-email`, {});
    expect(limited.status).toBe(429);
    const mails = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, student.email.toLowerCase()),
          eq(emailOutbox.template, "purchase-receipt"),
        ),
      );
    expect(mails).toHaveLength(RECEIPT_EMAILS_PER_HOUR);

    const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
    expect(
      (await call(lan, "POST", `/api/earnings/orders/${order.id}/refund`, { outside: true })).status,
    ).toBe(200);
    const list = (await (await call(student, "GET", "/api/purchases")).json()) as PurchaseList;
    expect(list.purchases[0]).toMatchObject({ reference: ref, status: "refunded", refundedAmount: 250000 });
    const text = await pdfText(
      new Uint8Array(await (await call(student, "GET", `/api/purchases/${ref}/receipt.pdf`)).arrayBuffer()),
    );
    expect(text).toContain("Đã hoàn tiền");
  });
});
