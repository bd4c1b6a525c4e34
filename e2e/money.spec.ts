import { resolveSeo, resolveStyles } from "@academy/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeProviders, startFakeProviders } from "../apps/server/test/support/fake-providers.ts";
import { createVerifiedAccount, newAccount, useSession } from "./accounts.ts";
import {
  DESKTOP,
  e2eContext,
  expectNoHorizontalOverflow,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  trackRequests,
} from "./browser.ts";
import { type StartedServer, startServer } from "./server.ts";

const ctx = e2eContext();
const skip = "skip" in ctx && ctx.skip !== undefined;

const KEYS = {
  momo: {
    partnerCode: "MOMOE2E023",
    accessKey: "e2eAccessKey23",
    secretKey: "e2eSecretKeyForTheFakeMoMo000023",
  },
  zalopay: {
    appId: "2323",
    key1: "e2eZaloKey1ForTheFakeZaloPay0023",
    key2: "e2eZaloKey2ForTheFakeZaloPay0023",
  },
  stripe: { secretKey: "sk_test_e2eMoneyJourney000023", webhookSecret: "whsec_e2eMoneyJourney0000000023" },
};
const PRICE = 199000;

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Whole đồng in a formatted amount ("₫597,000" or "597.000 ₫"). */
function dong(text: string | null): number {
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

/**
 * Issue 23's browser journey ("money is never lost"), on a server of its own whose MoMo, ZaloPay
 * and Stripe hosts are the local fakes (which refuse reused ids and deliver callbacks as told):
 * - the creator sets up card payments from the UI alone and registers the webhook URL the page
 *   shows in the fake Stripe; a buyer pays by card and is enrolled;
 * - a buyer on a phone (Vietnamese) opens MoMo, comes back, switches to VietQR, then pays the MoMo
 *   page still open: enrolled once, nothing for the creator to sort out;
 * - a ZaloPay payment is in flight while the creator saves the payment tab: it still lands;
 * - a refund of the card order through the fake Stripe nets revenue;
 * - a student deletes the account: the creator's revenue is unchanged.
 */
describe.skipIf(skip)("money is never lost", () => {
  let browser: Browser;
  let server: StartedServer;
  let fake: FakeProviders;
  let baseURL = "";
  const creator = newAccount("money-seller", "Nguyễn Thu Trang");
  let creatorCookie = "";
  let courseId = "";
  let pageId = "";
  let cardReference = "";
  const slug = `money-e2e-${Date.now().toString(36)}`;
  let seller: BrowserContext;
  let builder: Page;

  const api = (path: string, method: string, body?: unknown) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { cookie: creatorCookie, origin: baseURL, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function buyerContext(viewport = DESKTOP, lang: "en" | "vi" = "en") {
    const context = trackRequests(
      await browser.newContext({ baseURL, viewport, locale: lang === "vi" ? "vi-VN" : "en-US" }),
    );
    if (lang === "vi") await context.addInitScript(() => localStorage.setItem("academy.lang", "vi"));
    const account = newAccount(`money-buyer-${lang}`, lang === "vi" ? "Phạm Minh Châu" : "Lena Hart");
    await useSession(context, baseURL, await createVerifiedAccount(baseURL, account));
    return { context, account };
  }

  async function startCheckout(page: Page, phone = false): Promise<string> {
    await page.goto(`/join/${courseId}?lp=${slug}`);
    await page.getByTestId("enroll-now").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}$/);
    await page.getByTestId("order-amount").waitFor();
    if (phone) await expectNoHorizontalOverflow(page, "checkout");
    return (await page.getByTestId("order-reference").textContent())?.trim() ?? "";
  }

  async function allTimeRevenue(page: Page): Promise<number> {
    await page.goto("/dashboard/earnings");
    const cell = page.getByTestId("revenue-VND-allTime");
    await cell.waitFor();
    return dong(await cell.textContent());
  }

  beforeAll(async () => {
    fake = await startFakeProviders(KEYS);
    server = await startServer({
      MOMO_BASE_URL: fake.url,
      ZALOPAY_BASE_URL: fake.url,
      STRIPE_BASE_URL: fake.url,
      PAYMENT_JOB_INTERVAL_MS: "2000",
    });
    baseURL = server.url;
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    creatorCookie = await createVerifiedAccount(baseURL, creator);
    const published = await api("/api/courses/publish", "POST", {
      title: "Tiếng Anh giao tiếp",
      description: "Nói tiếng Anh tự tin trong công việc.",
      category: "language",
      estimatedDuration: 1,
      price: PRICE,
      currency: "VND",
      outline: [
        {
          id: "s1",
          title: "Chào hỏi",
          lessons: [
            {
              id: "l1",
              title: "Giới thiệu bản thân",
              type: "text",
              duration: 10,
              content: { type: "text", html: "<p>Hello, my name is…</p>" },
            },
          ],
        },
      ],
    });
    expect(published.status).toBe(200);
    courseId = ((await published.json()) as { courseId: string }).courseId;
    const page = await api("/api/landing-pages", "POST", {
      title: "Tiếng Anh giao tiếp",
      description: "Khóa học tiếng Anh",
      slug,
      courseId,
      templateId: null,
      contentData: { sections: [] },
      styleData: resolveStyles({}),
      seoData: resolveSeo({}),
      isPublished: true,
    });
    expect(page.status).toBe(201);
    pageId = ((await page.json()) as { id: string }).id;
    const methods = await api(`/api/landing-pages/${pageId}/payment-methods`, "PUT", {
      methods: [
        {
          methodType: "vietqr",
          isEnabled: true,
          configuration: {
            bankCode: "VCB",
            accountNumber: "0071000123456",
            accountHolder: "NGUYEN THU TRANG",
          },
        },
        { methodType: "momo", isEnabled: true, configuration: KEYS.momo },
        { methodType: "zalopay", isEnabled: true, configuration: KEYS.zalopay },
      ],
    });
    expect(methods.status).toBe(200);
    seller = await newContext(browser, baseURL, DESKTOP);
    await useSession(seller, baseURL, creatorCookie);
    builder = await seller.newPage();
  }, 180_000);

  afterAll(async () => {
    await seller?.close();
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it("the creator sets up card from the UI alone; a buyer pays by card and is enrolled", async () => {
    // Seller details printed on receipts (issue 23 §9), from the Branding page; a bad tax code is refused.
    await builder.goto("/dashboard/branding");
    await builder.locator("#school-tax-code").fill("12345");
    await builder.getByRole("button", { name: "Save branding" }).first().click();
    await builder
      .getByTestId("receipt-details")
      .getByText(/A tax code is 10 digits/)
      .waitFor();
    await builder.locator("#school-tax-code").fill("0312345678");
    await builder.locator("#school-legal-name").fill("Hộ kinh doanh Nguyễn Thu Trang");
    await builder.locator("#school-address").fill("12 Hàng Bạc, Hoàn Kiếm, Hà Nội");
    await builder.getByRole("button", { name: "Save branding" }).first().click();
    await toast(builder, "Branding saved");

    await builder.goto(`/dashboard/landing-pages/builder/${pageId}?tab=payment`);
    await builder.locator("#new-payment-type").click();
    await builder.getByRole("option", { name: "Credit card" }).click();
    await builder.getByRole("button", { name: "Add payment method" }).click();
    await builder.locator("#pm-credit-card-publicKey").fill("pk_test_e2eMoney");
    await builder.locator("#pm-credit-card-secretKey").fill(KEYS.stripe.secretKey);
    await builder.locator("#pm-credit-card-webhookSecret").fill(KEYS.stripe.webhookSecret);
    await builder.getByRole("button", { name: "Done" }).click();
    await toast(builder, "Payment methods saved");
    const card = builder.locator('[data-testid="payment-item"][data-method="credit-card"]');
    await card.getByRole("button", { name: "Configure" }).click();
    const shown = builder.getByTestId("pm-card-webhook-url");
    await shown.waitFor();
    // What the creator pastes into Stripe's dashboard: the URL the page shows, nothing else.
    fake.stripeWebhookUrl = (await shown.textContent()) ?? "";
    expect(fake.stripeWebhookUrl).toMatch(/\/api\/payments\/callbacks\/stripe\/[0-9a-f-]{36}$/);
    await screenshot(builder, "money-card-webhook-desktop");

    const { context } = await buyerContext(DESKTOP, "en");
    const page = await context.newPage();
    cardReference = await startCheckout(page);
    await page.getByTestId("method-credit-card").click();
    await page.waitForURL(new RegExp(`^${fake.url}/pay/stripe/`));
    await page.locator("#fake-pay").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}\?return=card$/);
    await page.getByTestId("start-learning").waitFor({ timeout: 20_000 });
    await screenshot(page, "money-card-paid-desktop");
    await context.close();
  }, 120_000);

  it("on a phone in Vietnamese: MoMo, back, VietQR, then the MoMo page still open is paid — enrolled once", async () => {
    const { context } = await buyerContext(PHONE, "vi");
    const page = await context.newPage();
    const reference = await startCheckout(page, true);
    await page.getByTestId("method-momo").click();
    await page.waitForURL(new RegExp(`^${fake.url}/pay/momo/`));
    const momoPage = page.url();
    await page.goto(`/checkout/${reference}`);
    await page.getByTestId("order-amount").waitFor();
    // Back from MoMo's page the checkout checks the MoMo payment instead of inviting a second one;
    // the buyer says they did not pay and changes their mind.
    await page.getByTestId("checking-payment").waitFor();
    await expectNoHorizontalOverflow(page, "checking the payment");
    await screenshot(page, "money-checking-phone-vi");
    await page.getByTestId("choose-another-way").click();
    await page.getByTestId("method-vietqr").click();
    await page.getByTestId("vietqr-image").waitFor();
    await expectNoHorizontalOverflow(page, "checkout with VietQR");
    await screenshot(page, "money-switch-vietqr-phone-vi");
    // …and then pays the MoMo page left open in another tab.
    await page.goto(momoPage);
    await page.locator("#fake-pay").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}\?return=momo$/);
    await page.getByTestId("start-learning").waitFor({ timeout: 20_000 });
    await expectNoHorizontalOverflow(page, "checkout paid");
    await screenshot(page, "money-switch-paid-phone-vi");
    // Purchases in account settings: the order, paid, with its receipt (issue 23 §9).
    await page.goto("/dashboard/account#purchases");
    const purchase = page.getByTestId(`purchase-${reference}`);
    await purchase.waitFor();
    expect(await purchase.textContent()).toContain("Đã thanh toán");
    await expectNoHorizontalOverflow(page, "purchases");
    await purchase.scrollIntoViewIfNeeded();
    await screenshot(page, "money-purchases-phone-vi");
    const receipt = await page.request.get(
      (await page.getByTestId(`receipt-pdf-${reference}`).getAttribute("href")) ?? "",
    );
    expect(receipt.status()).toBe(200);
    const pdf = await receipt.body();
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.getByTestId(`receipt-email-${reference}`).click();
    await toast(page, "Biên nhận đang được gửi");
    const orders = (await (await api(`/api/earnings/orders?q=${reference}`, "GET")).json()) as {
      orders: { reference: string; status: string; flagged: boolean }[];
    };
    expect(orders.orders.map((o) => [o.reference, o.status, o.flagged])).toEqual([
      [reference, "paid", false],
    ]);
    const attention = (await (await api("/api/earnings/attention", "GET")).json()) as { items: unknown[] };
    expect(attention.items).toEqual([]);
    await context.close();
  }, 120_000);

  it("a ZaloPay payment in flight while the creator saves the payment tab still lands", async () => {
    const { context } = await buyerContext(DESKTOP, "vi");
    const page = await context.newPage();
    await startCheckout(page);
    await page.getByTestId("method-zalopay").click();
    await page.waitForURL(new RegExp(`^${fake.url}/pay/zalopay/`));
    // ZaloPay's callback is held back and its status query is down: only the callback, sent to the
    // URL given before the save, can settle this payment.
    fake.delivery.zalopay = "late";
    fake.queriesDown = true;
    await page.locator("#fake-pay").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}\?return=zalopay$/);
    // No callback yet: "Checking your payment…", never the method picker.
    await page.getByTestId("checking-payment").waitFor();
    expect(await page.getByTestId("method-zalopay").count()).toBe(0);
    await screenshot(page, "money-checking-desktop-vi");

    // Meanwhile the creator fixes the VietQR holder's name and saves the tab.
    await builder.goto(`/dashboard/landing-pages/builder/${pageId}?tab=payment`);
    const vietqr = builder.locator('[data-testid="payment-item"][data-method="vietqr"]');
    await vietqr.getByRole("button", { name: "Configure" }).click();
    await builder.locator("#pm-vietqr-accountHolder").fill("NGUYEN THI THU TRANG");
    await builder.getByRole("button", { name: "Done" }).click();
    await toast(builder, "Payment methods saved");

    // ZaloPay's callback arrives now, at the URL it was given before the save.
    fake.delivery.zalopay = "now";
    expect(await page.getByTestId("start-learning").count()).toBe(0);
    expect(await fake.flushLate()).toEqual([200]);
    await page.getByTestId("start-learning").waitFor({ timeout: 20_000 });
    fake.queriesDown = false;
    await screenshot(page, "money-zalopay-after-save-desktop-vi");
    await context.close();
  }, 120_000);

  it("a refund through the (fake) Stripe nets revenue; a student deleting the account changes nothing", async () => {
    expect(await allTimeRevenue(builder)).toBe(3 * PRICE);
    const row = builder.getByTestId(`order-${cardReference}`);
    await row.waitFor();
    await builder.getByTestId(`refund-${cardReference}`).click();
    await builder.getByTestId("refund-dialog").waitFor();
    await screenshot(builder, "money-refund-dialog-desktop");
    await builder.getByTestId("refund-confirm").click();
    await expect.poll(() => fake.refunds.list.filter((r) => r.provider === "stripe").length).toBe(1);
    await expect.poll(() => allTimeRevenue(builder), { timeout: 20_000 }).toBe(2 * PRICE);

    // A buyer deletes their account (with the password) on a phone.
    const { context, account } = await buyerContext(PHONE, "en");
    const page = await context.newPage();
    const reference = await startCheckout(page, true);
    await page.getByTestId("method-momo").click();
    await page.waitForURL(new RegExp(`^${fake.url}/pay/momo/`));
    await page.locator("#fake-pay").click();
    await page.getByTestId("start-learning").waitFor({ timeout: 20_000 });
    expect(await allTimeRevenue(builder)).toBe(3 * PRICE);
    await page.goto("/dashboard/account");
    await page.getByTestId("delete-account").click();
    const dialog = page.getByRole("alertdialog");
    await dialog.locator("#delete-password").fill(account.password);
    await expectNoHorizontalOverflow(page, "delete account dialog");
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === "/account-deleted");
    await expectNoHorizontalOverflow(page, "account deleted");
    await context.close();

    expect(await allTimeRevenue(builder)).toBe(3 * PRICE);
    const kept = builder.getByTestId(`order-${reference}`);
    await kept.waitFor();
    expect(await kept.textContent()).toContain("Deleted student");
    await screenshot(builder, "money-earnings-after-deletion-desktop");
    const phone = await newContext(browser, baseURL, PHONE);
    await useSession(phone, baseURL, creatorCookie);
    const earnings = await phone.newPage();
    expect(await allTimeRevenue(earnings)).toBe(3 * PRICE);
    await expectNoHorizontalOverflow(earnings, "earnings");
    await screenshot(earnings, "money-earnings-phone");
    await phone.close();
  }, 180_000);
});
