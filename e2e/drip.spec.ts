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

/** dd/MM/yyyy of an instant in Ho Chi Minh City (the school's time zone: the creator's default). */
function saigonDate(at: Date): string {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(at).split("-");
  return `${d}/${m}/${y}`;
}

/**
 * Issue 27 §1 journey: a creator sets section 2 of a published course to open 1 day after
 * enrolment in the builder (1280 px) and publishes; an enrolled student sees its lesson locked
 * with its date in the player at 1280 and 390 px (no sideways scrolling on the phone).
 */
describe.skipIf(skip)("drip schedule journey", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("dripteacher", "Đỗ Thanh Hà");
  const student = newAccount("driplearner", "Vũ Minh Khoa");
  let courseId = "";
  let studentCookie = "";
  let creatorCookie = "";

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    const cookie = await createVerifiedAccount(baseURL, creator);
    creatorCookie = cookie;
    const lesson = (id: string, title: string) => ({
      id,
      title,
      type: "text",
      duration: 5,
      content: { type: "text", html: `<p>${title}.</p>` },
    });
    const publish = await fetch(`${baseURL}/api/courses/publish`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Nấu phở từng bước",
        description: "Một bài mỗi ngày.",
        estimatedDuration: 1,
        outline: [
          { id: "s1", title: "Nước dùng", lessons: [lesson("l1", "Xương và gia vị")] },
          { id: "s2", title: "Bánh phở", lessons: [lesson("l2", "Chọn bánh phở")] },
        ],
      }),
    });
    expect(publish.status).toBe(200);
    courseId = ((await publish.json()) as { courseId: string }).courseId;
    studentCookie = await createVerifiedAccount(baseURL, student);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function lockedLesson(page: Page) {
    await page.goto(`/learn/${courseId}`);
    await page.getByTestId("lesson-player").waitFor();
    const item = page.locator('[data-testid="lesson-list-item"][data-locked]').first();
    if (await item.isVisible()) await item.click();
    else {
      await page.getByRole("button", { name: "Show lessons" }).click();
      await page.locator('[data-testid="lesson-list-item"][data-locked]').last().click();
    }
    const locked = page.getByTestId("lesson-locked");
    await locked.waitFor();
    return locked;
  }

  it("the creator sets section 2 to 1 day after enrolment; the student sees it locked with its date", async () => {
    const creatorContext = await newContext(browser, baseURL, DESKTOP);
    await useSession(creatorContext, baseURL, creatorCookie);
    const page = await creatorContext.newPage();
    await page.goto(`/dashboard/courses/${courseId}/edit`);
    await page.getByRole("tab", { name: "Course Builder" }).click();
    const second = page.getByTestId("section-card").nth(1);
    await second.getByLabel("When “Bánh phở” opens for a student").selectOption("days");
    expect(await second.getByLabel("Days after enrolment for “Bánh phở”").inputValue()).toBe("1");
    await expect.poll(() => second.getByTestId("release-badge").textContent()).toContain("Day 1");
    await page.getByRole("button", { name: "Publish Course" }).click();
    await page.locator("[data-sonner-toast]", { hasText: "Course Published!" }).first().waitFor();
    await creatorContext.close();

    const enrol = await fetch(`${baseURL}/api/courses/${courseId}/enroll`, {
      method: "POST",
      headers: { cookie: studentCookie, origin: baseURL },
    });
    expect(enrol.status).toBe(200);
    const tomorrow = saigonDate(new Date(Date.now() + 86_400_000));

    for (const [viewport, name] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ] as const) {
      const context = await newContext(browser, baseURL, viewport);
      await useSession(context, baseURL, studentCookie);
      const student = await context.newPage();
      const locked = await lockedLesson(student);
      expect(await locked.getByTestId("lesson-locked-when").textContent()).toBe("Opens in 1 day");
      expect(await locked.textContent()).toContain(`It opens on ${tomorrow}`);
      expect(await student.getByTestId("mark-complete").isDisabled()).toBe(true);
      await screenshot(student, `drip-locked-${name}`);
      if (name === "phone") await expectNoHorizontalOverflow(student, "drip-locked-phone");
      await context.close();
    }
  });
});
