import {
  acceptInvitationResultSchema,
  type CourseDraftInput,
  type ErrorBody,
  invitationLookupSchema,
  invitationResultSchema,
  STUDENT_MESSAGES,
} from "@academy/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courses,
  emailOutbox,
  enrollments,
  profiles,
  schools,
  studentInvitations,
} from "../src/db/schema/index.ts";
import {
  cookiesFrom,
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
  verifyEmailFromOutbox,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator who invites
let dan: Account; // another creator
let stu: Account; // an existing student
let pho: string; // cara's published courses
let banhMi: string;
let paid: string; // cara's paid course
let hidden: string; // cara's unpublished course
let dansCourse: string;

function call(who: Account | null, method: "GET" | "POST" | "PATCH", pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

function publish(who: Account, input: CourseDraftInput): Promise<string> {
  return publishCourse(ctx, who.cookie, input);
}

async function invite(who: Account | null, body: unknown) {
  return call(who, "POST", "/api/invitations", body);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("invitation") ?? "";
}

/** Signs up through the invitation (student role, return to /invitation), verifies and signs in. */
async function signUpInvited(email: string, token: string, name = "Invited Student"): Promise<Account> {
  const password = "correct-horse-battery";
  const signUp = await ctx.request("/api/auth/sign-up/email", {
    method: "POST",
    json: {
      name,
      email,
      password,
      signupRole: "student",
      callbackURL: `/invitation?invitation=${token}`,
    },
  });
  expect(signUp.status).toBe(200);
  const verified = await verifyEmailFromOutbox(ctx, email);
  expect(verified.status).toBe(302);
  expect(verified.headers.get("location")).toBe(`/invitation?invitation=${token}`);
  const signIn = await ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
  expect(signIn.status).toBe(200);
  const [row] = await ctx.runtime.db.select().from(profiles).where(eq(profiles.email, email));
  return { cookie: cookiesFrom(signIn), userId: row.user_id, email, password };
}

async function enrolmentsOf(studentId: string) {
  return ctx.runtime.db.select().from(enrollments).where(eq(enrollments.student_id, studentId));
}

async function countOf(courseId: string) {
  const [row] = await ctx.runtime.db
    .select({ n: courses.enrollment_count })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row.n;
}

async function invitationRows(email: string) {
  return ctx.runtime.db.select().from(studentInvitations).where(eq(studentInvitations.email, email));
}

async function mailsTo(email: string, template: string) {
  return ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, email), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.created_at));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Chef Cara", email: uniqueEmail("cara") });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
  pho = await publish(cara, oneLessonDraft("Phở at Home"));
  banhMi = await publish(cara, oneLessonDraft("Bánh Mì Basics"));
  paid = await publish(cara, oneLessonDraft("Phở Masterclass", { price: 1_990_000 }));
  hidden = await publish(cara, oneLessonDraft("Secret Recipes"));
  expect((await call(cara, "PATCH", `/api/courses/${hidden}`, { isPublished: false })).status).toBe(200);
  dansCourse = await publish(dan, oneLessonDraft("Dan's Course"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("POST /api/invitations (send-student-invitation)", () => {
  it("creates a pending 7-day invitation with an unguessable token and e-mails the link", async () => {
    const email = uniqueEmail("invitee");
    const before = Date.now();
    const response = await invite(cara, {
      email: `  ${email.toUpperCase()} `,
      courseIds: [pho, banhMi],
      message: "Chào em, hẹn gặp trong lớp!",
    });
    expect(response.status).toBe(201);
    const body = invitationResultSchema.parse(await response.json());
    expect(body.email).toBe(email);
    const token = tokenOf(body.invitationLink);
    expect(body.invitationLink).toBe(`http://localhost:3000/auth?invitation=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = new Date(body.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(7 * 24 * 3600_000 - 1000);
    expect(expires - before).toBeLessThan(7 * 24 * 3600_000 + 60_000);

    const [row] = await invitationRows(email);
    expect(row).toMatchObject({ status: "pending", invitation_token: token, creator_id: cara.userId });
    expect([...row.course_ids].sort()).toEqual([pho, banhMi].sort());

    const [mail] = await mailsTo(email, "invitation");
    expect(mail.text).toContain(body.invitationLink);
    // In the creator's language (Vietnamese by default) when the address has no account yet.
    expect(mail.text).toContain('Chef Cara mời bạn tham gia "Phở at Home" và "Bánh Mì Basics".');
    expect(mail.text).toContain("Chào em, hẹn gặp trong lớp!");
    // The school's name is the brand of the e-mail.
    const [school] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    expect(mail.html).toContain(`>${school.name}</div>`);
    expect(mail.text.startsWith(school.name)).toBe(true);
  });

  it("writes the e-mail in the language of an existing account", async () => {
    await ctx.runtime.db.update(profiles).set({ locale: "en" }).where(eq(profiles.user_id, stu.userId));
    expect((await invite(cara, { email: stu.email, courseIds: [pho] })).status).toBe(201);
    expect((await mailsTo(stu.email, "invitation"))[0].subject).toMatch(/invited you to join/);
    await ctx.runtime.db.update(profiles).set({ locale: "vi" }).where(eq(profiles.user_id, stu.userId));
    expect((await invite(cara, { email: stu.email, courseIds: [pho] })).status).toBe(201);
    expect((await mailsTo(stu.email, "invitation"))[0].subject).toMatch(/mời bạn tham gia/);
  });

  it.each([
    [{ email: "", courseIds: [] }, STUDENT_MESSAGES.inviteMissing],
    [{ courseIds: ["00000000-0000-4000-8000-000000000000"] }, STUDENT_MESSAGES.inviteMissing],
    [{ email: "a@example.com", courseIds: [] }, STUDENT_MESSAGES.inviteMissing],
    [{ email: "a@example.com" }, STUDENT_MESSAGES.inviteMissing],
    [{ email: "not-an-email", courseIds: [] }, "Please enter a valid email address."],
  ])("refuses %j with the spec's message and writes nothing", async (input, message) => {
    const before = await ctx.runtime.db.select({ n: sql<number>`count(*)::int` }).from(studentInvitations);
    const response = await invite(cara, input);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    const after = await ctx.runtime.db.select({ n: sql<number>`count(*)::int` }).from(studentInvitations);
    expect(after[0].n).toBe(before[0].n);
  });

  it("refuses another creator's course and an unpublished course, writing nothing", async () => {
    for (const courseIds of [[dansCourse], [pho, dansCourse], [hidden]]) {
      const email = uniqueEmail("nope");
      const response = await invite(cara, { email, courseIds });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(STUDENT_MESSAGES.inviteCourseNotFound);
      expect(await invitationRows(email)).toHaveLength(0);
      expect(await mailsTo(email, "invitation")).toHaveLength(0);
    }
  });

  it("is for creators only: anonymous 401, student 403", async () => {
    expect((await invite(null, { email: uniqueEmail(), courseIds: [pho] })).status).toBe(401);
    expect((await invite(stu, { email: uniqueEmail(), courseIds: [pho] })).status).toBe(403);
  });
});

describe("GET /api/invitations/lookup", () => {
  it("tells the invited e-mail and the courses of a pending invitation, to anyone with the token", async () => {
    const email = uniqueEmail("lookup");
    const sent = invitationResultSchema.parse(
      await (await invite(cara, { email, courseIds: [banhMi, pho] })).json(),
    );
    const response = await call(null, "GET", `/api/invitations/lookup?token=${tokenOf(sent.invitationLink)}`);
    expect(response.status).toBe(200);
    const body = invitationLookupSchema.parse(await response.json());
    expect(body.email).toBe(email);
    expect(body.courses.map((c) => c.title)).toEqual(["Bánh Mì Basics", "Phở at Home"]);
    expect(body.creatorName).toBe("Chef Cara");
  });

  it("answers 'Invitation not found' for unknown, malformed and expired tokens", async () => {
    const email = uniqueEmail("expired");
    const sent = invitationResultSchema.parse(await (await invite(cara, { email, courseIds: [pho] })).json());
    await ctx.runtime.db
      .update(studentInvitations)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(studentInvitations.email, email));
    for (const token of [tokenOf(sent.invitationLink), "x".repeat(43), "bad token!", ""]) {
      const response = await call(null, "GET", `/api/invitations/lookup?token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(STUDENT_MESSAGES.invitationNotFound);
    }
  });
});

describe("POST /api/invitations/accept (process-student-invitation)", () => {
  let email: string;
  let token: string;
  let invitee: Account;

  beforeAll(async () => {
    email = uniqueEmail("nguyen.an");
    const sent = invitationResultSchema.parse(
      await (await invite(cara, { email, courseIds: [pho, banhMi, paid] })).json(),
    );
    token = tokenOf(sent.invitationLink);
    invitee = await signUpInvited(email, token, "Nguyễn Văn An");
  });

  it("names the school in the verification e-mail", async () => {
    const [school] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    const [mail] = await mailsTo(email, "verification");
    expect(mail.subject).toBe(`Xác minh email để tham gia ${school.name}`);
    expect(mail.html).toContain(`>${school.name}</div>`);
  });

  it("names the course's school in the verification e-mail of a sign-up from /join", async () => {
    const joiner = uniqueEmail("joiner");
    const signUp = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { cookie: "academy_lang=en" },
      json: {
        name: "Joiner",
        email: joiner,
        password: "correct-horse-battery",
        signupRole: "student",
        callbackURL: `/auth?verified=1&redirect=${encodeURIComponent(`/join/${pho}`)}`,
      },
    });
    expect(signUp.status).toBe(200);
    const [school] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    expect((await mailsTo(joiner, "verification"))[0].subject).toBe(
      `Verify your email to join ${school.name}`,
    );
    const plain = uniqueEmail("plain");
    await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { cookie: "academy_lang=en" },
      json: { name: "Plain", email: plain, password: "correct-horse-battery" },
    });
    expect((await mailsTo(plain, "verification"))[0].subject).toBe("Verify your email address for Academy");
  });

  it("makes the invited account a student", async () => {
    const [profile] = await ctx.runtime.db
      .select()
      .from(profiles)
      .where(eq(profiles.user_id, invitee.userId));
    expect(profile.role).toBe("student");
  });

  it("refuses anonymous callers", async () => {
    expect((await call(null, "POST", "/api/invitations/accept", { invitationToken: token })).status).toBe(
      401,
    );
  });

  it("refuses another signed-in account with 'Email mismatch' and changes nothing", async () => {
    const response = await call(stu, "POST", "/api/invitations/accept", { invitationToken: token });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toContain("Email mismatch");
    expect(await enrolmentsOf(stu.userId)).toHaveLength(0);
    expect((await invitationRows(email))[0].status).toBe("pending");
  });

  it("enrols into every invited course once, even when accepted many times at once", async () => {
    const counts = await Promise.all([pho, banhMi, paid].map(countOf));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(invitee, "POST", "/api/invitations/accept", { invitationToken: token }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      const body = acceptInvitationResultSchema.parse(await response.json());
      expect(body.coursesEnrolled).toBe(3);
      expect(body.courses.map((c) => c.title)).toEqual(["Phở at Home", "Bánh Mì Basics", "Phở Masterclass"]);
    }
    const rows = await enrolmentsOf(invitee.userId);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.enrollment_source).toBe("invitation");
      // An invitation grants access, also to a paid course.
      expect(row.payment_status).toBe("completed");
    }
    expect(await Promise.all([pho, banhMi, paid].map(countOf))).toEqual(counts.map((n) => n + 1));
    const [invitation] = await invitationRows(email);
    expect(invitation).toMatchObject({ status: "accepted", accepted_by: invitee.userId });
  });

  it("is idempotent for the same account afterwards, and the used token no longer looks up", async () => {
    const counts = await Promise.all([pho, banhMi, paid].map(countOf));
    const again = await call(invitee, "POST", "/api/invitations/accept", { invitationToken: token });
    expect(again.status).toBe(200);
    expect(acceptInvitationResultSchema.parse(await again.json()).coursesEnrolled).toBe(3);
    expect(await enrolmentsOf(invitee.userId)).toHaveLength(3);
    expect(await Promise.all([pho, banhMi, paid].map(countOf))).toEqual(counts);
    expect((await call(null, "GET", `/api/invitations/lookup?token=${token}`)).status).toBe(404);
  });

  it("still says 'Email mismatch' to another account after it was used", async () => {
    const response = await call(dan, "POST", "/api/invitations/accept", { invitationToken: token });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toContain("Email mismatch");
  });

  it("refuses unknown, expired and revoked tokens with the spec's text", async () => {
    const expiredEmail = uniqueEmail("late");
    const sent = invitationResultSchema.parse(
      await (await invite(cara, { email: expiredEmail, courseIds: [pho] })).json(),
    );
    const lateToken = tokenOf(sent.invitationLink);
    const late = await signUpInvited(expiredEmail, lateToken);
    await ctx.runtime.db
      .update(studentInvitations)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(studentInvitations.email, expiredEmail));
    for (const t of [lateToken, "Z".repeat(43), "?"]) {
      const response = await call(late, "POST", "/api/invitations/accept", { invitationToken: t });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(STUDENT_MESSAGES.invitationInvalid);
    }
    await ctx.runtime.db
      .update(studentInvitations)
      .set({ expires_at: sql`now() + interval '1 day'`, status: "revoked" })
      .where(eq(studentInvitations.email, expiredEmail));
    const revoked = await call(late, "POST", "/api/invitations/accept", { invitationToken: lateToken });
    expect(revoked.status).toBe(404);
    expect(await enrolmentsOf(late.userId)).toHaveLength(0);
  });

  it("upgrades an existing pending paid enrolment and counts it once, when it is paid", async () => {
    // No payment method yet: "Message teacher" makes the pending enrolment (issue 11 §2).
    const enrol = await call(stu, "POST", `/api/courses/${paid}/enroll`, { contact: true });
    expect([200, 201]).toContain(enrol.status);
    expect((await enrolmentsOf(stu.userId)).find((e) => e.course_id === paid)?.payment_status).toBe(
      "pending",
    );
    const before = await countOf(paid);
    const sent = invitationResultSchema.parse(
      await (await invite(cara, { email: stu.email, courseIds: [paid] })).json(),
    );
    const response = await call(stu, "POST", "/api/invitations/accept", {
      invitationToken: tokenOf(sent.invitationLink),
    });
    expect(response.status).toBe(200);
    const row = (await enrolmentsOf(stu.userId)).find((e) => e.course_id === paid);
    expect(row?.payment_status).toBe("completed");
    expect(row?.enrollment_source).toBe("self");
    // A pending payment is not a student (issue 24 §5): the upgrade counts it once, now.
    expect(await countOf(paid)).toBe(before + 1);
    const paidRows = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.course_id, paid), eq(enrollments.payment_status, "completed")));
    expect(await countOf(paid)).toBe(paidRows.length);
  });
});
