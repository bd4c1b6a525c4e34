import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount, newAccount, publishOneLessonCourse, useSession } from "./accounts.ts";
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

/** Turns matching on with one goal and Monday evening, and saves. */
async function optIn(page: Page) {
  await page.getByText("Turn on “Show me to other students” and save your preferences").waitFor();
  await page.getByRole("checkbox", { name: "Show me to other students" }).click();
  await page.getByRole("button", { name: "Prepare for an exam" }).click();
  await page.getByRole("button", { name: "Mon Evening" }).click();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await toast(page, "Preferences saved");
}

/**
 * Issue 13 §5 journey (two students of one course): Thu (desktop) opts in and sees the empty
 * suggestions; Minh (phone, 390 px) opts in, sees Thu suggested with the reasons, and sends a
 * request; Thu accepts, opens the conversation from "My study buddies" and writes; Minh reads it
 * in Messages and answers; Thu removes Minh after confirming, and the conversation is gone.
 */
describe.skipIf(skip)("study buddies", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("sb-teacher", "Phạm Quang Huy");
  const thu = { ...newAccount("sb-thu", "Đỗ Anh Thư"), signupRole: "student" };
  const minh = { ...newAccount("sb-minh", "Vũ Đức Minh"), signupRole: "student" };
  const courseTitle = `Tiếng Anh giao tiếp ${Date.now().toString(36)}`;
  let thuCookie = "";
  let minhCookie = "";
  const contexts: BrowserContext[] = [];

  async function pageFor(cookie: string, viewport = DESKTOP) {
    const context = await newContext(browser, baseURL, viewport);
    contexts.push(context);
    await useSession(context, baseURL, cookie);
    return context.newPage();
  }

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    const creatorCookie = await createVerifiedAccount(baseURL, creator);
    thuCookie = await createVerifiedAccount(baseURL, thu);
    minhCookie = await createVerifiedAccount(baseURL, minh);
    await publishOneLessonCourse(
      baseURL,
      creatorCookie,
      {
        title: courseTitle,
        description: "Nói tiếng Anh hằng ngày.",
        section: "Chào hỏi",
        lesson: "Hello",
        html: "<p>Hello!</p>",
      },
      [thuCookie, minhCookie],
    );
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it("two students set preferences, match, request, accept, message each other and part", async () => {
    const errors: string[] = [];
    const desk = await pageFor(thuCookie);
    const phone = await pageFor(minhCookie, PHONE);
    for (const page of [desk, phone]) page.on("pageerror", (e) => errors.push(e.message));

    // Thu opts in; nobody else has yet: the empty states.
    await desk.goto("/dashboard/community?tab=buddies");
    await desk.getByRole("tab", { name: "Study Buddies", selected: true }).waitFor();
    await desk.getByText("No study buddies yet.").waitFor();
    await desk.getByText("No requests waiting for you.").waitFor();
    await optIn(desk);
    await desk.getByText("No suggestions yet.").waitFor();
    await screenshot(desk, "study-buddies-empty-desktop");

    // Minh, on a phone, opts in and finds Thu with the reasons.
    await phone.goto("/dashboard/community?tab=buddies");
    await optIn(phone);
    const card = phone.getByTestId("buddy-suggestion").filter({ hasText: thu.name });
    await card.waitFor();
    await card.getByText(`Both take ${courseTitle}`).waitFor();
    await card.getByText("6 hours a week free at the same time").waitFor();
    await card.getByText("Shared goals: Prepare for an exam").waitFor();
    await expectNoHorizontalOverflow(phone, "study buddies suggestions (phone)");
    await screenshot(phone, "study-buddies-suggestions-phone");
    await card.getByRole("button", { name: "Send request" }).click();
    await card.getByLabel("Add a note (optional)").fill("Evenings work best for me — study together?");
    await expectNoHorizontalOverflow(phone, "study buddy request note (phone)");
    await screenshot(phone, "study-buddies-request-note-phone");
    await card.getByRole("button", { name: "Send", exact: true }).click();
    await toast(phone, "Request sent");
    await phone.getByTestId("request-outgoing").filter({ hasText: thu.name }).waitFor();
    await expect.poll(() => phone.getByTestId("buddy-suggestion").count()).toBe(0);

    // Thu accepts and writes first; the tab counts the waiting request.
    await desk.reload();
    await desk.getByTestId("buddy-requests-badge").filter({ hasText: "1" }).waitFor();
    const incoming = desk.getByTestId("request-incoming").filter({ hasText: minh.name });
    await incoming.waitFor();
    await incoming.getByText("“Evenings work best for me — study together?”").waitFor();
    await screenshot(desk, "study-buddies-request-desktop");
    await incoming.getByRole("button", { name: "Accept" }).click();
    await toast(desk, "You are now study buddies!");
    await expect.poll(() => desk.getByTestId("buddy-requests-badge").count()).toBe(0);
    const row = desk.getByTestId("buddy-row").filter({ hasText: minh.name });
    await row.waitFor();
    await row.getByRole("button", { name: "Message" }).click();
    await desk.waitForURL(/tab=messages/);
    expect(new URL(desk.url()).searchParams.get("conversation")).toBeTruthy();
    await desk.getByTestId("thread-name").filter({ hasText: minh.name }).waitFor();
    await desk.getByText(`Study buddy · ${courseTitle}`).first().waitFor();
    await desk.getByLabel("Message", { exact: true }).fill("Tối thứ Hai mình ôn bài nhé?");
    await desk.getByRole("button", { name: "Send" }).click();
    await desk.getByTestId("message").filter({ hasText: "Tối thứ Hai mình ôn bài nhé?" }).waitFor();

    // Minh reads it in Messages on the phone and answers.
    await phone.goto("/dashboard/community?tab=messages");
    await phone.getByTestId("conversation-item").filter({ hasText: thu.name }).click();
    await phone.getByTestId("message").filter({ hasText: "Tối thứ Hai mình ôn bài nhé?" }).waitFor();
    await phone.getByLabel("Message", { exact: true }).fill("Ok, 8 giờ tối nhé!");
    await phone.getByRole("button", { name: "Send" }).click();
    await phone.getByTestId("message").filter({ hasText: "Ok, 8 giờ tối nhé!" }).waitFor();
    await expectNoHorizontalOverflow(phone, "study buddy conversation (phone)");
    await screenshot(phone, "study-buddies-conversation-phone");
    await desk.getByTestId("message").filter({ hasText: "Ok, 8 giờ tối nhé!" }).waitFor();

    // Minh's buddy list on the phone; Thu removes Minh after confirming.
    await phone.goto("/dashboard/community?tab=buddies");
    await phone.getByTestId("buddy-row").filter({ hasText: thu.name }).waitFor();
    await expectNoHorizontalOverflow(phone, "study buddies list (phone)");
    await screenshot(phone, "study-buddies-list-phone");
    await desk.goto("/dashboard/community?tab=buddies");
    await desk
      .getByTestId("buddy-row")
      .filter({ hasText: minh.name })
      .getByRole("button", { name: "Remove" })
      .click();
    const dialog = desk.getByRole("alertdialog");
    await dialog.getByText(`Remove ${minh.name} as a study buddy?`).waitFor();
    await screenshot(desk, "study-buddies-remove-desktop");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await desk.getByTestId("buddy-row").filter({ hasText: minh.name }).waitFor();
    await desk
      .getByTestId("buddy-row")
      .filter({ hasText: minh.name })
      .getByRole("button", { name: "Remove" })
      .click();
    await desk.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await toast(desk, "Study buddy removed");
    await desk.getByText("No study buddies yet.").waitFor();
    await phone.goto("/dashboard/community?tab=messages");
    await phone.getByText("No conversations yet").waitFor();
    expect(await phone.getByTestId("conversation-item").count()).toBe(0);
    expect(errors).toEqual([]);
  }, 180_000);
});
