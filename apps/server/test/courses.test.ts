import { randomUUID } from "node:crypto";
import {
  BULK_MESSAGES,
  bulkCourseResultSchema,
  type CourseDraftInput,
  courseListSchema,
  courseSummarySchema,
  type ErrorBody,
  type OutlineSection,
} from "@academy/shared";
import { asc, count, eq, inArray } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, emailOutbox, enrollments, lessons, profiles } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, TEST_ORIGIN, type TestContext } from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // the creator under test
let dan: Account; // another creator
let stu: Account; // a student (profile role student)
let lina: Account; // a creator with 25 courses, for the list
let cora: Account; // a creator whose courses are exported to CSV
let s1: Account; // learners enrolled in cara's courses
let s2: Account;
let s3: Account;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  lina = await signUpAndSignIn(ctx, { name: "Creator Lina" });
  cora = await signUpAndSignIn(ctx, { name: "Creator Cora" });
  s1 = await signUpAndSignIn(ctx, { name: "Learner One" });
  s2 = await signUpAndSignIn(ctx, { name: "Learner Two" });
  s3 = await signUpAndSignIn(ctx, { name: "Learner Three" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
});
afterAll(async () => {
  await ctx?.close();
});

type Method = "GET" | "PATCH" | "POST" | "DELETE";
type CourseRow = typeof courses.$inferSelect;

function call(who: Account | null, method: Method, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function insertCourse(
  creator: Account,
  values: Partial<typeof courses.$inferInsert> & { title: string },
): Promise<CourseRow> {
  const [row] = await ctx.runtime.db
    .insert(courses)
    .values({ creator_id: creator.userId, slug: `course-${randomUUID()}`, ...values })
    .returning();
  return row;
}

async function courseRow(id: string): Promise<CourseRow | undefined> {
  const [row] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, id));
  return row;
}

async function lessonRows(courseId: string) {
  return ctx.runtime.db
    .select()
    .from(lessons)
    .where(eq(lessons.course_id, courseId))
    .orderBy(asc(lessons.order_index));
}

async function countCourses(): Promise<number> {
  const [{ n }] = await ctx.runtime.db.select({ n: count() }).from(courses);
  return Number(n);
}

async function enrol(courseId: string, who: Account, paymentStatus: "completed" | "pending" = "completed") {
  const [row] = await ctx.runtime.db
    .insert(enrollments)
    .values({ course_id: courseId, student_id: who.userId, payment_status: paymentStatus })
    .returning();
  return row;
}

async function publish(who: Account, draft: CourseDraftInput) {
  const response = await call(who, "POST", "/api/courses/publish", draft);
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { courseId: string; slug: string; outline: OutlineSection[] };
}

function draftWithLessons(title: string): CourseDraftInput {
  return {
    title,
    description: `All about ${title}`,
    estimatedDuration: 2,
    outline: [
      {
        id: "s1",
        title: "Basics",
        lessons: [
          { id: "l1", title: "Welcome", type: "text", content: { type: "text", html: "<p>Hi</p>" } },
          {
            id: "l2",
            title: "First steps",
            type: "video",
            content: { type: "video", source: null, url: "https://youtu.be/dQw4w9WgXcQ" },
          },
        ],
      },
      {
        id: "s2",
        title: "Wrap-up",
        lessons: [
          { id: "l3", title: "Wrap-up", type: "text", content: { type: "text", html: "<p>Bye</p>" } },
        ],
      },
    ],
  };
}

/** Every `id` found anywhere in a stored course structure. */
function idsIn(structure: unknown): string[] {
  const out: string[] = [];
  for (const section of structure as OutlineSection[]) {
    if (section.lessons.length === 0) out.push(section.id);
    for (const lesson of section.lessons) out.push(lesson.id);
  }
  return out;
}

