import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Material } from "@academy/shared";
import { swaggerUI } from "@hono/swagger-ui";
import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { sampleMaterials as aiSamples } from "./ai/offline-materials.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { requireAdmin } from "./auth/roles.ts";
import { createSessionLookup } from "./auth/session-lookup.ts";
import { mailboxRoutes } from "./email/mailbox.routes.ts";
import { accountRoutes } from "./features/account/account.routes.ts";
import { adminRoutes } from "./features/admin/admin.routes.ts";
import { analyticsRoutes } from "./features/analytics/analytics.routes.ts";
import { certificateHeads, certificateRoutes } from "./features/certificates/certificates.routes.ts";
import { achievementHeads, achievementShareRoutes } from "./features/community/achievement-shares.routes.ts";
import { challengeRoutes } from "./features/community/challenges.routes.ts";
import { communityRoutes } from "./features/community/community.routes.ts";
import { studyBuddyRoutes } from "./features/community/study-buddies.routes.ts";
import { studyGroupRoutes } from "./features/community/study-groups.routes.ts";
import { courseBuilderRoutes } from "./features/course-builder/course-builder.routes.ts";
import { courseRoutes } from "./features/courses/courses.routes.ts";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { enrolmentHeads, enrolmentRoutes } from "./features/enrolments/enrolments.routes.ts";
import { helpRoutes } from "./features/help/help.routes.ts";
import { invitationRoutes } from "./features/invitations/invitations.routes.ts";
import {
  LandingPageCache,
  landingFastPath,
  landingPageRoutes,
  landingPublicRoutes,
} from "./features/landing-pages/landing-pages.routes.ts";
import { LANDING_CSP } from "./features/landing-pages/landing-public.ts";
import { clientEventRoutes } from "./features/learning/client-events.routes.ts";
import { learningRoutes } from "./features/learning/learning.routes.ts";
import { materialRoutes } from "./features/materials/materials.routes.ts";
import { messagingRoutes } from "./features/messaging/messaging.routes.ts";
import { createMessagingHub } from "./features/messaging/messaging.stream.ts";
import { notificationRoutes, unsubscribeRoutes } from "./features/notifications/notifications.routes.ts";
import { BACKUP_TOKEN_HEADER, backupStream, isBackupToken } from "./features/operations/backup.ts";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseOutage,
  isDatabaseUnavailable,
} from "./features/operations/operations.service.ts";
import {
  loopbackOnly,
  redactUrl,
  SWAGGER_ASSETS_BASE,
  serveSwaggerAsset,
} from "./features/operations/operations.ts";
import { paymentRoutes } from "./features/payments/payments.routes.ts";
import { createOrderHub } from "./features/payments/payments.stream.ts";
import { purchaseRoutes } from "./features/payments/purchases.routes.ts";
import { healthRoutes, platformRoutes } from "./features/platform/platform.routes.ts";
import { securityTxtRoutes } from "./features/platform/security-txt.ts";
import { preLaunchRoutes } from "./features/pre-launch/pre-launch.routes.ts";
import { profileRoutes } from "./features/profiles/profiles.routes.ts";
import { reviewRoutes } from "./features/reviews/reviews.routes.ts";
import {
  HostDirectory,
  requestHost,
  SchoolPageCache,
  schoolFastPath,
  schoolHostRouting,
  schoolPublicRoutes,
  schoolRoutes,
} from "./features/schools/schools.routes.ts";
import { originsForHost } from "./features/schools/schools.service.ts";
import { studentRoutes } from "./features/students/students.routes.ts";
import { studyReminderRoutes } from "./features/study-reminders/study-reminders.routes.ts";
import { assertUploadHeaders } from "./features/uploads/multipart.ts";
import { fileRoutes, uploadRoutes } from "./features/uploads/uploads.routes.ts";
import { assertTusChunkHeaders, TUS_PATH, tusRoutes } from "./features/uploads/uploads.tus.ts";
import { videoRoutes } from "./features/videos/videos.routes.ts";
import { cspWithNonce, newNonce, stampNonce } from "./lib/csp.ts";
import { AppError, errorBody } from "./lib/errors.ts";
import type { AppDeps, AppEnv } from "./lib/http.ts";
import type { HeadResolver } from "./lib/page-head.ts";
import {
  type OriginPolicy,
  refuseCrossSiteRequests,
  refuseNulCharacters,
  trustedOriginPolicy,
} from "./lib/request-guards.ts";
import { APP_CSP, securityHeaderList, securityHeaders } from "./lib/security-headers.ts";
import { createMetrics, metricsAccess } from "./observability/metrics.ts";
import { appPages, spaRoutes } from "./static.ts";

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

