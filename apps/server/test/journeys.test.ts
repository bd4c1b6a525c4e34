import {
  COURSE_MESSAGES,
  type CourseDraftInput,
  type ErrorBody,
  type OutlineSection,
  outlineResponseSchema,
} from "@academy/shared";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, lessons, profiles } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

/**
 * Issue 17: every journey ends right. Item 1 — a course built from the generated outline could
 * be published with empty lessons and never completed.
 */
let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator
let stu: Account; // student

function call(who: Account | null, method: "GET" | "POST", pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function courseCount(): Promise<number> {
  const [{ n }] = await ctx.runtime.db.select({ n: count() }).from(courses);
  return Number(n);
}

/** What the AI Outline tab produces for a new course (the offline generator here). */
async function generatedOutline(title: string): Promise<OutlineSection[]> {
  const response = await call(cara, "POST", "/api/ai/outline", {
    title,
    description: "Cook phở at home.",
    category: "creative",
    skillLevel: "beginner",
    estimatedDuration: 2,
  });
  expect(response.status).toBe(200);
  return outlineResponseSchema.parse(await response.json()).outline;
}

/** Fills every lesson of an outline the way the builder's editors do. */
function fill(outline: OutlineSection[]): OutlineSection[] {
  return outline.map((section) => ({
    ...section,
    lessons: section.lessons.map((lesson) => ({
      ...lesson,
      content:
        lesson.type === "quiz"
          ? {
              type: "quiz" as const,
              passMark: 70,
              questions: [{ id: "q1", question: "Ready?", choices: ["Yes", "No"], correctIndex: 0 }],
            }
          : lesson.type === "video"
            ? { type: "video" as const, source: "youtube" as const, url: "https://youtu.be/dQw4w9WgXcQ" }
            : { type: "text" as const, html: `<p>${lesson.title}</p>` },
    })),
  }));
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  stu = await signUpAndSignIn(ctx, { name: "Student Stu" });
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, stu.userId));
});
afterAll(async () => {
  await ctx?.close();
});

describe("publishing lessons without content (issue 17 item 1)", () => {
  it("refuses the generated outline as it is, listing every empty lesson; writes nothing", async () => {
    const outline = await generatedOutline("Phở at home");
    const lessonCount = outline.reduce((n, s) => n + s.lessons.length, 0);
    expect(lessonCount).toBeGreaterThan(1);
    const before = await courseCount();
    const response = await call(cara, "POST", "/api/courses/publish", { title: "Phở at home", outline });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe(COURSE_MESSAGES.lessonsNeedContent);
    const expected = outline.flatMap((section, s) =>
      section.lessons.map((lesson, l) => ({
        path: `outline.${s}.lessons.${l}`,
        message:
          lesson.type === "quiz"
            ? COURSE_MESSAGES.quizHasNoQuestions
            : lesson.type === "video"
              ? COURSE_MESSAGES.videoHasNoVideo
              : COURSE_MESSAGES.textIsEmpty,
      })),
    );
    expect(error.issues).toEqual(expected);
    expect(await courseCount()).toBe(before);
  });

  it("lists only what is still empty, a section without lessons and blank HTML too", async () => {
    const outline = fill(await generatedOutline("Bánh mì"));
    const first = outline[0]!;
    first.lessons[0] = {
      ...first.lessons[0]!,
      type: "text",
      content: { type: "text", html: "<p> &nbsp;</p>" },
    };
    const draft: CourseDraftInput = {
      title: "Bánh mì",
      outline: [...outline, { id: "empty", title: "Bonus", description: "", lessons: [] }],
    };
    const response = await call(cara, "POST", "/api/courses/publish", draft);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).issues).toEqual([
      { path: "outline.0.lessons.0", message: COURSE_MESSAGES.textIsEmpty },
      { path: `outline.${outline.length}`, message: COURSE_MESSAGES.sectionHasNoLessons },
    ]);
  });

  it("publishes once every lesson is filled (an image alone is content)", async () => {
    const outline = fill(await generatedOutline("Gỏi cuốn"));
    const first = outline[0]!;
    first.lessons[0] = {
      ...first.lessons[0]!,
      type: "text",
      content: { type: "text", html: '<p><img src="/files/x.png" alt="Rolls"></p>' },
    };
    const response = await call(cara, "POST", "/api/courses/publish", { title: "Gỏi cuốn", outline });
    expect(response.status).toBe(200);
  });
});

