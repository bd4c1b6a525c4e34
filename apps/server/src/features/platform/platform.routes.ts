import { authConfigSchema, clientErrorSchema, isNetworkError, publicStatsSchema } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { clientIp } from "../../auth/auth.routes.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import { type AppDeps, createRouter } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseOutage,
  isDatabaseUnavailable,
} from "../operations/operations.service.ts";
import { publicStatsReader } from "./public-stats.ts";

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

const publicStatsRoute = createRoute({
  method: "get",
  path: "/public-stats",
  tags: ["Platform"],
  summary: "Real platform figures for the home page (only those past the admin's minimum)",
  responses: {
    200: { description: "Figures", content: { "application/json": { schema: publicStatsSchema } } },
  },
});

const clientErrorRoute = createRoute({
  method: "post",
  path: "/client-errors",
  tags: ["Platform"],
  summary: "Report an error caught in the browser (logged, not stored)",
  request: { body: { content: { "application/json": { schema: clientErrorSchema } }, required: true } },
  responses: {
    204: { description: "Logged" },
    400: errorResponses[400],
    413: json(errorResponseSchema, "Report too large"),
    429: json(errorResponseSchema, "Too many reports from this address"),
  },
});

/** Largest client-error report body in bytes (the schema's fields fit well within it; issue 25 N12). */
export const CLIENT_ERROR_BODY_LIMIT = 32 * 1024;
/** Client-error reports one IP address may send per minute (issue 25 N12). */
export const CLIENT_ERRORS_PER_IP_PER_MINUTE = 20;

/** Query names whose values are secrets: token, code, sig(nature), secret, password, key, … */
const SECRET_QUERY_NAME =
  /([?&#;](?:[\w.-]*?)(?:token|code|sig|secret|passw|pwd|key|invit|auth|session|otp|state|ticket|nonce)[\w.-]*=)[^&#\s"'<>]*/gi;

/**
 * Replaces the values of secret-looking query parameters (`?token=…`, `&code=…`, `sig`, `secret`,
 * `password`, `key`, `invitation`, `session`, `otp`, …, matched case-insensitively anywhere in
 * the name) in any text — a URL or a stack trace — with `[redacted]`, so a client-error log line
 * never holds a reset token or an invitation (issue 25 N12). Other text is kept as is.
 */
export function redactSecretQueryValues(text: string): string {
  return text.replace(SECRET_QUERY_NAME, "$1[redacted]");
}

/** A successful database check is reused for this long; concurrent checks share one query. */
export const HEALTH_CACHE_MS = 1000;

const HEALTHY_BODY = JSON.stringify({ status: "ok", database: "ok" });
const UNHEALTHY_BODY = JSON.stringify({ status: "error", database: "error" });

/**
 * GET /api/health (issue 2 Operations and Errors; decision 0215), mounted by createApp before
 * every other middleware: it reads no cookie, body or session, so it skips them and answers with
 * the app's security headers (`headerList`), `Cache-Control: no-store` and a JSON body,
 * `{status:"ok",database:"ok"}` (200) or `{status:"error",database:"error"}` (503, with
 * Retry-After DATABASE_RETRY_AFTER_SECONDS). The headers
 * are a plain object, which the Node adapter writes without building a `Headers` per request
 * (load balancers and monitors poll this path hard). The database check runs `select 1` at most
 * once per HEALTH_CACHE_MS; a failure is never cached.
 */
export function healthRoutes(deps: AppDeps, headerList: ReadonlyArray<readonly [string, string]>) {
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
  const headers: Record<string, string> = Object.fromEntries([
    ...headerList,
    ["Cache-Control", "no-store"],
    ["Content-Type", "application/json"],
  ]);
  // Like every route during an outage, the 503 says when to retry (issue 25 item 5, finding #18).
  const unhealthyHeaders = { ...headers, "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
  // A plain Response carries the documented bodies; the route's typed-response check cannot see it.
  return createRouter().openapi(
    healthRoute,
    async () =>
      ((await checkDatabase())
        ? new Response(HEALTHY_BODY, { status: 200, headers })
        : new Response(UNHEALTHY_BODY, { status: 503, headers: unhealthyHeaders })) as never,
  );
}

/**
 * GET /api/config, GET /api/public-stats (issue 24 §1), POST /api/client-errors (issue 2
 * Operations and Errors).
 */
export function platformRoutes(deps: AppDeps) {
  const router = createRouter();
  const publicStats = publicStatsReader(deps.db);
  // The smaller limit of this route, on the body the app's NUL guard has already read under the
  // 1 MB API limit (Hono keeps it: c.req.text() reads nothing again).
  router.use("/client-errors", async (c, next) => {
    if (c.req.method === "POST" && Buffer.byteLength(await c.req.text()) > CLIENT_ERROR_BODY_LIMIT)
      return c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." } }, 413);
    await next();
  });
  return router
    .openapi(configRoute, (c) =>
      c.json({ googleEnabled: Boolean(deps.env.google), aiMode: deps.env.ai ? "model" : "offline" }, 200),
    )
    .openapi(publicStatsRoute, async (c) =>
      c.json(await publicStats(), 200, { "Cache-Control": "public, max-age=300" }),
    )
    .openapi(clientErrorRoute, async (c) => {
      const report = c.req.valid("json");
      const ip = clientIp(c, deps.env.trustProxy) ?? "unknown";
      if (!(await hitRateLimit(deps.db, `client-errors:ip:${ip}`, 60, CLIENT_ERRORS_PER_IP_PER_MINUTE))) {
        return c.json(
          { error: { code: "RATE_LIMITED", message: "Too many events. Please wait a minute." } },
          429,
          { "Retry-After": "60" },
        );
      }
      if (!isNetworkError(report.message)) {
        const clientError = Object.fromEntries(
          Object.entries(report).map(([key, value]) => [
            key,
            typeof value === "string" ? redactSecretQueryValues(value) : value,
          ]),
        );
        deps.logger.warn({ clientError, userId: c.get("user")?.id ?? null }, "client error");
      }
      return c.body(null, 204);
    });
}
