import {
  playerCourseSchema,
  progressEventSchema,
  progressResultSchema,
  quizResultSchema,
  quizSubmissionSchema,
  videoPositionSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import { getPlayerCourse } from "./player.service.ts";
import { recordProgress, saveVideoPosition } from "./progress.service.ts";
import { submitQuiz } from "./quiz.service.ts";

// Any string: a malformed id is answered like an unknown one (404).
const courseParams = z.object({ courseId: z.string().openapi({ format: "uuid" }) });
const lessonParams = courseParams.extend({ lessonId: z.string().openapi({ format: "uuid" }) });
const notEnrolled = json(errorResponseSchema, "Not enrolled, or payment pending or cancelled");
const notFound = json(errorResponseSchema, "Unknown course, or a lesson of another course");

const playerRoute = createRoute({
  method: "get",
  path: "/learn/{courseId}",
  tags: ["Learning"],
  summary: "The lesson player: course, own enrolment and lessons with own progress (no quiz answers)",
  request: { params: courseParams },
  responses: {
    200: json(playerCourseSchema, "The course to learn"),
    401: errorResponses[401],
    403: notEnrolled,
    404: notFound,
  },
});

const progressRoute = createRoute({
  method: "post",
  path: "/learn/{courseId}/lessons/{lessonId}/progress",
  tags: ["Learning"],
  summary: "A progress event (open, complete, video-ended, time); also sent by navigator.sendBeacon",
  request: {
    params: lessonParams,
    body: { content: { "application/json": { schema: progressEventSchema } }, required: true },
  },
  responses: {
    200: json(progressResultSchema, "The lesson's and the enrolment's progress"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: notEnrolled,
    404: notFound,
  },
});

const quizRoute = createRoute({
  method: "post",
  path: "/learn/{courseId}/lessons/{lessonId}/quiz",
  tags: ["Learning"],
  summary: "Submit a quiz: graded on the server; passing completes the lesson; retakes allowed",
  request: {
    params: lessonParams,
    body: { content: { "application/json": { schema: quizSubmissionSchema } }, required: true },
  },
  responses: {
    200: json(quizResultSchema, "The grade, with the correct answers revealed"),
    400: json(errorResponseSchema, "Invalid answers, or the lesson is not a quiz"),
    401: errorResponses[401],
    403: notEnrolled,
    404: notFound,
  },
});

const positionRoute = createRoute({
  method: "post",
  path: "/learn/{courseId}/lessons/{lessonId}/position",
  tags: ["Learning"],
  summary:
    "Where the student stopped in a video lesson (seconds); every ~5 s while playing and by sendBeacon on leave",
  request: {
    params: lessonParams,
    body: { content: { "application/json": { schema: videoPositionSchema } }, required: true },
  },
  responses: {
    204: { description: "Saved" },
    400: errorResponses[400],
    401: errorResponses[401],
    403: notEnrolled,
    404: notFound,
  },
});

/** /api/learn… (001 §2 Lesson player, §4 Lesson progress, §6 Student; issue 4). Own enrolment only. */
export function learningRoutes(deps: AppDeps) {
  const learning = {
    db: deps.db,
    appUrl: deps.env.appUrl,
    capTime: deps.env.learningTimeCap,
    mailer: deps.mailer,
  };
  return createRouter()
    .openapi(playerRoute, async (c) =>
      c.json(
        await getPlayerCourse(deps.db, requireUser(c), c.req.valid("param").courseId, {
          secret: (await deps.auth.$context).secret,
        }),
        200,
      ),
    )
    .openapi(progressRoute, async (c) => {
      const { courseId, lessonId } = c.req.valid("param");
      return c.json(
        await recordProgress(learning, requireUser(c), courseId, lessonId, c.req.valid("json")),
        200,
      );
    })
    .openapi(positionRoute, async (c) => {
      const { courseId, lessonId } = c.req.valid("param");
      await saveVideoPosition(learning, requireUser(c), courseId, lessonId, c.req.valid("json").seconds);
      return c.body(null, 204);
    })
    .openapi(quizRoute, async (c) => {
      const { courseId, lessonId } = c.req.valid("param");
      const { answers } = c.req.valid("json");
      return c.json(await submitQuiz(learning, requireUser(c), courseId, lessonId, answers), 200);
    });
}