describe("a quiz published without questions (before issue 17) is completable", () => {
  it("takes Mark Complete, completes the course and issues the certificate", async () => {
    const outline: CourseDraftInput["outline"] = [
      {
        id: "s1",
        title: "Only",
        lessons: [
          {
            id: "l1",
            title: "Old quiz",
            type: "quiz",
            content: {
              type: "quiz",
              questions: [{ id: "q1", question: "?", choices: ["a", "b"], correctIndex: 0 }],
            },
          },
        ],
      },
    ];
    const published = await call(cara, "POST", "/api/courses/publish", { title: "Old course", outline });
    expect(published.status).toBe(200);
    const { courseId } = (await published.json()) as { courseId: string };
    // What the old publish stored for a generated quiz slot: no questions.
    const [lesson] = await ctx.runtime.db
      .select()
      .from(lessons)
      .where(eq(lessons.course_id, courseId))
      .orderBy(asc(lessons.order_index));
    await ctx.runtime.db
      .update(lessons)
      .set({ content_data: { type: "quiz", questions: [], passMark: 70 } })
      .where(eq(lessons.id, lesson!.id));

    expect((await call(stu, "POST", `/api/courses/${courseId}/enroll`)).status).toBe(200);
    // The player opens a lesson before Mark Complete (issue 16 item 6).
    const opened = await call(stu, "POST", `/api/learn/${courseId}/lessons/${lesson!.id}/progress`, {
      event: "open",
    });
    expect(opened.status).toBe(200);
    const done = await call(stu, "POST", `/api/learn/${courseId}/lessons/${lesson!.id}/progress`, {
      event: "complete",
    });
    expect(done.status).toBe(200);
    const body = (await done.json()) as {
      lesson: { isCompleted: boolean };
      enrolment: { isCompleted: boolean; certificateIssued: boolean };
    };
    expect(body.lesson.isCompleted).toBe(true);
    expect(body.enrolment).toMatchObject({ isCompleted: true, certificateIssued: true });
  });
});

describe("duplicates are numbered (issue 17 item 10)", () => {
  it("names copies '(Copy)', '(Copy 2)', '(Copy 3)', also when copying a copy", async () => {
    const published = await call(cara, "POST", "/api/courses/publish", {
      title: "Nem rán",
      outline: [
        {
          id: "s1",
          title: "One",
          lessons: [
            { id: "l1", title: "Rolls", type: "text", content: { type: "text", html: "<p>Roll</p>" } },
          ],
        },
      ],
    });
    const { courseId } = (await published.json()) as { courseId: string };
    const titles: string[] = [];
    let last = courseId;
    for (const source of [courseId, courseId, "last"]) {
      const response = await call(
        cara,
        "POST",
        `/api/courses/${source === "last" ? last : source}/duplicate`,
      );
      expect(response.status).toBe(201);
      const copy = (await response.json()) as { id: string; title: string };
      titles.push(copy.title);
      last = copy.id;
    }
    expect(titles).toEqual(["Nem rán (Copy)", "Nem rán (Copy 2)", "Nem rán (Copy 3)"]);
  });
});

describe("private files: lesson videos are served to the owner and enrolled students only (issue 16 item 18)", () => {
  const MP4 = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
    Buffer.alloc(64),
  ]);
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  async function upload(area: string, bytes: Buffer, name: string, type: string) {
    const form = new FormData();
    form.append("area", area);
    form.append("file", new File([bytes], name, { type }));
    const response = await ctx.request("/api/uploads", { method: "POST", body: form, cookie: cara.cookie });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  }

  it("refuses anonymous and unsigned requests, serves the owner and the signed address an enrolled student gets", async () => {
    const video = await upload("lesson-video", MP4, "lesson.mp4", "video/mp4");
    const thumbnail = await upload("thumbnail", PNG, "cover.png", "image/png");
    expect(video).toMatch(/^\/files\/lesson-video\//);
    // Public files stay public; the video is not.
    expect((await ctx.request(thumbnail)).status).toBe(200);
    const anonymous = await ctx.request(video);
    expect(anonymous.status).toBe(403);
    expect((await errorOf(anonymous)).message).toBe("This file is available to the course's students only.");
    expect((await ctx.request(video, { cookie: stu.cookie })).status).toBe(403);
    const owner = await ctx.request(video, { cookie: cara.cookie });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, max-age=3600");

    const published = await call(cara, "POST", "/api/courses/publish", {
      title: "Private video course",
      outline: [
        {
          id: "s1",
          title: "Watch",
          lessons: [
            { id: "l1", title: "Clip", type: "video", content: { type: "video", source: null, url: video } },
          ],
        },
      ],
    });
    const { courseId } = (await published.json()) as { courseId: string };
    expect((await call(stu, "POST", `/api/courses/${courseId}/enroll`)).status).toBe(200);
    const player = (await (await call(stu, "GET", `/api/learn/${courseId}`)).json()) as {
      lessons: { content: { url: string } }[];
    };
    const signed = player.lessons[0]!.content.url;
    expect(signed).toMatch(new RegExp(`^${video}\\?exp=\\d+&sig=[\\w-]+$`));
    expect((await ctx.request(signed)).status).toBe(200);
    // Change the signature's first character to a different one (a fixed "A" fails 1 run in 64).
    const tampered = signed.replace(/sig=(.)/, (_, c: string) => `sig=${c === "A" ? "B" : "A"}`);
    expect(tampered).not.toBe(signed);
    expect((await ctx.request(tampered)).status).toBe(403);
    expect((await ctx.request(signed.replace(/exp=\d+/, "exp=1"))).status).toBe(403);
  });
});

