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

/**
 * Issue 27 §2 journey: a student's bell lights up live when the teacher replies to the student's
 * discussion, and its item opens the thread (1280 and 390 px); the unsubscribe link of a captured
 * notification e-mail turns that type's e-mail off, which account settings then show.
 */
describe.skipIf(skip)("notification centre", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("notif-teacher", "Lê Minh Châu");
  const student = { ...newAccount("notif-student", "Nguyễn Thị Ánh"), signupRole: "student" };
  const stamp = Date.now().toString(36);
  let creatorCookie = "";
  let studentCookie = "";
  let courseId = "";
  let discussionId = "";
  const threadTitle = `Hỏi về thanh ngã ${stamp}`;
  const contexts: BrowserContext[] = [];

  const api = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    creatorCookie = await createVerifiedAccount(baseURL, creator);
    studentCookie = await createVerifiedAccount(baseURL, student);
    courseId = await publishOneLessonCourse(
      baseURL,
      creatorCookie,
      {
        title: `Thanh điệu ${stamp}`,
        description: "Sáu thanh điệu.",
        section: "Thanh điệu",
        lesson: "Sáu thanh",
        html: "<p>Ngang, huyền, sắc, hỏi, ngã, nặng.</p>",
      },
      [studentCookie],
    );
    const created = await api(studentCookie, "POST", "/api/community/discussions", {
      title: threadTitle,
      body: "Thanh ngã đọc thế nào?",
      courseId,
    });
    expect(created.status).toBe(201);
    discussionId = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  async function studentPage(viewport: typeof DESKTOP): Promise<Page> {
    const context = await newContext(browser, baseURL, viewport);
    contexts.push(context);
    await useSession(context, baseURL, studentCookie);
    return context.newPage();
  }

  for (const [label, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    it(`a reply lights the bell live and its item opens the thread (${label} px)`, async () => {
      const page = await studentPage(viewport);
      // The live stream opens once the page has loaded: its response (headers sent once the
      // server listens for this person) is awaited before the reply is sent, so the bell must
      // light from the stream's `notification` event. The waiter is set before the navigation:
      // set after, it could miss a stream that opened first.
      const streamOpen = page.waitForResponse((r) => r.url().includes("/api/messaging/events"));
      await page.goto("/dashboard");
      const bell = page.getByTestId("notification-bell");
      await bell.waitFor();
      await expect.poll(() => page.getByTestId("notification-count").count()).toBe(0);
      await streamOpen;
      const replied = await api(creatorCookie, "POST", `/api/community/discussions/${discussionId}/replies`, {
        body: `Đọc lên giọng rồi xuống (${label})`,
      });
      expect(replied.status).toBe(201);
      await expect
        .poll(() => page.getByTestId("notification-count").textContent(), { timeout: 15_000 })
        .toBe("1");
      await bell.click();
      const panel = page.getByTestId("notification-panel");
      const item = panel.getByTestId("notification-item").first();
      await expect.poll(() => item.textContent()).toContain(threadTitle);
      if (label === "390") await expectNoHorizontalOverflow(page, "notification panel (390 px)");
      await screenshot(page, `notifications-panel-${label}`);
      await item.click();
      await page.waitForURL(new RegExp(`discussion=${discussionId}`));
      await page.getByRole("heading", { name: threadTitle }).first().waitFor();
      await expect.poll(() => page.getByTestId("notification-count").count()).toBe(0);
      if (label === "390") await expectNoHorizontalOverflow(page, "thread (390 px)");
    });
  }

  it("the unsubscribe link of a captured e-mail turns that type's e-mail off (settings show it)", async () => {
    // Completing the course issues a certificate: its notification e-mail has the unsubscribe link.
    const player = (await (await api(studentCookie, "GET", `/api/learn/${courseId}`)).json()) as {
      lessons: Array<{ id: string }>;
    };
    const lessonId = player.lessons[0]!.id;
    for (const event of ["open", "complete"]) {
      const done = await api(studentCookie, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, {
        event,
      });
      expect(done.status).toBe(200);
    }
    const inbox = await (await fetch(`${baseURL}/dev/mailbox`)).text();
    const row = inbox
      .split("<tr>")
      .find((r) => r.includes(student.email.toLowerCase()) && /certificate|chứng chỉ/i.test(r));
    const messagePath = row && /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1];
    expect(messagePath).toBeTruthy();
    const message = await (await fetch(`${baseURL}${messagePath}`)).text();
    const link = /class="mail-link" href="([^"]*\/unsubscribe\/[^"]+)"/.exec(message)?.[1];
    expect(link).toBeTruthy();

    for (const viewport of [PHONE]) {
      const page = await studentPage(viewport);
      await page.goto(new URL(link!).pathname);
      await page.getByRole("button", { name: /Hủy đăng ký|Unsubscribe/ }).click();
      await page.getByRole("status").waitFor();
      await expectNoHorizontalOverflow(page, "unsubscribe (390 px)");
      await page.goto("/dashboard/account#notifications");
      const inApp = page.getByRole("radio", { name: /^(Certificates|Chứng chỉ): (In app|Trong ứng dụng)$/ });
      await inApp.waitFor();
      expect(await inApp.isChecked()).toBe(true);
      await expectNoHorizontalOverflow(page, "account settings (390 px)");
    }
  });
});
