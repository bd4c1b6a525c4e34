import { Resvg } from "@resvg/resvg-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount, newAccount, useSession } from "./accounts.ts";
import {
  DESKTOP,
  e2eContext,
  expectNoHorizontalOverflow,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from "./browser.ts";

const ctx = e2eContext();
const skip = "skip" in ctx && ctx.skip !== undefined;

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** A PDF's text and how many images its first page paints (pdf.js). */
async function readPdf(bytes: Buffer): Promise<{ text: string; images: number }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
  const ops = await page.getOperatorList();
  const images = ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
  await doc.destroy();
  return { text: text.normalize("NFC"), images };
}

/** A real 96×96 PNG logo: a magenta lotus-like mark. */
function logoPng(): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="18" fill="#AD1457"/><circle cx="48" cy="48" r="26" fill="#FFD54F"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

/**
 * Issue 15 journey: a creator opens Branding & Domains, renames the school, uploads a logo and
 * picks colours (the live preview follows); the public school page lists the courses with the new
 * brand; a student who signs up from /join gets e-mails and a certificate that carry the new name
 * and logo, and sees the brand on /join and in the player. Then the same screens at 390 px.
 */
describe.skipIf(skip)("schools: branding and the public school page", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("school", "Phạm Thu Hà");
  const student = newAccount("pupil", "Trần Minh Khoa");
  const schoolName = `Lotus Academy ${Date.now().toString(36)}`;
  const slug = `lotus-${Date.now().toString(36)}`;
  const courseTitle = "Thư pháp cho người mới";
  let cookie = "";
  let courseId = "";

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    cookie = await createVerifiedAccount(baseURL, creator);
    const publish = async (title: string, price: number) => {
      const response = await fetch(`${baseURL}/api/courses/publish`, {
        method: "POST",
        headers: { cookie, origin: baseURL, "content-type": "application/json" },
        body: JSON.stringify({
          title,
          description: `Khóa học ${title}: từng bước, có bài tập.`,
          category: "creative",
          estimatedDuration: 2,
          price,
          currency: "VND",
          outline: [
            {
              id: "s1",
              title: "Bắt đầu",
              lessons: [
                {
                  id: "l1",
                  title: "Cầm bút",
                  type: "text",
                  duration: 10,
                  content: { type: "text", html: "<p>Cầm bút nhẹ nhàng.</p>" },
                },
              ],
            },
          ],
        }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { courseId: string }).courseId;
    };
    courseId = await publish(courseTitle, 0);
    await publish("Vẽ màu nước", 499000);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("a creator brands the school; students see it on the school page, /join, the player, e-mails and the certificate", async () => {
    const context = await newContext(browser, baseURL, DESKTOP);
    await useSession(context, baseURL, cookie);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The dashboard's checklist leads to Branding & Domains.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Set up branding" }).click();
    await page.waitForURL(/\/dashboard\/branding$/);
    await page.getByRole("heading", { name: "Branding & Domains" }).waitFor();

    // Rename, new address, logo, colours.
    await page.getByLabel("School name").fill(schoolName);
    await page.getByRole("textbox", { name: "School page address" }).fill(slug);
    await page.getByLabel("About the school").fill("Thư pháp và hội họa cho mọi lứa tuổi.");
    await page.getByTestId("school-logo-input").setInputFiles({
      name: "lotus.png",
      mimeType: "image/png",
      buffer: logoPng(),
    });
    await toast(page, "Image uploaded successfully");
    await page.getByLabel("Primary colour", { exact: true }).fill("#AD1457");
    await page.getByLabel("Accent colour", { exact: true }).fill("#FF8F00");
    // The live preview follows the form.
    const preview = page.getByTestId("brand-preview");
    await preview.getByText(schoolName).first().waitFor();
    await preview.locator("img").first().waitFor();
    await page.getByRole("button", { name: "Save branding" }).first().click();
    await toast(page, "Branding saved");
    await screenshot(page, "branding-desktop");

    // The school page lists the courses with prices, under the new name and logo.
    await page.goto(`/s/${slug}`);
    await page.getByRole("heading", { name: schoolName, level: 1 }).waitFor();
    await page.getByRole("heading", { name: courseTitle }).waitFor();
    await page.getByRole("heading", { name: "Vẽ màu nước" }).waitFor();
    await page
      .getByText(/499[.,]000/)
      .first()
      .waitFor();
    expect(await page.locator("header img").first().getAttribute("src")).toMatch(/^\/files\//);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("EducationalOrganization");
    expect(ld.name).toBe(schoolName);
    await screenshot(page, "school-page-desktop");
    // Search on the server.
    await page.getByRole("searchbox").fill("mau nuoc");
    await page.getByRole("button", { name: /Search|Tìm/ }).click();
    await page.waitForURL(/q=mau/);
    expect(await page.getByRole("heading", { name: courseTitle }).count()).toBe(0);
    await page.getByRole("heading", { name: "Vẽ màu nước" }).waitFor();

    // A visitor goes from the school page to /join: the header carries the school's brand.
    await context.clearCookies();
    await page.goto(`/s/${slug}`);
    await page.getByRole("link", { name: `View course: ${courseTitle}` }).click();
    await page.waitForURL(new RegExp(`/join/${courseId}`));
    await page.getByTestId("school-brand").getByText(schoolName).waitFor();
    await page.getByRole("button", { name: "Enroll Now" }).first().click();
    await page.waitForURL(/\/auth\?/);
    await page.getByLabel("Full name").fill(student.name);
    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password", { exact: true }).fill(student.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await toast(page, "Account created!");

    // The verification e-mail carries the school's name, logo and colour.
    await page.goto("/dev/mailbox");
    await page
      .getByRole("row", { name: new RegExp(student.email) })
      .getByRole("link")
      .click();
    await page.getByText(`Verify your email to join ${schoolName}`).first().waitFor();
    const mail = page.frameLocator('iframe[title="HTML body"]');
    await mail.getByText(schoolName).first().waitFor();
    expect(await mail.locator("img").first().getAttribute("src")).toMatch(/\/files\//);
    await screenshot(page, "school-email-desktop");
    // Verifying signs the student in and returns to the course (issue 17 §7).
    await page.locator("a.mail-link", { hasText: "verify-email" }).click();
    await page.waitForURL(new RegExp(`/join/${courseId}`));
    await page.getByRole("button", { name: "Enroll Now" }).first().click();
    await page.getByText("You're enrolled!").waitFor();
    await page.getByRole("link", { name: "Start learning" }).click();
    await page.waitForURL(new RegExp(`/learn/${courseId}`));
    await page.getByTestId("lesson-player").waitFor();
    // The player's header shows the school's brand.
    await page.getByTestId("school-brand").locator("img").waitFor();
    await page.getByTestId("mark-complete").click();
    await page.getByTestId("completion-banner").waitFor();
    await screenshot(page, "school-player-desktop");

    // The certificate carries the new name and the logo (the logo and the QR code are its images).
    const certificateUrl = (await (await page.request.get(`/api/learn/${courseId}`)).json()).enrolment
      .certificateUrl as string;
    const certificateId = certificateUrl.split("/").pop() ?? "";
    const pdf = await page.request.get(`/api/certificates/${certificateId}/pdf`);
    expect(pdf.status()).toBe(200);
    const { text, images } = await readPdf(Buffer.from(await pdf.body()));
    expect(text).toContain(schoolName);
    expect(text).toContain(student.name);
    expect(images).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("branding, the school page and /join fit a 390 px phone", async () => {
    const context = await newContext(browser, baseURL, PHONE);
    await useSession(context, baseURL, cookie);
    const page = await context.newPage();
    await page.goto("/dashboard/branding");
    await page.getByRole("heading", { name: "Branding & Domains" }).waitFor();
    await page.getByLabel("School name").waitFor();
    expect(await page.getByLabel("School name").inputValue()).toBe(schoolName);
    await page.getByLabel("Domain", { exact: true }).fill(`learn.${slug}.example`);
    await page.getByRole("button", { name: "Add domain" }).click();
    await page.getByTestId("domain-row").getByText("Pending").waitFor();
    await page.getByText(`_academy.learn.${slug}.example`).waitFor();
    await expectNoHorizontalOverflow(page, "branding");
    await screenshot(page, "branding-phone");

    await page.goto(`/s/${slug}`);
    await page.getByRole("heading", { name: schoolName, level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page, "school page");
    await screenshot(page, "school-page-phone");

    await page.goto(`/join/${courseId}`);
    await page.getByTestId("school-brand").getByText(schoolName).waitFor();
    await expectNoHorizontalOverflow(page, "join");
    await screenshot(page, "school-join-phone");
    await context.close();
  }, 120_000);
});
