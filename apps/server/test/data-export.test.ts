/**
 * Issue 24 §8: a student downloads all their data — profile, enrolments, progress, certificates,
 * orders, posts, messages (and reviews) — as a ZIP of JSON and CSV, from account settings. Only the
 * person's own rows; nobody else's; signed out refused; a limit per hour.
 */
import {
  ACCOUNT_MESSAGES,
  DATA_EXPORTS_PER_HOUR,
  type ErrorBody,
  type StartConversationResult,
} from "@academy/shared";
import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  lessonIdsOf,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  textLessonsDraft,
} from "./harness.ts";

type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;

let ctx: TestContext;
let creator: Account;
let ana: Account;
let binh: Account;
let courseId: string;

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function ok(response: Response, status = 200) {
  expect(response.status, await response.clone().text()).toBe(status);
  return response;
}
async function exportOf(who: Account) {
  const response = await ok(await call(who, "GET", "/api/account/export"));
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="academy-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const json = (name: string) => JSON.parse(strFromU8(files[name] as Uint8Array));
  const csv = (name: string) => {
    const bytes = files[name] as Uint8Array;
    // UTF-8 with a byte-order mark, so that spreadsheets read Vietnamese right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return Papa.parse<Record<string, string>>(strFromU8(bytes.subarray(3)).trim(), { header: true }).data;
  };
  return { names: Object.keys(files).sort(), json, csv };
}

const TWO_LESSONS = textLessonsDraft("Phở from scratch", ["Bones", "Spices"]);

beforeAll(async () => {
  ctx = await createTestContext();
  creator = await signUpAndSignIn(ctx, { name: "Lan Nguyen" });
  courseId = await publishCourse(ctx, creator.cookie, TWO_LESSONS);
  const lessonIds = await lessonIdsOf(ctx, courseId);
  [ana, binh] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Ana Tran" }),
    signUpAndSignIn(ctx, { name: "Binh Le" }),
  ]);
  for (const who of [ana, binh]) await ok(await call(who, "POST", `/api/courses/${courseId}/enroll`, {}));
  // Ana finishes the course (a certificate), reviews it, posts, and writes to her teacher.
  for (const lessonId of lessonIds) {
    for (const event of ["open", "complete"]) {
      await ok(await call(ana, "POST", `/api/learn/${courseId}/lessons/${lessonId}/progress`, { event }));
    }
  }
  await ok(await call(ana, "PUT", `/api/courses/${courseId}/reviews/mine`, { rating: 5, body: "Ngon lắm" }));
  await ok(
    await call(ana, "POST", "/api/community/discussions", {
      title: "Which bones?",
      body: "Beef or chicken for the broth?",
      courseId,
    }),
    201,
  );
  const started = await ok(await call(ana, "POST", "/api/conversations", { courseId }));
  const conversationId = ((await started.json()) as StartConversationResult).conversation.id;
  await ok(
    await call(ana, "POST", `/api/conversations/${conversationId}/messages`, { content: "Chào cô!" }),
    201,
  );
  await ok(
    await call(creator, "POST", `/api/conversations/${conversationId}/messages`, { content: "Chào em." }),
    201,
  );
  // Binh's own conversation must not appear in Ana's export.
  const binhStarted = await ok(await call(binh, "POST", "/api/conversations", { courseId }));
  const binhConversation = ((await binhStarted.json()) as StartConversationResult).conversation.id;
  await ok(
    await call(binh, "POST", `/api/conversations/${binhConversation}/messages`, { content: "Binh's secret" }),
    201,
  );
}, 120_000);
afterAll(() => ctx?.close());

describe("download my data (issue 24 §8)", () => {
  it("gives a student every table as JSON and CSV, with only their own rows", async () => {
    const zip = await exportOf(ana);
    const tables = ["certificates", "enrolments", "messages", "orders", "posts", "progress", "reviews"];
    expect(zip.names).toEqual(
      ["README.txt", "profile.json", ...tables.flatMap((t) => [`${t}.csv`, `${t}.json`])].sort(),
    );

    expect(zip.json("profile.json")).toMatchObject({ full_name: "Ana Tran", email: ana.email, locale: "vi" });

    const enrolments = zip.json("enrolments.json");
    expect(enrolments).toHaveLength(1);
    expect(enrolments[0]).toMatchObject({
      course: "Phở from scratch",
      payment_status: "completed",
      progress_percent: 100,
      is_completed: true,
    });
    expect(zip.csv("enrolments.csv")[0]).toMatchObject({ course: "Phở from scratch", is_completed: "true" });

    const progress = zip.json("progress.json");
    expect(progress.map((p: { lesson: string }) => p.lesson)).toEqual(["Bones", "Spices"]);
    expect(progress.every((p: { is_completed: boolean }) => p.is_completed)).toBe(true);

    const [certificate] = zip.json("certificates.json");
    expect(certificate.course).toBe("Phở from scratch");
    expect(certificate.verification_url).toMatch(new RegExp(`/certificates/${certificate.id}$`));

    expect(zip.json("orders.json")).toEqual([]);
    expect(zip.json("posts.json")).toEqual([
      expect.objectContaining({ kind: "discussion", title: "Which bones?", course: "Phở from scratch" }),
    ]);
    const messages = zip.json("messages.json") as Array<{
      content: string;
      from: string;
      sent_by_me: boolean;
    }>;
    expect(messages.map((m) => [m.content, m.from, m.sent_by_me])).toEqual([
      ["Chào cô!", "Ana Tran", true],
      ["Chào em.", "Lan Nguyen", false],
    ]);
    expect(JSON.stringify(messages)).not.toContain("Binh's secret");
    expect(zip.json("reviews.json")).toEqual([
      expect.objectContaining({ course: "Phở from scratch", rating: 5, body: "Ngon lắm" }),
    ]);
    expect(zip.csv("messages.csv").map((row) => row.content)).toEqual(["Chào cô!", "Chào em."]);
  });

  it("gives the teacher the conversations they are in, and nothing of another student's", async () => {
    const zip = await exportOf(creator);
    expect(zip.json("enrolments.json")).toEqual([]);
    const contents = (zip.json("messages.json") as Array<{ content: string }>).map((m) => m.content);
    expect(contents.sort()).toEqual(["Binh's secret", "Chào cô!", "Chào em."].sort());
    const binhZip = await exportOf(binh);
    expect((binhZip.json("messages.json") as Array<{ content: string }>).map((m) => m.content)).toEqual([
      "Binh's secret",
    ]);
    expect(binhZip.json("certificates.json")).toEqual([]);
  });

  it("refuses the signed-out and, past the hourly limit, says when to come back", async () => {
    expect((await call(null, "GET", "/api/account/export")).status).toBe(401);
    // Binh has used one export above.
    for (let i = 1; i < DATA_EXPORTS_PER_HOUR; i++) await exportOf(binh);
    const refused = await call(binh, "GET", "/api/account/export");
    expect(refused.status).toBe(429);
    const error = ((await refused.json()) as ErrorBody).error;
    expect(error.message).toBe(ACCOUNT_MESSAGES.exportTooOften);
    expect(error.reason).toBe("account.exportTooOften");
    // Another person is not affected.
    await exportOf(ana);
  });
});
