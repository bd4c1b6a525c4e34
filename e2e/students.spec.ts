import { readFileSync } from "node:fs";
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

/** The links of the newest e-mail to `to` in /dev/mailbox whose subject matches. */
async function mailLinks(baseURL: string, to: string, subject: RegExp): Promise<string[]> {
  const inbox = await (await fetch(`${baseURL}/dev/mailbox`)).text();
  const row = inbox.split("<tr>").find((r) => r.includes(to.toLowerCase()) && subject.test(r));
  const messagePath = row && /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1];
  if (!messagePath) return [];
  const message = await (await fetch(`${baseURL}${messagePath}`)).text();
  return [...message.matchAll(/class="mail-link" href="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
}

function course(title: string, description: string) {
  return {
    title,
    description,
    category: "language",
    estimatedDuration: 1,
    outline: [
      {
        id: "s1",
        title: "Bắt đầu",
        lessons: [
          {
            id: "l1",
            title: "Giới thiệu",
            type: "text",
            duration: 10,
            content: { type: "text", html: "<p>Xin chào!</p>" },
          },
        ],
      },
    ],
  };
}

/**
 * Issue 5 journey: a creator invites an address to two courses; the invitation appears in
 * /dev/mailbox; the invitee follows it, signs up with the locked e-mail, verifies, lands on
 * /invitation, succeeds and sees both courses on the dashboard; another signed-in account opening
 * the same link gets the mismatch message; the creator finds the student by a Vietnamese name typed
 * without accents, sends a reminder and exports CSV.
 */
describe.skipIf(skip)("invitations and Student Management", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("mentor", "Phạm Quốc Bảo");
  const invitee = newAccount("invitee", "Nguyễn Thị Hoa");
  const stranger = newAccount("stranger", "Someone Else");
  const titles = ["Tiếng Việt giao tiếp", "Phát âm chuẩn"];
  let creatorCookie = "";
  let strangerCookie = "";

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    creatorCookie = await createVerifiedAccount(baseURL, creator);
    strangerCookie = await createVerifiedAccount(baseURL, stranger);
    for (const [i, title] of titles.entries()) {
      const response = await fetch(`${baseURL}/api/courses/publish`, {
        method: "POST",
        headers: { cookie: creatorCookie, origin: baseURL, "content-type": "application/json" },
        body: JSON.stringify(
          course(title, `Khóa học số ${i + 1}: luyện nói tiếng Việt mỗi ngày với bài tập ngắn.`),
        ),
      });
      expect(response.status).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("invites, accepts, refuses another account, then finds, e-mails and exports the student", async () => {
    // The creator invites the address to both courses from Student Management.
    const creatorContext = await newContext(browser, baseURL, DESKTOP);
    await useSession(creatorContext, baseURL, creatorCookie);
    const page = await creatorContext.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/dashboard/students");
    await page.getByRole("heading", { name: "Student Management" }).waitFor();
    await page.getByTestId("students-empty").waitFor();
    await screenshot(page, "students-empty-desktop");
    await page.getByTestId("open-invite").click();
    const dialog = page.getByTestId("invite-dialog");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await toast(page, "Missing Information");
    await dialog.getByLabel("Email").fill(invitee.email);
    for (const title of titles) await dialog.getByText(title, { exact: true }).click();
    await dialog.getByLabel("Message (optional)").fill("Chào Hoa, hẹn gặp em trong lớp!");
    await screenshot(page, "students-invite-dialog-desktop");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await dialog.getByTestId("invite-success").waitFor();
    const link = await dialog.getByTestId("invitation-link").inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/auth\\?invitation=[A-Za-z0-9_-]{43}$`));
    await screenshot(page, "students-invite-sent-desktop");
    await dialog.getByRole("button", { name: "Send Another Invitation" }).click();
    await expect.poll(() => dialog.getByLabel("Email").inputValue()).toBe("");
    await page.keyboard.press("Escape");

    // The invitation is in /dev/mailbox with the same link.
    const mailed = await mailLinks(baseURL, invitee.email, /invited you|mời bạn/);
    expect(mailed).toContain(link);

    // The invitee follows it: "Join Your Course", the e-mail prefilled and locked.
    const inviteeContext = await newContext(browser, baseURL, PHONE);
    const phone = await inviteeContext.newPage();
    await phone.goto(link.replace(baseURL, ""));
    await phone.getByRole("heading", { name: "Join Your Course" }).waitFor();
    await toast(phone, "Invitation found!");
    const email = phone.getByLabel("Email");
    expect(await email.inputValue()).toBe(invitee.email.toLowerCase());
    expect(await email.getAttribute("readonly")).not.toBeNull();
    for (const title of titles) await phone.getByTestId("invited-courses").getByText(title).waitFor();
    await screenshot(phone, "auth-invitation-phone");
    await expectNoHorizontalOverflow(phone, "auth-invitation-phone");
    await phone.getByLabel("Full name").fill(invitee.name);
    await phone.getByLabel("Password", { exact: true }).fill(invitee.password);
    await phone.getByRole("button", { name: "Create account" }).click();
    await toast(phone, "Account created!");

    // Verify from the inbox: verification signs in and returns to /invitation, which accepts
    // at once (issue 17 item 7: no second sign-in).
    const verify = (await mailLinks(baseURL, invitee.email, /Verify/)).find((l) =>
      l.includes("verify-email"),
    );
    expect(verify).toBeDefined();
    expect(decodeURIComponent(verify ?? "")).toContain("/invitation?invitation=");
    await phone.goto(verify ?? "");
    await phone.waitForURL(/\/invitation\?invitation=/);
    await phone.getByTestId("invitation-success").waitFor();
    for (const title of titles) await phone.getByTestId("invitation-success").getByText(title).waitFor();
    await screenshot(phone, "invitation-success-phone");
    await expectNoHorizontalOverflow(phone, "invitation-success-phone");
    await phone.getByTestId("go-to-dashboard").click();
    await phone.waitForURL(/\/dashboard$/);
    for (const title of titles) await phone.getByText(title, { exact: true }).first().waitFor();
    await screenshot(phone, "invitation-dashboard-phone");
    await expectNoHorizontalOverflow(phone, "invitation-dashboard-phone");
    const me = await (await phone.request.get("/api/me")).json();
    expect(me.role).toBe("student");

    // Another signed-in account opening the same link gets the mismatch message.
    const strangerContext = await newContext(browser, baseURL, DESKTOP);
    await useSession(strangerContext, baseURL, strangerCookie);
    const other = await strangerContext.newPage();
    await other.goto(link.replace(baseURL, ""));
    await other.waitForURL(/\/invitation\?invitation=/);
    await other.getByTestId("invitation-error").waitFor();
    expect(await other.getByTestId("invitation-error-message").textContent()).toContain("Email mismatch");
    await other.getByRole("button", { name: "Sign Out & Try Again" }).waitFor();
    await screenshot(other, "invitation-mismatch-desktop");

    // The creator finds the student by the name typed without accents.
    await page.reload();
    await page.getByTestId("student-row").first().waitFor();
    expect(await page.getByTestId("stat-total").textContent()).toBe("1");
    await page.getByTestId("student-search").fill("nguyen thi hoa");
    await expect.poll(() => page.url()).toContain("q=nguyen");
    await expect.poll(() => page.getByTestId("student-row").count()).toBe(2);
    for (const name of await page.getByTestId("student-name").allTextContents())
      expect(name).toBe(invitee.name);
    await screenshot(page, "students-search-desktop");

    // A reminder to the selected student: queued at once, delivery progress shown.
    await page.getByTestId("select-all-students").click();
    await page.getByTestId("bulk-email-panel").waitFor();
    await page.getByTestId("send-bulk-email").click();
    await toast(page, "1 email queued");
    await page.getByText("1 of 1 delivered").waitFor();
    await screenshot(page, "students-bulk-email-desktop");
    expect(await mailLinks(baseURL, invitee.email, /Reminder|Nhắc nhở/)).not.toHaveLength(0);

    // CSV export with the spec's columns, UTF-8 with a BOM.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-students-csv").click(),
    ]);
    const file = readFileSync((await download.path()) ?? "");
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.subarray(3).toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Name,Email,Course,Progress %,Status,Enrolled Date,Last Accessed");
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(invitee.name);

    // At 1366 px "Message student" is whole, not clipped by the table (issue 17 item 5).
    await page.setViewportSize({ width: 1366, height: 800 });
    const messageButton = page.getByTestId("student-row").first().getByTestId("message-student");
    const clipped = await messageButton.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const table = el.closest('[data-testid="students-table"]')?.getBoundingClientRect();
      return el.scrollWidth > el.clientWidth + 1 || !table || box.right > table.right - 1;
    });
    expect(clipped).toBe(false);
    await screenshot(page, "students-1366-desktop");

    // "Message student" opens the conversation with that student (issue 6).
    await page.getByTestId("student-row").first().getByTestId("message-student").click();
    await page.waitForURL(/\/dashboard\/community\?conversation=/);
    await page.getByText(invitee.name).first().waitFor();

    // The page on a phone.
    const creatorPhone = await newContext(browser, baseURL, PHONE);
    await useSession(creatorPhone, baseURL, creatorCookie);
    const small = await creatorPhone.newPage();
    await small.goto("/dashboard/students");
    await small.getByTestId("student-row").first().waitFor();
    await screenshot(small, "students-phone");
    await expectNoHorizontalOverflow(small, "students-phone");
    expect(errors).toEqual([]);
    for (const c of [creatorContext, inviteeContext, strangerContext, creatorPhone]) await c.close();
  }, 180_000);
});