describe("GET /api/courses: My Courses (000 §2, §7: newest created_at first)", () => {
  const linaCourses: CourseRow[] = [];
  const base = Date.now() - 86_400_000;

  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      linaCourses.push(
        await insertCourse(lina, {
          title: `Course ${String(i).padStart(2, "0")}`,
          is_published: i % 2 === 1,
          created_at: new Date(base + i * 60_000),
        }),
      );
    }
    // Someone else's newest course never shows in Lina's list.
    await insertCourse(dan, { title: "Course 99 by Dan", created_at: new Date() });
  });

  async function list(query: string, who: Account = lina) {
    const response = await call(who, "GET", `/api/courses${query}`);
    expect(response.status).toBe(200);
    return courseListSchema.parse(await response.json());
  }

  it("pages on the server, newest first", async () => {
    const page1 = await list("?page=1&pageSize=10");
    expect(page1.total).toBe(25);
    expect(page1.items.map((c) => c.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Course ${String(25 - i).padStart(2, "0")}`),
    );
    const page2 = await list("?page=2&pageSize=10");
    expect(page2).toMatchObject({ total: 25, page: 2, pageSize: 10 });
    // Items 11–20 of the newest-first list: Course 15 … Course 06.
    expect(page2.items.map((c) => c.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Course ${String(15 - i).padStart(2, "0")}`),
    );
    const page3 = await list("?page=3&pageSize=10");
    expect(page3.items.map((c) => c.title)).toEqual([
      "Course 05",
      "Course 04",
      "Course 03",
      "Course 02",
      "Course 01",
    ]);
    const page4 = await list("?page=4&pageSize=10");
    expect(page4).toMatchObject({ items: [], total: 25 });
  });

  it("uses 12 per page by default", async () => {
    const body = await list("");
    expect(body).toMatchObject({ page: 1, pageSize: 12, total: 25 });
    expect(body.items).toHaveLength(12);
    expect(body.items[0].title).toBe("Course 25");
  });

  it("maps the card fields", async () => {
    const body = await list("?pageSize=1");
    const newest = linaCourses[24];
    expect(body.items[0]).toEqual({
      id: newest.id,
      title: "Course 25",
      slug: newest.slug,
      description: null,
      thumbnailUrl: null,
      category: null,
      skillLevel: null,
      isPublished: true,
      enrollmentCount: 0,
      totalLessons: 0,
      estimatedDuration: 0,
      price: 0,
      currency: "VND",
      rating: null, // no reviews (issue 24 §2: shown only from three)
      takenDown: false,
      createdAt: newest.created_at.toISOString(),
      updatedAt: newest.updated_at.toISOString(),
    });
  });

  it("filters by status", async () => {
    const published = await list("?status=published&pageSize=100");
    expect(published.total).toBe(13);
    expect(published.items.every((c) => c.isPublished)).toBe(true);
    const drafts = await list("?status=draft&pageSize=100");
    expect(drafts.total).toBe(12);
    expect(drafts.items.every((c) => !c.isPublished)).toBe(true);
    expect((await list("?status=all")).total).toBe(25);
  });

  it("searches titles case-insensitively", async () => {
    const found = await list(`?search=${encodeURIComponent("cOuRsE 1")}&pageSize=100`);
    expect(found.total).toBe(10);
    expect(found.items.map((c) => c.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Course ${19 - i}`));
    const combined = await list(`?search=${encodeURIComponent("course 1")}&status=published&pageSize=100`);
    expect(combined.items.map((c) => c.title)).toEqual([
      "Course 19",
      "Course 17",
      "Course 15",
      "Course 13",
      "Course 11",
    ]);
    expect((await list("?search=guitar")).total).toBe(0);
  });

  it("treats % and _ in a search literally", async () => {
    expect((await list(`?search=${encodeURIComponent("%")}`)).total).toBe(0);
    expect((await list(`?search=${encodeURIComponent("Course _5")}`)).total).toBe(0);
  });

  it("shows only the caller's courses", async () => {
    const lines = await list("?pageSize=100");
    expect(lines.items.map((c) => c.title)).not.toContain("Course 99 by Dan");
    const dans = await list("?pageSize=100", dan);
    expect(dans.items.map((c) => c.title)).toEqual(["Course 99 by Dan"]);
    const fresh = await list("", cora);
    expect(fresh).toEqual({ items: [], total: 0, page: 1, pageSize: 12 });
  });

  it("refuses bad paging with 400", async () => {
    for (const query of ["?page=0", "?pageSize=0", "?pageSize=101", "?status=archived", "?page=abc"]) {
      const response = await call(lina, "GET", `/api/courses${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it("refuses anonymous (401) and students (403)", async () => {
    expect((await call(null, "GET", "/api/courses")).status).toBe(401);
    const response = await call(stu, "GET", "/api/courses");
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("FORBIDDEN");
  });
});

describe("PATCH /api/courses/{id}: Go Live / Unpublish (000 §4)", () => {
  let course: CourseRow;
  beforeAll(async () => {
    course = await insertCourse(cara, { title: "Patch me" });
  });

  it("publishes and unpublishes the owner's course", async () => {
    const live = await call(cara, "PATCH", `/api/courses/${course.id}`, { isPublished: true });
    expect(live.status).toBe(200);
    expect(courseSummarySchema.parse(await live.json())).toMatchObject({ id: course.id, isPublished: true });
    expect((await courseRow(course.id))?.is_published).toBe(true);

    const hidden = await call(cara, "PATCH", `/api/courses/${course.id}`, { isPublished: false });
    expect(hidden.status).toBe(200);
    expect(((await hidden.json()) as { isPublished: boolean }).isPublished).toBe(false);
    const row = await courseRow(course.id);
    expect(row?.is_published).toBe(false);
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(course.updated_at.getTime());
  });

  it("refuses a bad body with 400", async () => {
    for (const json of [{}, { isPublished: "yes" }]) {
      const response = await call(cara, "PATCH", `/api/courses/${course.id}`, json);
      expect(response.status).toBe(400);
    }
    expect((await courseRow(course.id))?.is_published).toBe(false);
  });

  it("answers 404 to another creator and for an unknown course, changing nothing", async () => {
    const other = await call(dan, "PATCH", `/api/courses/${course.id}`, { isPublished: true });
    expect(other.status).toBe(404);
    expect((await errorOf(other)).code).toBe("NOT_FOUND");
    const unknown = await call(cara, "PATCH", `/api/courses/${randomUUID()}`, { isPublished: true });
    expect(unknown.status).toBe(404);
    expect((await courseRow(course.id))?.is_published).toBe(false);
  });

  it("refuses anonymous (401) and students (403)", async () => {
    expect((await call(null, "PATCH", `/api/courses/${course.id}`, { isPublished: true })).status).toBe(401);
    expect((await call(stu, "PATCH", `/api/courses/${course.id}`, { isPublished: true })).status).toBe(403);
    expect((await courseRow(course.id))?.is_published).toBe(false);
  });
});

describe("POST /api/courses/{id}/duplicate (000 §4, §7)", () => {
  let source: Awaited<ReturnType<typeof publish>>;
  beforeAll(async () => {
    source = await publish(cara, draftWithLessons("Pottery at Home"));
    await enrol(source.courseId, s1);
  });

  it("copies the course as a Draft with 0 enrolments, '(Copy)' title and -copy-{timestamp} slug", async () => {
    const before = Date.now();
    const response = await call(cara, "POST", `/api/courses/${source.courseId}/duplicate`);
    const after = Date.now();
    expect(response.status).toBe(201);
    const copy = courseSummarySchema.parse(await response.json());
    expect(copy.id).not.toBe(source.courseId);
    expect(copy.title).toBe("Pottery at Home (Copy)");
    expect(copy.slug).toMatch(/^pottery-at-home-copy-\d+$/);
    const stamp = Number(copy.slug.slice("pottery-at-home-copy-".length));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(after);
    expect(copy).toMatchObject({ isPublished: false, enrollmentCount: 0, totalLessons: 3 });

    const row = await courseRow(copy.id);
    const original = await courseRow(source.courseId);
    expect(row).toMatchObject({
      creator_id: cara.userId,
      is_published: false,
      enrollment_count: 0,
      description: original!.description,
      short_description: original!.short_description,
      estimated_duration: 120,
      school_id: original!.school_id,
      total_lessons: 3,
    });
    const copyEnrolments = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.course_id, copy.id));
    expect(copyEnrolments).toEqual([]);
    // The source is untouched.
    expect(original).toMatchObject({ is_published: true, enrollment_count: 1, title: "Pottery at Home" });

    // Lessons are copied: same count, titles and content, new ids.
    const sourceLessons = await lessonRows(source.courseId);
    const copiedLessons = await lessonRows(copy.id);
    expect(copiedLessons).toHaveLength(sourceLessons.length);
    expect(copiedLessons.map((l) => l.title)).toEqual(sourceLessons.map((l) => l.title));
    expect(copiedLessons.map((l) => l.content_type)).toEqual(sourceLessons.map((l) => l.content_type));
    expect(copiedLessons.map((l) => l.content_data)).toEqual(sourceLessons.map((l) => l.content_data));
    const sourceIds = new Set(sourceLessons.map((l) => l.id));
    for (const l of copiedLessons) expect(sourceIds.has(l.id)).toBe(false);

    // The copy's builder structure points at the copied lessons.
    const structureIds = idsIn(row!.course_structure);
    expect(structureIds).toEqual(copiedLessons.map((l) => l.id));
    // …and the source's structure still points at its own lessons.
    expect(idsIn(original!.course_structure)).toEqual(sourceLessons.map((l) => l.id));
  });

  it("answers 404 to another creator, 403 to a student and 401 to anonymous, creating nothing", async () => {
    const before = await countCourses();
    expect((await call(dan, "POST", `/api/courses/${source.courseId}/duplicate`)).status).toBe(404);
    expect((await call(cara, "POST", `/api/courses/${randomUUID()}/duplicate`)).status).toBe(404);
    expect((await call(stu, "POST", `/api/courses/${source.courseId}/duplicate`)).status).toBe(403);
    expect((await call(null, "POST", `/api/courses/${source.courseId}/duplicate`)).status).toBe(401);
    expect(await countCourses()).toBe(before);
  });
});

describe("DELETE /api/courses/{id}", () => {
  it("deletes a course without students, with its lessons", async () => {
    const done = await publish(cara, draftWithLessons("Short-lived course"));
    expect(await lessonRows(done.courseId)).toHaveLength(3);
    const response = await call(cara, "DELETE", `/api/courses/${done.courseId}`);
    expect(response.status).toBe(204);
    expect(await courseRow(done.courseId)).toBeUndefined();
    expect(await lessonRows(done.courseId)).toEqual([]);
    expect((await call(cara, "DELETE", `/api/courses/${done.courseId}`)).status).toBe(404);
  });

  it("refuses with 409 while students are enrolled and deletes nothing", async () => {
    const done = await publish(cara, draftWithLessons("Popular course"));
    await enrol(done.courseId, s2, "pending");
    const response = await call(cara, "DELETE", `/api/courses/${done.courseId}`);
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(
      "This course has enrolled students and cannot be deleted. Unpublish it instead.",
    );
    expect(await courseRow(done.courseId)).toBeDefined();
    expect(await lessonRows(done.courseId)).toHaveLength(3);
    expect(
      await ctx.runtime.db.select().from(enrollments).where(eq(enrollments.course_id, done.courseId)),
    ).toHaveLength(1);
  });

  it("answers 404 to another creator, 403 to a student and 401 to anonymous, deleting nothing", async () => {
    const course = await insertCourse(cara, { title: "Keep me" });
    expect((await call(dan, "DELETE", `/api/courses/${course.id}`)).status).toBe(404);
    expect((await call(stu, "DELETE", `/api/courses/${course.id}`)).status).toBe(403);
    expect((await call(null, "DELETE", `/api/courses/${course.id}`)).status).toBe(401);
    expect(await courseRow(course.id)).toBeDefined();
  });
});

describe("POST /api/courses/bulk (000 §2, §4, §5, §8)", () => {
  let b1: CourseRow;
  let b2: CourseRow;
  let b3: CourseRow;
  let dansCourse: CourseRow;

  beforeAll(async () => {
    b1 = await insertCourse(cara, { title: "Bulk one" });
    b2 = await insertCourse(cara, { title: "Bulk two" });
    b3 = await insertCourse(cara, { title: "Bulk three" });
    dansCourse = await insertCourse(dan, { title: "Dan's bulk course" });
  });

  async function bulk(who: Account | null, json: unknown) {
    return call(who, "POST", "/api/courses/bulk", json);
  }

  async function outboxCount(): Promise<number> {
    const [{ n }] = await ctx.runtime.db.select({ n: count() }).from(emailOutbox);
    return Number(n);
  }

  it("refuses a missing selection or action with 'Please select courses and an action.'", async () => {
    const before = await countCourses();
    for (const json of [
      { action: "publish", courseIds: [] },
      { action: "", courseIds: [b1.id] },
    ]) {
      const response = await bulk(cara, json);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe("Please select courses and an action.");
    }
    expect(BULK_MESSAGES.missingSelection).toBe("Please select courses and an action.");
    expect(await countCourses()).toBe(before);
    expect((await courseRow(b1.id))?.is_published).toBe(false);
  });

  it("refuses an unknown action with 'Invalid action selected'", async () => {
    const response = await bulk(cara, { action: "explode", courseIds: [b1.id] });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("Invalid action selected");
    expect(await courseRow(b1.id)).toEqual(b1);
  });

  it("refuses an e-mail without a message, queueing nothing", async () => {
    const before = await outboxCount();
    const response = await bulk(cara, { action: "email", courseIds: [b1.id] });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(BULK_MESSAGES.messageRequired);
    expect(await outboxCount()).toBe(before);
  });

  it("publishes and unpublishes several courses", async () => {
    const live = await bulk(cara, { action: "publish", courseIds: [b1.id, b2.id] });
    expect(live.status).toBe(200);
    expect(bulkCourseResultSchema.parse(await live.json())).toEqual({ action: "publish", affected: 2 });
    expect((await courseRow(b1.id))?.is_published).toBe(true);
    expect((await courseRow(b2.id))?.is_published).toBe(true);
    expect((await courseRow(b3.id))?.is_published).toBe(false);

    const hidden = await bulk(cara, { action: "unpublish", courseIds: [b1.id, b2.id, b1.id] });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ action: "unpublish", affected: 2 });
    expect((await courseRow(b1.id))?.is_published).toBe(false);
    expect((await courseRow(b2.id))?.is_published).toBe(false);
  });

  it("duplicates several courses as Drafts and returns their ids", async () => {
    await ctx.runtime.db.update(courses).set({ is_published: true }).where(eq(courses.id, b1.id));
    const response = await bulk(cara, { action: "duplicate", courseIds: [b1.id, b2.id] });
    expect(response.status).toBe(200);
    const body = bulkCourseResultSchema.parse(await response.json());
    expect(body).toMatchObject({ action: "duplicate", affected: 2 });
    expect(body.createdIds).toHaveLength(2);
    const copies = await ctx.runtime.db.select().from(courses).where(inArray(courses.id, body.createdIds!));
    expect(copies.map((c) => c.title).sort()).toEqual(["Bulk one (Copy)", "Bulk two (Copy)"]);
    expect(
      copies.every((c) => !c.is_published && c.enrollment_count === 0 && c.creator_id === cara.userId),
    ).toBe(true);
    expect(new Set(copies.map((c) => c.slug)).size).toBe(2);
    const one = copies.find((c) => c.title === "Bulk one (Copy)")!;
    expect(one.slug).toMatch(new RegExp(`^${b1.slug}-copy-\\d+$`));
  });

  it("e-mails the enrolled students (completed payments) of the selected courses through the outbox", async () => {
    const e1 = await insertCourse(cara, { title: "Email course one", is_published: true });
    const e2 = await insertCourse(cara, { title: "Email course two", is_published: true });
    const other = await insertCourse(dan, { title: "Dan's email course", is_published: true });
    await enrol(e1.id, s1);
    await enrol(e2.id, s2);
    await enrol(e1.id, s3, "pending"); // not paid: not e-mailed
    await enrol(other.id, s3); // another creator's course: not selected
    const before = await outboxCount();

    const response = await bulk(cara, {
      action: "email",
      courseIds: [e1.id, e2.id],
      subject: "Schedule change",
      message: "Class moves to Friday.",
    });
    expect(response.status).toBe(200);
    expect(bulkCourseResultSchema.parse(await response.json())).toEqual({
      action: "email",
      affected: 2,
      queued: 2,
    });

    // Written to the outbox in the request (captured here, without SMTP); never sent in the request.
    expect(await outboxCount()).toBe(before + 2);
    const rows = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "course-update"));
    expect(rows.map((r) => r.to_address).sort()).toEqual(
      [s1.email, s2.email].map((e) => e.toLowerCase()).sort(),
    );
    for (const row of rows) {
      expect(row.subject).toBe("Schedule change");
      expect(row.text).toContain("Class moves to Friday.");
      expect(row.status).toBe(ctx.runtime.mailer.mode === "capture" ? "captured" : "pending");
      expect(row.attempts).toBe(0);
    }
    const toS1 = rows.find((r) => r.to_address === s1.email.toLowerCase())!;
    expect(toS1.text).toContain("Email course one");
    expect(toS1.text).toContain(`${TEST_ORIGIN}/learn/${e1.id}`);
  });

  it("answers 404 when a selected course belongs to another creator, changing nothing", async () => {
    const before = await countCourses();
    for (const action of ["publish", "duplicate"]) {
      const response = await bulk(cara, { action, courseIds: [b3.id, dansCourse.id] });
      expect(response.status, action).toBe(404);
    }
    const emailBefore = await outboxCount();
    const mail = await bulk(cara, { action: "email", courseIds: [b3.id, dansCourse.id], message: "Hi" });
    expect(mail.status).toBe(404);
    expect(await outboxCount()).toBe(emailBefore);
    expect((await bulk(cara, { action: "publish", courseIds: [randomUUID()] })).status).toBe(404);
    expect((await courseRow(b3.id))?.is_published).toBe(false);
    expect(await courseRow(dansCourse.id)).toEqual(dansCourse);
    expect(await countCourses()).toBe(before);
  });

  it("refuses anonymous (401) and students (403)", async () => {
    expect((await bulk(null, { action: "publish", courseIds: [b3.id] })).status).toBe(401);
    expect((await bulk(stu, { action: "publish", courseIds: [b3.id] })).status).toBe(403);
    expect((await courseRow(b3.id))?.is_published).toBe(false);
  });
});