/** How long a refused request's connection stays half-open so its answer arrives (ms). */
const LINGER_MS = 1000;

/** The parts of Node's request (`c.env.incoming` under @hono/node-server) a lingering close uses. */
interface UnreadRequest {
  readableEnded?: boolean;
  pause?: () => unknown;
  resume?: () => unknown;
  _dump?: () => void;
  socket?: {
    end(): void;
    destroy(): void;
    pause(): unknown;
    destroySoon?: () => void;
    destroyed: boolean;
  };
}

/**
 * Closes the connection of a request answered before its body was read (a refusal: 401, 413,
 * 415…), like a web server's "lingering close" (issue 25 N3):
 * - Nothing more of the body is read. Node would read and discard it (@hono/node-server up to
 *   64 MB or 500 ms per request), which costs every other request CPU time.
 * - The answer says `Connection: close`; the server sends it and its FIN, and destroys the socket
 *   `LINGER_MS` later. Destroying it at once would reset the connection before the client read
 *   the answer (a browser would show a network error instead of the message).
 */
function closeAfterAnswer(c: { res: Response }, request: UnreadRequest): void {
  try {
    c.res.headers.set("Connection", "close");
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.set("Connection", "close");
    c.res = copy;
  }
  const socket = request.socket;
  if (!socket) return;
  request.pause?.();
  request._dump = () => {};
  request.resume = () => request;
  socket.pause();
  // Node's server calls destroySoon() once an answer with `Connection: close` is written.
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** Largest JSON body the API accepts (uploads get their own limits). */
export const API_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the Hono application: security headers, request logs, body limit, session loading,
 * the API under /api, /dev/mailbox outside production, and the SPA for everything else.
 * Every error becomes `{ error: { code, message, issues? } }` (DESIGN.md §3.5).
 */
export function createApp(
  deps: AppDeps,
  options: {
    webDist?: string;
    /** Extra trusted origins for the CSRF check; default: the schools' verified custom domains. */
    originPolicy?: OriginPolicy;
  } = {},
) {
  const production = deps.env.nodeEnv === "production";
  const app = new OpenAPIHono<AppEnv>();

  // The health check first: it needs no host routing, session, body or origin checks (decision 0215).
  app.route("/api", healthRoutes(deps, securityHeaderList({ production })));

  // Metrics next (issue 28 §3): every later route is timed by its matched pattern; /metrics
  // answers a bearer METRICS_TOKEN, or loopback without one, and 404 to anyone else.
  const metrics = createMetrics({ handle: deps.handle });
  // The app's own pages without a server-rendered head (`/`, `/dashboard/…`) skip the rest of the
  // middleware, like the cached landing pages below (issue 28 §5, static.ts); the server puts
  // `appPageAnswers.node` in front of Hono so they skip Hono too.
  const appPageAnswers = appPages({
    distDir: options.webDist,
    appUrl: deps.env.appUrl,
    trustProxy: deps.env.trustProxy,
    headerList: securityHeaderList({ production }),
    observe: metrics.observeAppPage,
  });
  app.use("*", appPageAnswers.middleware);
  app.use("*", metrics.middleware);
  const metricsLoopback = loopbackOnly(deps.env.trustProxy);
  app.get("/metrics", async (c) => {
    const serve = async () => {
      const { body, contentType } = await metrics.render();
      return c.body(body, 200, { "content-type": contentType, "cache-control": "no-store" });
    };
    const access = metricsAccess(c.req.header("authorization"), deps.env.observability.metricsToken);
    if (access === "token") return serve();
    if (access === "refused") return c.text("Not found", 404);
    let response: Response | undefined;
    const refused = await metricsLoopback(c, async () => {
      response = await serve();
    });
    return response ?? refused ?? c.text("Not found", 404);
  });

  // Published landing pages served from the cache skip the rest of the middleware (decision 0071).
  const landingCache = new LandingPageCache(securityHeaderList({ production, csp: LANDING_CSP }));
  // School pages from the cache (app host only) skip the rest of the middleware, like /lp; then
  // host routing lets verified custom domains serve their school (issue 15).
  const schoolPages = new SchoolPageCache(securityHeaderList({ production, csp: LANDING_CSP }));
  app.use("/s/*", schoolFastPath(schoolPages, deps.env.appUrl));
  app.use("*", schoolHostRouting(deps, schoolPages, new HostDirectory(deps.db)));
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
    // 503 is a known state (database outage, lock lost, busy renderer) logged once where it starts.
    if (!logAll && (status < 500 || status === 503)) return;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    deps.logger[status === 503 ? "warn" : status >= 500 ? "error" : "info"](
      { reqId: requestId, method: c.req.method, path: redactUrl(c.req.path), status, ms },
      "request",
    );
  });

  const headerList = securityHeaderList({ production });
  // The API reference page loads Swagger UI from the installed package (no CDN) and starts it
  // with a small inline script, allowed by this response's nonce (issue 25 item 7).
  const docsCsp = { ...APP_CSP, "style-src": ["'self'", "'unsafe-inline'"] };
  const docsHeaderList = securityHeaderList({ production, csp: docsCsp });
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
      : c.req.path.startsWith("/lp/") || c.req.path.startsWith("/s/")
        ? landingHeaders(c, next)
        : c.req.path.startsWith("/files/")
          ? fileHeaders(c, next)
          : appHeaders(c, next),
  );

  // A server that lost its data-directory lock writes nothing more while it shuts down (issue 16).
  if (deps.writesStopped) {
    const writesStopped = deps.writesStopped;
    app.use("*", async (c, next) =>
      writesStopped() && c.req.method !== "GET" && c.req.method !== "HEAD"
        ? c.json(errorBody("UNAVAILABLE", "The server is restarting. Please try again in a minute."), 503, {
            "Retry-After": "30",
          })
        : next(),
    );
  }

  const tooLarge = (c: Context) =>
    c.json(errorBody("PAYLOAD_TOO_LARGE", "The request body is too large."), 413);
  const limitBody = bodyLimit({ maxSize: API_BODY_LIMIT, onError: tooLarge });
  // Memory stays bounded for any request (issue 25 N3). GET and HEAD carry no body; skipping them
  // keeps the request object lazy (fast path). Every other request, on any path, gets the 1 MB
  // limit: refused from its Content-Length, or as soon as a chunked body passes 1 MB. POST
  // /api/uploads streams files with its own per-area limits (issue 16 item 2): here, before any
  // guard or authentication, a body that is not multipart is refused (415) and a declared size
  // over the limit too (413), without reading a byte; the route limits the stream itself.
  // A request refused before its body was read (401, 413, 415…) closes its connection once the
  // answer is out, without reading the rest (N3; see closeAfterAnswer). Other answers keep Node's
  // handling: their bodies are under the 1 MB limit.
  app.use("*", async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    await next();
    const incoming = (c.env as { incoming?: UnreadRequest } | undefined)?.incoming;
    if (incoming && incoming.readableEnded === false && c.res.status >= 400) closeAfterAnswer(c, incoming);
  });
  app.use("*", (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    if (method === "POST" && c.req.path === "/api/uploads") {
      assertUploadHeaders(c.req.raw.headers, c.req.query("area") || undefined);
      return next();
    }
    // A tus chunk (issue 26 §1) streams to disk: allowed up to TUS_CHUNK_BYTES with a declared length.
    if (method === "PATCH" && c.req.path.startsWith(`${TUS_PATH}/`)) {
      assertTusChunkHeaders(c.req.raw.headers);
      return next();
    }
    // A declared length is checked from the header, as bodyLimit would, without touching
    // `c.req.raw.body` (which makes the Node adapter build a full Request: ~3 % of a chat
    // server's CPU, decision 0242); only a chunked body goes through bodyLimit's counting stream.
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined)
      return Number.parseInt(length, 10) > API_BODY_LIMIT ? Promise.resolve(tooLarge(c)) : next();
    return limitBody(c, next);
  });
  // NUL characters in path, query or JSON body: 400, never a 500 from the database (issue 16).
  app.use("/api/*", refuseNulCharacters());
  // Landing and school page paths reach the database too: NUL there is a 400 (issue 25 N16).
  app.use("/lp/*", refuseNulCharacters());
  app.use("/s/*", refuseNulCharacters());
  // Cross-site request forgery: state-changing /api requests only from trusted origins (issue 16).
  // A school's verified custom domain is trusted only for requests to that same domain (its pages
  // and the API calls they make there), never for the app's host or another school (issue 25 N1).
  const domainTrust = { production, freshMs: deps.env.domainRecheckIntervalMs };
  const customDomains: OriginPolicy = async (origin, host) =>
    (await originsForHost(deps.db, domainTrust, host ?? "")).includes(origin);
  app.use(
    "/api/*",
    refuseCrossSiteRequests(trustedOriginPolicy(deps.env, options.originPolicy ?? customDomains), (headers) =>
      requestHost(headers, deps.env.trustProxy),
    ),
  );

  // better-auth answers a database failure with its own 500: when the database is unreachable
  // that becomes the outage's 503 with Retry-After, like every other route (issue 25 item 5, #18).
  app.use("/api/auth/*", async (c, next) => {
    await next();
    if (c.res.status !== 500 || !(await databaseUnreachable())) return;
    c.res = c.json(errorBody("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE), 503, {
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    });
  });
  const databaseUnreachable = (): Promise<boolean> =>
    deps.db.execute(sql`select 1`).then(
      () => false,
      (error: unknown) => {
        if (!isDatabaseUnavailable(error)) return false;
        databaseOutage(deps).report(error);
        return true;
      },
    );
  app.route("/api/auth", authRoutes(deps, headerList));

  // One round trip per request for the session (decision 0008); better-auth handles the rest.
  // On the embedded PGlite the answers are cached per token, dropped on any auth change (decision 0213).
  const sessionCacheBus = deps.realtime.kind === "pglite" ? deps.realtime : undefined;
  let sessionLookup: ReturnType<typeof createSessionLookup> | undefined;
  app.use("/api/*", async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    if (c.req.header("cookie")?.includes("session_token")) {
      sessionLookup ??= createSessionLookup(deps.db, deps.auth, sessionCacheBus);
      const session = await (await sessionLookup)(c.req.raw.headers);
      if (session) {
        c.set("user", session.user);
        c.set("sessionId", session.sessionId);
      }
    }
    c.header("Cache-Control", "no-store");
    await next();
  });

  // Every /api/admin/* endpoint is for platform admins only (issue 14); services check it again.
  app.use("/api/admin/*", async (c, next) => {
    await requireAdmin(deps.db, c.get("user"));
    await next();
  });

  // Realtime messaging: browsers connected to this instance, fed by LISTEN/NOTIFY (decision 0061).
  const messagingHub = createMessagingHub({ db: deps.db, bus: deps.realtime, logger: deps.logger });
  // Live order status for the checkout page (issue 11), fed by the same bus.
  const orderHub = createOrderHub(deps.realtime);
  const api = new OpenAPIHono<AppEnv>()
    .route("/", platformRoutes(deps))
    .route("/", preLaunchRoutes(deps))
    .route("/", profileRoutes(deps))
    .route("/", dashboardRoutes(deps))
    .route("/", courseBuilderRoutes(deps))
    .route("/", courseRoutes(deps))
    .route("/", enrolmentRoutes(deps))
    .route("/", learningRoutes(deps))
    .route("/", clientEventRoutes(deps))
    .route("/", uploadRoutes(deps))
    .route("/", tusRoutes(deps))
    .route("/", materialRoutes({ ...deps, sampleMaterials }))
    .route("/", certificateRoutes(deps))
    .route("/", invitationRoutes(deps))
    .route("/", studentRoutes(deps))
    .route("/", landingPageRoutes(deps, landingCache))
    .route("/", messagingRoutes(deps, messagingHub))
    .route("/", accountRoutes(deps))
    .route("/", adminRoutes(deps))
    .route("/", helpRoutes(deps))
    .route("/", paymentRoutes(deps, orderHub))
    .route("/", purchaseRoutes(deps))
    .route("/", analyticsRoutes(deps))
    .route("/", schoolRoutes(deps, schoolPages))
    .route("/", communityRoutes(deps))
    .route("/", challengeRoutes(deps))
    .route("/", studyGroupRoutes(deps))
    .route("/", studyBuddyRoutes(deps))
    .route("/", achievementShareRoutes(deps))
    .route("/", reviewRoutes(deps))
    .route("/", notificationRoutes(deps))
    .route("/", videoRoutes(deps))
    .route("/", studyReminderRoutes(deps));
  app.route("/api", api);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Academy API",
      version: "0.1.0",
      description: "Sign-in endpoints live under /api/auth (better-auth).",
    },
  });
  const docsPage = swaggerUI({ url: "/api/openapi.json", baseUrl: SWAGGER_ASSETS_BASE });
  app.get("/api/docs", async (c, next) => {
    const page = (await docsPage(c as unknown as Parameters<typeof docsPage>[0], next)) as Response;
    const nonce = newNonce();
    c.header("Content-Security-Policy", cspWithNonce(docsCsp, nonce));
    return c.html(stampNonce(await page.text(), nonce));
  });
  app.get(`${SWAGGER_ASSETS_BASE}/swagger-ui-dist/:file`, serveSwaggerAsset);
  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404));

  app.route(
    "/",
    fileRoutes({
      ...deps,
      authSecret: async () => (await deps.auth.$context).secret,
      sessionUserId: async (headers) => {
        if (!headers.get("cookie")?.includes("session_token")) return null;
        sessionLookup ??= createSessionLookup(deps.db, deps.auth, sessionCacheBus);
        return (await (await sessionLookup)(headers))?.user.id ?? null;
      },
    }),
  );
  app.route("/", landingPublicRoutes(deps, landingCache));
  app.route("/", schoolPublicRoutes(deps, schoolPages));
  // `npm run backup` while the server runs (PGlite only): loopback, with the token from DATA_DIR.
  const pglite = deps.handle.kind === "pglite" ? deps.handle.pglite : undefined;
  if (pglite) {
    app.get("/ops/backup", loopbackOnly(deps.env.trustProxy), async (c) => {
      if (!isBackupToken(deps.env.dataDir, c.req.header(BACKUP_TOKEN_HEADER)))
        return c.text("Not found", 404);
      // `npm run backup --exclude-secrets` asks for an archive without the keys (issue 25 N15).
      const stream = await backupStream(pglite, deps.env.dataDir, {
        excludeSecrets: c.req.query("excludeSecrets") === "1",
      });
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        "Content-Type": "application/x-tar",
        "Cache-Control": "no-store",
      });
    });
  }
  if (!production) {
    // Captured e-mails hold sign-in links: only for this machine (issue 16 item 17).
    app.use("/dev/mailbox/*", loopbackOnly(deps.env.trustProxy));
    app.use("/dev/mailbox", loopbackOnly(deps.env.trustProxy));
    app.route("/dev/mailbox", mailboxRoutes(deps.db));
  }
  // Public pages whose <head> the server renders (title, description, Open Graph, JSON-LD).
  const headResolvers: HeadResolver[] = [
    enrolmentHeads(deps),
    certificateHeads(deps),
    achievementHeads(deps),
  ];
  const resolveHead: HeadResolver = async (path) => {
    for (const resolve of headResolvers) {
      const head = await resolve(path);
      if (head) return head;
    }
    return undefined;
  };
  app.route("/", securityTxtRoutes(deps));
  app.route("/", unsubscribeRoutes(deps));
  app.route("/", spaRoutes(options.webDist, resolveHead));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.issues), error.status as 400);
    }
    if (error instanceof HTTPException) {
      return c.json(
        errorBody(
          error.status === 413
            ? "PAYLOAD_TOO_LARGE"
            : error.status === 415
              ? "UNSUPPORTED_MEDIA_TYPE"
              : "BAD_REQUEST",
          error.message || "Bad request",
        ),
        error.status,
      );
    }
    if (error instanceof SyntaxError) {
      return c.json(errorBody("VALIDATION_FAILED", "Invalid data format"), 400);
    }
    // Database down: 503 with Retry-After, one log line per outage (issue 16 item 16).
    if (isDatabaseUnavailable(error)) {
      databaseOutage(deps).report(error);
      return c.json(errorBody("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE), 503, {
        "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    deps.logger.error(
      { err: error, reqId: c.get("requestId"), path: redactUrl(c.req.path) },
      "unhandled error",
    );
    return c.json(errorBody("INTERNAL", "An unexpected error occurred. Please try again."), 500);
  });

  return { app, api, messagingHub, metrics, appPages: appPageAnswers };
}

export type AppType = ReturnType<typeof createApp>["api"];
