import { authConfigSchema, clientErrorSchema, isNetworkError } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { type AppDeps, createRouter } from "../../lib/http.ts";
import { errorResponses } from "../../lib/openapi.ts";
import { databaseOutage, isDatabaseUnavailable } from "../operations/operations.service.ts";

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

/** A successful database check is reused for this long; concurrent checks share one query. */
export const HEALTH_CACHE_MS = 1000;

/**
 * GET /api/health, GET /api/config, POST /api/client-errors (issue 2 Operations and Errors).
 * The health check runs `select 1` at most once per HEALTH_CACHE_MS (load balancers and
 * monitors poll it hard); a failure is never cached.
 */
export function platformRoutes(deps: AppDeps) {
  let healthyUntil = 0;
  let inFlight: Promise<boolean> | undefined;
  const checkDatabase = (): Promise<boolean> => {
    if (Date.now() < healthyUntil) return Promise.resolve(true);
    inFlight ??= deps.db
      .execute(sql`select 1`)
      .then(() => {
        healthyUntil = Date.now() + HEALTH_CACHE_MS;
        return true;
      })
      .catch((error) => {
        // Logged once per outage, however often the health check is polled.
        if (isDatabaseUnavailable(error)) databaseOutage(deps).report(error);
        else deps.logger.error({ err: error }, "health check: database error");
        return false;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  return createRouter()
    .openapi(healthRoute, async (c) =>
      (await checkDatabase())
        ? c.json({ status: "ok" as const, database: "ok" as const }, 200)
        : c.json({ status: "error" as const, database: "error" as const }, 503),
    )
    .openapi(configRoute, (c) =>
      c.json({ googleEnabled: Boolean(deps.env.google), aiMode: deps.env.ai ? "model" : "offline" }, 200),
    )
    .openapi(clientErrorRoute, (c) => {
      const report = c.req.valid("json");
      if (!isNetworkError(report.message)) {
        deps.logger.warn({ clientError: report, userId: c.get("user")?.id ?? null }, "client error");
      }
      return c.body(null, 204);
    });
}
