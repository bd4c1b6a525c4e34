import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveSeo, resolveStyles } from "@academy/shared";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, createVerifiedAccount, enrolTwoFactor, newAccount, useSession } from "./accounts.ts";
import {
  DESKTOP,
  e2eContext,
  expectNoHorizontalOverflow,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  waitForQuiet,
} from "./browser.ts";
import { ROOT, type StartedServer, startServer } from "./server.ts";

const ctx = e2eContext();
const skip = "skip" in ctx && ctx.skip !== undefined;

/**
 * Runs the admin command line and resolves to its exit status and stderr. Asynchronous on purpose:
 * `spawnSync` blocked this process's event loop for the seconds tsx takes to start, so fetch's
 * keep-alive timers could not retire connections the server closed meanwhile, and the next request
 * went out on a dead socket ("other side closed", a CI failure).
 */
function adminCli(dataDir: string, ...args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "apps/server/src/cli/admin.ts", ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" },
      (error, _stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        resolve({ status: error ? (typeof code === "number" ? code : null) : 0, stderr });
      },
    );
  });
}

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/**
 * Issue 14 journey on its own PGlite server (ADMIN_EMAILS names the admin; the command line's
 * grant is refused while the server runs); the admin adds a subject, approves a
 * reported course and sets a maintenance banner that the creator then sees; the creator files a
 * ticket and the admin answers it; two users vote on a feature; a student contacts the instructor.
 * The phone pass checks every screen for sideways scrolling.
 */
