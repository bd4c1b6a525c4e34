import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type CourseDraftInput,
  dashboardSchema,
  type ErrorBody,
  enrollResultSchema,
  joinCourseSchema,
  LEARNING_MESSAGES,
} from "@academy/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { courses, enrollments, profiles, schools } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, type TestContext, uniqueEmail } from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator of the courses
let stu: Account; // a student (profile role student)
let dan: Account; // another creator, who enrols as a learner
let pia: Account; // a student who enrols in the paid course
let spam: Account; // clicks Enrol Now 50 times at once

let freeCourseId: string;
let paidCourseId: string;
let draftCourseId: string; // published, then unpublished
let crowdCourseId: string; // 20 students enrol at once
let webDist: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const PAID_PRICE = 1_990_000;

const DESCRIPTION =
  "Nấu phở, bún chả và gỏi cuốn tại nhà. Cook phở, bún chả and fresh spring rolls at home, " +
  "step by step, with a shopping list for every dish and tips from a Hà Nội street-food cook.";

function call(who: Account | null, method: "GET" | "POST" | "PATCH", pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

function draft(title: string, extra: Partial<CourseDraftInput> = {}): CourseDraftInput {
  return {
    title,
    description: DESCRIPTION,
    category: "creative",
    skillLevel: "beginner",
    estimatedDuration: 2.5,
    outline: [
      {
        id: "s1",
        title: "Broth",
        lessons: [
          {
            id: "l1",
            title: "Bones and spices",
            type: "text",
            duration: 15,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
          {
            id: "l2",
            title: "Simmering",
            type: "text",
            duration: 20,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
      {
        id: "s2",
        title: "Bowls",
        lessons: [
          {
            id: "l3",
            title: "Assembling",
            type: "text",
            duration: 10,
            content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
          },
        ],
      },
    ],
    ...extra,
  };
}

async function publish(who: Account, input: CourseDraftInput): Promise<string> {
  const response = await call(who, "POST", "/api/courses/publish", input);
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { courseId: string }).courseId;
}

async function courseRow(id: string) {
  const [row] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, id));
  return row;
}

async function enrolmentRows(courseId: string, studentId?: string) {
  return ctx.runtime.db
    .select()
    .from(enrollments)
    .where(
      studentId
        ? and(eq(enrollments.course_id, courseId), eq(enrollments.student_id, studentId))
        : eq(enrollments.course_id, courseId),
    );
}

async function roleOf(userId: string) {
  const [row] = await ctx.runtime.db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.user_id, userId));
  return row?.role;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Chef Cara", email: uniqueEmail("cara.chef") });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  pia = await signUpAndSignIn(ctx, { name: "Student Pia" });
  spam = await signUpAndSignIn(ctx, { name: "Student Spam" });
  for (const who of [stu, pia, spam])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));

  freeCourseId = await publish(
    cara,
    draft("Vietnamese Street Food", { thumbnailUrl: "/files/thumbs/pho.png" }),
  );
  paidCourseId = await publish(cara, draft("Phở Masterclass", { price: PAID_PRICE }));
  await sellCourse(ctx, cara.cookie, paidCourseId);
  draftCourseId = await publish(cara, draft("Secret Recipes"));
  crowdCourseId = await publish(cara, draft("Bánh Mì for Crowds"));
  const unpublish = await call(cara, "PATCH", `/api/courses/${draftCourseId}`, { isPublished: false });
  expect(unpublish.status).toBe(200);

  webDist = mkdtempSync(path.join(os.tmpdir(), "academy-web-"));
  writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8" /><title>Academy</title>' +
      '<meta name="description" content="Build and sell online courses" /></head>' +
      '<body><div id="root"></div></body></html>',
  );
});
afterAll(async () => {
  await ctx?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe("GET /api/public/courses/{id} (001 §2 Course enrolment page)", () => {
  it("shows a published course to an anonymous visitor, without an enrolment", async () => {
    const response = await call(null, "GET", `/api/public/courses/${freeCourseId}`);
    expect(response.status).toBe(200);
    const body = joinCourseSchema.parse(await response.json());
    const [school] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    expect(body).toEqual({
      id: freeCourseId,
      title: "Vietnamese Street Food",
      shortDescription: DESCRIPTION.slice(0, 150),
      description: DESCRIPTION,
      thumbnailUrl: "/files/thumbs/pho.png",
      estimatedHours: 2.5,
      studentCount: 0,
      rating: 0,
      ratingCount: 0,
      skillLevel: "beginner",
      category: "creative",
      price: 0,
      currency: "VND",
      isFree: true,
      guaranteeDays: null,
      totalLessons: 3,
      schoolName: school.name,
      instructorName: "Chef Cara",
      enrolment: null,
      paymentSetUp: true,
      openOrderReference: null,
      // Issue 27 §1: the curriculum (titles, types, minutes; no content, no drip rule here).
      curriculum: [
        {
          title: "Broth",
          lessons: [
            { title: "Bones and spices", type: "text", duration: 15 },
            { title: "Simmering", type: "text", duration: 20 },
          ],
        },
        { title: "Bowls", lessons: [{ title: "Assembling", type: "text", duration: 10 }] },
      ],
    });
    expect(school.name).toBe("Trường học của Chef Cara"); // issue 24 §6: the creator's name, not the e-mail
  });

  it("rounds the estimated hours to one decimal (minutes / 60)", async () => {
    await ctx.runtime.db
      .update(courses)
      .set({ estimated_duration: 100 })
      .where(eq(courses.id, crowdCourseId));
    const body = joinCourseSchema.parse(
      await (await call(null, "GET", `/api/public/courses/${crowdCourseId}`)).json(),
    );
    expect(body.estimatedHours).toBe(1.7);
  });

  it("shows a paid course's price", async () => {
    const body = joinCourseSchema.parse(
      await (await call(stu, "GET", `/api/public/courses/${paidCourseId}`)).json(),
    );
    expect(body).toMatchObject({ price: PAID_PRICE, currency: "VND", isFree: false, enrolment: null });
  });

  it.each([
    ["an unknown id", UNKNOWN_ID],
    ["a malformed id", "not-a-uuid"],
    ["an unpublished course", "draft"],
  ])("answers 404 'Course not found or not available.' for %s", async (_label, id) => {
    const courseId = id === "draft" ? draftCourseId : id;
    for (const who of [null, stu]) {
      const response = await call(who, "GET", `/api/public/courses/${courseId}`);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({
        code: "NOT_FOUND",
        message: LEARNING_MESSAGES.courseNotAvailable,
      });
    }
  });
});

describe("POST /api/courses/{id}/enroll (001 §4 Enrolment, issue 4)", () => {
  it("refuses an anonymous visitor with 401 and writes nothing", async () => {
    const response = await call(null, "POST", `/api/courses/${freeCourseId}/enroll`);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("UNAUTHORIZED");
    expect(await enrolmentRows(freeCourseId)).toHaveLength(0);
  });

  it.each([
    ["an unknown id", UNKNOWN_ID],
    ["a malformed id", "not-a-uuid"],
    ["an unpublished course", "draft"],
  ])("answers 404 'Course not found or not available.' for %s and writes nothing", async (_label, id) => {
    const courseId = id === "draft" ? draftCourseId : id;
    const response = await call(stu, "POST", `/api/courses/${courseId}/enroll`);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({
      code: "NOT_FOUND",
      message: LEARNING_MESSAGES.courseNotAvailable,
    });
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(enrollments)
      .where(eq(enrollments.student_id, stu.userId));
    expect(Number(n)).toBe(0);
    if (id === "draft") expect((await courseRow(draftCourseId)).enrollment_count).toBe(0);
  });

  it("enrols a student in a free course: completed, amount 0, the course's school, source self", async () => {
    const response = await call(stu, "POST", `/api/courses/${freeCourseId}/enroll`);
    expect(response.status).toBe(200);
    const body = enrollResultSchema.parse(await response.json());
    expect(body).toMatchObject({ outcome: "created", paymentStatus: "completed" });
    const course = await courseRow(freeCourseId);
    const [row] = await enrolmentRows(freeCourseId, stu.userId);
    expect(row).toMatchObject({
      id: body.enrollmentId,
      payment_status: "completed",
      payment_amount: 0,
      enrollment_source: "self",
      school_id: course.school_id,
      progress: 0,
      is_completed: false,
      certificate_issued: false,
    });
    expect(course.school_id).not.toBeNull();
    expect(course.enrollment_count).toBe(1);
    expect(await roleOf(stu.userId)).toBe("student");
  });

  it("answers 'existing' with the same enrolment when already enrolled, without counting again", async () => {
    const first = (await enrolmentRows(freeCourseId, stu.userId))[0];
    const response = await call(stu, "POST", `/api/courses/${freeCourseId}/enroll`);
    expect(response.status).toBe(200);
    expect(enrollResultSchema.parse(await response.json())).toEqual({
      enrollmentId: first.id,
      outcome: "existing",
      paymentStatus: "completed",
    });
    expect(await enrolmentRows(freeCourseId)).toHaveLength(1);
    expect((await courseRow(freeCourseId)).enrollment_count).toBe(1);
  });

  it("shows the signed-in student's enrolment on the join page (Already Enrolled!)", async () => {
    const [row] = await enrolmentRows(freeCourseId, stu.userId);
    const mine = joinCourseSchema.parse(
      await (await call(stu, "GET", `/api/public/courses/${freeCourseId}`)).json(),
    );
    expect(mine.enrolment).toEqual({ id: row.id, paymentStatus: "completed" });
    expect(mine.studentCount).toBe(1);
    // Another visitor does not see it.
    const theirs = joinCourseSchema.parse(
      await (await call(pia, "GET", `/api/public/courses/${freeCourseId}`)).json(),
    );
    expect(theirs.enrolment).toBeNull();
    const anonymous = joinCourseSchema.parse(
      await (await call(null, "GET", `/api/public/courses/${freeCourseId}`)).json(),
    );
    expect(anonymous.enrolment).toBeNull();
  });

  it("makes a pending enrolment for a paid course, which gives no lesson access", async () => {
    const response = await call(pia, "POST", `/api/courses/${paidCourseId}/enroll`);
    expect(response.status).toBe(200);
    const body = enrollResultSchema.parse(await response.json());
    expect(body).toMatchObject({ outcome: "created", paymentStatus: "pending" });
    const [row] = await enrolmentRows(paidCourseId, pia.userId);
    expect(row).toMatchObject({ payment_status: "pending", payment_amount: PAID_PRICE });
    // Unpaid enrolments are not counted as students (issue 11 §8).
    expect((await courseRow(paidCourseId)).enrollment_count).toBe(0);
    expect(body.orderReference).toMatch(/^[A-Z2-9]{8}$/);

    const page = joinCourseSchema.parse(
      await (await call(pia, "GET", `/api/public/courses/${paidCourseId}`)).json(),
    );
    expect(page.enrolment).toEqual({ id: body.enrollmentId, paymentStatus: "pending" });

    const learn = await call(pia, "GET", `/api/learn/${paidCourseId}`);
    expect(learn.status).toBe(403);
    expect(await errorOf(learn)).toMatchObject({ code: "FORBIDDEN", message: LEARNING_MESSAGES.notEnrolled });

    // Enrolling again keeps the one pending enrolment.
    const again = enrollResultSchema.parse(
      await (await call(pia, "POST", `/api/courses/${paidCourseId}/enroll`)).json(),
    );
    expect(again).toEqual({
      enrollmentId: body.enrollmentId,
      outcome: "existing",
      paymentStatus: "pending",
      orderReference: body.orderReference,
    });
  });

  it("gives access once the payment is completed", async () => {
    await ctx.runtime.db
      .update(enrollments)
      .set({ payment_status: "completed" })
      .where(and(eq(enrollments.course_id, paidCourseId), eq(enrollments.student_id, pia.userId)));
    expect((await call(pia, "GET", `/api/learn/${paidCourseId}`)).status).toBe(200);
  });

  it("makes exactly one enrolment when one student clicks 50 times at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call(spam, "POST", `/api/courses/${freeCourseId}/enroll`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(responses.map(async (r) => enrollResultSchema.parse(await r.json())));
    const ids = new Set(bodies.map((b) => b.enrollmentId));
    expect(ids.size).toBe(1);
    expect(bodies.filter((b) => b.outcome === "created")).toHaveLength(1);
    const rows = await enrolmentRows(freeCourseId, spam.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe([...ids][0]);
    // stu and spam.
    expect((await courseRow(freeCourseId)).enrollment_count).toBe(2);
  });

  it("counts 20 students enrolling at once exactly", async () => {
    const crowd: Account[] = [];
    for (let i = 0; i < 20; i++) crowd.push(await signUpAndSignIn(ctx, { name: `Crowd ${i}` }));
    const responses = await Promise.all(
      crowd.map((who) => call(who, "POST", `/api/courses/${crowdCourseId}/enroll`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(responses.map(async (r) => enrollResultSchema.parse(await r.json())));
    expect(bodies.every((b) => b.outcome === "created")).toBe(true);
    expect(new Set(bodies.map((b) => b.enrollmentId)).size).toBe(20);
    expect(await enrolmentRows(crowdCourseId)).toHaveLength(20);
    expect((await courseRow(crowdCourseId)).enrollment_count).toBe(20);
  });

  it("keeps a creator who enrols a creator, with the course in their dashboard's learning list", async () => {
    const response = await call(dan, "POST", `/api/courses/${freeCourseId}/enroll`);
    expect(response.status).toBe(200);
    const body = enrollResultSchema.parse(await response.json());
    expect(body).toMatchObject({ outcome: "created", paymentStatus: "completed" });
    expect(await roleOf(dan.userId)).toBe("creator");

    const dashboard = dashboardSchema.parse(await (await call(dan, "GET", "/api/dashboard")).json());
    if (dashboard.role !== "creator") throw new Error(`expected a creator dashboard, got ${dashboard.role}`);
    expect(dashboard.learning).toEqual([
      expect.objectContaining({
        enrollmentId: body.enrollmentId,
        courseId: freeCourseId,
        title: "Vietnamese Street Food",
        progress: 0,
        isCompleted: false,
        paymentStatus: "completed",
      }),
    ]);
    // The creator can open the lesson player like a student.
    expect((await call(dan, "GET", `/api/learn/${freeCourseId}`)).status).toBe(200);
  });

  it("lists the enrolment in a student's dashboard", async () => {
    const dashboard = dashboardSchema.parse(await (await call(stu, "GET", "/api/dashboard")).json());
    if (dashboard.role !== "student") throw new Error(`expected a student dashboard, got ${dashboard.role}`);
    expect(dashboard.courses.map((c) => c.courseId)).toEqual([freeCourseId]);
  });

  it("does not add a learning list to a creator without enrolments", async () => {
    const dashboard = dashboardSchema.parse(await (await call(cara, "GET", "/api/dashboard")).json());
    expect(dashboard.role).toBe("creator");
    expect("learning" in dashboard).toBe(false);
  });
});

describe("GET /join/{id}: server-rendered head (title, Open Graph, JSON-LD)", () => {
  let app: ReturnType<typeof createApp>["app"];
  beforeAll(() => {
    app = createApp(ctx.runtime, { webDist }).app;
  });
  const page = async (pathname: string) => {
    const response = await app.request(`http://localhost:3000${pathname}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const attr = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

  it("renders the course's title, description, image and schema.org Course", async () => {
    const html = await page(`/join/${freeCourseId}`);
    expect(html).toContain("<title>Vietnamese Street Food · Academy</title>");
    expect(html).not.toContain("<title>Academy</title>");
    expect(html).not.toContain("Build and sell online courses");
    expect(attr(html, "og:title")).toBe("Vietnamese Street Food · Academy");
    expect(attr(html, "description")).toBe(DESCRIPTION.slice(0, 150));
    expect(attr(html, "og:description")).toBe(DESCRIPTION.slice(0, 150));
    expect(attr(html, "og:image")).toBe("http://localhost:3000/files/thumbs/pho.png");
    expect(attr(html, "og:url")).toBe(`http://localhost:3000/join/${freeCourseId}`);
    expect(attr(html, "og:type")).toBe("website");
    expect(html).toContain('<div id="root"></div>');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(ld).toBeDefined();
    const [school] = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    expect(JSON.parse(ld as string)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Vietnamese Street Food",
      description: DESCRIPTION.slice(0, 150),
      provider: { "@type": "Organization", name: school.name },
      offers: { "@type": "Offer", price: 0, priceCurrency: "VND" },
    });
  });

  it("puts the paid price in the offer", async () => {
    const html = await page(`/join/${paidCourseId}`);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}",
    );
    expect(ld.offers).toMatchObject({ price: PAID_PRICE, priceCurrency: "VND" });
    expect(html).toContain("<title>Phở Masterclass · Academy</title>");
  });

  it("escapes the course's text in tags and in the JSON-LD", async () => {
    const evil = 'Evil "course" <script>alert(1)</script> & co';
    await ctx.runtime.db
      .update(courses)
      .set({ title: evil, short_description: "</script><script>alert(2)</script>" })
      .where(eq(courses.id, crowdCourseId));
    const html = await page(`/join/${crowdCourseId}`);
    expect(html).not.toContain("<script>alert(");
    expect(html).toContain(
      "<title>Evil &quot;course&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co · Academy</title>",
    );
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}";
    expect(JSON.parse(ld).name).toBe(evil);
  });

  it.each([
    ["an unknown course", `/join/${UNKNOWN_ID}`],
    ["a malformed id", "/join/nope"],
    ["an unpublished course", "/join/draft"],
  ])("serves the plain SPA shell for %s", async (_label, pathname) => {
    const html = await page(pathname === "/join/draft" ? `/join/${draftCourseId}` : pathname);
    expect(html).toContain("<title>Academy</title>");
    expect(html).not.toContain("application/ld+json");
  });
});
