import { COURSE_MESSAGES, type ErrorBody } from "@academy/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, enrollments, profiles, user } from "../src/db/schema/index.ts";
import {
  cookiesFrom,
  createTestContext,
  oneLessonDraft,
  publishCourse,
  type TestContext,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./harness.ts";

/**
 * Issue 17 §6: every e-mail is written in its recipient's language (profiles.locale, stored from
 * the UI language at sign-up and when switched), never in the sender's; error answers carry a
 * stable reason the web app translates.
 */
let ctx: TestContext;
type Account = { cookie: string; userId: string; email: string };

/** Signs up with the given request headers (the web app's language cookie, a browser's Accept-Language), verifies, signs in. */
async function signUpWith(headers: Record<string, string>, name: string): Promise<Account> {
  const email = uniqueEmail("lang");
  const password = "correct-horse-battery";
  const signUp = await ctx.request("/api/auth/sign-up/email", {
    method: "POST",
    headers,
    json: { name, email, password },
  });
  expect(signUp.status).toBe(200);
  let cookie = cookiesFrom(await verifyEmailFromOutbox(ctx, email));
  if (!cookie.includes("session_token")) {
    cookie = cookiesFrom(
      await ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } }),
    );
  }
  const [row] = await ctx.runtime.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  return { cookie, userId: row.id, email: email.toLowerCase() };
}

async function localeOf(account: Account): Promise<string> {
  const [row] = await ctx.runtime.db
    .select({ locale: profiles.locale })
    .from(profiles)
    .where(eq(profiles.user_id, account.userId));
  return row.locale;
}

async function lastMail(to: string, template: string) {
  const [row] = await ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.created_at))
    .limit(1);
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("the profile's language", () => {
  it("is the UI language at sign-up: the web app's cookie, else the browser's Accept-Language", async () => {
    expect(await localeOf(await signUpWith({ cookie: "academy_lang=en" }, "Cookie En"))).toBe("en");
    expect(
      await localeOf(await signUpWith({ cookie: "academy_lang=vi", "accept-language": "en-US" }, "Vi")),
    ).toBe("vi");
    expect(await localeOf(await signUpWith({ "accept-language": "en-US,en;q=0.9" }, "Browser En"))).toBe(
      "en",
    );
    expect(await localeOf(await signUpWith({ "accept-language": "vi-VN,vi;q=0.9" }, "Browser Vi"))).toBe(
      "vi",
    );
    // Neither: the platform's default (vi) stays.
    expect(await localeOf(await signUpWith({}, "Nothing Stated"))).toBe("vi");
  });

  it("follows a switch of the UI language (PATCH /api/me)", async () => {
    const person = await signUpWith({ cookie: "academy_lang=vi" }, "Switcher");
    const response = await ctx.request("/api/me", {
      method: "PATCH",
      cookie: person.cookie,
      json: { locale: "en" },
    });
    expect(response.status).toBeLessThan(300);
    expect(await localeOf(person)).toBe("en");
  });

  it("is reported by /api/me as chosen only once the person stated it (issue 24 §7: every device uses it)", async () => {
    const me = async (account: Account) =>
      (await (await ctx.request("/api/me", { cookie: account.cookie })).json()) as {
        locale: string;
        localeChosen: boolean;
      };
    const stated = await signUpWith({ cookie: "academy_lang=en" }, "Stated En");
    expect(await me(stated)).toMatchObject({ locale: "en", localeChosen: true });
    const unstated = await signUpWith({}, "Never Said");
    expect(await me(unstated)).toMatchObject({ locale: "vi", localeChosen: false });
    await ctx.request("/api/me", { method: "PATCH", cookie: unstated.cookie, json: { locale: "en" } });
    expect(await me(unstated)).toMatchObject({ locale: "en", localeChosen: true });
  });
});

