import type { ErrorBody, PaymentMethod } from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentAttempts, paymentMethods } from "../src/db/schema/index.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  TEST_ORIGIN,
  type TestContext,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Issue 23 §1, §3, §5 (payments audit D1, D3; security N2; ux B1, M4): saving a landing page's
 * Payment tab keeps every method's id (so callback URLs and the Stripe webhook survive), a method
 * removed while a payment is open is archived instead of deleted, the card method shows its webhook
 * URL, and an enabled method cannot be saved with required fields empty.
 */

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let cara: Account;
let courseId: string;
let pageId: string;

const CASH = {
  methodType: "cash",
  isEnabled: true,
  configuration: { stores: "12 Hàng Bạc", instructions: "Pay at the desk" },
};
const MOMO = {
  methodType: "momo",
  isEnabled: true,
  configuration: { mode: "sandbox", partnerCode: "MOMOTEST", accessKey: "acc-1", secretKey: "sec-1" },
};
const ZALO = {
  methodType: "zalopay",
  isEnabled: true,
  configuration: { mode: "sandbox", appId: "2553", key1: "k1", key2: "k2" },
};
const CARD = {
  methodType: "credit-card",
  isEnabled: true,
  configuration: {
    mode: "sandbox",
    publicKey: "pk_test_abc",
    secretKey: "sk_test_abc",
    webhookSecret: "whsec_abc",
  },
};
const VIETQR = {
  methodType: "vietqr",
  isEnabled: true,
  configuration: { bankCode: "VCB", accountNumber: "0123456789", accountHolder: "NGUYEN CARA" },
};

async function put(methods: unknown[]) {
  return ctx.request(`/api/landing-pages/${pageId}/payment-methods`, {
    method: "PUT",
    cookie: cara.cookie,
    json: { methods },
  });
}
async function saved(methods: unknown[]): Promise<PaymentMethod[]> {
  const response = await put(methods);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { methods: PaymentMethod[] }).methods;
}
async function listed(): Promise<PaymentMethod[]> {
  const response = await ctx.request(`/api/landing-pages/${pageId}/payment-methods`, { cookie: cara.cookie });
  return ((await response.json()) as { methods: PaymentMethod[] }).methods;
}
const idsByType = (methods: PaymentMethod[]) => Object.fromEntries(methods.map((m) => [m.methodType, m.id]));
async function row(id: string) {
  const [r] = await ctx.runtime.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return r;
}

