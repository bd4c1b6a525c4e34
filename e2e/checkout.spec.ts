import { parseEmvTlv, resolveSeo, resolveStyles } from "@academy/shared";
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
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

const MOMO = {
  partnerCode: "MOMOE2E001",
  accessKey: "e2eAccessKey01",
  secretKey: "e2eSecretKeyForTheFakeMoMo000001",
};
const PRICE = 199000;

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Reads the QR code of a data: URL PNG and returns its text. */
function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64"));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error("QR code not readable");
  return code.data;
}

/**
 * Issue 11 journeys on a server of their own whose MoMo base URL points at the local fake MoMo:
 * a student pays by VietQR from a landing page (the QR decodes with the amount and the reference),
 * taps "I have transferred", the creator confirms in the verification queue and the student learns;
 * another student pays through the fake MoMo on a phone and is enrolled without the creator; the
 * coupon and the referral show up in Earnings.
 */
describe.skipIf(skip)("selling a course", () => {
  let browser: Browser;
  let server: StartedServer;
  let fake: FakeProviders;
  let baseURL = "";
  const creator = newAccount("seller", "Trần Minh Khoa");
  const buyer = newAccount("buyer", "Lê Thu Hà");
  const phoneBuyer = newAccount("momo", "Võ Anh Tú");
  let creatorCookie = "";
  let courseId = "";
  const slug = `pho-e2e-${Date.now().toString(36)}`;

  const api = (path: string, method: string, body: unknown) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { cookie: creatorCookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    fake = await startFakeProviders({ momo: MOMO });
    server = await startServer({ MOMO_BASE_URL: fake.url });
    baseURL = server.url;
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    creatorCookie = await createVerifiedAccount(baseURL, creator);
    const published = await api("/api/courses/publish", "POST", {
      title: "Nấu phở Hà Nội",
      description: "Học nấu phở bò chuẩn vị Hà Nội tại nhà, từng bước một.",
      category: "creative",
      estimatedDuration: 1,
      price: PRICE,
      currency: "VND",
      outline: [
        {
          id: "s1",
          title: "Nước dùng",
          lessons: [
            {
              id: "l1",
              title: "Ninh xương",
              type: "text",
              duration: 10,
              content: { type: "text", html: "<p>Ninh xương 8 tiếng.</p>" },
            },
          ],
        },
      ],
    });
    expect(published.status).toBe(200);
    courseId = ((await published.json()) as { courseId: string }).courseId;
    const page = await api("/api/landing-pages", "POST", {
      title: "Nấu phở Hà Nội",
      description: "Khóa học nấu phở",
      slug,
      courseId,
      templateId: null,
      contentData: {
        sections: [
          {
            id: "hero",
            type: "hero",
            title: "",
            content: {
              headline: "Nấu phở như đầu bếp Hà Nội",
              subheadline: "Nước dùng, bánh, rau thơm",
              ctaText: "Đăng ký ngay",
            },
            styles: { backgroundColor: "transparent", textColor: "", padding: "2rem" },
          },
        ],
      },
      styleData: resolveStyles({}),
      seoData: resolveSeo({}),
      isPublished: true,
    });
    expect(page.status).toBe(201);
    const { id: pageId } = (await page.json()) as { id: string };
    const methods = await api(`/api/landing-pages/${pageId}/payment-methods`, "PUT", {
      methods: [
        {
          methodType: "vietqr",
          isEnabled: true,
          configuration: { bankCode: "VCB", accountNumber: "0071000123456", accountHolder: "TRAN MINH KHOA" },
        },
        { methodType: "momo", isEnabled: true, configuration: MOMO },
      ],
    });
    expect(methods.status).toBe(200);
    expect(
      (await api("/api/earnings/coupons", "POST", { code: "PHO10", kind: "percent", value: 10 })).status,
    ).toBe(200);
    expect(
      (
        await api("/api/earnings/partners", "POST", {
          name: "Bếp Lan",
          code: "BEPLAN",
          commissionPercent: 15,
        })
      ).status,
    ).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it("VietQR from a landing page with a coupon and a referral; the creator confirms; the student learns", async () => {
    const student = trackRequests(await browser.newContext({ baseURL, viewport: DESKTOP, locale: "en-US" }));
    await useSession(student, baseURL, await createVerifiedAccount(baseURL, buyer));
    const page = await student.newPage();
    // Issue 12 §3: the campaign of the visit goes with the enrol link and stays on the order.
    await page.goto(`/lp/${slug}?ref=BEPLAN&utm_source=Facebook&utm_campaign=tet`);
    await page.locator("a[data-enrol]").first().click();
    await page.waitForURL(
      new RegExp(`/join/${courseId}\\?lp=${slug}&ref=BEPLAN&utm_source=facebook&utm_campaign=tet$`),
    );
    await page.getByTestId("enroll-now").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}$/);
    const reference = (await page.getByTestId("order-reference").textContent())?.trim() ?? "";
    expect(reference).toMatch(/^[A-Z2-9]{8}$/);

    await page.getByTestId("coupon-input").fill("pho10");
    await page.getByTestId("coupon-apply").click();
    await toast(page, "Coupon applied");
    await page.getByTestId("method-vietqr").click();
    const qr = page.getByTestId("vietqr-image");
    await qr.waitFor();
    const payload = decodeQr((await qr.getAttribute("src")) ?? "");
    const fields = parseEmvTlv(payload);
    expect(fields.get("54")).toBe(String(PRICE - PRICE / 10));
    expect(parseEmvTlv(fields.get("62") ?? "").get("08")).toBe(reference);
    expect(await page.getByTestId("transfer-note").textContent()).toBe(reference);
    await screenshot(page, "checkout-vietqr-desktop");

    await page.getByTestId("i-have-transferred").click();
    await page.getByTestId("awaiting").waitFor();

    // The creator confirms it in the verification queue.
    const seller = await newContext(browser, baseURL, DESKTOP);
    await useSession(seller, baseURL, creatorCookie);
    const queue = await seller.newPage();
    await queue.goto("/dashboard/earnings");
    await queue.getByTestId("awaiting-banner").waitFor();
    const row = queue.getByTestId(`order-${reference}`);
    await row.waitFor();
    expect(await row.textContent()).toContain("PHO10");
    expect(await row.textContent()).toContain("BEPLAN");
    await screenshot(queue, "earnings-queue-desktop");
    await queue.getByTestId(`confirm-${reference}`).click();
    await toast(queue, "Payment confirmed");

    // The student's page learns it live and opens the course.
    await page.getByTestId("start-learning").waitFor({ timeout: 20_000 });
    await screenshot(page, "checkout-paid-desktop");
    await page.getByTestId("start-learning").click();
    await page.waitForURL(new RegExp(`/learn/${courseId}`));
    await page.getByTestId("lesson-player").waitFor();

    // Earnings: revenue, the coupon's redemption and the partner's commission.
    await queue.reload();
    await queue.getByTestId("revenue-VND-allTime").waitFor();
    expect(await queue.getByTestId("revenue-VND-allTime").textContent()).toMatch(/179,100/);
    expect(await queue.getByTestId("coupon-PHO10").textContent()).toContain("used 1");
    expect(await queue.getByTestId("partner-BEPLAN").textContent()).toMatch(
      /1 order · sales ₫179,100 · commission ₫26,865/,
    );
    await screenshot(queue, "earnings-desktop");

    // Analytics attributes the sale to the campaign (issue 12 §3): Revenue by source and campaign.
    await queue.goto("/dashboard/analytics");
    await queue.getByTestId("panel-overview").waitFor();
    await queue.getByTestId("enrolments-by-source").getByText("Facebook").waitFor();
    await queue.getByTestId("tab-revenue").click();
    const bySource = queue.getByTestId("revenue-by-source");
    await bySource.getByText("Facebook").waitFor();
    expect(await bySource.textContent()).toMatch(/₫179,100/);
    expect(await queue.getByTestId("revenue-by-campaign").textContent()).toContain("facebook / - / tet");
    await screenshot(queue, "analytics-revenue-by-source-desktop");
    const sellerPhone = await newContext(browser, baseURL, PHONE);
    await useSession(sellerPhone, baseURL, creatorCookie);
    const phone = await sellerPhone.newPage();
    await phone.goto("/dashboard/analytics");
    await phone.getByTestId("enrolments-by-source").getByText("Facebook").waitFor();
    await expectNoHorizontalOverflow(phone, "analytics overview with sources");
    await screenshot(phone, "analytics-sources-phone");
    await phone.getByTestId("tab-revenue").click();
    await phone.getByTestId("revenue-by-campaign").getByText("facebook / - / tet").waitFor();
    await expectNoHorizontalOverflow(phone, "analytics revenue by source");
    await screenshot(phone, "analytics-revenue-by-source-phone");
    await sellerPhone.close();
    await student.close();
    await seller.close();
  }, 180_000);

  it("on a phone: pays through the (fake) MoMo and is enrolled without the creator", async () => {
    const phone = await newContext(browser, baseURL, PHONE);
    await useSession(phone, baseURL, await createVerifiedAccount(baseURL, phoneBuyer));
    const page = await phone.newPage();
    await page.goto(`/join/${courseId}?lp=${slug}`);
    await page.getByTestId("enroll-now").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}$/);
    await page.getByTestId("order-amount").waitFor();
    await expectNoHorizontalOverflow(page, "checkout");
    await screenshot(page, "checkout-phone");
    await page.getByTestId("method-momo").click();
    await page.waitForURL(new RegExp(`^${fake.url}/pay/momo/`));
    await page.locator("#fake-pay").click();
    await page.waitForURL(/\/checkout\/[A-Z2-9]{8}\?return=momo$/);
    await page.getByTestId("start-learning").waitFor({ timeout: 20_000 });
    await expectNoHorizontalOverflow(page, "checkout paid");
    await screenshot(page, "checkout-momo-paid-phone");

    const seller = await newContext(browser, baseURL, PHONE);
    await useSession(seller, baseURL, creatorCookie);
    const earnings = await seller.newPage();
    await earnings.goto("/dashboard/earnings");
    await earnings.getByTestId("revenue-VND-allTime").waitFor();
    await expectNoHorizontalOverflow(earnings, "earnings");
    await screenshot(earnings, "earnings-phone");
    await phone.close();
    await seller.close();
  }, 120_000);
});
