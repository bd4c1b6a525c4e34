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

/** A UTC day `offset` days from now as YYYY-MM-DD (±2 days covers every time zone's "today"). */
function utcDay(offset: number) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Issue 13 §6 journey: a creator creates a challenge ("complete 1 lesson") for their course; two
 * students join (one hides their name); one completes the lesson in the player and finds the
 * challenge completed, first on the leaderboard and the Challenger badge earned; the other sees
 * themself with their name and the first as ranked. Then the phone screens (390 px).
 */
describe.skipIf(skip)("community challenges", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("chl-teacher", "Phạm Thu Hà");
  const anh = { ...newAccount("chl-anh", "Đỗ Minh Anh"), signupRole: "student" };
  const binh = { ...newAccount("chl-binh", "Vũ Quốc Bình"), signupRole: "student" };
  const stamp = Date.now().toString(36);
  const courseTitle = `Viết chữ đẹp ${stamp}`;
  const challengeTitle = `Tuần lễ luyện viết ${stamp}`;
  let courseId = "";
  let creatorCookie = "";
  let anhCookie = "";
  let binhCookie = "";
  const contexts: BrowserContext[] = [];

  async function pageFor(cookie: string, viewport = DESKTOP) {
    const context = await newContext(browser, baseURL, viewport);
    contexts.push(context);
    await useSession(context, baseURL, cookie);
    return context.newPage();
  }

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    creatorCookie = await createVerifiedAccount(baseURL, creator);
    anhCookie = await createVerifiedAccount(baseURL, anh);
    binhCookie = await createVerifiedAccount(baseURL, binh);
    courseId = await publishOneLessonCourse(
      baseURL,
      creatorCookie,
      {
        title: courseTitle,
        description: "Luyện viết chữ đẹp mỗi ngày.",
        section: "Nét cơ bản",
        lesson: "Nét thẳng",
        html: "<p>Viết nét thẳng đều tay.</p>",
      },
      [anhCookie, binhCookie],
    );
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it("a creator creates a challenge, students join, one completes it and earns the badge", async () => {
    const errors: string[] = [];
    const teacher = await pageFor(creatorCookie);
    const first = await pageFor(anhCookie);
    const second = await pageFor(binhCookie);
    for (const page of [teacher, first, second]) page.on("pageerror", (e) => errors.push(e.message));

    await teacher.goto("/dashboard/community?tab=challenges");
    await teacher.getByText("No challenges yet.").waitFor();
    await teacher.getByRole("button", { name: "Create Challenge" }).click();
    await teacher.getByRole("button", { name: "Create challenge" }).click();
    await toast(teacher, "Please enter a challenge title.");
    await teacher.getByLabel("Title", { exact: true }).fill(challengeTitle);
    await teacher.getByLabel("How many").fill("1");
    await teacher.getByLabel("Start date").fill(utcDay(-2));
    await teacher.getByLabel("End date").fill(utcDay(7));
    await screenshot(teacher, "challenges-create-desktop");
    await teacher.getByRole("button", { name: "Create challenge" }).click();
    await toast(teacher, "Challenge created.");
    await teacher.getByText("Nobody has joined yet.").waitFor();
    expect(new URL(teacher.url()).searchParams.get("challenge")).toBeTruthy();

    // Ánh joins from the list and hides her name.
    await first.goto("/dashboard/community?tab=challenges");
    const card = first.getByTestId("challenge-card").filter({ hasText: challengeTitle });
    await card.getByText("Complete 1 lesson").waitFor();
    await card.getByText("Active").waitFor();
    await card.getByRole("button", { name: "Join challenge" }).click();
    await toast(first, "You joined the challenge.");
    await card.getByText("1 participant").waitFor();
    await card.getByText("0 lessons of 1 lesson (0%)").waitFor();
    await card.getByRole("button", { name: "Leaderboard" }).click();
    await first.getByLabel("Hide my name on the leaderboard").click();
    // Saved and refetched: the box shows the server's state.
    await first.locator('#challenge-hide-name[data-state="checked"]').waitFor();
    await first.locator("#challenge-hide-name:not([disabled])").waitFor();

    // Bình joins, completes the lesson in the player and has completed the challenge.
    await second.goto("/dashboard/community?tab=challenges");
    const his = second.getByTestId("challenge-card").filter({ hasText: challengeTitle });
    await his.getByRole("button", { name: "Join challenge" }).click();
    await toast(second, "You joined the challenge.");
    await his.getByText("2 participants").waitFor();
    await second.goto(`/learn/${courseId}`);
    await second.getByTestId("lesson-player").waitFor();
    await second.getByTestId("mark-complete").click();
    await second.getByTestId("completion-banner").waitFor();
    await second.goto("/dashboard/community?tab=challenges");
    const done = second.getByTestId("challenge-card").filter({ hasText: challengeTitle });
    await done.getByText("Completed! You earned the Challenger badge.").waitFor();
    await done.getByRole("button", { name: "Leaderboard" }).click();
    const entries = second.getByTestId("leaderboard-entry");
    await entries
      .first()
      .filter({ hasText: `${binh.name} (you)` })
      .waitFor();
    await entries.first().getByText("Done").waitFor();
    await entries.nth(1).filter({ hasText: "Hidden participant" }).waitFor();
    await screenshot(second, "challenges-leaderboard-desktop");
    await second.getByRole("tab", { name: "Achievements" }).click();
    const badge = second.getByTestId("achievement-challenger");
    await badge.waitFor();
    expect(await badge.getAttribute("data-earned")).toBe("true");

    // Ánh sees herself by name (hidden only from others) and Bình first.
    await first.reload();
    const hers = first.getByTestId("leaderboard-entry");
    await hers.first().filter({ hasText: binh.name }).waitFor();
    await hers
      .nth(1)
      .filter({ hasText: `${anh.name} (you)` })
      .waitFor();
    // The creator sees both, Ánh's name hidden.
    await teacher.reload();
    await teacher.getByTestId("leaderboard-entry").nth(1).filter({ hasText: "Hidden participant" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("on a phone, the challenges screens fit 390 px", async () => {
    const page = await pageFor(anhCookie, PHONE);
    await page.goto("/dashboard/community?tab=challenges");
    await page.getByTestId("challenge-card").first().waitFor();
    await expectNoHorizontalOverflow(page, "challenges list (phone)");
    await screenshot(page, "challenges-list-phone");
    await page.getByTestId("challenge-card").first().getByRole("button", { name: "Leaderboard" }).click();
    await page.getByTestId("leaderboard").waitFor();
    await expectNoHorizontalOverflow(page, "challenge leaderboard (phone)");
    await screenshot(page, "challenges-leaderboard-phone");
    const teacher = await pageFor(creatorCookie, PHONE);
    await teacher.goto("/dashboard/community?tab=challenges");
    await teacher.getByRole("button", { name: "Create Challenge" }).click();
    await teacher.getByLabel("Start date").waitFor();
    await expectNoHorizontalOverflow(teacher, "challenge create dialog (phone)");
    await screenshot(teacher, "challenges-create-phone");
  });
});