/** An order of the course whose chosen method is `methodId`, and optionally an attempt with it. */
async function openPayment(methodId: string, kind: "attempt" | "order", status: string) {
  const [order] = await ctx.runtime.db
    .insert(orders)
    .values({
      reference: `R${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      course_id: courseId,
      landing_page_id: pageId,
      payment_method_id: kind === "order" ? methodId : null,
      method: "zalopay",
      list_amount: 199_000,
      amount: 199_000,
      currency: "VND",
      status: kind === "order" ? status : "expired",
      expires_at: new Date(Date.now() + 15 * 60_000),
    })
    .returning();
  if (kind === "attempt")
    await ctx.runtime.db.insert(paymentAttempts).values({
      order_id: order.id,
      payment_method_id: methodId,
      provider: "zalopay",
      attempt_no: 1,
      provider_order_id: `261128_${order.reference}_1`,
      amount: 199_000,
      currency: "VND",
      status,
      provider_expires_at: new Date(Date.now() + 15 * 60_000),
    });
  return order.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Cara Creator" });
  courseId = await publishCourse(
    ctx,
    cara.cookie,
    oneLessonDraft("Stable ids", { price: 199_000, currency: "VND" }),
  );
  pageId = await sellCourse(ctx, cara.cookie, courseId, [CASH]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("stable payment method ids (issue 23 §3)", () => {
  it("keeps every id across re-saves, reorders and edits; the card shows its webhook URL", async () => {
    const first = await saved([CASH, MOMO, ZALO, CARD]);
    const ids = idsByType(first);
    expect(Object.values(ids).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    const card = first.find((m) => m.methodType === "credit-card");
    expect(card?.webhookUrl).toBe(`${TEST_ORIGIN}/api/payments/callbacks/stripe/${ids["credit-card"]}`);
    expect(first.filter((m) => m.methodType !== "credit-card").every((m) => m.webhookUrl === null)).toBe(
      true,
    );

    // Reordered, secrets left out (kept), cash instructions edited, MoMo switched off.
    const again = await saved([
      { ...CARD, configuration: { mode: "sandbox", publicKey: "pk_test_abc" } },
      { ...ZALO, configuration: { mode: "sandbox", appId: "2553" } },
      { ...CASH, configuration: { stores: "12 Hàng Bạc", instructions: "Bring the reference" } },
      { ...MOMO, isEnabled: false, configuration: { mode: "sandbox", partnerCode: "MOMOTEST" } },
    ]);
    expect(idsByType(again)).toEqual(ids);
    expect(again.map((m) => m.methodType)).toEqual(["credit-card", "zalopay", "cash", "momo"]);
    expect(idsByType(await listed())).toEqual(ids);
    expect((await listed()).find((m) => m.methodType === "credit-card")?.webhookUrl).toBe(card?.webhookUrl);
    expect((await row(ids.cash)).configuration).toMatchObject({ instructions: "Bring the reference" });
  });

  it("a removed method with an open attempt is archived (kept for callbacks) and comes back with the same id", async () => {
    const ids = idsByType(await saved([CASH, MOMO, ZALO, CARD]));
    await openPayment(ids.zalopay, "attempt", "open");
    await openPayment(ids.momo, "order", "pending");
    const kept = await saved([CASH, CARD]);
    expect(kept.map((m) => m.methodType)).toEqual(["cash", "credit-card"]);
    expect(idsByType(await listed())).toEqual({ cash: ids.cash, "credit-card": ids["credit-card"] });
    // Both are still there for late callbacks, archived and off, with their keys.
    for (const id of [ids.zalopay, ids.momo]) {
      const stored = await row(id);
      expect(stored.archived_at).toBeInstanceOf(Date);
      expect(stored.is_enabled).toBe(false);
      expect(stored.secret_data).toMatch(/^v1\./);
    }
    // The public page does not offer an archived method.
    const { slug } = (await (
      await ctx.request(`/api/landing-pages/${pageId}`, { cookie: cara.cookie })
    ).json()) as { slug: string };
    const html = await (await ctx.request(`/lp/${slug}`)).text();
    expect(html).toContain('data-method="cash"');
    expect(html).not.toContain('data-method="zalopay"');
    expect(html).not.toContain('data-method="momo"');
    // Re-adding ZaloPay restores the same row (same id, un-archived), keys kept when left out.
    const back = await saved([CASH, CARD, { ...ZALO, configuration: { mode: "sandbox", appId: "2553" } }]);
    expect(idsByType(back).zalopay).toBe(ids.zalopay);
    const restored = await row(ids.zalopay);
    expect(restored.archived_at).toBeNull();
    expect(restored.is_enabled).toBe(true);
    expect(back.find((m) => m.methodType === "zalopay")?.secretsSet).toEqual({ key1: true, key2: true });
  });

  it("a removed method with no open attempt or order is deleted; finished ones do not hold it, but a paid wallet attempt does (refund keys)", async () => {
    const BANK = {
      methodType: "bank-transfer",
      isEnabled: true,
      configuration: { bankName: "ACB", accountNumber: "99887766", accountHolder: "CARA", swiftCode: "" },
    };
    const ids = idsByType(await saved([CASH, VIETQR, BANK]));
    await openPayment(ids.vietqr, "order", "paid");
    await openPayment(ids["bank-transfer"], "attempt", "failed");
    await saved([CASH]);
    expect(await row(ids.vietqr)).toBeUndefined();
    expect(await row(ids["bank-transfer"])).toBeUndefined();
    // Re-adding after a delete makes a new row.
    const again = await saved([CASH, VIETQR]);
    // A wallet that took money keeps its row (and keys) for refunds, archived.
    const withZalo = idsByType(await saved([CASH, VIETQR, ZALO]));
    await openPayment(withZalo.zalopay, "attempt", "paid");
    await saved([CASH, VIETQR]);
    expect((await row(withZalo.zalopay))?.archived_at).toBeInstanceOf(Date);
    expect(idsByType(again).vietqr).not.toBe(ids.vietqr);
    expect(idsByType(again).cash).toBe(ids.cash);
  });
});

describe("an enabled method needs its required fields (issue 23 §5)", () => {
  const issuesOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return ((await response.json()) as ErrorBody).error.issues ?? [];
  };

  it("refuses empty required fields per field, and writes nothing", async () => {
    const before = await listed();
    const issues = await issuesOf(
      await put([
        {
          methodType: "vietqr",
          isEnabled: true,
          configuration: { bankCode: "VCB", accountNumber: "", accountHolder: "" },
        },
        {
          methodType: "bank-transfer",
          isEnabled: true,
          configuration: { bankName: "", accountNumber: "123456", accountHolder: "A" },
        },
        { methodType: "cash", isEnabled: true, configuration: { stores: "", instructions: " " } },
      ]),
    );
    expect(issues).toEqual([
      {
        path: "methods.0.configuration.accountNumber",
        message: "Enter the account number (6 to 19 digits), or turn this method off.",
      },
      {
        path: "methods.0.configuration.accountHolder",
        message: "Enter the account holder's name, or turn this method off.",
      },
      { path: "methods.1.configuration.bankName", message: "Choose the bank, or turn this method off." },
      {
        path: "methods.2.configuration.stores",
        message: "Enter where to pay or instructions, or turn this method off.",
      },
    ]);
    expect(await listed()).toEqual(before);
  });

  it("checks secrets against the stored ones: a left-out stored secret passes, a never-stored one does not", async () => {
    await saved([CASH]);
    // A new card without its webhook secret (none stored): refused at the secret's path.
    const issues = await issuesOf(
      await put([
        CASH,
        { ...CARD, configuration: { mode: "sandbox", publicKey: "pk_test_abc", secretKey: "sk_test_abc" } },
      ]),
    );
    expect(issues).toEqual([
      {
        path: "methods.1.configuration.webhookSecret",
        message: "Enter the Stripe webhook signing secret, or turn this method off.",
      },
    ]);
    // Stored once, then left out: accepted.
    await saved([CASH, CARD]);
    await saved([CASH, { ...CARD, configuration: { mode: "sandbox", publicKey: "pk_test_abc" } }]);
    // MoMo with only the partner code, on a page that never stored MoMo keys: both keys missing.
    pageId = await sellCourse(ctx, cara.cookie, courseId, [CASH]);
    const momo = await issuesOf(
      await put([CASH, CARD, { ...MOMO, configuration: { mode: "sandbox", partnerCode: "P" } }]),
    );
    expect(momo.map((i) => i.path)).toEqual([
      "methods.2.configuration.accessKey",
      "methods.2.configuration.secretKey",
    ]);
  });

  it("a disabled incomplete method may be saved", async () => {
    const methods = await saved([
      CASH,
      { methodType: "zalopay", isEnabled: false, configuration: { mode: "sandbox", appId: "" } },
    ]);
    expect(methods.find((m) => m.methodType === "zalopay")).toMatchObject({ isEnabled: false });
  });

  it("a card's provider is always Stripe, whatever is sent", async () => {
    const methods = await saved([
      CASH,
      { ...CARD, configuration: { ...CARD.configuration, provider: "PayPal" } },
    ]);
    expect(methods.find((m) => m.methodType === "credit-card")?.configuration.provider).toBe("stripe");
  });
});
