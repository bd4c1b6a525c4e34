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

/** The links of the newest e-mail to `to` in /dev/mailbox whose row matches `subject`. */
async function mailLinks(baseURL: string, to: string, subject: RegExp): Promise<string[]> {
  const inbox = await (await fetch(`${baseURL}/dev/mailbox`)).text();
  const row = inbox.split("<tr>").find((r) => r.includes(to.toLowerCase()) && subject.test(r));
  const messagePath = row && /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1];
  if (!messagePath) return [];
  const message = await (await fetch(`${baseURL}${messagePath}`)).text();
  return [...message.matchAll(/class="mail-link" href="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
}

/**
 * Issue 16 items 5 and 14: a person who forgot their password asks for a link on the sign-in page,
 * finds the e-mail at /dev/mailbox, chooses a new password and is signed in — while the session on
 * their other device is signed out; then the account settings page (name, sessions) on desktop, and
 * on a phone: the forgot/reset screens, changing the password and deleting the account (with the
 * password, issue 23 item 8) onto the "account deleted" page.
 */
describe.skipIf(skip)("account recovery and settings", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("forgot password → e-mail → reset → signed in, the old session signed out; account settings", async () => {
    const person = newAccount("forgetful", "Trần Minh Anh");
    const oldCookie = await createVerifiedAccount(baseURL, person);
    const oldDevice = await newContext(browser, baseURL, DESKTOP);
    await useSession(oldDevice, baseURL, oldCookie);
    const oldPage = await oldDevice.newPage();
    await oldPage.goto("/dashboard");
    await oldPage.getByTestId("greeting-name").waitFor();

    const context = await newContext(browser, baseURL, DESKTOP);
    const page = await context.newPage();
    await page.goto("/auth?tab=signin");
    await page.getByTestId("forgot-password").click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByTestId("reset-sent").waitFor();
    expect(await page.getByTestId("reset-sent").textContent()).toContain(person.email);
    await screenshot(page, "account-forgot-sent-desktop");

    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = (await mailLinks(baseURL, person.email, /Reset your Academy password/)).find((l) =>
        l.includes("/reset-password?token="),
      );
      if (!link) await page.waitForTimeout(200);
    }
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    // A breached-common password is refused with a readable message.
    await page.getByLabel("New password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm new password").fill("password123");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("This password is too common").waitFor();
    await screenshot(page, "account-reset-desktop");
    await page.getByLabel("New password", { exact: true }).fill("my new river passphrase");
    await page.getByLabel("Confirm new password").fill("my new river passphrase");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId("greeting-name").waitFor();

    // The other device was signed out by the reset.
    await oldPage.goto("/dashboard");
    await oldPage.waitForURL(/\/auth\?tab=signin/);

    // Account settings: rename, and see this device in the sessions list.
    await page.goto("/dashboard/account");
    await page.getByTestId("profile-form").waitFor();
    await page.getByLabel("Full name").fill("Trần Minh Anh (new)");
    await page.getByLabel("Language").selectOption("en");
    await page.getByLabel("Time zone").selectOption("Europe/Paris");
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Settings saved.");
    await expect.poll(() => page.getByTestId("greeting-name").textContent()).toBe("Trần Minh Anh (new)");
    await page.getByTestId("session-row").first().waitFor();
    expect(await page.getByTestId("session-row").count()).toBe(1);
    expect(await page.getByTestId("sessions-list").textContent()).toContain("This device");
    await screenshot(page, "account-settings-desktop");
    await context.close();
    await oldDevice.close();
  });

  it("on a phone: forgot and reset screens, change password, delete the account after confirming", async () => {
    const person = newAccount("phone", "Lê Thu Hà");
    const cookie = await createVerifiedAccount(baseURL, person);
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();

    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).waitFor();
    await expectNoHorizontalOverflow(page, "forgot password");
    await screenshot(page, "account-forgot-phone");
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill("a fine long passphrase");
    await page.getByLabel("Confirm new password").fill("a fine long passphrase");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("This link is invalid or has expired.").waitFor();
    await expectNoHorizontalOverflow(page, "reset password");
    await screenshot(page, "account-reset-invalid-phone");

    await useSession(context, baseURL, cookie);
    await page.goto("/dashboard/account");
    await page.getByTestId("password-form").waitFor();
    await expectNoHorizontalOverflow(page, "account settings");
    await screenshot(page, "account-settings-phone");
    await page.getByLabel("Current password").fill(person.password);
    await page.getByLabel("New password", { exact: true }).fill("another good passphrase");
    await page.getByLabel("Confirm new password").fill("another good passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await toast(page, "Password changed.");
    // On a phone the toast spans the bottom of the screen, where the Delete card's button lands
    // when scrolled to: a person closes it (its ×) before tapping under it.
    const changed = page.locator("[data-sonner-toast]", { hasText: "Password changed." });
    await changed.getByRole("button", { name: "Close notification" }).click();
    await changed.waitFor({ state: "detached" });

    await page.getByTestId("delete-account").click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Delete account for good" });
    expect(await confirm.isDisabled()).toBe(true);
    // Issue 23 item 8: the dialog says certificates stop verifying, and asks for the password.
    await dialog.getByText("Your certificates will stop verifying").waitFor();
    await dialog.getByLabel("Your password").fill("not the password");
    await confirm.click();
    await dialog.getByRole("alert").filter({ hasText: "The password is not correct." }).waitFor();
    await dialog.getByLabel("Your password").fill("another good passphrase");
    await expectNoHorizontalOverflow(page, "delete account dialog");
    await screenshot(page, "account-delete-phone");
    await confirm.click();
    await page.waitForURL((url) => url.pathname === "/account-deleted");
    await page.getByTestId("account-deleted").waitFor();
    await expectNoHorizontalOverflow(page, "account deleted");
    const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ email: person.email, password: "another good passphrase" }),
    });
    expect(signIn.status).toBe(401);
    await context.close();
  });
});
