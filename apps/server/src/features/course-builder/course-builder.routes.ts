import {
  builderCourseSchema,
  courseDraftSchema,
  coursePaymentSetupSchema,
  outlineSectionSchema,
  publishCourseSchema,
  savedDraftSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import {
  discardDraft,
  getDraft,
  getPaymentSetup,
  loadCourseForBuilder,
  publishCourse,
  saveDraft,
} from "./course-builder.service.ts";

const draftQuery = z.object({ courseId: z.uuid().optional() });
const forbidden = json(errorResponseSchema, "Not a creator");
const notFound = json(errorResponseSchema, "Not found");

const getDraftRoute = createRoute({
  method: "get",
  path: "/course-builder/draft",
  tags: ["Course builder"],
  summary: "The saved draft of a new course (no courseId) or of an existing course",
  request: { query: draftQuery },
  responses: {
    200: json(savedDraftSchema.nullable(), "The draft or null"),
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const putDraftRoute = createRoute({
  method: "put",
  path: "/course-builder/draft",
  tags: ["Course builder"],
  summary: "Save Draft (upsert course_drafts)",
  request: { body: { content: { "application/json": { schema: courseDraftSchema } }, required: true } },
  responses: {
    200: json(savedDraftSchema, "Saved"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const deleteDraftRoute = createRoute({
  method: "delete",
  path: "/course-builder/draft",
  tags: ["Course builder"],
  summary: "Discard a draft",
  request: { query: draftQuery },
  responses: { 204: { description: "Discarded" }, 401: errorResponses[401], 403: forbidden, 404: notFound },
});

const loadRoute = createRoute({
  method: "get",
  path: "/courses/{id}/builder",
  tags: ["Course builder"],
  summary: "A course in the builder's shape, for editing",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: json(builderCourseSchema, "The course"),
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const publishRoute = createRoute({
  method: "post",
  path: "/courses/publish",
  tags: ["Course builder"],
  summary: "Publish Course: create it, or update it in place",
  request: { body: { content: { "application/json": { schema: publishCourseSchema } }, required: true } },
  responses: {
    200: json(
      z.object({
        courseId: z.uuid(),
        slug: z.string(),
        outline: z.array(outlineSectionSchema),
        created: z.boolean(),
        paymentReady: z.boolean().openapi({
          description: "False for a paid course whose buyers cannot pay yet (no payment method, issue 11 §2)",
        }),
      }),
      "Published",
    ),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const paymentSetupRoute = createRoute({
  method: "get",
  path: "/courses/{id}/payment-setup",
  tags: ["Course builder"],
  summary: "Whether buyers can pay for the course (publish warning, issue 11 §2)",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: json(coursePaymentSetupSchema, "Payment set-up"),
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

/** The course builder's endpoints (001 §2 Course builder, §7; issue 3 item 7). Owner-only. */
export function courseBuilderRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(getDraftRoute, async (c) =>
      c.json(await getDraft(deps.db, requireUser(c), c.req.valid("query").courseId ?? null), 200),
    )
    .openapi(putDraftRoute, async (c) =>
      c.json(await saveDraft(deps.db, requireUser(c), c.req.valid("json")), 200),
    )
    .openapi(deleteDraftRoute, async (c) => {
      await discardDraft(deps.db, requireUser(c), c.req.valid("query").courseId ?? null);
      return c.body(null, 204);
    })
    .openapi(loadRoute, async (c) =>
      c.json(await loadCourseForBuilder(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(paymentSetupRoute, async (c) =>
      c.json(await getPaymentSetup(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(publishRoute, async (c) =>
      c.json(await publishCourse(deps.db, requireUser(c), c.req.valid("json")), 200),
    );
}
