import {
  bulkCourseActionSchema,
  bulkCourseResultSchema,
  courseListQuerySchema,
  courseListSchema,
  courseSummarySchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, createRouter, requireUser, toIssues } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import {
  bulkAction,
  courseQrPng,
  duplicateCourse,
  exportCoursesCsv,
  listMyCourses,
  removeCourse,
  setCoursePublished,
} from "./courses.service.ts";

const idParams = z.object({ id: z.uuid({ message: "Course not found." }) });
const notFound = json(errorResponseSchema, "Not found");
const forbidden = json(errorResponseSchema, "Not a creator");

const listRoute = createRoute({
  method: "get",
  path: "/courses",
  tags: ["Courses"],
  summary: "My Courses: the signed-in creator's courses, newest first, paginated",
  request: { query: courseListQuerySchema },
  responses: {
    200: json(courseListSchema, "A page of courses"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
  },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/courses/{id}",
  tags: ["Courses"],
  summary: "Go Live or Unpublish",
  request: {
    params: idParams,
    body: {
      content: { "application/json": { schema: z.object({ isPublished: z.boolean() }) } },
      required: true,
    },
  },
  responses: {
    200: json(courseSummarySchema, "The course"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const duplicateRoute = createRoute({
  method: "post",
  path: "/courses/{id}/duplicate",
  tags: ["Courses"],
  summary: "Duplicate a course as a Draft with its lessons",
  request: { params: idParams },
  responses: {
    201: json(courseSummarySchema, "The copy"),
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/courses/{id}",
  tags: ["Courses"],
  summary: "Delete a course without students",
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
    409: json(errorResponseSchema, "Students are enrolled"),
  },
});

const bulkRoute = createRoute({
  method: "post",
  path: "/courses/bulk",
  tags: ["Courses"],
  summary: "Bulk publish, unpublish, duplicate or e-mail enrolled students",
  request: { body: { content: { "application/json": { schema: bulkCourseActionSchema } }, required: true } },
  responses: {
    200: json(bulkCourseResultSchema, "Done"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: notFound,
  },
});

/** /api/courses…: My Courses (000 §2, §4, §5, §7, §8; issue 3 item 8). Owner-only on every call. */
export function courseRoutes(deps: AppDeps) {
  const router = createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listMyCourses(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(bulkRoute, async (c) => {
      const input = c.req.valid("json") as z.infer<typeof bulkCourseActionSchema> & {
        action: "publish" | "unpublish" | "duplicate" | "email";
      };
      return c.json(
        await bulkAction(
          { db: deps.db, mailer: deps.mailer, appUrl: deps.env.appUrl },
          requireUser(c),
          input,
        ),
        200,
      );
    })
    .openapi(patchRoute, async (c) =>
      c.json(
        await setCoursePublished(
          deps.db,
          requireUser(c),
          c.req.valid("param").id,
          c.req.valid("json").isPublished,
        ),
        200,
      ),
    )
    .openapi(duplicateRoute, async (c) =>
      c.json(await duplicateCourse(deps.db, requireUser(c), c.req.valid("param").id), 201),
    )
    .openapi(deleteRoute, async (c) => {
      await removeCourse(deps.db, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    });
  router
    .get("/courses/export.csv", async (c) => {
      const csv = await exportCoursesCsv(deps.db, requireUser(c));
      const date = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="courses-${date}.csv"`,
      });
    })
    .get("/courses/:id/qr.png", async (c) => {
      const parsed = idParams.safeParse({ id: c.req.param("id") });
      if (!parsed.success) throw new AppError("NOT_FOUND", "Course not found.", toIssues(parsed.error));
      const png = await courseQrPng(deps.db, requireUser(c), parsed.data.id, deps.env.appUrl);
      const headers: Record<string, string> = {
        "Content-Type": "image/png",
        "Cache-Control": "private, max-age=300",
      };
      if (c.req.query("download"))
        headers["Content-Disposition"] = `attachment; filename="course-qr-${parsed.data.id}.png"`;
      return c.body(png as Uint8Array<ArrayBuffer>, 200, headers);
    });
  return router;
}
