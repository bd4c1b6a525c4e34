import {
  assignStudentResultSchema,
  assignStudentSchema,
  bulkStudentEmailResultSchema,
  bulkStudentEmailSchema,
  emailBatchStatusSchema,
  enrolmentPaymentActionSchema,
  enrolmentPaymentResultSchema,
  STUDENT_MESSAGES,
  studentCourseOptionsSchema,
  studentListQuerySchema,
  studentListSchema,
  studentStatsSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, createRouter, requireUser, toIssues } from "../../lib/http.ts";
import { statedLocale } from "../../lib/locale.ts";
import { errorResponseSchema, errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import {
  assignStudent,
  emailBatchStatus,
  exportStudentsCsv,
  getStudentStats,
  listCourseOptions,
  listStudents,
  sendBulkEmail,
  settlePendingEnrolment,
} from "./students.service.ts";

const error = (description: string) => json(errorResponseSchema, description);
const forbidden = error("Not a creator");

const listRoute = createRoute({
  method: "get",
  path: "/students",
  tags: ["Students"],
  summary: "Student Management: the enrolments of the creator's courses, newest first, paginated",
  request: { query: studentListQuerySchema },
  responses: {
    200: json(studentListSchema, "A page of enrolments"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/students/stats",
  tags: ["Students"],
  summary: "Student Management stat cards",
  responses: { 200: json(studentStatsSchema, "The stats"), 401: errorResponses[401], 403: forbidden },
});

const coursesRoute = createRoute({
  method: "get",
  path: "/students/courses",
  tags: ["Students"],
  summary: "The creator's courses for the filter, the assign form and the invite dialog",
  responses: { 200: json(studentCourseOptionsSchema, "Courses"), 401: errorResponses[401], 403: forbidden },
});

const assignRoute = createRoute({
  method: "post",
  path: "/students/assign",
  tags: ["Students"],
  summary: "Assign a published course by e-mail: sends an invitation (the same answer for any address)",
  request: jsonBody(assignStudentSchema),
  responses: {
    201: json(assignStudentResultSchema, "Invitation sent"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: error("Not the creator's published course"),
    409: error("Already Enrolled"),
  },
});

const emailRoute = createRoute({
  method: "post",
  path: "/students/email",
  tags: ["Students"],
  summary: "Bulk e-mail (welcome, reminder, completion) to the selected students through the outbox",
  request: jsonBody(bulkStudentEmailSchema),
  responses: {
    202: json(bulkStudentEmailResultSchema, "Queued"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: error("An enrolment is not in the creator's courses"),
  },
});

const batchRoute = createRoute({
  method: "get",
  path: "/students/email-batches/{id}",
  tags: ["Students"],
  summary: "Delivery progress of a bulk e-mail",
  request: { params: z.object({ id: z.uuid({ message: "Email batch not found." }) }) },
  responses: {
    200: json(emailBatchStatusSchema, "Progress"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: error("Unknown batch"),
  },
});

const paymentRoute = createRoute({
  method: "post",
  path: "/students/enrollments/{id}/payment",
  tags: ["Students"],
  summary: "Confirm a pending paid enrolment as paid (e-mails the student) or cancel it",
  request: {
    params: z.object({ id: z.uuid({ message: STUDENT_MESSAGES.enrolmentNotFound }) }),
    ...jsonBody(enrolmentPaymentActionSchema),
  },
  responses: {
    200: json(enrolmentPaymentResultSchema, "Settled"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: forbidden,
    404: error("Not an enrolment of the creator's courses"),
    409: error("Not pending"),
  },
});

const exportQuery = studentListQuerySchema.pick({ search: true, courseId: true });

/** /api/students… Student Management (000 §2, §3, §5, §7, §8; issue 5). Creator-only, own courses only. */
export function studentRoutes(deps: AppDeps) {
  const mailDeps = { db: deps.db, mailer: deps.mailer, appUrl: deps.env.appUrl };
  const router = createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listStudents(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(statsRoute, async (c) => c.json(await getStudentStats(deps.db, requireUser(c)), 200))
    .openapi(coursesRoute, async (c) =>
      c.json({ items: await listCourseOptions(deps.db, requireUser(c)) }, 200),
    )
    .openapi(assignRoute, async (c) =>
      c.json(
        await assignStudent(
          { db: deps.db, mailer: deps.mailer, appUrl: deps.env.appUrl },
          requireUser(c),
          c.req.valid("json"),
          statedLocale(c.req.raw.headers),
        ),
        201,
      ),
    )
    .openapi(emailRoute, async (c) =>
      c.json(await sendBulkEmail(mailDeps, requireUser(c), c.req.valid("json")), 202),
    )
    .openapi(batchRoute, async (c) =>
      c.json(await emailBatchStatus(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(paymentRoute, async (c) =>
      c.json(
        await settlePendingEnrolment(
          mailDeps,
          requireUser(c),
          c.req.valid("param").id,
          c.req.valid("json").action,
        ),
        200,
      ),
    );
  router.get("/students/export.csv", async (c) => {
    const parsed = exportQuery.safeParse(c.req.query());
    if (!parsed.success)
      throw new AppError(
        "VALIDATION_FAILED",
        parsed.error.issues[0]?.message ?? "Invalid input",
        toIssues(parsed.error),
      );
    const chunks = await exportStudentsCsv(deps.db, requireUser(c), parsed.data);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          deps.logger.error({ err }, "student CSV export failed");
          controller.error(err);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    const date = new Date().toISOString().slice(0, 10);
    return c.body(stream, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="students-${date}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  return router;
}
