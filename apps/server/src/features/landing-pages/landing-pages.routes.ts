import {
  connectableCourseListSchema,
  landingEventSchema,
  landingPageInputSchema,
  landingPageListSchema,
  landingPageSchema,
  landingTemplateListSchema,
  paymentMethodListSchema,
  paymentMethodsInputSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { Hono, type MiddlewareHandler } from "hono";
import { clientIp } from "../../auth/auth.routes.ts";
import type { Db } from "../../db/client.ts";
import { hitRateLimit } from "../../lib/db-rate-limit.ts";
import type { AppDeps, AppEnv } from "../../lib/http.ts";
import { createRouter, requireUser } from "../../lib/http.ts";
import { statedLocale } from "../../lib/locale.ts";
import { errorResponseSchema, errorResponses, json, jsonBody, uuidParams } from "../../lib/openapi.ts";
import { isDatabaseUnavailable, STALE_HEADER } from "../operations/operations.service.ts";
import {
  createLandingPage,
  deleteLandingPage,
  getLandingPage,
  getPageAnalytics,
  getPaymentMethods,
  getPreviewContext,
  type LandingDeps,
  landingQrPng,
  listConnectableCourses,
  listLandingPages,
  listTemplates,
  recordLandingEvent,
  savePaymentMethods,
  updateLandingPage,
} from "./landing-pages.service.ts";
import {
  LANDING_SCRIPT,
  LANDING_SCRIPT_PATH,
  LandingPageCache,
  renderPublicLandingPage,
} from "./landing-public.ts";

const notFound = json(errorResponseSchema, "Landing page not found (or not yours)");
const tags = ["Landing pages"];
const owned = { 401: errorResponses[401], 404: notFound };

const listRoute = createRoute({
  method: "get",
  path: "/landing-pages",
  tags,
  summary: "Your landing pages, newest first",
  responses: { 200: json(landingPageListSchema, "Pages"), 401: errorResponses[401] },
});
const createPageRoute = createRoute({
  method: "post",
  path: "/landing-pages",
  tags,
  summary: "Create a landing page (the builder's first save)",
  request: jsonBody(landingPageInputSchema),
  responses: {
    201: json(landingPageSchema, "Created"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: json(errorResponseSchema, "Students cannot build landing pages"),
    409: json(errorResponseSchema, "This URL slug is already taken. Please choose another."),
  },
});
const getRoute = createRoute({
  method: "get",
  path: "/landing-pages/{id}",
  tags,
  summary: "One of your landing pages",
  request: { params: uuidParams },
  responses: { 200: json(landingPageSchema, "The page"), ...owned },
});
const updateRoute = createRoute({
  method: "put",
  path: "/landing-pages/{id}",
  tags,
  summary: "Save a landing page (Save Draft and auto-save: isPublished false; Publish: true)",
  request: { params: uuidParams, ...jsonBody(landingPageInputSchema) },
  responses: {
    200: json(landingPageSchema, "Saved"),
    400: errorResponses[400],
    ...owned,
    403: json(errorResponseSchema, "Students cannot build landing pages"),
    409: json(errorResponseSchema, "This URL slug is already taken. Please choose another."),
  },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/landing-pages/{id}",
  tags,
  summary: "Delete a landing page with its payment methods and analytics",
  request: { params: uuidParams },
  responses: { 204: { description: "Deleted" }, ...owned },
});
const getMethodsRoute = createRoute({
  method: "get",
  path: "/landing-pages/{id}/payment-methods",
  tags,
  summary: "A page's payment methods in order; secret fields only as set / not set",
  request: { params: uuidParams },
  responses: { 200: json(paymentMethodListSchema, "Methods"), ...owned },
});
const putMethodsRoute = createRoute({
  method: "put",
  path: "/landing-pages/{id}/payment-methods",
  tags,
  summary: "Replace a page's payment methods (ordered; each type once; omitted secrets are kept)",
  request: { params: uuidParams, ...jsonBody(paymentMethodsInputSchema) },
  responses: { 200: json(paymentMethodListSchema, "Saved"), 400: errorResponses[400], ...owned },
});
const analyticsRoute = createRoute({
  method: "get",
  path: "/landing-pages/{id}/analytics",
  tags,
  summary: "Views and conversions of a page, by device",
  request: { params: uuidParams },
  responses: {
    200: json(
      z.object({
        views: z.number(),
        conversions: z.number(),
        byDevice: z.record(z.string(), z.object({ views: z.number(), conversions: z.number() })),
      }),
      "Counts",
    ),
    ...owned,
  },
});
const templatesRoute = createRoute({
  method: "get",
  path: "/landing-page-templates",
  tags,
  summary: "Active templates ordered by category, in the given locale",
  request: { query: z.object({ locale: z.enum(["en", "vi"]).default("en") }) },
  responses: { 200: json(landingTemplateListSchema, "Templates"), 401: errorResponses[401] },
});
const coursesRoute = createRoute({
  method: "get",
  path: "/landing-page-courses",
  tags,
  summary: "Your courses, to connect a landing page to",
  responses: { 200: json(connectableCourseListSchema, "Courses"), 401: errorResponses[401] },
});
const contextRoute = createRoute({
  method: "get",
  path: "/landing-page-context",
  tags,
  summary: "What the builder preview shows besides the page: course, lessons, instructor",
  request: { query: z.object({ courseId: z.string().optional() }) },
  responses: {
    200: json(
      z.object({
        course: z
          .object({
            id: z.string(),
            title: z.string(),
            description: z.string().nullable(),
            price: z.number(),
            currency: z.string(),
            enrollmentCount: z.number(),
            estimatedDuration: z.number(),
          })
          .nullable(),
        lessons: z.array(z.object({ title: z.string(), duration: z.number() })),
        instructor: z.object({
          fullName: z.string(),
          avatarUrl: z.string().nullable(),
          bio: z.string().nullable(),
        }),
      }),
      "Context",
    ),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});
const eventRoute = createRoute({
  method: "post",
  path: "/public/landing-pages/{slug}/events",
  tags,
  summary: "Record a view or conversion of a published page (silent: always 204)",
  request: { params: z.object({ slug: z.string().max(100) }), ...jsonBody(landingEventSchema) },
  responses: {
    204: { description: "Recorded (or ignored)" },
    400: errorResponses[400],
    429: {
      description: "Too many events from this visitor or address",
      content: { "application/json": { schema: errorResponseSchema } },
    },
  },
});

/** The landing-pages API under /api (spec 001 §7 landing-page calls), owner-only except the event call. */
export function landingPageRoutes(deps: AppDeps, cache: LandingPageCache) {
  const ld: LandingDeps = {
    db: deps.db,
    encryptionKey: deps.encryptionKey,
    appUrl: deps.env.appUrl,
    onPageChanged: (slug) => cache.invalidate(slug),
  };
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ pages: await listLandingPages(deps.db, requireUser(c)) }, 200))
    .openapi(createPageRoute, async (c) =>
      c.json(await createLandingPage(ld, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(getRoute, async (c) =>
      c.json(await getLandingPage(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(updateRoute, async (c) =>
      c.json(await updateLandingPage(ld, requireUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteLandingPage(ld, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(getMethodsRoute, async (c) =>
      c.json({ methods: await getPaymentMethods(ld, requireUser(c), c.req.valid("param").id) }, 200),
    )
    .openapi(putMethodsRoute, async (c) =>
      c.json(
        {
          methods: await savePaymentMethods(ld, requireUser(c), c.req.valid("param").id, c.req.valid("json")),
        },
        200,
      ),
    )
    .openapi(analyticsRoute, async (c) =>
      c.json(await getPageAnalytics(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(templatesRoute, async (c) => {
      requireUser(c);
      return c.json({ templates: await listTemplates(deps.db, c.req.valid("query").locale) }, 200);
    })
    .openapi(coursesRoute, async (c) =>
      c.json({ courses: await listConnectableCourses(deps.db, requireUser(c)) }, 200),
    )
    .openapi(contextRoute, async (c) =>
      c.json(
        await getPreviewContext(deps.db, requireUser(c), c.req.valid("query").courseId || undefined),
        200,
      ),
    )
    .openapi(eventRoute, async (c) => {
      // Per visitor and per client address, in the database (issue 16 item 4).
      const event = c.req.valid("json");
      const ip = clientIp(c, deps.env.trustProxy) ?? "unknown";
      const allowed =
        (await hitRateLimit(deps.db, `lp-events:ip:${ip}`, 60, LANDING_EVENTS_PER_IP_PER_MINUTE)) &&
        (await hitRateLimit(
          deps.db,
          `lp-events:visitor:${event.visitorId}`,
          60,
          LANDING_EVENTS_PER_VISITOR_PER_MINUTE,
        ));
      if (!allowed) {
        return c.json(
          { error: { code: "RATE_LIMITED", message: "Too many events. Please wait a minute." } },
          429,
          { "Retry-After": "60" },
        );
      }
      await recordLandingEvent(
        deps.db,
        c.req.valid("param").slug,
        c.req.valid("json"),
        c.req.header("user-agent") ?? "",
      );
      return c.body(null, 204);
    })
    .get("/landing-pages/:id/qr.png", async (c) => {
      const png = await landingQrPng(ld, requireUser(c), c.req.param("id"));
      return c.body(png as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/png" });
    });
}

/** Landing-page events accepted per client address and minute (issue 16 item 4). */
export const LANDING_EVENTS_PER_IP_PER_MINUTE = 120;
/** Landing-page events accepted per visitor id and minute. */
export const LANDING_EVENTS_PER_VISITOR_PER_MINUTE = 20;

/**
 * The public pages outside /api (mount at "/" before the SPA): GET /lp/{slug} (server-rendered,
 * cached per slug while published) and the page script at LANDING_SCRIPT_PATH. While the database
 * is unreachable a published page's last good render is served (with STALE_HEADER), else 503.
 */
export function landingPublicRoutes(
  deps: { db: Db; env: { appUrl: string }; auth: AppDeps["auth"]; logger?: AppDeps["logger"] },
  cache: LandingPageCache,
) {
  const app = new Hono<AppEnv>();
  app.get(LANDING_SCRIPT_PATH, (c) =>
    c.body(LANDING_SCRIPT, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    }),
  );
  app.get("/lp/:slug", async (c) => {
    const slug = c.req.param("slug");
    const preview = c.req.query("preview") === "1";
    if (!preview) {
      const hit = cache.get(slug);
      if (hit) {
        if (c.req.header("if-none-match") === hit.etag) return c.body(null, 304, { ETag: hit.etag });
        return c.body(hit.html, 200, {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-cache",
          ETag: hit.etag,
        });
      }
    }
    let viewerId: string | null = null;
    if (preview && c.req.header("cookie")?.includes("session_token")) {
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      viewerId = session?.user.id ?? null;
    }
    let page: Awaited<ReturnType<typeof renderPublicLandingPage>>;
    try {
      page = await renderPublicLandingPage(deps.db, deps.env.appUrl, slug, {
        preview,
        viewerId,
        visitorLang: statedLocale(c.req.raw.headers),
        log: (fields, message) => deps.logger?.warn(fields, message),
      });
    } catch (error) {
      // Database unreachable (issue 25 item 5, #18): the last good render if there is one, else
      // the app's 503 with Retry-After.
      const last = !preview && isDatabaseUnavailable(error) ? cache.stale(slug) : undefined;
      if (!last) throw error;
      return c.body(last.html, 200, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
        ETag: last.etag,
        [STALE_HEADER]: "1",
      });
    }
    if (page.status === 404) return c.html(page.html, 404, { "Cache-Control": "no-store" });
    if (!page.cacheable) return c.html(page.html, 200, { "Cache-Control": "private, no-store" });
    const entry = cache.set(slug, page.html);
    return c.body(entry.html, 200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: entry.etag,
    });
  });
  return app;
}

/**
 * The cache-hit fast path of GET /lp/{slug} (decision 0071), to run before the app's other
 * middleware: a plain GET (no query, no If-None-Match) of a cached published page is answered at
 * once with the stored HTML and headers (security headers included); anything else goes on.
 */
export function landingFastPath(cache: LandingPageCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = c.req.url;
    const at = url.indexOf("/lp/", url.indexOf("//") + 2);
    if (at === -1 || url.includes("?") || c.req.header("if-none-match")) return next();
    const slug = url.slice(at + 4);
    if (!slug || slug.includes("/") || url.indexOf("/", url.indexOf("//") + 2) !== at) return next();
    const hit = cache.get(slug);
    if (!hit) return next();
    return c.body(hit.html, 200, hit.headers);
  };
}

export { LandingPageCache };