describe("file signatures expire", () => {
  it("accepts a signature until its expiry, never after, and only for its key", async () => {
    const { signFileUrl, verifyFileSignature } = await import("../src/features/uploads/file-signing.ts");
    const now = Date.UTC(2026, 0, 1);
    const url = signFileUrl("secret", "/files/material/a.pdf", now);
    const params = new URL(url, "http://x").searchParams;
    const [exp, sig] = [params.get("exp") ?? "", params.get("sig") ?? ""];
    expect(verifyFileSignature("secret", "material/a.pdf", exp, sig, now)).toBe(true);
    expect(verifyFileSignature("secret", "material/a.pdf", exp, sig, Number(exp) * 1000 + 1)).toBe(false);
    expect(verifyFileSignature("secret", "material/b.pdf", exp, sig, now)).toBe(false);
    expect(verifyFileSignature("other", "material/a.pdf", exp, sig, now)).toBe(false);
    expect(signFileUrl("secret", "https://youtu.be/x", now)).toBe("https://youtu.be/x");
  });
});

describe("course materials reach enrolled students (issue 17 item 11)", () => {
  it("lists a lesson's and its section's materials as signed resources in the player", async () => {
    const PDF = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const addMaterial = async (title: string) => {
      const form = new FormData();
      form.append("area", "material");
      form.append("file", new File([PDF], `${title}.pdf`, { type: "application/pdf" }));
      const uploaded = await ctx.request("/api/uploads", { method: "POST", body: form, cookie: cara.cookie });
      const { id } = (await uploaded.json()) as { id: string };
      const response = await call(cara, "POST", "/api/materials", { uploadId: id, title });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; fileUrl: string };
    };
    const worksheet = await addMaterial("Worksheet");
    const glossary = await addMaterial("Glossary");
    const published = await call(cara, "POST", "/api/courses/publish", {
      title: "Course with materials",
      materials: [worksheet.id, glossary.id],
      outline: [
        {
          id: "s1",
          title: "One",
          materials: [glossary.id],
          lessons: [
            {
              id: "l1",
              title: "Read",
              type: "text",
              materialId: worksheet.id,
              content: { type: "text", html: "<p>Read</p>" },
            },
          ],
        },
      ],
    });
    const { courseId } = (await published.json()) as { courseId: string };
    // Not enrolled: the file is refused.
    expect((await ctx.request(worksheet.fileUrl, { cookie: stu.cookie })).status).toBe(403);
    expect((await call(stu, "POST", `/api/courses/${courseId}/enroll`)).status).toBe(200);
    const player = (await (await call(stu, "GET", `/api/learn/${courseId}`)).json()) as {
      lessons: { resources: { title: string; url: string }[] }[];
    };
    const resources = player.lessons[0]!.resources;
    expect(resources.map((r) => r.title)).toEqual(["Worksheet", "Glossary"]);
    for (const r of resources) expect((await ctx.request(r.url)).status).toBe(200);
    // The builder gets the materials back when the course is edited.
    const loaded = (await (await call(cara, "GET", `/api/courses/${courseId}/builder`)).json()) as {
      materials: string[];
    };
    expect(loaded.materials.sort()).toEqual([worksheet.id, glossary.id].sort());
  });
});
