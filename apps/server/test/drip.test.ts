import {
  type CourseDraftInput,
  DRIP_MESSAGES,
  type ErrorBody,
  errorReason,
  type PlayerCourse,
  playerCourseSchema,
  zonedDate,
} from "@academy/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  emailOutbox,
  enrollments,
  lessons,
  notificationPreferences,
  notifications,
  profiles,
  sectionOpenings,
} from "../src/db/schema/index.ts";
import { sendSectionOpenings } from "../src/features/learning/drip.service.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

// Issue 27 §1 (decision 0231): drip schedules — refusal before the opening, access after, in two
// time zones, the opening e-mails once, and the builder's validation.

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let hoa: Account; // creator in Asia/Ho_Chi_Minh
let lee: Account; // creator in America/Los_Angeles
let stu: Account; // student
let sam: Account; // second student (e-mails)

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The enrolments' start, set on the rows (the trigger's now() is the database's clock). */
const START = new Date(Math.floor(Date.now() / HOUR) * HOUR);
/** A calendar date 3 days after START (UTC date). */
const OPEN_DATE = new Date(START.getTime() + 3 * DAY).toISOString().slice(0, 10);

let relativeId: string; // s1 open, s2 after 1 day (text + quiz), s3 after 3 days
let hcmId: string; // s2 on OPEN_DATE, school in Ho Chi Minh City
let laId: string; // s2 on OPEN_DATE, school in Los Angeles

const QUIZ = [{ id: "q1", question: "Hello?", choices: ["Xin chào", "Tạm biệt"], correctIndex: 0 }];

function text(id: string, title: string) {
  return {
    id,
    title,
    type: "text" as const,
    duration: 1,
    content: { type: "text" as const, html: "<p>Hi.</p>" },
  };
}

function draft(title: string, sections: CourseDraftInput["outline"]): CourseDraftInput {
  return { title, description: "Drip course.", estimatedDuration: 1, outline: sections };
}

async function publish(who: Account, input: CourseDraftInput): Promise<string> {
  const response = await ctx.request("/api/courses/publish", {
    method: "POST",
    cookie: who.cookie,
    json: input,
  });
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { courseId: string }).courseId;
}

async function enrol(who: Account, courseId: string) {
  const response = await ctx.request(`/api/courses/${courseId}/enroll`, {
    method: "POST",
    cookie: who.cookie,
  });
  expect(response.status).toBe(200);
  await ctx.runtime.db
    .update(enrollments)
    .set({ access_started_at: START, enrollment_date: START })
    .where(and(eq(enrollments.student_id, who.userId), eq(enrollments.course_id, courseId)));
}

async function lessonIds(courseId: string): Promise<string[]> {
  const rows = await ctx.runtime.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.course_id, courseId))
    .orderBy(asc(lessons.order_index));
  return rows.map((r) => r.id);
}

