/**
 * Security round 2 (issue 25 item 4): the audit's findings N8–N12 and N14–N16
 * (../shared/audits/2026-11-28/security.md), each reproduced and now answered safely.
 */
import {
  type ErrorBody,
  JSON_TOO_DEEP_MESSAGE,
  jsonTooDeep,
  NUL_MESSAGE,
  sectionContentProblem,
} from "@academy/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // a creator
let courseId: string;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", TRUST_PROXY: "true" });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Round two"));
});
afterAll(async () => {
  await ctx?.close();
});

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

/** JSON text of `levels` nested arrays around a string. */
function deepJson(levels: number): string {
  return `${"[".repeat(levels)}"x"${"]".repeat(levels)}`;
}

describe("N16: NUL in page paths and very deep JSON answer 400", () => {
  it("GET /lp/a%00b and /s/a%00b answer 400, not 500", async () => {
    for (const path of ["/lp/a%00b", "/s/a%00b", "/s/school/a%00b"]) {
      const response = await ctx.request(path);
      expect(response.status, path).toBe(400);
      expect((await errorOf(response)).message).toBe(NUL_MESSAGE);
    }
  });

  it("a JSON body nested 5,000 levels deep answers 400 with a readable message on any JSON endpoint", async () => {
    const endpoints: Array<[string, string, string]> = [
      ["POST", "/api/courses/publish", `{"title":${deepJson(5000)}}`],
      [
        "PUT",
        "/api/landing-pages/00000000-0000-4000-8000-000000000000",
        `{"sections":[{"content":${deepJson(5000)}}]}`,
      ],
      ["POST", "/api/client-errors", deepJson(5000)],
      ["POST", "/api/auth/sign-in/email", `{"email":${deepJson(5000)}}`],
    ];
    for (const [method, path, body] of endpoints) {
      const response = await ctx.request(path, {
        method,
        cookie: cara.cookie,
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, path).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe(JSON_TOO_DEEP_MESSAGE);
    }
  });

  it("ordinary bodies and brackets inside strings still pass", async () => {
    expect(jsonTooDeep(`{"a":"${"[".repeat(5000)}"}`)).toBe(false);
    expect(jsonTooDeep(deepJson(100))).toBe(false);
    expect(jsonTooDeep(deepJson(101))).toBe(true);
    expect(await publishCourse(ctx, cara.cookie, oneLessonDraft("Brackets [[{{ in a title"))).toBeTruthy();
  });

  it("landing-section content 5,000 levels deep is refused by its own check without overflowing", () => {
    let content: unknown = "x";
    for (let i = 0; i < 5000; i++) content = { a: content };
    expect(sectionContentProblem("text", content)).toBe("Its content is nested too deeply");
  });
});
