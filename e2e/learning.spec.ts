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
import { makeWebm } from "./media.ts";

const ctx = e2eContext();
const skip = "skip" in ctx && ctx.skip !== undefined;

async function toast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** The text of a PDF, extracted with pdf.js (the text layer maps the embedded font back to Unicode). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  }
  return text.normalize("NFC");
}

/**
 * Issue 4 journey: a creator publishes a free course with a text lesson, a video lesson (a WebM
 * the test records) and a quiz; a visitor opens /join, is sent to sign up, comes back, enrols,
 * plays the video to its end (progress 90), completes the text lesson, fails and then passes the
 * quiz, sees 100%, downloads the certificate (its text checked), opens the verification page; a
 * signed-in account that is not enrolled is refused the player.
 */
describe.skipIf(skip)("enrolment and learning journey", () => {
  let browser: Browser;
  const baseURL = "baseURL" in ctx ? ctx.baseURL : "";
  const creator = newAccount("teacher", "Lê Minh Châu");
  const student = newAccount("learner", "Nguyễn Thị Ánh Tuyết");
  const courseTitle = "Tiếng Việt: chào hỏi";
  let courseId = "";

  beforeAll(async () => {
    browser = await launchBrowser("chromium" in ctx ? ctx.chromium : "");
    const cookie = await createVerifiedAccount(baseURL, creator);
    const form = new FormData();
    form.append("area", "lesson-video");
    form.append(
      "file",
      new Blob([new Uint8Array(await makeWebm(browser, baseURL))], { type: "video/webm" }),
      "greeting.webm",
    );
    const upload = await fetch(`${baseURL}/api/uploads?area=lesson-video`, {
      method: "POST",
      headers: { cookie, origin: baseURL },
      body: form,
    });
    expect(upload.status).toBe(201);
    const videoUrl = ((await upload.json()) as { url: string }).url;
    const publish = await fetch(`${baseURL}/api/courses/publish`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({
        title: courseTitle,
        description: "Học cách chào hỏi người Việt trong mọi tình huống: gia đình, bạn bè, công việc.",
        category: "language",
        estimatedDuration: 1,
        outline: [
          {
            id: "s1",
            title: "Bắt đầu",
            lessons: [
              {
                id: "l1",
                title: "Vì sao lời chào quan trọng",
                type: "text",
                duration: 10,
                content: { type: "text", html: "<p>Lời chào thể hiện <strong>sự tôn trọng</strong>.</p>" },
              },
              {
                id: "l2",
                title: "Xem cách chào",
                type: "video",
                duration: 5,
                content: { type: "video", source: "upload", url: videoUrl },
              },
              {
                id: "l3",
                title: "Kiểm tra nhanh",
                type: "quiz",
                duration: 5,
                content: {
                  type: "quiz",
                  passMark: 70,
                  questions: [
                    {
                      id: "q1",
                      question: "“Chào anh” dùng với ai?",
                      choices: ["Người đàn ông lớn tuổi hơn một chút", "Em bé"],
                      correctIndex: 0,
                    },
                    {
                      id: "q2",
                      question: "“Cảm ơn” nghĩa là gì?",
                      choices: ["Goodbye", "Thank you"],
                      correctIndex: 1,
                    },
                  ],
                },
              },
            ],
          },
        ],
      }),
    });
    expect(publish.status).toBe(200);
    courseId = ((await publish.json()) as { courseId: string }).courseId;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("enrols through /join, learns every lesson and earns a verified certificate", async () => {
    const context = await newContext(browser, baseURL, DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // /join as a visitor: the server-rendered head carries the course for link previews.
    const html = await (await fetch(`${baseURL}/join/${courseId}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${courseTitle}`);
    await page.goto(`/join/${courseId}`);
    await page.getByRole("heading", { name: courseTitle }).first().waitFor();
    await page.getByText("Free").first().waitFor();
    await screenshot(page, "join-desktop");
    await page.getByRole("button", { name: "Enroll Now" }).first().click();
    await page.waitForURL(/\/auth\?/);
    // The sign-up page names the course being joined (issue 24 §6), not "Start teaching".
    await expect
      .poll(() => page.getByTestId("auth-headline").textContent())
      .toBe(`Create your account to join ${courseTitle}`);

    // Sign up (a student account), verify, sign in, back to /join.
    await page.getByLabel("Full name").fill(student.name);
    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password", { exact: true }).fill(student.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await toast(page, "Account created!");
    await page.goto("/dev/mailbox");
    await page
      .getByRole("row", { name: new RegExp(student.email) })
      .getByRole("link")
      .click();
    // Verification signs in and returns to the course page (issue 17 item 7).
    await page.locator("a.mail-link", { hasText: "verify-email" }).click();
    await page.waitForURL(new RegExp(`/join/${courseId}`));
    await page.getByRole("button", { name: "Enroll Now" }).first().click();
    await page.getByText("You're enrolled!").waitFor();
    await screenshot(page, "join-enrolled-desktop");
    const me = await (await page.request.get("/api/me")).json();
    expect(me.role).toBe("student");
    await page.getByRole("link", { name: "Start learning" }).click();
    await page.waitForURL(new RegExp(`/learn/${courseId}`));
    await page.getByTestId("lesson-player").waitFor();
    expect(await page.getByTestId("lesson-position").textContent()).toContain("Lesson 1 of 3");
    await screenshot(page, "player-text-desktop");

    const lessonProgress = async (index: number) => {
      const data = await (await page.request.get(`/api/learn/${courseId}`)).json();
      return data.lessons[index].progress as { progress: number; isCompleted: boolean };
    };

    // The video plays to its end: progress 90, not completed.
    await page.getByTestId("lesson-list-item").nth(1).click();
    const video = page.locator("video[data-testid=lesson-video]");
    await video.waitFor();
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
    });
    await expect
      .poll(() => lessonProgress(1), { timeout: 20_000 })
      .toMatchObject({ progress: 90, isCompleted: false });
    await page.getByText("You reached the end of the video.", { exact: false }).waitFor();
    await screenshot(page, "player-video-desktop");

    // The text lesson: Mark Complete.
    await page.getByTestId("lesson-list-item").nth(0).click();
    await page.getByTestId("mark-complete").click();
    await expect.poll(() => lessonProgress(0)).toMatchObject({ progress: 100, isCompleted: true });

    // The quiz: fail, retake, pass.
    await page.getByTestId("lesson-list-item").nth(2).click();
    const questions = page.getByTestId("quiz-question");
    await questions.nth(0).getByTestId("quiz-choice").nth(1).click();
    await questions.nth(1).getByTestId("quiz-choice").nth(0).click();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByText("Not passed").waitFor();
    expect(await page.getByTestId("quiz-score").textContent()).toContain("0");
    await screenshot(page, "player-quiz-failed-desktop");
    await page.getByRole("button", { name: "Retake quiz" }).first().click();
    await questions.nth(0).getByTestId("quiz-choice").nth(0).click();
    await questions.nth(1).getByTestId("quiz-choice").nth(1).click();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByText("Passed", { exact: true }).first().waitFor();

    // The video lesson still needs Mark Complete; then the course is 100% with a certificate.
    await page.getByTestId("lesson-list-item").nth(1).click();
    await page.getByTestId("mark-complete").click();
    await page.getByTestId("completion-banner").waitFor();
    expect(await page.getByTestId("course-percent").textContent()).toContain("100");
    await screenshot(page, "player-complete-desktop");

    // The certificate PDF names the student and the course; the verification page confirms it.
    const certificateUrl = (await (await page.request.get(`/api/learn/${courseId}`)).json()).enrolment
      .certificateUrl as string;
    expect(certificateUrl).toMatch(/^\/certificates\/[A-Z0-9]+$/);
    const certificateId = certificateUrl.split("/").pop()!;
    const pdf = await page.request.get(`/api/certificates/${certificateId}/pdf`);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    const text = await pdfText(Buffer.from(await pdf.body()));
    expect(text).toContain(student.name);
    expect(text).toContain(courseTitle);
    expect(text).toContain(certificateId);
    await page.getByRole("link", { name: "View certificate" }).click();
    await page.waitForURL(new RegExp(certificateUrl));
    await page.getByText("This certificate is valid").waitFor();
    await page.getByText(student.name).first().waitFor();
    await screenshot(page, "certificate-desktop");

    // The dashboard shows the completed course with its certificate.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Certificate" }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses the player to a signed-in account that is not enrolled", async () => {
    const outsider = newAccount("outsider", "Trần Văn Khách");
    const context = await newContext(browser, baseURL, DESKTOP);
    await useSession(context, baseURL, await createVerifiedAccount(baseURL, outsider));
    const page = await context.newPage();
    await page.goto(`/learn/${courseId}`);
    await toast(page, "Access Denied");
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it("looks right on a phone", async () => {
    const context = await newContext(browser, baseURL, PHONE);
    const page = await context.newPage();
    await page.goto(`/join/${courseId}`);
    await page.getByRole("heading", { name: courseTitle }).first().waitFor();
    await screenshot(page, "join-phone");
    await expectNoHorizontalOverflow(page, "join-phone");
    await useSession(context, baseURL, await createVerifiedAccount(baseURL, newAccount("phone", "Phạm Thu")));
    await page.reload();
    await page.getByRole("button", { name: "Enroll Now" }).first().click();
    await page.getByText("You're enrolled!").waitFor();
    await page.getByRole("link", { name: "Start learning" }).click();
    await page.getByTestId("lesson-player").waitFor();
    await screenshot(page, "player-phone");
    await expectNoHorizontalOverflow(page, "player-phone");
    await context.close();
  });
});
