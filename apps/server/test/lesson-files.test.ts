/**
 * Issue 25 N4 (../shared/audits/2026-11-28/security.md): a lesson may only use files its course
 * owns. The audit's steps: creator B builds a course whose video lesson is creator A's private
 * upload (A's material PDF, or A's lesson video), a puppet account enrols, and the player used to
 * hand out a fresh signed address of A's file. Now saving and publishing refuse it, naming the
 * lesson, and the player signs only the creator's own uploads (old data is not signed).
 */
import { COURSE_MESSAGES, type CourseDraftInput, type ErrorBody, type PlayerCourse } from "@academy/shared";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, lessons } from "../src/db/schema/index.ts";
import { createTestContext, signUpAndSignIn, type TestContext } from "./harness.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let ctx: TestContext;
let ana: Account; // creator A, owner of the private files
let ben: Account; // creator B
let pup: Account; // B's puppet student
let anaMaterialUrl: string;
let anaVideoUrl: string;
let benVideoUrl: string;

const MP4 = new Uint8Array([
  0,
  0,
  0,
  0x18,
  ...Buffer.from("ftypisom"),
  0,
  0,
  2,
  0,
  ...Buffer.from("isomiso2"),
  ...new Uint8Array(64),
]);
const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n% private course notes\n"));

async function upload(who: Account, area: string, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.append("area", area);
  form.append("file", new File([bytes], name));
  const response = await ctx.request("/api/uploads", { method: "POST", body: form, cookie: who.cookie });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

function videoDraft(title: string, url: string, courseId: string | null = null): CourseDraftInput {
  return {
    title,
    courseId,
    description: "Free course",
    outline: [
      {
        id: "s1",
        title: "Watch",
        lessons: [
          {
            id: "l1",
            title: "Intro",
            type: "text",
            duration: 5,
            content: { type: "text", html: "<p>Hello.</p>" },
          },
          {
            id: "l2",
            title: "The secret video",
            type: "video",
            duration: 5,
            content: { type: "video", source: "upload", url },
          },
        ],
      },
    ],
  };
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function coursesOf(who: Account): Promise<number> {
  return (await ctx.runtime.db.select().from(courses).where(eq(courses.creator_id, who.userId))).length;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  ana = await signUpAndSignIn(ctx, { name: "Creator Ana" });
  ben = await signUpAndSignIn(ctx, { name: "Creator Ben" });
  pup = await signUpAndSignIn(ctx, { name: "Puppet" });
  anaMaterialUrl = await upload(ana, "material", PDF, "notes.pdf");
  anaVideoUrl = await upload(ana, "lesson-video", MP4, "paid.mp4");
  benVideoUrl = await upload(ben, "lesson-video", MP4, "own.mp4");
});
afterAll(async () => {
  await ctx?.close();
});

describe("N4: a lesson may only use its course's creator's files", () => {
  it("refuses to save a draft whose video lesson is another creator's upload, naming the lesson", async () => {
    for (const url of [anaMaterialUrl, anaVideoUrl]) {
      const response = await ctx.request("/api/course-builder/draft", {
        method: "PUT",
        cookie: ben.cookie,
        json: videoDraft("Borrowed", url),
      });
      expect(response.status, url).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe(COURSE_MESSAGES.fileNotYours);
      expect(error.reason).toBe("course.fileNotYours");
      expect(error.issues).toEqual([
        {
          path: "outline.0.lessons.1",
          message: 'Lesson "The secret video" uses a file that is not one of your uploads.',
        },
      ]);
    }
    const draft = await ctx.request("/api/course-builder/draft", { cookie: ben.cookie });
    expect(await draft.json()).toBeNull(); // nothing saved
  });

  it("refuses to publish it (new course and re-publish of an existing one); nothing is written", async () => {
    const refused = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: ben.cookie,
      json: videoDraft("Borrowed", anaMaterialUrl),
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(COURSE_MESSAGES.fileNotYours);
    expect(await coursesOf(ben)).toBe(0);

    // B's own upload is accepted; swapping it for A's file on a later publish is refused.
    const own = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: ben.cookie,
      json: videoDraft("Own video", benVideoUrl),
    });
    expect(own.status).toBe(200);
    const { courseId } = (await own.json()) as { courseId: string };
    const again = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: ben.cookie,
      json: videoDraft("Own video", anaVideoUrl, courseId),
    });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).issues?.[0]?.path).toBe("outline.0.lessons.1");
    const rows = await ctx.runtime.db.select().from(lessons).where(eq(lessons.course_id, courseId));
    expect(rows.map((r) => r.content_url)).toContain(benVideoUrl);
    expect(rows.map((r) => r.content_url)).not.toContain(anaVideoUrl);
  });

  it("A's own course may use A's files", async () => {
    const response = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: ana.cookie,
      json: videoDraft("Ana's course", anaVideoUrl),
    });
    expect(response.status).toBe(200);
  });

  it("the player signs the creator's own video, and not another creator's file in old data", async () => {
    const draft = videoDraft("Old data", benVideoUrl);
    draft.outline?.[0]?.lessons?.push({
      id: "l3",
      title: "Second video",
      type: "video",
      duration: 5,
      content: { type: "video", source: "upload", url: benVideoUrl },
    });
    const published = await ctx.request("/api/courses/publish", {
      method: "POST",
      cookie: ben.cookie,
      json: draft,
    });
    expect(published.status).toBe(200);
    const { courseId } = (await published.json()) as { courseId: string };
    // Old data, from before the check: the second video lesson points at A's private material.
    const [, , second] = await ctx.runtime.db
      .select()
      .from(lessons)
      .where(eq(lessons.course_id, courseId))
      .orderBy(asc(lessons.order_index));
    await ctx.runtime.db
      .update(lessons)
      .set({
        content_url: anaMaterialUrl,
        content_data: { type: "video", source: "upload", url: anaMaterialUrl },
      })
      .where(eq(lessons.id, second.id));

    const enrolled = await ctx.request(`/api/courses/${courseId}/enroll`, {
      method: "POST",
      cookie: pup.cookie,
    });
    expect(enrolled.status).toBe(200);
    const response = await ctx.request(`/api/learn/${courseId}`, { cookie: pup.cookie });
    expect(response.status).toBe(200);
    const raw = await response.text();
    const course = JSON.parse(raw) as PlayerCourse;
    const urlOf = (title: string) => {
      const content = course.lessons.find((l) => l.title === title)?.content;
      return content?.type === "video" ? content.url : undefined;
    };
    expect(urlOf("The secret video")).toMatch(new RegExp(`^${benVideoUrl}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(urlOf("Second video")).toBeNull();
    expect(raw).not.toContain(anaMaterialUrl);

    // The signed address works for B's file; A's file stays closed to the puppet.
    const own = await ctx.request(urlOf("The secret video") as string);
    expect(own.status).toBe(200);
    const foreign = await ctx.request(anaMaterialUrl, { cookie: pup.cookie });
    expect(foreign.status).toBe(403);
  });
});
