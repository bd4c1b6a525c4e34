import { randomUUID } from "node:crypto";
import type { Material } from "@academy/shared";
import { swaggerUI } from "@hono/swagger-ui";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { sampleMaterials as aiSamples } from "./ai/offline-materials.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { createSessionLookup } from "./auth/session-lookup.ts";
import { mailboxRoutes } from "./email/mailbox.routes.ts";
import { certificateHeads, certificateRoutes } from "./features/certificates/certificates.routes.ts";
import { courseBuilderRoutes } from "./features/course-builder/course-builder.routes.ts";
import { courseRoutes } from "./features/courses/courses.routes.ts";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { enrolmentHeads, enrolmentRoutes } from "./features/enrolments/enrolments.routes.ts";
import { invitationRoutes } from "./features/invitations/invitations.routes.ts";
import {
  LandingPageCache,
  landingFastPath,
  landingPageRoutes,
  landingPublicRoutes,
} from "./features/landing-pages/landing-pages.routes.ts";
import { LANDING_CSP } from "./features/landing-pages/landing-public.ts";
import { learningRoutes } from "./features/learning/learning.routes.ts";
import { materialRoutes } from "./features/materials/materials.routes.ts";
import { messagingRoutes } from "./features/messaging/messaging.routes.ts";
import { createMessagingHub } from "./features/messaging/messaging.stream.ts";
import { platformRoutes } from "./features/platform/platform.routes.ts";
import { preLaunchRoutes } from "./features/pre-launch/pre-launch.routes.ts";
import { profileRoutes } from "./features/profiles/profiles.routes.ts";
import { studentRoutes } from "./features/students/students.routes.ts";
import { fileRoutes, uploadRoutes } from "./features/uploads/uploads.routes.ts";
import { AppError } from "./lib/errors.ts";
import type { AppDeps, AppEnv } from "./lib/http.ts";
import type { HeadResolver } from "./lib/page-head.ts";
import { APP_CSP, securityHeaderList, securityHeaders } from "./lib/security-headers.ts";
import { spaRoutes } from "./static.ts";

const REQUEST_ID_PREFIX = randomUUID().slice(0, 8);
let requestCounter = 0;

/** The three built-in samples (000 §9), with stable ids, shown only when a library is empty and generation fails. */
function sampleMaterials(): Material[] {
  return aiSamples("en").map((m, i) => ({
    ...m,
    id: `sample-${i + 1}`,
    createdAt: new Date(0).toISOString(),
  }));
}

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

  // Published landing pages served from the cache skip the rest of the middleware (decision 0071).
  const landingCache = new LandingPageCache(securityHeaderList({ production, csp: LANDING_CSP }));
  app.use("/lp/*", landingFastPath(landingCache));

  // Structured request log: every request at info level; with a quieter LOG_LEVEL only server
  // errors are logged (and the per-request work is skipped).
  const logAll = deps.logger.isLevelEnabled("info");
  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = `${REQUEST_ID_PREFIX}-${(++requestCounter).toString(36)}`;
    c.set("requestId", requestId);
    await next();
    const status = c.res.status;
    if (!logAll && status < 500) return;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    deps.logger[status >= 500 ? "error" : "info"](
      { reqId: requestId, method: c.req.method, path: c.req.path, status, ms },
      "request",
    );
  });

  const headerList = securityHeaderList({ production });
  // The API reference page loads Swagger UI from its CDN.
  const docsHeaderList = securityHeaderList({
    production,
    csp: {
      ...APP_CSP,
      "script-src": ["'self'", "'unsafe-inline'", "https://cdn.jsdelivr.net"],
      "style-src": ["'self'", "'unsafe-inline'", "https://cdn.jsdelivr.net"],
    },
  });
  const appHeaders = securityHeaders(headerList);
  // Uploaded files may be shown by other origins (webmail, link previews).
  const fileHeaders = securityHeaders(
    headerList.map(([name, value]) =>
      name === "Cross-Origin-Resource-Policy" ? [name, "cross-origin"] : [name, value],
    ),
  );
  const docsHeaders = securityHeaders(docsHeaderList);
  // Public landing pages may load analytics scripts after consent (decision 0071).
  const landingHeaders = securityHeaders(securityHeaderList({ production, csp: LANDING_CSP }));
  app.use("*", (c, next) =>
    c.req.path === "/api/docs"
      ? docsHeaders(c, next)
      : c.req.path.startsWith("/lp/")
        ? landingHeaders(c, next)
        : c.req.path.startsWith("/files/")
          ? fileHeaders(c, next)
          : appHeaders(c, next),
  );

  const limitBody = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: (c) =>
      c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." } }, 413),
  });
  // GET and HEAD carry no body; skipping them keeps the request object lazy (fast path).
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );

  app.route("/api/auth", authRoutes(deps, headerList));

  // One round trip per request for the session (decision 0008); better-auth handles the rest.
  let sessionLookup: ReturnType<typeof createSessionLookup> | undefined;
  app.use("/api/*", async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    if (c.req.header("cookie")?.includes("session_token")) {
      sessionLookup ??= createSessionLookup(deps.db, deps.auth);
      const session = await (await sessionLookup)(c.req.raw.headers);
      if (session) {
        c.set("user", session.user);
        c.set("sessionId", session.sessionId);
      }
    }
    c.header("Cache-Control", "no-store");
    await next();
  });

  // Realtime messaging: browsers connected to this instance, fed by LISTEN/NOTIFY (decision 0061).
  const messagingHub = createMessagingHub({ db: deps.db, bus: deps.realtime, logger: deps.logger });
  const api = new OpenAPIHono<AppEnv>()
    .route("/", platformRoutes(deps))
    .route("/", preLaunchRoutes(deps))
    .route("/", profileRoutes(deps))
    .route("/", dashboardRoutes(deps))
    .route("/", courseBuilderRoutes(deps))
    .route("/", courseRoutes(deps))
    .route("/", enrolmentRoutes(deps))
    .route("/", learningRoutes(deps))
    .route("/", uploadRoutes(deps))
    .route("/", materialRoutes({ ...deps, sampleMaterials }))
    .route("/", certificateRoutes(deps))
    .route("/", invitationRoutes(deps))
    .route("/", studentRoutes(deps))
    .route("/", landingPageRoutes(deps, landingCache))
    .route("/", messagingRoutes(deps, messagingHub));
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

  app.route("/", fileRoutes(deps));
  app.route("/", landingPublicRoutes(deps, landingCache));
  if (!production) app.route("/dev/mailbox", mailboxRoutes(deps.db));
  // Public pages whose <head> the server renders (title, description, Open Graph, JSON-LD).
  const headResolvers: HeadResolver[] = [enrolmentHeads(deps), certificateHeads(deps)];
  const resolveHead: HeadResolver = async (path) => {
    for (const resolve of headResolvers) {
      const head = await resolve(path);
      if (head) return head;
    }
    return undefined;
  };
  app.route("/", spaRoutes(options.webDist, resolveHead));

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

  return { app, api, messagingHub };
}

export type AppType = ReturnType<typeof createApp>["api"];