describe.skipIf(skip)("platform administration and help", () => {
  let browser: Browser;
  let server: StartedServer;
  let baseURL = "";
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-e2e-admin-"));
  const admin = newAccount("adm", "Lê Quản Trị");
  const creator = newAccount("adm-creator", "Trần Thu Hà");
  const student: Account & { signupRole: string } = {
    ...newAccount("adm-student", "Nguyễn Văn An"),
    signupRole: "student",
  };
  const cookies: Record<string, string> = {};
  const courseTitle = `Nấu phở ${Date.now().toString(36)}`;
  let courseId = "";

  async function api(who: string, method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${baseURL}${pathname}`, {
      method,
      headers: { cookie: cookies[who], origin: baseURL, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response;
  }
  async function page(who: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, baseURL, viewport);
    await useSession(context, baseURL, cookies[who]);
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    // Its own server: the maintenance banner and platform settings it changes are platform-wide.
    server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAILS: admin.email });
    baseURL = server.url;
    await createVerifiedAccount(baseURL, admin);
    cookies.creator = await createVerifiedAccount(baseURL, creator);
    cookies.student = await createVerifiedAccount(baseURL, student);

    // The command line refuses while the server holds the PGlite data directory (its grant once the
    // server is stopped is apps/server/test/admin-cli.test.ts; here ADMIN_EMAILS made the admin,
    // which saves a second server start).
    const refused = await adminCli(dataDir, "grant", creator.email);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("Stop the server");
    const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const adminSession = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // Issue 25 item 6: the admin API refuses until the admin enrols in two-factor sign-in (the
    // two-factor journey does it in the browser; here through the API).
    const gated = await fetch(`${baseURL}/api/admin/users`, { headers: { cookie: adminSession } });
    expect(gated.status).toBe(403);
    expect(((await gated.json()) as { error: { code: string } }).error.code).toBe("TWO_FACTOR_REQUIRED");
    cookies.admin = (await enrolTwoFactor(baseURL, adminSession, admin.password)).cookie;
    const publish = await api("creator", "POST", "/api/courses/publish", {
      title: courseTitle,
      description: "Nấu phở bò tại nhà.",
      outline: [
        {
          id: "s1",
          title: "Bắt đầu",
          lessons: [
            {
              id: "l1",
              title: "Nước dùng",
              type: "text",
              duration: 10,
              content: { type: "text", html: "<p>Ninh xương bò tám tiếng.</p>" },
            },
          ],
        },
      ],
    });
    expect(publish.status).toBe(200);
    courseId = ((await publish.json()) as { courseId: string }).courseId;
    expect((await api("student", "POST", `/api/courses/${courseId}/enroll`)).status).toBe(200);
    // A student reports the course from its /join page (the report the admin reviews).
    const st = await page("student");
    await st.page.goto(`/join/${courseId}`);
    await st.page.getByRole("heading", { name: courseTitle }).first().waitFor();
    await st.page.getByRole("button", { name: "Report" }).click();
    await st.page.getByRole("button", { name: "Send report" }).click();
    await st.page.getByRole("alert").filter({ hasText: "Please fill in all required fields" }).waitFor();
    await st.page.getByLabel("Reason").selectOption("misleading");
    await st.page.getByLabel("Details (optional)").fill("Wrong category");
    await st.page.getByRole("button", { name: "Send report" }).click();
    await toast(st.page, "The moderators will review it");
    await screenshot(st.page, "join-report-desktop");
    await st.context.close();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("admin from the CLI moderates and configures; tickets, votes and a student's message go through", async () => {
    const errors: string[] = [];
    // Creator: no Admin Panel in the sidebar.
    const c = await page("creator");
    c.page.on("pageerror", (e) => errors.push(e.message));
    await c.page.goto("/dashboard/help");
    await c.page.getByRole("heading", { name: "Help Center" }).waitFor();
    expect(await c.page.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);

    // Admin: subjects, content library, settings.
    const a = await page("admin");
    a.page.on("pageerror", (e) => errors.push(e.message));
    await a.page.goto("/dashboard/admin");
    await a.page.getByText("Admin Access").waitFor();
    await a.page.getByRole("link", { name: "Admin Panel" }).first().waitFor();
    await a.page.getByRole("button", { name: "Add subject" }).click();
    await a.page.getByRole("alert").filter({ hasText: "Subject name is required" }).waitFor();
    const subject = `Ẩm thực ${Date.now().toString(36)}`;
    await a.page.getByLabel("Name").fill(subject);
    await a.page.getByRole("button", { name: "Add subject" }).click();
    await toast(a.page, "Subject added");
    const card = a.page.getByTestId("subject-card").filter({ hasText: subject });
    await card.getByText("📚").waitFor();
    await card.getByText("0 courses").waitFor();
    await screenshot(a.page, "admin-subjects-desktop");

    await a.page.getByRole("tab", { name: "Reports" }).click();
    const report = a.page.getByTestId("report-card").filter({ hasText: courseTitle });
    await report.getByText("Wrong category").waitFor();
    await screenshot(a.page, "admin-content-library-desktop");
    // The report shows what the course says and a link to it (issue 24 §4), not an id.
    await report.getByTestId("report-link").waitFor();
    expect(await report.getByTestId("report-link").getAttribute("href")).toBe(`/join/${courseId}`);
    await report.getByRole("button", { name: "Keep" }).click();
    await toast(a.page, "Kept; the author was e-mailed");
    await a.page.getByLabel("Status").selectOption("approved");
    await a.page
      .getByTestId("report-card")
      .filter({ hasText: courseTitle })
      .getByText("Approved")
      .first()
      .waitFor();
    expect(
      await a.page
        .getByTestId("report-card")
        .filter({ hasText: courseTitle })
        .getByRole("button", { name: "Keep" })
        .count(),
    ).toBe(0);

    await a.page.getByRole("tab", { name: "Settings" }).click();
    // The placeholder support address is flagged until a real one is set; live chat needs a link
    // before the Help Center mentions it (issue 24 §1).
    await a.page.getByTestId("support-email-warning").waitFor();
    await a.page.getByLabel("Support e-mail").fill("hotro@academy.example.vn");
    await a.page.getByLabel("Live chat link").fill("https://chat.academy.example.vn");
    await a.page.getByLabel("Live chat hours").fill("8:00–17:00");
    const banner = `Bảo trì lúc 22:00 ${Date.now().toString(36)}`;
    await a.page.getByLabel("Maintenance banner").fill(banner);
    await a.page.getByRole("button", { name: "Save" }).click();
    await toast(a.page, "Settings saved");
    await screenshot(a.page, "admin-settings-desktop");

    // The creator sees the banner, files a ticket and submits a feature request.
    await c.page.reload();
    await c.page.getByTestId("maintenance-banner").filter({ hasText: banner }).waitFor();
    await c.page.getByRole("tab", { name: "Support Tickets" }).click();
    await c.page.getByRole("button", { name: "Submit ticket" }).click();
    await c.page.getByRole("alert").filter({ hasText: "Please fill in all required fields" }).waitFor();
    const ticketSubject = `Thanh toán ${Date.now().toString(36)}`;
    await c.page.getByLabel("Subject").fill(ticketSubject);
    await c.page.getByLabel("Description").fill("When are payouts sent?");
    await c.page.getByLabel("Priority").selectOption("high");
    await c.page.getByRole("button", { name: "Submit ticket" }).click();
    await toast(c.page, "Ticket submitted");
    await c.page
      .getByRole("button", { name: new RegExp(ticketSubject) })
      .first()
      .waitFor();
    await screenshot(c.page, "help-tickets-desktop");

    // The admin answers it in the Help Center.
    await a.page.goto("/dashboard/help?tab=tickets");
    await a.page
      .getByRole("button", { name: new RegExp(ticketSubject) })
      .first()
      .click();
    const thread = a.page.getByTestId("ticket-thread");
    await thread.getByLabel("Reply").fill("Every Monday.");
    await thread.getByRole("button", { name: "Send reply" }).click();
    await toast(a.page, "Reply sent");
    await thread.getByText("Pending").first().waitFor();

    await c.page.reload();
    await c.page.getByRole("tab", { name: "Support Tickets" }).click();
    await c.page
      .getByRole("button", { name: new RegExp(ticketSubject) })
      .first()
      .click();
    await c.page.getByTestId("ticket-thread").getByText("Every Monday.").waitFor();

    // Roadmap: the creator submits, the admin votes: 2 votes.
    await c.page.getByRole("tab", { name: "Roadmap" }).click();
    const feature = `Zalo ${Date.now().toString(36)}`;
    await c.page.getByLabel("Title").fill(feature);
    await c.page.getByLabel("Description").fill("Sign in with Zalo");
    await c.page.getByLabel("Category").selectOption("integration");
    await c.page.getByRole("button", { name: "Submit request" }).click();
    await toast(c.page, "Feature request submitted");
    const mine = c.page.getByTestId("feature-request").filter({ hasText: feature });
    await mine.getByTestId("votes").filter({ hasText: "1" }).waitFor();
    await a.page.getByRole("tab", { name: "Roadmap" }).click();
    const theirs = a.page.getByTestId("feature-request").filter({ hasText: feature });
    await theirs.getByRole("button", { name: `Vote for ${feature}` }).click();
    await theirs.getByTestId("votes").filter({ hasText: "2" }).waitFor();
    await screenshot(a.page, "help-roadmap-desktop");
    await c.page.reload();
    await c.page.getByRole("tab", { name: "Roadmap" }).click();
    await c.page
      .getByTestId("feature-request")
      .filter({ hasText: feature })
      .getByTestId("votes")
      .filter({ hasText: "2" })
      .waitFor();

    // A student contacts the instructor; the creator finds it among tickets to answer.
    const s = await page("student");
    s.page.on("pageerror", (e) => errors.push(e.message));
    await s.page.goto("/dashboard/help");
    await s.page.getByRole("tab", { name: "Contact Instructor" }).click();
    await s.page.getByLabel("Course").selectOption({ label: `${courseTitle} — ${creator.name}` });
    await s.page.getByLabel("Subject").fill("Nước dùng");
    await s.page.getByLabel("Message").fill("How long should the broth simmer?");
    await s.page.getByRole("button", { name: "Send message" }).click();
    await s.page
      .getByRole("status")
      .filter({ hasText: "Message sent to your instructor. You'll receive a response within 24-48 hours." })
      .waitFor();
    await screenshot(s.page, "help-contact-instructor-desktop");
    await c.page.getByRole("tab", { name: "Support Tickets" }).click();
    await c.page
      .getByRole("button", { name: /Nước dùng/ })
      .first()
      .waitFor();

    // Clear the banner again for the other journeys.
    const settings = (await (await api("admin", "GET", "/api/platform-settings")).json()) as Record<
      string,
      string
    >;
    expect(
      (await api("admin", "PUT", "/api/admin/settings", { ...settings, maintenanceBanner: "" })).status,
    ).toBe(200);
    expect(errors).toEqual([]);
    for (const x of [a, c, s]) await x.context.close();
  }, 180_000);

  it("platform name, guides, reports from /lp, and the suspended Google refusal (issue 14, rest)", async () => {
    const errors: string[] = [];
    const settings = (await (await api("admin", "GET", "/api/platform-settings")).json()) as Record<
      string,
      string
    >;
    // The platform name from Settings shows in the creator's page titles and brand mark.
    const a = await page("admin");
    a.page.on("pageerror", (e) => errors.push(e.message));
    await a.page.goto("/dashboard/admin");
    await a.page.getByRole("tab", { name: "Settings" }).click();
    await a.page.getByLabel("Platform name").fill("Học Viện Sen");
    await a.page.getByRole("button", { name: "Save" }).click();
    await toast(a.page, "Settings saved");
    await expect.poll(() => a.page.title()).toBe("Admin Panel · Học Viện Sen");
    const c = await page("creator");
    c.page.on("pageerror", (e) => errors.push(e.message));
    await c.page.goto("/dashboard/help");
    await c.page.getByRole("heading", { name: "Help Center" }).waitFor();
    await expect.poll(() => c.page.title()).toBe("Help Center · Học Viện Sen");
    await c.page.getByText("Học Viện Sen").first().waitFor();

    // Guides: the admin writes a draft (creators don't see it), publishes it, then deletes it.
    const guideTitle = `Pricing ${Date.now().toString(36)}`;
    await a.page.goto("/dashboard/help?tab=guides");
    const editor = a.page.getByTestId("guide-editor");
    await editor.getByRole("button", { name: "Save guide" }).click();
    await editor.getByRole("alert").filter({ hasText: "Please fill in all required fields" }).waitFor();
    await editor.getByLabel("Title (English)").fill(guideTitle);
    await editor.getByLabel("Guide (English, markdown)").fill("## Start low\n\nRaise the price **later**.");
    await editor.getByLabel("Title (Vietnamese)").fill(`Định giá ${guideTitle}`);
    await editor.getByLabel("Guide (Vietnamese, markdown)").fill("## Bắt đầu thấp\n\nTăng giá **sau**.");
    await editor.getByRole("button", { name: "Save guide" }).click();
    await toast(a.page, "Guide saved");
    const adminGuide = a.page.getByTestId("guide").filter({ hasText: guideTitle });
    await adminGuide.getByText("Draft").waitFor();
    await c.page.goto("/dashboard/help?tab=guides");
    await c.page.getByTestId("guide").first().waitFor();
    expect(await c.page.getByTestId("guide").filter({ hasText: guideTitle }).count()).toBe(0);
    await adminGuide.getByRole("button", { name: "Publish" }).click();
    await toast(a.page, "Guide published");
    await adminGuide.getByText("Published").waitFor();
    await screenshot(a.page, "help-guides-admin-desktop");
    await c.page.reload();
    await c.page.getByTestId("guide").filter({ hasText: guideTitle }).getByText("Raise the price").waitFor();
    await adminGuide.getByRole("button", { name: "Delete" }).click();
    await a.page.getByRole("alertdialog").getByText("Delete this guide?").waitFor();
    await a.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast(a.page, "Guide deleted");
    await expect.poll(() => a.page.getByTestId("guide").filter({ hasText: guideTitle }).count()).toBe(0);

    // A visitor reports a landing page from its footer: sign in first, then the dialog.
    const slug = `bao-cao-${Date.now().toString(36)}`;
    const created = await api("creator", "POST", "/api/landing-pages", {
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
            content: { headline: "Nấu phở như đầu bếp", subheadline: "Nước dùng", ctaText: "Đăng ký" },
            styles: { backgroundColor: "transparent", textColor: "", padding: "2rem" },
          },
        ],
      },
      styleData: resolveStyles({}),
      seoData: { ...resolveSeo({}), language: "en-US" },
      isPublished: true,
    });
    expect(created.status).toBe(201);
    const visitor = await newContext(browser, baseURL, DESKTOP);
    const v = await visitor.newPage();
    await v.goto(`/lp/${slug}`);
    await v.getByRole("link", { name: "Report this page" }).click();
    await v.getByRole("link", { name: "Sign in to report" }).waitFor();
    await screenshot(v, "report-visitor-desktop");
    await visitor.close();
    const s = await page("student");
    s.page.on("pageerror", (e) => errors.push(e.message));
    await s.page.goto(`/lp/${slug}`);
    await s.page.getByRole("link", { name: "Report this page" }).click();
    const dialog = s.page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Report this page" }).waitFor();
    await dialog.getByLabel("Reason").selectOption("spam");
    await dialog.getByLabel("Details (optional)").fill("Copies another school's page.");
    await screenshot(s.page, "report-dialog-desktop");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await s.page.getByRole("status").filter({ hasText: "your report was sent" }).waitFor();
    await s.page.getByRole("link", { name: "Back to the page" }).click();
    await s.page.waitForURL(`**/lp/${slug}`);
    await a.page.goto("/dashboard/admin");
    await a.page.getByRole("tab", { name: "Reports" }).click();
    const lpReport = a.page.getByTestId("report-card").filter({ hasText: "Nấu phở Hà Nội" });
    await lpReport.getByText("Spam or scam").waitFor();
    await lpReport.getByTestId("report-details").getByText("Copies another school's page.").waitFor();

    // Hide takes the page down; its owner cannot publish it until an admin allows it (issue 24 §4).
    await lpReport.getByTestId("report-hide").click();
    await toast(a.page, "Hidden; the author was e-mailed");
    const { id: pageId } = (await created.json()) as { id: string };
    await c.page.goto(`/dashboard/landing-pages/builder/${pageId}`);
    await c.page.getByTestId("taken-down").waitFor();
    expect(await c.page.getByRole("button", { name: "Publish", exact: true }).count()).toBe(0);
    await c.page.getByTestId("ask-review").click();
    await c.page.getByLabel("What did you change?").fill("I replaced the copied text with my own.");
    await c.page.getByTestId("ask-review-submit").click();
    await toast(c.page, "Your request was sent. An admin will review it.");
    await screenshot(c.page, "landing-taken-down-desktop");
    await a.page.reload();
    await a.page.getByRole("tab", { name: "Reports" }).click();
    const appeal = a.page.getByTestId("report-card").filter({ hasText: "Review request" });
    await appeal.getByText("I replaced the copied text with my own.").waitFor();
    await screenshot(a.page, "admin-review-request-desktop");
    await appeal.getByTestId("report-allow").click();
    await toast(a.page, "The owner can publish it again; they were e-mailed");
    await c.page.reload();
    await c.page.getByRole("button", { name: "Publish", exact: true }).waitFor();
    expect(await c.page.getByTestId("taken-down").count()).toBe(0);
    // The audit log says each step in words.
    await a.page.getByRole("tab", { name: "Audit log" }).click();
    await a.page
      .getByTestId("audit-action")
      .filter({ hasText: "Allowed publishing again" })
      .first()
      .waitFor();
    await a.page.getByTestId("audit-action").filter({ hasText: "Hid reported content" }).first().waitFor();

    // A suspended account's Google sign-in lands on /auth with the refusal (server test: the callback).
    const signedOut = await newContext(browser, baseURL, DESKTOP);
    const so = await signedOut.newPage();
    await so.goto("/auth?tab=signin&error=account_suspended");
    await so
      .getByTestId("suspended-banner")
      .getByText("This account is suspended. Please contact support.")
      .waitFor();
    await expect.poll(() => new URL(so.url()).searchParams.get("error")).toBeNull();
    await screenshot(so, "auth-suspended-desktop");
    await signedOut.close();

    expect((await api("admin", "PUT", "/api/admin/settings", settings)).status).toBe(200);
    expect(errors).toEqual([]);
    for (const x of [a, c, s]) await x.context.close();
  }, 180_000);

  it("fits a phone: Admin Panel and Help Center screens", async () => {
    const a = await page("admin", PHONE);
    await a.page.goto("/dashboard/admin");
    await a.page.getByText("Admin Access").waitFor();
    await a.page.getByTestId("subject-card").first().waitFor();
    await expectNoHorizontalOverflow(a.page, "admin subjects");
    await screenshot(a.page, "admin-subjects-phone");
    for (const [tab, name] of [
      ["Content Library", "admin-content-phone"],
      ["Reports", "admin-reports-phone"],
      ["Branding Kits", "admin-kits-phone"],
      ["Users", "admin-users-phone"],
      ["Audit log", "admin-audit-phone"],
    ] as const) {
      await a.page.getByRole("tab", { name: tab }).click();
      await a.page.getByRole("tabpanel").first().waitFor();
      await waitForQuiet(a.page);
      await expectNoHorizontalOverflow(a.page, name);
      await screenshot(a.page, name);
    }
    await a.page.goto("/dashboard/help?tab=tickets");
    await a.page.getByTestId("ticket-thread").or(a.page.getByText("Tickets to answer")).first().waitFor();
    await expectNoHorizontalOverflow(a.page, "help tickets");
    await screenshot(a.page, "help-tickets-phone");

    const s = await page("student", PHONE);
    await s.page.goto("/dashboard/help");
    await s.page.getByRole("heading", { name: "Help Center" }).waitFor();
    await s.page.locator("details").first().waitFor();
    await expectNoHorizontalOverflow(s.page, "student faq");
    await screenshot(s.page, "help-student-faq-phone");
    await s.page.getByRole("tab", { name: "Learning Guides" }).click();
    const contact = s.page.getByTestId("support-contact");
    await contact.getByRole("link", { name: "hotro@academy.example.vn" }).waitFor();
    expect(await contact.getByRole("link", { name: "Chat with us live" }).getAttribute("href")).toBe(
      "https://chat.academy.example.vn",
    );
    expect(await contact.textContent()).toContain("(8:00–17:00)");
    await s.page.getByRole("heading", { name: "Learning well online" }).waitFor();
    // The guide's markdown (its renderer loads on demand, issue 17 §14) shows as HTML.
    await s.page.getByRole("heading", { name: "A rhythm that works" }).waitFor();
    await expectNoHorizontalOverflow(s.page, "student guides");
    await screenshot(s.page, "help-student-guides-phone");
    await s.page.goto(`/report?type=course&id=${courseId}&back=${encodeURIComponent(`/join/${courseId}`)}`);
    await s.page.getByRole("dialog").getByLabel("Reason").waitFor();
    await expectNoHorizontalOverflow(s.page, "report dialog");
    await screenshot(s.page, "report-dialog-phone");
    const signedOut = await newContext(browser, baseURL, PHONE);
    const so = await signedOut.newPage();
    await so.goto("/auth?tab=signin&error=account_suspended");
    await so.getByTestId("suspended-banner").waitFor();
    await expectNoHorizontalOverflow(so, "auth suspended");
    await screenshot(so, "auth-suspended-phone");
    await signedOut.close();
    await a.page.goto("/dashboard/help?tab=guides");
    await a.page.getByTestId("guide-editor").waitFor();
    await a.page.getByTestId("guide").first().waitFor();
    await expectNoHorizontalOverflow(a.page, "admin guides");
    await screenshot(a.page, "help-guides-admin-phone");
    await a.context.close();
    await s.context.close();
  }, 120_000);
});