describe("e-mails go out in the recipient's language, not the sender's", () => {
  let creatorEn: Account;
  let studentVi: Account;
  let studentEn: Account;
  let courseId: string;

  beforeAll(async () => {
    creatorEn = await signUpWith({ cookie: "academy_lang=en" }, "Chef Cara");
    studentVi = await signUpWith({ cookie: "academy_lang=vi" }, "Nguyễn Văn An");
    studentEn = await signUpWith({ cookie: "academy_lang=en" }, "Jane Doe");
    for (const s of [studentVi, studentEn])
      await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, s.userId));
    courseId = await publishCourse(
      ctx,
      `${creatorEn.cookie}; academy_lang=en`,
      oneLessonDraft("Phở at Home"),
    );
    for (const s of [studentVi, studentEn]) {
      const enrol = await ctx.request(`/api/courses/${courseId}/enroll`, {
        method: "POST",
        cookie: s.cookie,
        json: {},
      });
      expect(enrol.ok).toBe(true);
    }
  }, 60_000);

  it("an English creator invites a Vietnamese student: the invitation is Vietnamese", async () => {
    const response = await ctx.request("/api/invitations", {
      method: "POST",
      cookie: `${creatorEn.cookie}; academy_lang=en`,
      headers: { "accept-language": "en-US" },
      json: { email: studentVi.email, courseIds: [courseId] },
    });
    expect(response.status).toBe(201);
    const mail = await lastMail(studentVi.email, "invitation");
    expect(mail.subject).toMatch(/mời bạn tham gia/);
    expect(mail.text).not.toMatch(/invited you/);
  });

  it("an invitation to an address without an account is in the inviter's language", async () => {
    const stranger = uniqueEmail("stranger").toLowerCase();
    const response = await ctx.request("/api/invitations", {
      method: "POST",
      cookie: creatorEn.cookie,
      json: { email: stranger, courseIds: [courseId] },
    });
    expect(response.status).toBe(201);
    expect((await lastMail(stranger, "invitation")).subject).toMatch(/invited you to join/);
  });

  it("without an account, the inviter's UI language of the request wins over an older profile setting", async () => {
    const creatorVi = await signUpWith({ cookie: "academy_lang=vi" }, "Chef Việt");
    const course = await publishCourse(ctx, creatorVi.cookie, oneLessonDraft("Bún chả"));
    const stranger = uniqueEmail("stranger-ui").toLowerCase();
    const response = await ctx.request("/api/invitations", {
      method: "POST",
      cookie: `${creatorVi.cookie}; academy_lang=en`,
      json: { email: stranger, courseIds: [course] },
    });
    expect(response.status).toBe(201);
    expect((await lastMail(stranger, "invitation")).subject).toMatch(/invited you to join/);
  });

  it("one bulk reminder from the English creator: Vietnamese to the vi student, English to the en student", async () => {
    const ids = (
      await ctx.runtime.db
        .select({ id: enrollments.id, student: enrollments.student_id })
        .from(enrollments)
        .where(eq(enrollments.course_id, courseId))
    ).map((r) => r.id);
    const response = await ctx.request("/api/students/email", {
      method: "POST",
      cookie: `${creatorEn.cookie}; academy_lang=en`,
      json: { enrollmentIds: ids, emailType: "reminder" },
    });
    expect(response.status).toBe(202);
    expect((await lastMail(studentVi.email, "reminder")).subject).toBe(
      'Nhắc nhở: tiếp tục học "Phở at Home"',
    );
    expect((await lastMail(studentEn.email, "reminder")).subject).toBe('Reminder: continue "Phở at Home"');
  });

  it("after the student switches to English, the next e-mail is English", async () => {
    await ctx.request("/api/me", { method: "PATCH", cookie: studentVi.cookie, json: { locale: "en" } });
    const response = await ctx.request("/api/invitations", {
      method: "POST",
      cookie: creatorEn.cookie,
      json: { email: studentVi.email, courseIds: [courseId] },
    });
    expect(response.status).toBe(201);
    expect((await lastMail(studentVi.email, "invitation")).subject).toMatch(/invited you to join/);
    await ctx.request("/api/me", { method: "PATCH", cookie: studentVi.cookie, json: { locale: "vi" } });
  });
});

describe("error answers name their reason", () => {
  it("a validation failure keeps the English message and its issues, and adds the reason", async () => {
    const creator = await signUpWith({ cookie: "academy_lang=vi" }, "Reasons");
    const response = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: creator.cookie,
      json: oneLessonDraft(""),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe(COURSE_MESSAGES.titleRequired);
    expect(error.reason).toBe("course.titleRequired");
    expect(error.issues?.find((i) => i.path === "title")?.message).toBe(COURSE_MESSAGES.titleRequired);
  });

  it("an AppError without a catalogued text has no reason; a catalogued one has", async () => {
    const anonymous = await ctx.request("/api/me");
    const body = (await anonymous.json()) as ErrorBody;
    expect(anonymous.status).toBe(401);
    expect(body.error.reason).toBe("server.signIn");
    expect(body.error.message).toBe("Please sign in to continue.");
  });
});
