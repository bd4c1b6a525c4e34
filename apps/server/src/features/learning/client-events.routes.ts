import { clientEventBatchResultSchema, clientEventBatchSchema } from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import { recordClientEvents } from "./client-events.service.ts";

const batchRoute = createRoute({
  method: "post",
  path: "/learning/client-events",
  tags: ["Learning"],
  summary: "A batch of the web app's local analytics record (known names, ≤ 50 events, de-duplicated by id)",
  request: jsonBody(clientEventBatchSchema),
  responses: {
    200: json(clientEventBatchResultSchema, "Stored"),
    400: errorResponses[400],
    401: errorResponses[401],
    429: json(errorResponseSchema, "Too many batches"),
  },
});

/** POST /api/learning/client-events (issue 27 §4, decision 0234): signed-in accounts only. */
export function clientEventRoutes(deps: AppDeps) {
  return createRouter().openapi(batchRoute, async (c) =>
    c.json(await recordClientEvents(deps.db, requireUser(c), c.req.valid("json")), 200),
  );
}