describe("GET /api/courses/export.csv (000 §3 CSV exports)", () => {
  const vietnamese = "Tiếng Việt cơ bản";
  let live: CourseRow;
  let draft: CourseRow;

  beforeAll(async () => {
    draft = await insertCourse(cora, {
      title: 'Plain, with "quotes"',
      created_at: new Date("2025-03-01T10:00:00Z"),
    });
    live = await insertCourse(cora, {
      title: vietnamese,
      is_published: true,
      enrollment_count: 7,
      created_at: new Date("2025-03-02T10:00:00Z"),
    });
    await insertCourse(dan, { title: "Dan's secret course" });
  });

  async function exportFor(who: Account) {
    const response = await call(who, "GET", "/api/courses/export.csv");
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("exports the creator's courses with the spec's columns, UTF-8 with a BOM", async () => {
    const { response, bytes, text } = await exportFor(cora);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="courses-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("Course Title,Status,Enrollments,Created Date");
    expect(lines.slice(1).filter(Boolean)).toEqual([
      `${vietnamese},Live,7,2025-03-02`,
      '"Plain, with ""quotes""",Draft,0,2025-03-01',
    ]);
    expect(live.id).toBeDefined();
    expect(draft.id).toBeDefined();
    // The Vietnamese title is byte-exact UTF-8.
    expect(Buffer.from(bytes).includes(Buffer.from(vietnamese, "utf8"))).toBe(true);
  });

  it("never exports another creator's courses", async () => {
    const { text } = await exportFor(cora);
    expect(text).not.toContain("Dan's secret course");
    const dans = await exportFor(dan);
    expect(dans.text).toContain("Dan's secret course");
    expect(dans.text).not.toContain(vietnamese);
  });

  it("exports only the header for a creator without courses", async () => {
    const fresh = await signUpAndSignIn(ctx, { name: "Creator Fresh" });
    const { text } = await exportFor(fresh);
    expect(text.slice(1).split("\r\n").filter(Boolean)).toEqual([
      "Course Title,Status,Enrollments,Created Date",
    ]);
  });

  it("refuses anonymous (401) and students (403)", async () => {
    expect((await call(null, "GET", "/api/courses/export.csv")).status).toBe(401);
    expect((await call(stu, "GET", "/api/courses/export.csv")).status).toBe(403);
  });
});

describe("GET /api/courses/{id}/qr.png (000 §2, §9: 200×200 QR of the join link; DESIGN §5)", () => {
  let published: CourseRow;
  let unpublished: CourseRow;
  beforeAll(async () => {
    published = await insertCourse(cara, { title: "QR course", is_published: true });
    unpublished = await insertCourse(cara, { title: "Hidden QR course" });
  });

  it("returns a 200×200 PNG encoding the course's /join link", async () => {
    const response = await call(cara, "GET", `/api/courses/${published.id}/qr.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBeNull();
    const png = Buffer.from(await response.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(200);
    expect(png.readUInt32BE(20)).toBe(200);

    const image = PNG.sync.read(png);
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(code?.data).toBe(`http://localhost:3000/join/${published.id}`);
  });

  it("offers the image as a download with ?download=1", async () => {
    const response = await call(cara, "GET", `/api/courses/${published.id}/qr.png?download=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="course-qr-${published.id}.png"`,
    );
  });

  it("answers 409 for an unpublished course", async () => {
    const response = await call(cara, "GET", `/api/courses/${unpublished.id}/qr.png`);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe("CONFLICT");
  });

  it("answers 404 to another creator and for unknown or malformed ids", async () => {
    expect((await call(dan, "GET", `/api/courses/${published.id}/qr.png`)).status).toBe(404);
    expect((await call(cara, "GET", `/api/courses/${randomUUID()}/qr.png`)).status).toBe(404);
    expect((await call(cara, "GET", "/api/courses/not-a-uuid/qr.png")).status).toBe(404);
  });

  it("refuses anonymous (401) and students (403)", async () => {
    expect((await call(null, "GET", `/api/courses/${published.id}/qr.png`)).status).toBe(401);
    expect((await call(stu, "GET", `/api/courses/${published.id}/qr.png`)).status).toBe(403);
  });
});