async function player(who: Account, courseId: string): Promise<PlayerCourse> {
  const response = await ctx.request(`/api/learn/${courseId}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return playerCourseSchema.parse(await response.json());
}

function progress(
  who: Account,
  courseId: string,
  lessonId: string,
  event: "open" | "complete" | "video-ended",
) {
  return ctx.request(`/api/learn/${courseId}/lessons/${lessonId}/progress`, {
    method: "POST",
    cookie: who.cookie,
    json: { event },
  });
}

/** Sets the fake clock (Date only; timers keep running) to `at`. */
function clockAt(at: Date | number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

async function expectLocked(response: Response, opensAt: Date) {
  expect(response.status).toBe(403);
  const { error } = (await response.json()) as ErrorBody;
  expect(error.message).toBe(`${DRIP_MESSAGES.lessonLocked} It opens at ${opensAt.toISOString()}.`);
  expect(error.issues).toEqual([{ path: "opensAt", message: opensAt.toISOString() }]);
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", LEARNING_TIME_CAP: "false" });
  hoa = await signUpAndSignIn(ctx, { name: "Teacher Hoa" });
  lee = await signUpAndSignIn(ctx, { name: "Teacher Lee" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  sam = await signUpAndSignIn(ctx, { name: "Student Sam" });
  await ctx.runtime.db
    .update(profiles)
    .set({ time_zone: "America/Los_Angeles" })
    .where(eq(profiles.user_id, lee.userId));
  for (const who of [stu, sam])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));

  relativeId = await publish(
    hoa,
    draft("Relative drip", [
      { id: "s1", title: "Welcome", lessons: [text("l1", "Hello")] },
      {
        id: "s2",
        title: "Day one",
        release: { kind: "days", days: 1 },
        lessons: [
          text("l2", "Numbers"),
          { id: "l3", title: "Quiz", type: "quiz", duration: 1, content: { type: "quiz", questions: QUIZ } },
        ],
      },
      { id: "s3", title: "Day three", release: { kind: "days", days: 3 }, lessons: [text("l4", "Food")] },
    ]),
  );
  const dated = (title: string) =>
    draft(title, [
      { id: "s1", title: "Welcome", lessons: [text("l1", "Hello")] },
      {
        id: "s2",
        title: "On the date",
        release: { kind: "date", date: OPEN_DATE },
        lessons: [text("l2", "Later")],
      },
    ]);
  hcmId = await publish(hoa, dated("Dated in Saigon"));
  laId = await publish(lee, dated("Dated in LA"));
  for (const id of [relativeId, hcmId, laId]) await enrol(stu, id);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await ctx?.close();
});

describe("a section N days after enrolment", () => {
  it("is listed with its opening but refuses content, progress and the quiz before it", async () => {
    clockAt(START.getTime() + 23 * HOUR);
    const course = await player(stu, relativeId);
    const [l1, l2, l3, l4] = course.lessons;
    const opens = new Date(START.getTime() + DAY);
    expect(l1.opensAt).toBeNull();
    expect(l2.opensAt).toBe(opens.toISOString());
    expect(l2.content).toEqual({ type: "text", html: "" });
    expect(l3.content).toEqual({ type: "quiz", questions: [], passMark: 70 });
    expect(l4.opensAt).toBe(new Date(START.getTime() + 3 * DAY).toISOString());
    expect(course.course.timeZone).toBe("Asia/Ho_Chi_Minh");
    // The answer key and the question never reach a locked quiz's player.
    expect(JSON.stringify(course)).not.toContain("Xin chào");

    await expectLocked(await progress(stu, relativeId, l2.id, "open"), opens);
    await expectLocked(await progress(stu, relativeId, l2.id, "video-ended"), opens);
    await expectLocked(await progress(stu, relativeId, l2.id, "complete"), opens);
    await expectLocked(
      await ctx.request(`/api/learn/${relativeId}/lessons/${l2.id}/progress`, {
        method: "POST",
        cookie: stu.cookie,
        json: { event: "time", timeSpentDelta: 30 },
      }),
      opens,
    );
    await expectLocked(
      await ctx.request(`/api/learn/${relativeId}/lessons/${l3.id}/quiz`, {
        method: "POST",
        cookie: stu.cookie,
        json: { answers: { q1: 0 } },
      }),
      opens,
    );
    // The open lesson works, and completing it does not complete the course.
    expect((await progress(stu, relativeId, l1.id, "open")).status).toBe(200);
    const done = await progress(stu, relativeId, l1.id, "complete");
    expect(done.status).toBe(200);
    const body = (await done.json()) as { enrolment: { progress: number; isCompleted: boolean } };
    expect(body.enrolment).toMatchObject({ progress: 25, isCompleted: false });
  });

  it("opens at the enrolment's start plus N days", async () => {
    clockAt(START.getTime() + DAY + 60_000);
    const course = await player(stu, relativeId);
    const [, l2, l3, l4] = course.lessons;
    expect(l2.opensAt).toBeNull();
    expect(l2.content).toEqual({ type: "text", html: "<p>Hi.</p>", readingSeconds: 0 });
    expect(l3.content.type === "quiz" && l3.content.questions).toHaveLength(1);
    expect(l4.opensAt).not.toBeNull();
    expect((await progress(stu, relativeId, l2.id, "open")).status).toBe(200);
  });
});

describe("a section on a date, in the school's time zone", () => {
  // 00:00 in Ho Chi Minh City (UTC+7) is 17:00 UTC the day before; in Los Angeles (UTC-8 in
  // winter, -7 in summer) it is 08:00 or 07:00 UTC the same day.
  const hcmOpens = new Date(`${OPEN_DATE}T00:00:00+07:00`);

  it("opens at 00:00 of the date in Ho Chi Minh City", async () => {
    const l2 = (await lessonIds(hcmId))[1];
    clockAt(hcmOpens.getTime() - 60_000);
    await expectLocked(await progress(stu, hcmId, l2, "open"), hcmOpens);
    clockAt(hcmOpens.getTime() + 60_000);
    expect((await progress(stu, hcmId, l2, "open")).status).toBe(200);
  });

  it("opens at 00:00 of the date in Los Angeles, hours later", async () => {
    const l2 = (await lessonIds(laId))[1];
    const offset = OPEN_DATE.slice(5, 7) >= "04" && OPEN_DATE.slice(5, 7) <= "10" ? "-07:00" : "-08:00";
    const laOpens = new Date(`${OPEN_DATE}T00:00:00${offset}`);
    expect(zonedDate(laOpens, "America/Los_Angeles")).toBe(OPEN_DATE);
    // When the Saigon course is open, the Los Angeles one is still locked.
    clockAt(hcmOpens.getTime() + 60_000);
    const course = await player(stu, laId);
    expect(course.course.timeZone).toBe("America/Los_Angeles");
    expect(course.lessons[1].opensAt).toBe(laOpens.toISOString());
    await expectLocked(await progress(stu, laId, l2, "open"), laOpens);
    clockAt(laOpens.getTime() + 60_000);
    expect((await progress(stu, laId, l2, "open")).status).toBe(200);
    expect((await player(stu, laId)).lessons[1].opensAt).toBeNull();
  });
});

describe("the opening e-mails", () => {
  const deps = () => ({ db: ctx.runtime.db, mailer: ctx.runtime.mailer, appUrl: TEST_ORIGIN });
  async function mails(to: string) {
    return ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to_address, to), eq(emailOutbox.template, "section-opened")));
  }

  it("sends one e-mail per opened section, once across two concurrent runs", async () => {
    await enrol(sam, relativeId);
    const at = new Date(START.getTime() + DAY + HOUR);
    // Nothing is due before the opening.
    expect(await sendSectionOpenings(deps(), new Date(START.getTime() + 23 * HOUR))).toBe(0);
    expect(await mails(sam.email)).toHaveLength(0);
    const [a, b] = await Promise.all([sendSectionOpenings(deps(), at), sendSectionOpenings(deps(), at)]);
    const samMails = await mails(sam.email);
    expect(samMails).toHaveLength(1);
    expect(samMails[0].subject).toContain("Day one");
    expect(samMails[0].text).toContain(`${TEST_ORIGIN}/learn/${relativeId}?lesson=`);
    // stu's s2 opened too (and the dated sections are not due yet).
    expect(await mails(stu.email)).toHaveLength(1);
    expect(a + b).toBe(2);
    // The bell gets one "section opened" item linking to the section's first lesson.
    const bell = await ctx.runtime.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, sam.userId), eq(notifications.type, "section_opened")));
    expect(bell).toHaveLength(1);
    expect(bell[0].link).toMatch(new RegExp(`^/learn/${relativeId}\\?lesson=`));
    expect(samMails[0].headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    // A later run sends nothing again.
    expect(await sendSectionOpenings(deps(), at)).toBe(0);
    // Day three: one more each.
    expect(
      await sendSectionOpenings(deps(), new Date(START.getTime() + 3 * DAY + HOUR)),
    ).toBeGreaterThanOrEqual(2);
    expect(await mails(sam.email)).toHaveLength(2);
  });

  it("follows the student's preference: in app only, or nothing at all", async () => {
    // stu keeps the bell but no e-mail for s3 (day three was announced above, so use a fresh course).
    const courseId = await publish(
      hoa,
      draft("Preferences drip", [
        { id: "p1", title: "Open", lessons: [text("p1l1", "First")] },
        { id: "p2", title: "Later", release: { kind: "days", days: 1 }, lessons: [text("p2l1", "Second")] },
      ]),
    );
    await enrol(stu, courseId);
    await enrol(sam, courseId);
    await ctx.runtime.db.insert(notificationPreferences).values([
      { user_id: stu.userId, type: "section_opened", channel: "in_app" },
      { user_id: sam.userId, type: "section_opened", channel: "off" },
    ]);
    const bellOf = async (who: Account) =>
      ctx.runtime.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, who.userId), eq(notifications.type, "section_opened")));
    const stuBell = (await bellOf(stu)).length;
    const samBell = (await bellOf(sam)).length;
    const stuMails = (await mails(stu.email)).length;
    const samMails = (await mails(sam.email)).length;
    await sendSectionOpenings(deps(), new Date(START.getTime() + DAY + 2 * HOUR));
    expect(await bellOf(stu)).toHaveLength(stuBell + 1);
    expect(await mails(stu.email)).toHaveLength(stuMails);
    expect(await bellOf(sam)).toHaveLength(samBell);
    expect(await mails(sam.email)).toHaveLength(samMails);
  });

  it("does not e-mail about a section that was open at enrolment", async () => {
    // The student enrols in a dated course after its date: the section was open from the start.
    const lateStart = new Date(`${OPEN_DATE}T12:00:00Z`);
    await ctx.request(`/api/courses/${hcmId}/enroll`, { method: "POST", cookie: sam.cookie });
    await ctx.runtime.db
      .update(enrollments)
      .set({ access_started_at: lateStart })
      .where(and(eq(enrollments.student_id, sam.userId), eq(enrollments.course_id, hcmId)));
    const before = (await mails(sam.email)).length;
    await sendSectionOpenings(deps(), new Date(lateStart.getTime() + HOUR));
    expect(await mails(sam.email)).toHaveLength(before);
    const [row] = await ctx.runtime.db
      .select()
      .from(sectionOpenings)
      .innerJoin(enrollments, eq(enrollments.id, sectionOpenings.enrollment_id))
      .where(and(eq(enrollments.student_id, sam.userId), eq(enrollments.course_id, hcmId)));
    expect(row.section_openings.emailed).toBe(false);
  });
});

describe("the public join page", () => {
  it("lists the curriculum with each section's rule and no lesson content", async () => {
    const response = await ctx.request(`/api/public/courses/${relativeId}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { curriculum: unknown };
    expect(body.curriculum).toEqual([
      { title: "Welcome", lessons: [{ title: "Hello", type: "text", duration: 1 }] },
      {
        title: "Day one",
        release: { kind: "days", days: 1 },
        lessons: [
          { title: "Numbers", type: "text", duration: 1 },
          { title: "Quiz", type: "quiz", duration: 1 },
        ],
      },
      {
        title: "Day three",
        release: { kind: "days", days: 3 },
        lessons: [{ title: "Food", type: "text", duration: 1 }],
      },
    ]);
  });
});

