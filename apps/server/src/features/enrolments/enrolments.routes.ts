import { enrollInputSchema, enrollResultSchema, joinCourseSchema } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, createRouter, requireUser, toIssues } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, uuidParams } from "../../lib/openapi.ts";
import type { HeadResolver } from "../../lib/page-head.ts";
import { enrollInCourse, getJoinCourse, joinPageHead, leaveCourse } from "./enrolments.service.ts";

// Any string: a malformed id is answered like an unknown course (404 courseNotAvailable).
const notAvailable = json(errorResponseSchema, "Course not found or not available");

const joinRoute = createRoute({
  method: "get",
  path: "/public/courses/{id}",
  tags: ["Enrolments"],
  summary: "The public enrolment page of a published course (with the caller's enrolment when signed in)",
  request: {
    params: uuidParams,
    query: z.object({
      lp: z.string().max(200).optional().openapi({ description: "Landing page slug the visitor came from" }),
    }),
  },
  responses: { 200: json(joinCourseSchema, "The course"), 404: notAvailable },
});

const enrollRoute = createRoute({
  method: "post",
  path: "/courses/{id}/enroll",
  tags: ["Enrolments"],
  summary: "Enrol Now: one enrolment per student and course; free → completed, paid → pending",
  request: { params: uuidParams },
  responses: {
    200: json(enrollResultSchema, "Enrolled (created) or already enrolled (existing)"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: notAvailable,
  },
});

export const MALFORMED_JSON = "The request body is not valid JSON.";

/**
 * The optional body of Enroll Now (issue 11: the landing page, referral code and "Message teacher"
 * the buyer came with): no body (or `null`) is `{}`; malformed JSON or a body that does not fit
 * `enrollInputSchema` is refused rather than silently ignored.
 * @throws AppError VALIDATION_FAILED (400) MALFORMED_JSON, or the schema's first message with its issues.
 */
export function enrollBody(text: string) {
  let raw: unknown = null;
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError("VALIDATION_FAILED", MALFORMED_JSON);
    }
  }
  const parsed = enrollInputSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = toIssues(parsed.error);
    throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid enrolment details.", issues);
  }
  return parsed.data;
}

const leaveRoute = createRoute({
  method: "post",
  path: "/courses/{id}/leave",
  tags: ["Enrolments"],
  summary: "Leave a course the signed-in student was invited to or assigned to (issue 16 item 8)",
  request: { params: uuidParams },
  responses: {
    204: { description: "Left: the enrolment and its progress are deleted" },
    401: errorResponses[401],
    403: json(errorResponseSchema, "A course the student enrolled in themselves"),
    404: json(errorResponseSchema, "Not enrolled in this course"),
    409: json(errorResponseSchema, "A certificate was issued for this enrolment"),
  },
});

/**
 * /api/public/courses/{id}, /api/courses/{id}/enroll and /api/courses/{id}/leave (001 §2 Course
 * enrolment page, §4, §7; issue 16 item 8).
 */
export function enrolmentRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(joinRoute, async (c) =>
      c.json(
        await getJoinCourse(deps.db, c.get("user"), c.req.valid("param").id, c.req.valid("query").lp),
        200,
      ),
    )
    .openapi(enrollRoute, async (c) => {
      const user = requireUser(c);
      const from = enrollBody(await c.req.text());
      return c.json(await enrollInCourse(deps.db, user, c.req.valid("param").id, "self", from), 200);
    })
    .openapi(leaveRoute, async (c) => {
      await leaveCourse(deps.db, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    });
}

/**
 * Head resolver for /join/{courseId} (push into `headResolvers` in app.ts): the course's title,
 * description, image, URL and schema.org Course JSON-LD; undefined for other paths and for
 * unknown or unpublished courses.
 */
export function enrolmentHeads(deps: { db: Db; env: { appUrl: string } }): HeadResolver {
  return async (path) => {
    const match = /^\/join\/([^/]+)\/?$/.exec(path);
    if (!match) return undefined;
    return joinPageHead(deps.db, deps.env.appUrl, match[1]);
  };
}
