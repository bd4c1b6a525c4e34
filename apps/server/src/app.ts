import { randomUUID } from "node:crypto";
import { swaggerUI } from "@hono/swagger-ui";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { authRoutes } from "./auth/auth.routes.ts";
import { mailboxRoutes } from "./email/mailbox.routes.ts";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { platformRoutes } from "./features/platform/platform.routes.ts";
import { preLaunchRoutes } from "./features/pre-launch/pre-launch.routes.ts";
import { profileRoutes } from "./features/profiles/profiles.routes.ts";
import { AppError } from "./lib/errors.ts";
import type { AppDeps, AppEnv } from "./lib/http.ts";
import { spaRoutes } from "./static.ts";

/** Largest JSON body the API accepts (uploads get their own limits). */
export const API_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the Hono application: security headers, request logs, body limit, session loading,
 * the API under /api, /dev/mailbox outside production, and the SPA for everything else.
 * Every error becomes `{ error: { code, message, issues? } }` (DESIGN.md §3.5).
 */
export function createApp(deps: AppDeps, options: { webDist?: string } = {}) {
  const production = deps.env.nodeEnv === "production";
  const app = new OpenAPIHono<AppEnv>();

  app.use("*", async (c, next) => {
    const started = performance.now();
    c.set("requestId", c.req.header("x-request-id") ?? randomUUID());
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? "error" : "info";
    if (deps.logger.isLevelEnabled(level)) {
      deps.logger[level](
        { reqId: c.get("requestId"), method: c.req.method, path: c.req.path, status: c.res.status, ms },
        "request",
      );
    }
  });

  const csp = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", "blob:"],
    frameSrc: [
      "'self'",
      "https://www.youtube-nocookie.com",
      "https://www.youtube.com",
      "https://player.vimeo.com",
    ],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", "https://accounts.google.com"],
  };
  const headerOptions = {
    strictTransportSecurity: production ? "max-age=31536000; includeSubDomains" : (false as const),
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: true,
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
  };
  const appHeaders = secureHeaders({ ...headerOptions, contentSecurityPolicy: csp });
  // The API reference page loads Swagger UI from its CDN.
  const docsHeaders = secureHeaders({
    ...headerOptions,
    contentSecurityPolicy: {
      ...csp,
      scriptSrc: ["'self'", "'unsafe-inline'", "https://cdn.jsdelivr.net"],
      styleSrc: ["'self'", "'unsafe-inline'", "https://cdn.jsdelivr.net"],
    },
  });
  app.use("*", (c, next) => (c.req.path === "/api/docs" ? docsHeaders(c, next) : appHeaders(c, next)));

  app.use(
    "/api/*",
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: (c) =>
        c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." } }, 413),
    }),
  );

  app.route("/api/auth", authRoutes(deps));

  app.use("/api/*", async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    if (c.req.header("cookie")?.includes("session_token")) {
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      if (session) {
        c.set("user", {
          id: session.user.id,
          email: session.user.email,
          name: session.user.name,
          emailVerified: session.user.emailVerified,
        });
        c.set("sessionId", session.session.id);
      }
    }
    c.header("Cache-Control", "no-store");
    await next();
  });

  const api = new OpenAPIHono<AppEnv>()
    .route("/", platformRoutes(deps))
    .route("/", preLaunchRoutes(deps))
    .route("/", profileRoutes(deps))
    .route("/", dashboardRoutes(deps));
  app.route("/api", api);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Academy API",
      version: "0.1.0",
      description: "Sign-in endpoints live under /api/auth (better-auth).",
    },
  });
  app.get("/api/docs", swaggerUI({ url: "/api/openapi.json" }));
  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404));

  if (!production) app.route("/dev/mailbox", mailboxRoutes(deps.db));
  app.route("/", spaRoutes(options.webDist));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(
        { error: { code: error.code, message: error.message, issues: error.issues } },
        error.status as 400,
      );
    }
    if (error instanceof HTTPException) {
      return c.json(
        {
          error: {
            code:
              error.status === 413
                ? "PAYLOAD_TOO_LARGE"
                : error.status === 415
                  ? "UNSUPPORTED_MEDIA_TYPE"
                  : "BAD_REQUEST",
            message: error.message || "Bad request",
          },
        },
        error.status,
      );
    }
    if (error instanceof SyntaxError) {
      return c.json({ error: { code: "VALIDATION_FAILED", message: "Invalid data format" } }, 400);
    }
    deps.logger.error({ err: error, reqId: c.get("requestId"), path: c.req.path }, "unhandled error");
    return c.json(
      { error: { code: "INTERNAL", message: "An unexpected error occurred. Please try again." } },
      500,
    );
  });

  return { app, api };
}

export type AppType = ReturnType<typeof createApp>["api"];