describe("validation of the release rule", () => {
  async function saveDraft(release: unknown) {
    const response = await ctx.request("/api/course-builder/draft", {
      method: "PUT",
      cookie: hoa.cookie,
      json: { title: "Draft", outline: [{ id: "s1", title: "One", lessons: [], release }] },
    });
    return response;
  }

  it.each([
    [{ kind: "days", days: 0 }, DRIP_MESSAGES.releaseDaysInvalid, "drip.releaseDaysInvalid"],
    [{ kind: "days", days: 366 }, DRIP_MESSAGES.releaseDaysInvalid, "drip.releaseDaysInvalid"],
    [{ kind: "days", days: 1.5 }, DRIP_MESSAGES.releaseDaysInvalid, "drip.releaseDaysInvalid"],
    [{ kind: "date", date: "2027-02-30" }, DRIP_MESSAGES.releaseDateInvalid, "drip.releaseDateInvalid"],
    [{ kind: "date", date: "05/12/2027" }, DRIP_MESSAGES.releaseDateInvalid, "drip.releaseDateInvalid"],
  ])("refuses %j with a 400 naming the problem", async (release, message, reason) => {
    // The message has a reason, so the web shows it in Vietnamese too (errors.json drip.*).
    expect(errorReason(message)).toBe(reason);
    const response = await saveDraft(release);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.issues?.some((issue) => issue.message === message)).toBe(true);
  });

  it("keeps a valid rule in the draft and in the published course", async () => {
    const response = await saveDraft({ kind: "days", days: 365 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { outline: Array<{ release: unknown }> }).outline[0].release).toEqual({
      kind: "days",
      days: 365,
    });
    const builder = await ctx.request(`/api/courses/${relativeId}/builder`, { cookie: hoa.cookie });
    const outline = ((await builder.json()) as { outline: Array<{ release?: unknown }> }).outline;
    expect(outline.map((s) => s.release)).toEqual([
      undefined,
      { kind: "days", days: 1 },
      { kind: "days", days: 3 },
    ]);
  });
});
