import { authConfigSchema, clientErrorSchema, isNetworkError } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { type AppDeps, createRouter } from "../../lib/http.ts";
import { errorResponses } from "../../lib/openapi.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["Platform"],
  summary: "Liveness and database check",
  responses: {
    200: {
      description: "Healthy",
      content: {
        "application/json": { schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }) },
      },
    },
    503: {
      description: "Database unreachable",
      content: {
        "application/json": {
          schema: z.object({ status: z.literal("error"), database: z.literal("error") }),
        },
      },
    },
  },
});

const configRoute = createRoute({
  method: "get",
  path: "/config",
  tags: ["Platform"],
  summary: "Public configuration for the web app",
  responses: {
    200: { description: "Config", content: { "application/json": { schema: authConfigSchema } } },
  },
});

const clientErrorRoute = createRoute({
  method: "post",
  path: "/client-errors",
  tags: ["Platform"],
  summary: "Report an error caught in the browser (logged, not stored)",
  request: { body: { content: { "application/json": { schema: clientErrorSchema } }, required: true } },
  responses: { 204: { description: "Logged" }, 400: errorResponses[400] },
});

/** GET /api/health, GET /api/config, POST /api/client-errors (issue 2 Operations and Errors). */
export function platformRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(healthRoute, async (c) => {
      try {
        await deps.db.execute(sql`select 1`);
        return c.json({ status: "ok" as const, database: "ok" as const }, 200);
      } catch (error) {
        deps.logger.error({ err: error }, "health check: database unreachable");
        return c.json({ status: "error" as const, database: "error" as const }, 503);
      }
    })
    .openapi(configRoute, (c) => c.json({ googleEnabled: Boolean(deps.env.google) }, 200))
    .openapi(clientErrorRoute, (c) => {
      const report = c.req.valid("json");
      if (!isNetworkError(report.message)) {
        deps.logger.warn({ clientError: report, userId: c.get("user")?.id ?? null }, "client error");
      }
      return c.body(null, 204);
    });
}
