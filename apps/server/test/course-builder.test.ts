import {
  builderCourseSchema,
  COURSE_MESSAGES,
  type CourseDraftInput,
  courseSlug,
  type ErrorBody,
  type OutlineSection,
  savedDraftSchema,
} from "@academy/shared";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courseDrafts,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  profiles,
  schools,
  storedFiles,
} from "../src/db/schema/index.ts";
import {
  createTestContext,
  enrolTwoFactor,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // the creator under test
let dan: Account; // another creator
let stu: Account; // a student (profile role student)
let vera: Account; // a creator used only for bad input (must end with nothing written)
let ada: Account; // an admin

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara", email: uniqueEmail("cara.nguyen") });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  vera = await signUpAndSignIn(ctx, { name: "Creator Vera" });
  ada = await signUpAndSignIn(ctx, { name: "Admin Ada" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
  await ctx.runtime.db.update(profiles).set({ role: "admin" }).where(eq(profiles.user_id, ada.userId));
  await enrolTwoFactor(ctx, ada); // admins need two-factor sign-in for admin routes (issue 25 item 6)
});
afterAll(async () => {
  await ctx?.close();
});

type Method = "GET" | "PUT" | "DELETE" | "POST";

function call(who: Account | null, method: Method, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

interface PublishResult {
  courseId: string;
  slug: string;
  outline: OutlineSection[];
  created: boolean;
}

async function publish(who: Account, draft: CourseDraftInput): Promise<PublishResult> {
  const response = await call(who, "POST", "/api/courses/publish", draft);
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as PublishResult;
}

async function courseRow(id: string) {
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

async function countRows(
  table: typeof courses | typeof schools | typeof courseDrafts,
  creatorId: string,
): Promise<number> {
  const [{ n }] = await ctx.runtime.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.creator_id, creatorId));
  return Number(n);
}

async function totalLessons(): Promise<number> {
  const [{ n }] = await ctx.runtime.db.select({ n: count() }).from(lessons);
  return Number(n);
}

/** A small one-section course for tests that only need some course. */
function simpleDraft(title: string, lessonTitles = ["Lesson one", "Lesson two"]): CourseDraftInput {
  return {
    title,
    description: `About ${title}`,
    estimatedDuration: 1,
    outline: [
      {
        id: "s1",
        title: "Section one",
        lessons: lessonTitles.map((t, i) => ({
          id: `l${i + 1}`,
          title: t,
          type: "text" as const,
          duration: 15,
          content: { type: "text" as const, html: `<p>${t}</p>` },
        })),
      },
    ],
  };
}

const DESCRIPTION =
  "Học tiếng Việt từ những câu chào hỏi đầu tiên. " +
  "Learn Vietnamese from your very first greetings, with short lessons, videos and quizzes. " +
  "By the end you can introduce yourself, order food and ask for directions in Hà Nội.";

const UNSAFE_HTML =
  '<p>Say <strong>xin chào</strong> to everyone.</p><script>alert("x")</script>' +
  '<img src="https://cdn.example.com/wave.png" onerror="alert(2)" alt="wave">';

function fullDraft(): CourseDraftInput {
  return {
    title: "Tiếng Việt cho người mới",
    description: DESCRIPTION,
    category: "language",
    skillLevel: "beginner",
    targetAudience: "adults",
    estimatedDuration: 2.5,
    price: 0,
    outline: [
      {
        id: "s1",
        title: "Greetings",
        description: "Saying hello",
        duration: 45,
        lessons: [
          {
            id: "l1",
            title: "Xin chào",
            type: "text",
            duration: 10,
            content: { type: "text", html: UNSAFE_HTML },
          },
          {
            id: "l2",
            title: "Watch and repeat",
            type: "video",
            duration: 20,
            content: { type: "video", source: "youtube", url: "https://youtu.be/dQw4w9WgXcQ" },
          },
          {
            id: "l3",
            title: "Greetings quiz",
            type: "quiz",
            duration: 5,
            content: {
              type: "quiz",
              passMark: 80,
              questions: [
                {
                  id: "q1",
                  question: "How do you say hello?",
                  choices: ["Xin chào", "Tạm biệt"],
                  correctIndex: 0,
                },
              ],
            },
          },
        ],
      },
      {
        id: "s2",
        title: "Review",
        description: "Revise everything",
        duration: 30,
        lessons: [
          {
            id: "l4",
            title: "Review",
            type: "text",
            duration: 30,
            content: { type: "text", html: "<p>Revise.</p>" },
          },
        ],
      },
    ],
  };
}

let firstCourse: PublishResult; // cara's "Tiếng Việt cho người mới"

describe("course drafts (001 §3 Course draft, §7 upsert course_drafts)", () => {
  it("saves a new-course draft and gives it back", async () => {
    const draft = { ...simpleDraft("My draft course"), estimatedDuration: 2.5, price: 250_000 };
    const saved = await call(cara, "PUT", "/api/course-builder/draft", draft);
    expect(saved.status).toBe(200);
    const body = savedDraftSchema.parse(await saved.json());
    expect(body).toMatchObject({
      courseId: null,
      title: "My draft course",
      estimatedDuration: 2.5,
      price: 250_000,
    });

    const loaded = await call(cara, "GET", "/api/course-builder/draft");
    expect(loaded.status).toBe(200);
    const got = savedDraftSchema.parse(await loaded.json());
    expect(got).toMatchObject({
      courseId: null,
      title: "My draft course",
      description: "About My draft course",
      estimatedDuration: 2.5,
      price: 250_000,
      currency: "VND",
      skillLevel: "beginner",
      targetAudience: "adults",
    });
    expect(got.outline).toEqual([
      {
        id: "s1",
        title: "Section one",
        description: "",
        duration: 0,
        materials: [],
        lessons: [
          {
            id: "l1",
            title: "Lesson one",
            type: "text",
            duration: 15,
            content: { type: "text", html: "<p>Lesson one</p>" },
          },
          {
            id: "l2",
            title: "Lesson two",
            type: "text",
            duration: 15,
            content: { type: "text", html: "<p>Lesson two</p>" },
          },
        ],
      },
    ]);
  });

  it("replaces the draft on a second save (one row per creator)", async () => {
    const saved = await call(
      cara,
      "PUT",
      "/api/course-builder/draft",
      simpleDraft("My draft course, v2", ["Only"]),
    );
    expect(saved.status).toBe(200);
    const got = savedDraftSchema.parse(await (await call(cara, "GET", "/api/course-builder/draft")).json());
    expect(got.title).toBe("My draft course, v2");
    expect(got.outline[0].lessons.map((l) => l.title)).toEqual(["Only"]);
    const rows = await ctx.runtime.db
      .select()
      .from(courseDrafts)
      .where(and(eq(courseDrafts.creator_id, cara.userId), isNull(courseDrafts.course_id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].title).toBe("My draft course, v2");
  });

  it("shows another creator their own (empty) new-course draft, never the first creator's", async () => {
    const response = await call(dan, "GET", "/api/course-builder/draft");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("discards the new-course draft with DELETE", async () => {
    await call(dan, "PUT", "/api/course-builder/draft", simpleDraft("Dan's idea"));
    expect(await countRows(courseDrafts, dan.userId)).toBe(1);
    const response = await call(dan, "DELETE", "/api/course-builder/draft");
    expect(response.status).toBe(204);
    expect(await countRows(courseDrafts, dan.userId)).toBe(0);
    expect(await (await call(dan, "GET", "/api/course-builder/draft")).json()).toBeNull();
    // Cara's draft is untouched.
    expect(await countRows(courseDrafts, cara.userId)).toBe(1);
  });
});

describe("POST /api/courses/publish: a new course (001 §5, §7)", () => {
  it("creates the course, its lessons and the creator's school, and removes the draft", async () => {
    expect(await countRows(courseDrafts, cara.userId)).toBe(1); // the draft saved above
    expect(await countRows(schools, cara.userId)).toBe(0);

    const response = await call(cara, "POST", "/api/courses/publish", fullDraft());
    expect(response.status).toBe(200);
    firstCourse = (await response.json()) as PublishResult;
    expect(firstCourse.created).toBe(true);
    expect(firstCourse.slug).toBe("tieng-viet-cho-nguoi-moi");

    const course = await courseRow(firstCourse.courseId);
    expect(course).toMatchObject({
      creator_id: cara.userId,
      title: "Tiếng Việt cho người mới",
      slug: courseSlug("Tiếng Việt cho người mới"),
      description: DESCRIPTION,
      short_description: DESCRIPTION.slice(0, 150),
      category: "language",
      skill_level: "beginner",
      target_audience: "adults",
      estimated_duration: 150, // 2.5 h × 60
      total_lessons: 4, // three lessons + a section without lessons
      is_published: true,
      is_free: true,
      currency: "VND",
      price: 0,
      enrollment_count: 0,
    });
    expect(DESCRIPTION.length).toBeGreaterThan(150);
    expect(course.short_description).toHaveLength(150);

    // The school: created once, named after its creator (issue 24 §6: never the e-mail; the profile
    // speaks Vietnamese by default), slug "<first 8 of the user id>-academy".
    const schoolRows = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    expect(schoolRows).toHaveLength(1);
    expect(schoolRows[0]).toMatchObject({
      name: "Trường học của Creator Cara",
      slug: `${cara.userId.slice(0, 8).toLowerCase()}-academy`,
      is_active: true,
    });
    expect(course.school_id).toBe(schoolRows[0].id);

    // The draft is gone.
    expect(await countRows(courseDrafts, cara.userId)).toBe(0);
    expect(await (await call(cara, "GET", "/api/course-builder/draft")).json()).toBeNull();
  });

  it("stores one lesson row per builder lesson, in order, with cleaned content", async () => {
    const rows = await lessonRows(firstCourse.courseId);
    expect(rows.map((l) => l.title)).toEqual(["Xin chào", "Watch and repeat", "Greetings quiz", "Review"]);
    expect(rows.map((l) => l.order_index)).toEqual([0, 1, 2, 3]);
    expect(rows.map((l) => l.content_type)).toEqual(["text", "video", "quiz", "text"]);
    expect(rows.map((l) => l.duration)).toEqual([10, 20, 5, 30]);
    expect(rows.map((l) => l.slug)).toEqual(["xin-chao", "watch-and-repeat", "greetings-quiz", "review"]);
    expect(rows.every((l) => l.is_published)).toBe(true);
    // A lesson carries its section's title (a section without lessons is refused: issue 17).
    expect(rows[3].description).toBe("Review");

    // Text lesson HTML is sanitized: script and event handlers removed, formatting kept.
    const html = (rows[0].content_data as { html: string }).html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert("x")');
    expect(html).not.toMatch(/onerror/i);
    expect(html).toContain("<strong>xin chào</strong>");
    expect(html).toContain('src="https://cdn.example.com/wave.png"');

    // The YouTube short link is normalized.
    expect(rows[1].content_url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(rows[1].content_data).toMatchObject({
      type: "video",
      source: "youtube",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });

    // The quiz keeps its questions and pass mark.
    expect(rows[2].content_data).toMatchObject({
      type: "quiz",
      passMark: 80,
      questions: [
        { id: "q1", question: "How do you say hello?", choices: ["Xin chào", "Tạm biệt"], correctIndex: 0 },
      ],
    });
  });

  it("returns and stores the outline with the stored lesson ids", async () => {
    const rows = await lessonRows(firstCourse.courseId);
    const { outline } = firstCourse;
    expect(outline[0].id).toBe("s1");
    expect(outline[0].lessons.map((l) => l.id)).toEqual(rows.slice(0, 3).map((l) => l.id));
    expect(outline[1].lessons[0].id).toBe(rows[3].id);
    expect((outline[0].lessons[0].content as { html: string }).html).not.toMatch(/<script/i);
    expect((await courseRow(firstCourse.courseId)).course_structure).toEqual(outline);
  });

  it("reuses the school on the creator's next course; a paid course is not free", async () => {
    const second = await publish(cara, { ...simpleDraft("Business Vietnamese"), price: 1_990_000 });
    const schoolRows = await ctx.runtime.db.select().from(schools).where(eq(schools.creator_id, cara.userId));
    expect(schoolRows).toHaveLength(1);
    const course = await courseRow(second.courseId);
    expect(course.school_id).toBe(schoolRows[0].id);
    expect(course).toMatchObject({ is_free: false, price: 1_990_000, currency: "VND", total_lessons: 2 });
  });

  it("keeps the chosen currency", async () => {
    const usd = await publish(cara, {
      ...simpleDraft("Vietnamese for travellers"),
      price: 49.99,
      currency: "USD",
    });
    expect(await courseRow(usd.courseId)).toMatchObject({ currency: "USD", price: 49.99, is_free: false });
  });

  it("gives two courses with the same title different slugs", async () => {
    const a = await publish(cara, simpleDraft("Same Title Twice"));
    const b = await publish(cara, simpleDraft("Same Title Twice"));
    expect(a.courseId).not.toBe(b.courseId);
    expect(a.slug).toBe("same-title-twice");
    expect(b.slug).toBe("same-title-twice-2");
    expect((await courseRow(a.courseId)).slug).toBe("same-title-twice");
    expect((await courseRow(b.courseId)).slug).toBe("same-title-twice-2");
  });

  it("gives the same title by another creator a different slug too (slugs are global)", async () => {
    const d = await publish(dan, simpleDraft("Same Title Twice"));
    expect(d.slug).toBe("same-title-twice-3");
  });

  it("lets an admin build and load their own course", async () => {
    const own = await publish(ada, simpleDraft("Admin course"));
    const loaded = await call(ada, "GET", `/api/courses/${own.courseId}/builder`);
    expect(loaded.status).toBe(200);
  });
});

describe("POST /api/courses/publish with courseId: republish in place (DESIGN §5)", () => {
  it("updates the course and its lessons in place, keeping progress and recomputing it", async () => {
    const first = await publish(cara, simpleDraft("Cooking Pho", ["Broth", "Noodles", "Herbs"]));
    const [id1, id2, id3] = first.outline[0].lessons.map((l) => l.id);
    const coursesBefore = await countRows(courses, cara.userId);

    // A student has completed lesson 1 of 3.
    const [enrolment] = await ctx.runtime.db
      .insert(enrollments)
      .values({ course_id: first.courseId, student_id: stu.userId, payment_status: "completed", progress: 5 })
      .returning();
    const [progress] = await ctx.runtime.db
      .insert(lessonProgress)
      .values({
        enrollment_id: enrolment.id,
        lesson_id: id1,
        student_id: stu.userId,
        is_completed: true,
        progress: 100,
        completed_at: new Date(),
      })
      .returning();

    // An edit draft of the course exists; publishing removes it.
    const draftSaved = await call(cara, "PUT", "/api/course-builder/draft", {
      ...simpleDraft("Cooking Pho"),
      courseId: first.courseId,
    });
    expect(draftSaved.status).toBe(200);

    const again = await publish(cara, {
      courseId: first.courseId,
      title: "Cooking Pho",
      description: "Updated description",
      estimatedDuration: 3,
      outline: [
        {
          id: first.outline[0].id,
          title: "Section one",
          lessons: [
            {
              id: id1,
              title: "Broth",
              type: "text",
              duration: 15,
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
            {
              id: id2,
              title: "Rice noodles",
              type: "text",
              duration: 15,
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
            {
              id: "new-lesson",
              title: "Serving",
              type: "text",
              duration: 15,
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
          ],
        },
      ],
    });
    expect(again.courseId).toBe(first.courseId);
    expect(again.created).toBe(false);
    expect(again.slug).toBe(first.slug);
    expect(await countRows(courses, cara.userId)).toBe(coursesBefore);

    const rows = await lessonRows(first.courseId);
    expect(rows.map((l) => l.title)).toEqual(["Broth", "Rice noodles", "Serving"]);
    expect(rows.map((l) => l.order_index)).toEqual([0, 1, 2]);
    expect(rows[0].id).toBe(id1);
    expect(rows[1].id).toBe(id2);
    expect(rows[1].slug).toBe("rice-noodles");
    expect([id1, id2, id3]).not.toContain(rows[2].id);
    expect(rows.map((l) => l.id)).not.toContain(id3);
    expect(again.outline[0].lessons.map((l) => l.id)).toEqual(rows.map((l) => l.id));

    const course = await courseRow(first.courseId);
    expect(course).toMatchObject({
      total_lessons: 3,
      description: "Updated description",
      estimated_duration: 180,
      is_published: true,
    });
    expect(course.course_structure).toEqual(again.outline);

    // Lesson 1's progress row survives; the enrolment stays; progress is 1 of 3 lessons.
    const [kept] = await ctx.runtime.db
      .select()
      .from(lessonProgress)
      .where(eq(lessonProgress.id, progress.id));
    expect(kept).toMatchObject({ lesson_id: id1, is_completed: true });
    const [after] = await ctx.runtime.db.select().from(enrollments).where(eq(enrollments.id, enrolment.id));
    expect(after).toBeDefined();
    expect(after.progress).toBe(33);

    // The course's edit draft is gone.
    const draft = await call(cara, "GET", `/api/course-builder/draft?courseId=${first.courseId}`);
    expect(draft.status).toBe(200);
    expect(await draft.json()).toBeNull();
  });

  it("keeps an unpublished course's id and publishes it again", async () => {
    const first = await publish(cara, simpleDraft("Street Food Tour"));
    await ctx.runtime.db.update(courses).set({ is_published: false }).where(eq(courses.id, first.courseId));
    const again = await publish(cara, { ...simpleDraft("Street Food Tour"), courseId: first.courseId });
    expect(again.courseId).toBe(first.courseId);
    expect((await courseRow(first.courseId)).is_published).toBe(true);
  });

  it("follows a new title with the slug (slug from the title), not a longer old slug", async () => {
    const first = await publish(cara, simpleDraft("Hanoi Street Food Deluxe"));
    expect(first.slug).toBe("hanoi-street-food-deluxe");
    const again = await publish(cara, { ...simpleDraft("Hanoi Street Food"), courseId: first.courseId });
    expect(again.slug).toMatch(/^hanoi-street-food(-\d+)?$/);
    expect((await courseRow(first.courseId)).slug).toBe(again.slug);
  });

  it("stores a lesson id that appears twice in the outline as two lessons (total_lessons matches the rows)", async () => {
    const first = await publish(cara, simpleDraft("Repeated ids", ["A", "B"]));
    const [idA, idB] = first.outline[0].lessons.map((l) => l.id);
    const again = await publish(cara, {
      courseId: first.courseId,
      title: "Repeated ids",
      outline: [
        {
          id: "s1",
          title: "Section one",
          lessons: [
            {
              id: idA,
              title: "A1",
              type: "text",
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
            {
              id: idA,
              title: "A2",
              type: "text",
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
            {
              id: idB,
              title: "B",
              type: "text",
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
          ],
        },
      ],
    });
    const rows = await lessonRows(first.courseId);
    const course = await courseRow(first.courseId);
    expect(rows.map((l) => l.title)).toEqual(["A1", "A2", "B"]);
    expect(rows.map((l) => l.order_index)).toEqual([0, 1, 2]);
    expect(course.total_lessons).toBe(rows.length);
    const returned = again.outline[0].lessons.map((l) => l.id);
    expect(new Set(returned).size).toBe(3);
    expect(returned).toEqual(rows.map((l) => l.id));
  });

  it("never takes over a lesson id of another course", async () => {
    const other = await publish(cara, simpleDraft("Other course", ["Foreign lesson"]));
    const foreignId = other.outline[0].lessons[0].id;
    const mine = await publish(cara, simpleDraft("Mine course", ["Mine"]));
    await publish(cara, {
      ...simpleDraft("Mine course"),
      courseId: mine.courseId,
      outline: [
        {
          id: "s1",
          title: "S",
          lessons: [
            {
              id: foreignId,
              title: "Stolen",
              type: "text",
              duration: 5,
              content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
            },
          ],
        },
      ],
    });
    const foreign = await lessonRows(other.courseId);
    expect(foreign.map((l) => [l.id, l.title])).toEqual([[foreignId, "Foreign lesson"]]);
    const own = await lessonRows(mine.courseId);
    expect(own).toHaveLength(1);
    expect(own[0].id).not.toBe(foreignId);
    expect(own[0].title).toBe("Stolen");
  });
});

describe("GET /api/courses/{id}/builder (001 §2 Course Loaded)", () => {
  it("returns the course in the builder's shape, duration back in hours", async () => {
    const response = await call(cara, "GET", `/api/courses/${firstCourse.courseId}/builder`);
    expect(response.status).toBe(200);
    const body = builderCourseSchema.parse(await response.json());
    const rows = await lessonRows(firstCourse.courseId);
    expect(body).toMatchObject({
      courseId: firstCourse.courseId,
      slug: "tieng-viet-cho-nguoi-moi",
      isPublished: true,
      title: "Tiếng Việt cho người mới",
      description: DESCRIPTION,
      category: "language",
      skillLevel: "beginner",
      targetAudience: "adults",
      estimatedDuration: 2.5,
      price: 0,
      currency: "VND",
    });
    expect(body.outline).toEqual(firstCourse.outline);
    expect(body.outline[0].lessons.map((l) => l.id)).toEqual(rows.slice(0, 3).map((l) => l.id));
    expect(body.outline[1].lessons[0].id).toBe(rows[3].id);
  });

  it("answers 404 for a course that does not exist", async () => {
    const response = await call(cara, "GET", "/api/courses/00000000-0000-4000-8000-000000000000/builder");
    expect(response.status).toBe(404);
  });
});

describe("course drafts of an existing course", () => {
  it("saves, loads and discards a draft per course, apart from the new-course draft", async () => {
    const saved = await call(cara, "PUT", "/api/course-builder/draft", {
      ...fullDraft(),
      courseId: firstCourse.courseId,
      title: "Edited title",
    });
    expect(saved.status).toBe(200);
    const got = await call(cara, "GET", `/api/course-builder/draft?courseId=${firstCourse.courseId}`);
    expect(savedDraftSchema.parse(await got.json())).toMatchObject({
      courseId: firstCourse.courseId,
      title: "Edited title",
    });
    expect(await (await call(cara, "GET", "/api/course-builder/draft")).json()).toBeNull();
    // The course itself is unchanged until published.
    expect((await courseRow(firstCourse.courseId)).title).toBe("Tiếng Việt cho người mới");

    const discarded = await call(
      cara,
      "DELETE",
      `/api/course-builder/draft?courseId=${firstCourse.courseId}`,
    );
    expect(discarded.status).toBe(204);
    const gone = await call(cara, "GET", `/api/course-builder/draft?courseId=${firstCourse.courseId}`);
    expect(await gone.json()).toBeNull();
  });
});

describe("publish validation (bad input: the spec's message, 400, nothing written)", () => {
  async function expectNothingWritten(lessonCountBefore: number) {
    expect(await countRows(courses, vera.userId)).toBe(0);
    expect(await countRows(schools, vera.userId)).toBe(0);
    expect(await countRows(courseDrafts, vera.userId)).toBe(0);
    expect(await totalLessons()).toBe(lessonCountBefore);
  }

  it("refuses a blank title with 'Please enter a course title.'", async () => {
    const before = await totalLessons();
    for (const title of ["", "   "]) {
      const response = await call(vera, "POST", "/api/courses/publish", { ...simpleDraft("x"), title });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe("Please enter a course title.");
      expect(error.message).toBe(COURSE_MESSAGES.titleRequired);
    }
    await expectNothingWritten(before);
  });

  it("refuses a video lesson whose address is not YouTube, Vimeo or an uploaded file", async () => {
    const before = await totalLessons();
    for (const url of [
      "https://example.com/video.mp4",
      "javascript:alert(1)",
      "/files/../secrets.mp4",
      "http://youtube.com/watch?v=dQw4w9WgXcQ",
    ]) {
      const response = await call(vera, "POST", "/api/courses/publish", {
        title: "Video course",
        outline: [
          {
            id: "s1",
            title: "Videos",
            lessons: [
              {
                id: "l1",
                title: "Intro",
                type: "text",
                duration: 5,
                content: { type: "text" as const, html: "<p>Read this lesson.</p>" },
              },
              {
                id: "l2",
                title: "Clip",
                type: "video",
                duration: 5,
                content: { type: "video", source: null, url },
              },
            ],
          },
        ],
      });
      expect(response.status, url).toBe(400);
      expect((await errorOf(response)).message).toBe(
        "Enter a YouTube or Vimeo link, or upload a video file.",
      );
    }
    await expectNothingWritten(before);
  });

  it("accepts Vimeo links and uploaded files", async () => {
    // An uploaded file of Dan's own (a course may use only its creator's files, issue 25 N4).
    await ctx.runtime.db.insert(storedFiles).values({
      owner_id: dan.userId,
      key: "lessons/clip.mp4",
      area: "lesson-video",
      mime_type: "video/mp4",
      size_bytes: 1,
    });
    const cases = [
      ["https://player.vimeo.com/video/76979871", "vimeo", "https://vimeo.com/76979871"],
      ["/files/lessons/clip.mp4", "upload", "/files/lessons/clip.mp4"],
    ] as const;
    for (const [url, source, normalized] of cases) {
      const done = await publish(dan, {
        title: `Video ${source}`,
        outline: [
          {
            id: "s1",
            title: "Videos",
            lessons: [
              { id: "l1", title: "Clip", type: "video", content: { type: "video", source: null, url } },
            ],
          },
        ],
      });
      const [row] = await lessonRows(done.courseId);
      expect(row.content_url).toBe(normalized);
      expect(row.content_data).toMatchObject({ source, url: normalized });
      expect(row.duration).toBe(15); // default lesson duration (001 §9)
    }
  });

  it("refuses a quiz question whose correct answer is out of range", async () => {
    const before = await totalLessons();
    const draft = {
      title: "Quiz course",
      outline: [
        {
          id: "s1",
          title: "Quizzes",
          lessons: [
            {
              id: "l1",
              title: "Quiz",
              type: "quiz",
              content: {
                type: "quiz",
                questions: [{ id: "q1", question: "Pick one", choices: ["A", "B"], correctIndex: 2 }],
              },
            },
          ],
        },
      ],
    };
    const response = await call(vera, "POST", "/api/courses/publish", draft);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(COURSE_MESSAGES.quizCorrect);
    // Saving it as a draft is refused the same way.
    const saved = await call(vera, "PUT", "/api/course-builder/draft", draft);
    expect(saved.status).toBe(400);
    await expectNothingWritten(before);
  });

  it("refuses a lesson without a title and a negative duration", async () => {
    const before = await totalLessons();
    const noTitle = await call(vera, "POST", "/api/courses/publish", {
      title: "Course",
      outline: [{ id: "s1", title: "S", lessons: [{ id: "l1", title: "  " }] }],
    });
    expect(noTitle.status).toBe(400);
    expect((await errorOf(noTitle)).message).toBe(COURSE_MESSAGES.lessonTitleRequired);
    const negative = await call(vera, "POST", "/api/courses/publish", {
      title: "Course",
      estimatedDuration: -1,
    });
    expect(negative.status).toBe(400);
    expect((await errorOf(negative)).message).toBe(COURSE_MESSAGES.durationInvalid);
    await expectNothingWritten(before);
  });
});

describe("authorization (DESIGN §4: anonymous, student, another creator, owner)", () => {
  const endpoints = (courseId: string): Array<[Method, string, unknown?]> => [
    ["GET", "/api/course-builder/draft"],
    ["GET", `/api/course-builder/draft?courseId=${courseId}`],
    ["PUT", "/api/course-builder/draft", simpleDraft("Sneaky draft")],
    ["PUT", "/api/course-builder/draft", { ...simpleDraft("Sneaky draft"), courseId }],
    ["DELETE", "/api/course-builder/draft"],
    ["DELETE", `/api/course-builder/draft?courseId=${courseId}`],
    ["POST", "/api/courses/publish", simpleDraft("Sneaky course")],
    ["POST", "/api/courses/publish", { ...simpleDraft("Sneaky course"), courseId }],
    ["GET", `/api/courses/${courseId}/builder`],
  ];

  it("refuses an anonymous visitor with 401 on every endpoint", async () => {
    for (const [method, path, json] of endpoints(firstCourse.courseId)) {
      const response = await call(null, method, path, json);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(response)).code).toBe("UNAUTHORIZED");
    }
  });

  it("refuses a student with 403 on every builder endpoint and writes nothing", async () => {
    const coursesBefore = await ctx.runtime.db.select({ n: count() }).from(courses);
    for (const [method, path, json] of endpoints(firstCourse.courseId)) {
      const response = await call(stu, method, path, json);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(response)).code).toBe("FORBIDDEN");
    }
    expect(await ctx.runtime.db.select({ n: count() }).from(courses)).toEqual(coursesBefore);
    expect(await countRows(courseDrafts, stu.userId)).toBe(0);
    expect(await countRows(schools, stu.userId)).toBe(0);
  });

  it("answers 404 to another creator for the first creator's course and changes nothing", async () => {
    const before = await courseRow(firstCourse.courseId);
    const lessonsBefore = await lessonRows(firstCourse.courseId);
    const id = firstCourse.courseId;

    const load = await call(dan, "GET", `/api/courses/${id}/builder`);
    expect(load.status).toBe(404);
    expect((await errorOf(load)).code).toBe("NOT_FOUND");

    const republish = await call(dan, "POST", "/api/courses/publish", {
      ...simpleDraft("Hijacked"),
      courseId: id,
    });
    expect(republish.status).toBe(404);

    const getDraft = await call(dan, "GET", `/api/course-builder/draft?courseId=${id}`);
    expect(getDraft.status).toBe(404);
    const putDraft = await call(dan, "PUT", "/api/course-builder/draft", {
      ...simpleDraft("Hijacked"),
      courseId: id,
    });
    expect(putDraft.status).toBe(404);
    const deleteDraft = await call(dan, "DELETE", `/api/course-builder/draft?courseId=${id}`);
    expect(deleteDraft.status).toBe(404);

    expect(await courseRow(id)).toEqual(before);
    expect(await lessonRows(id)).toEqual(lessonsBefore);
    const dansDrafts = await ctx.runtime.db.select().from(courseDrafts).where(eq(courseDrafts.course_id, id));
    expect(dansDrafts).toEqual([]);
    expect(await ctx.runtime.db.select().from(courses).where(eq(courses.title, "Hijacked"))).toEqual([]);
  });

  it("does not let another creator discard the owner's course draft", async () => {
    const id = firstCourse.courseId;
    await call(cara, "PUT", "/api/course-builder/draft", { ...simpleDraft("Owner's edit"), courseId: id });
    expect((await call(dan, "DELETE", `/api/course-builder/draft?courseId=${id}`)).status).toBe(404);
    const mine = await call(cara, "GET", `/api/course-builder/draft?courseId=${id}`);
    expect(savedDraftSchema.parse(await mine.json()).title).toBe("Owner's edit");
  });
});
