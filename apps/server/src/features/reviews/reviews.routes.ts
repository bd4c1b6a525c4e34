import {
  courseReviewsSchema,
  creatorReviewsQuerySchema,
  creatorReviewsSchema,
  reviewHelpfulSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewReplySchema,
  reviewSchema,
  reviewSettingsSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody, uuidParams } from "../../lib/openapi.ts";
import { notifyDeps } from "../notifications/notifications.service.ts";
import {
  listCourseReviews,
  listCreatorReviews,
  markHelpful,
  replyToReview,
  saveMyReview,
  setReviewMinProgress,
} from "./reviews.service.ts";

// Any string: a malformed id is answered like an unknown one (404).
const courseParams = z.object({ courseId: z.string().openapi({ format: "uuid" }) });
const error = (description: string) => json(errorResponseSchema, description);

const listRoute = createRoute({
  method: "get",
  path: "/courses/{courseId}/reviews",
  tags: ["Reviews"],
  summary: "A course's rating (from 3 reviews up), a page of its reviews, and the viewer's own",
  request: { params: courseParams, query: reviewListQuerySchema },
  responses: {
    200: json(courseReviewsSchema, "Reviews"),
    400: errorResponses[400],
    404: error("No such course"),
  },
});

const saveRoute = createRoute({
  method: "put",
  path: "/courses/{courseId}/reviews/mine",
  tags: ["Reviews"],
  summary: "Write or edit the signed-in student's review (1–5 stars, optional text)",
  request: { params: courseParams, ...jsonBody(reviewInputSchema) },
  responses: {
    200: json(reviewSchema, "The review"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: error("Not enrolled, the creator, or not enough of the course done"),
    404: error("No such course"),
  },
});

const replyRoute = createRoute({
  method: "post",
  path: "/reviews/{id}/reply",
  tags: ["Reviews"],
  summary: "The course creator's one public reply to a review",
  request: { params: uuidParams, ...jsonBody(reviewReplySchema) },
  responses: {
    200: json(reviewSchema, "The review with its reply"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: error("Not the course's creator"),
    404: error("No such review"),
    409: error("Already replied"),
  },
});

const helpfulRoute = createRoute({
  method: "post",
  path: "/reviews/{id}/helpful",
  tags: ["Reviews"],
  summary: "Mark a review helpful, or take the mark back",
  request: { params: uuidParams, ...jsonBody(reviewHelpfulSchema) },
  responses: {
    200: json(z.object({ helpfulCount: z.number().int(), votedHelpful: z.boolean() }), "The count"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: error("The viewer's own review"),
    404: error("No such review"),
  },
});

const creatorListRoute = createRoute({
  method: "get",
  path: "/reviews/creator",
  tags: ["Reviews"],
  summary: "The creator's review inbox: reviews of their courses, newest first",
  request: { query: creatorReviewsQuerySchema },
  responses: {
    200: json(creatorReviewsSchema, "A page of reviews"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: error("Not the creator's course"),
  },
});

const settingsRoute = createRoute({
  method: "patch",
  path: "/courses/{courseId}/review-settings",
  tags: ["Reviews"],
  summary: "The share of the course (0–100 %) a student completes before reviewing it",
  request: { params: courseParams, ...jsonBody(reviewSettingsSchema) },
  responses: {
    200: json(reviewSettingsSchema, "Saved"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: error("Not the creator's course"),
  },
});

/** /api/…reviews (issue 24 §2): public lists, the student's review, the creator's reply and inbox. */
export function reviewRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(creatorListRoute, async (c) =>
      c.json(await listCreatorReviews(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(listRoute, async (c) =>
      c.json(
        await listCourseReviews(deps.db, c.get("user"), c.req.valid("param").courseId, c.req.valid("query")),
        200,
      ),
    )
    .openapi(saveRoute, async (c) =>
      c.json(
        await saveMyReview(
          deps.db,
          requireUser(c),
          c.req.valid("param").courseId,
          c.req.valid("json"),
          notifyDeps(deps),
        ),
        200,
      ),
    )
    .openapi(replyRoute, async (c) =>
      c.json(
        await replyToReview(deps.db, requireUser(c), c.req.valid("param").id, c.req.valid("json").body),
        200,
      ),
    )
    .openapi(helpfulRoute, async (c) =>
      c.json(
        await markHelpful(deps.db, requireUser(c), c.req.valid("param").id, c.req.valid("json").helpful),
        200,
      ),
    )
    .openapi(settingsRoute, async (c) =>
      c.json(
        await setReviewMinProgress(
          deps.db,
          requireUser(c),
          c.req.valid("param").courseId,
          c.req.valid("json").minProgress,
        ),
        200,
      ),
    );
}
