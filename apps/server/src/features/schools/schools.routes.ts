import { createHash } from "node:crypto";
import {
  addDomainSchema,
  publicSchoolBrandSchema,
  schoolBrandingInputSchema,
  schoolBrandingSchema,
  schoolDomainSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { LANGUAGE_COOKIE } from "../../auth/auth.ts";
import type { Db } from "../../db/client.ts";
import { type AppDeps, type AppEnv, createRouter, requireUser } from "../../lib/http.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import { errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import { isDatabaseUnavailable, STALE_HEADER } from "../operations/operations.service.ts";
import { renderSchoolPage, type SchoolPageLang, schoolNotFoundHtml } from "./school-page.ts";
import * as q from "./schools.queries.ts";
import {
  addDomain,
  brandOfCourse,
  getBranding,
  hostOf,
  isDomainAllowed,
  onDomainsChanged,
  recheckDueDomains,
  recheckSchedule,
  removeDomain,
  type SchoolDeps,
  updateBranding,
  verifyDomain,
} from "./schools.service.ts";

/** The schools service's dependencies, from the app's. */
export function schoolDeps(deps: Pick<AppDeps, "db" | "env" | "dnsResolver">): SchoolDeps {
  return {
    db: deps.db,
    appUrl: deps.env.appUrl,
    cnameTarget: deps.env.domainCnameTarget,
    resolver: deps.dnsResolver,
  };
}

const idParams = z.object({ id: z.string().max(100) });
const err = (description: string) =>
  json(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), description);

const getBrandingRoute = createRoute({
  method: "get",
  path: "/schools/me/branding",
  tags: ["Schools"],
  summary: "The signed-in creator's Branding & Domains (defaults before the school exists)",
  responses: { 200: json(schoolBrandingSchema, "Branding"), 401: errorResponses[401], 403: err("Students") },
});
const putBrandingRoute = createRoute({
  method: "put",
  path: "/schools/me/branding",
  tags: ["Schools"],
  summary: "Save name, address (slug), logo, favicon, colours, font, support e-mail and social links",
  description: "A new slug keeps the old address redirecting (301) for 90 days.",
  request: jsonBody(schoolBrandingInputSchema),
  responses: {
    200: json(schoolBrandingSchema, "Saved"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: err("Students"),
    409: err("This address is already used by another school"),
  },
});
const addDomainRoute = createRoute({
  method: "post",
  path: "/schools/me/domains",
  tags: ["Schools"],
  summary: "Connect a custom domain (pending until its DNS records are verified)",
  request: jsonBody(addDomainSchema),
  responses: {
    201: json(schoolDomainSchema, "Added"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: err("Students"),
    409: err("This domain is already connected to a school"),
  },
});
const verifyDomainRoute = createRoute({
  method: "post",
  path: "/schools/me/domains/{id}/verify",
  tags: ["Schools"],
  summary: "Check the domain's TXT and CNAME records now",
  request: { params: idParams },
  responses: { 200: json(schoolDomainSchema, "Checked"), 401: errorResponses[401], 404: err("Not yours") },
});
const deleteDomainRoute = createRoute({
  method: "delete",
  path: "/schools/me/domains/{id}",
  tags: ["Schools"],
  summary: "Disconnect a custom domain",
  request: { params: idParams },
  responses: { 204: { description: "Removed" }, 401: errorResponses[401], 404: err("Not yours") },
});
const allowedRoute = createRoute({
  method: "get",
  path: "/domains/allowed",
  tags: ["Schools"],
  summary: "Caddy on-demand TLS `ask`: 200 only for a verified custom domain",
  request: { query: z.object({ domain: z.string().max(300).optional() }) },
  responses: {
    200: json(z.object({ allowed: z.literal(true) }), "Verified"),
    404: json(z.object({ allowed: z.literal(false) }), "Unknown or not verified"),
  },
});
const courseBrandRoute = createRoute({
  method: "get",
  path: "/public/courses/{id}/school-brand",
  tags: ["Schools"],
  summary: "The brand (name, logo, colours) of the school offering a course (/join, player header)",
  request: { params: idParams },
  responses: { 200: json(z.object({ brand: publicSchoolBrandSchema.nullable() }), "Brand") },
});

/** The schools API (issue 15), to mount under /api. */
export function schoolRoutes(deps: AppDeps, pages: SchoolPageCache) {
  const sd = schoolDeps(deps);
  return createRouter()
    .openapi(getBrandingRoute, async (c) => c.json(await getBranding(sd, requireUser(c)), 200))
    .openapi(putBrandingRoute, async (c) => {
      const saved = await updateBranding(sd, requireUser(c), c.req.valid("json"));
      pages.clear();
      return c.json(saved, 200);
    })
    .openapi(addDomainRoute, async (c) =>
      c.json(await addDomain(sd, requireUser(c), c.req.valid("json").domain), 201),
    )
    .openapi(verifyDomainRoute, async (c) =>
      c.json(await verifyDomain(sd, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(deleteDomainRoute, async (c) => {
      await removeDomain(sd, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(allowedRoute, async (c) => {
      const domain = c.req.valid("query").domain ?? "";
      return (await isDomainAllowed(deps.db, domain))
        ? c.json({ allowed: true as const }, 200)
        : c.json({ allowed: false as const }, 404);
    })
    .openapi(courseBrandRoute, async (c) => {
      c.header("Cache-Control", "public, max-age=60");
      return c.json({ brand: await brandOfCourse(deps.db, c.req.valid("param").id) }, 200);
    });
}

// ── The public school page and host routing ─────────────────────────────────────────────────────

/**
 * Rendered school pages for a few seconds (like /lp, decision 0071), keyed by host, path, query
 * and language; cleared when this instance saves branding.
 */
export class SchoolPageCache {
  private readonly entries = new Map<
    string,
    { html: string; etag: string; expires: number; headers: Record<string, string> }
  >();
  /** Headers every school page carries (security headers with a CSP that allows its <style>). */
  readonly headers: Record<string, string>;
  constructor(
    baseHeaders: Array<[string, string]> = [],
    private readonly ttlMs = 10_000,
    private readonly max = 500,
  ) {
    this.headers = Object.fromEntries(baseHeaders);
  }
  /** The fresh entry of `key` (younger than ttlMs), or undefined. */
  get(key: string) {
    const entry = this.entries.get(key);
    if (!entry || entry.expires < Date.now()) return undefined;
    this.entries.delete(key); // least recently used last
    this.entries.set(key, entry);
    return entry;
  }
  /**
   * The last good render of `key`, however old: served only while the database is unreachable
   * (issue 25 item 5, finding #18). Expired entries stay until pushed out (at most `max`, least
   * recently used first) or cleared.
   */
  stale(key: string) {
    return this.entries.get(key);
  }
  set(key: string, html: string) {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    const etag = `"${createHash("sha1").update(html).digest("base64url")}"`;
    // The whole header set is built once per entry: a cache hit only hands it over.
    const headers: Record<string, string> = {
      ...this.headers,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: etag,
      Vary: "Cookie, Accept-Language",
    };
    const entry = { html, etag, expires: Date.now() + this.ttlMs, headers };
    this.entries.set(key, entry);
    return entry;
  }
  clear() {
    this.entries.clear();
  }
}

function pageLang(cookie: string | undefined, accept: string | undefined): SchoolPageLang {
  const m = cookie ? new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|vi)\\b`).exec(cookie) : null;
  if (m) return m[1] as SchoolPageLang;
  return /^\s*en\b/i.test(accept ?? "") ? "en" : "vi";
}

/** What a custom host is: its school, and whether the domain is verified. */
interface HostInfo {
  status: string;
  schoolId: string;
  slug: string;
  creatorId: string;
}

/**
 * Host look-ups for custom domains, cached for `ttlMs` (milliseconds) and dropped when this
 * instance adds, verifies or removes a domain.
 */
export class HostDirectory {
  private readonly entries = new Map<string, { info: HostInfo | null; expires: number }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 15_000,
  ) {
    onDomainsChanged(() => this.entries.clear());
  }
  async lookup(host: string): Promise<HostInfo | null> {
    const hit = this.entries.get(host);
    if (hit && hit.expires > Date.now()) return hit.info;
    const info = (await q.findHost(this.db, host)) ?? null;
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(host, { info, expires: Date.now() + this.ttlMs });
    return info;
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** The request's host name (lower case, no port); X-Forwarded-Host only behind a trusted proxy. */
export function requestHost(headers: Headers, trustProxy: boolean): string {
  const raw = (trustProxy && headers.get("x-forwarded-host")?.split(",")[0]) || headers.get("host") || "";
  return raw.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

function notFound(c: Context<AppEnv>, cache: SchoolPageCache) {
  return c.body(schoolNotFoundHtml(), 404, {
    ...cache.headers,
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
  });
}

/** The cache key of a school page request: host, path, language, search and page number. */
function schoolPageKey(c: Parameters<MiddlewareHandler<AppEnv>>[0], baseUrl: string, pagePath: string) {
  const lang = pageLang(c.req.header("cookie"), c.req.header("accept-language"));
  const search = (c.req.query("q") ?? "").slice(0, 100);
  const page = Number.parseInt(c.req.query("page") ?? "1", 10) || 1;
  return { lang, search, page, key: `${baseUrl}|${pagePath}|${lang}|${search}|${page}` };
}

async function serveSchool(
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
  deps: { db: Db },
  cache: SchoolPageCache,
  school: q.SchoolRow,
  baseUrl: string,
  pagePath: string,
) {
  const { lang, search, page, key } = schoolPageKey(c, baseUrl, pagePath);
  let entry = cache.get(key);
  if (!entry) {
    const rendered = await renderSchoolPage(deps.db, school, { baseUrl, pagePath, lang, search, page });
    entry = cache.set(key, rendered.html);
  }
  if (c.req.header("if-none-match") === entry.etag) return c.body(null, 304, { ETag: entry.etag });
  return c.body(entry.html, 200, entry.headers);
}

/**
 * Host-based routing for verified custom domains (issue 15 §3), run before everything else:
 * the app's own host (APP_URL), localhost and unknown hosts pass through untouched. On a custom
 * domain that is not verified every page is 404. On a verified one, `/` is the school page,
 * `/s/{slug}`, `/lp/{slug}`, `/join/{courseId}` and `/certificates/{id}` answer only for this
 * school's own pages (404 for other schools'); the API, sign-in, the player and files work as on
 * the app's host (so signing in there sets cookies for that host).
 */
export function schoolHostRouting(
  deps: Pick<AppDeps, "db" | "env">,
  cache: SchoolPageCache,
  directory: HostDirectory,
): MiddlewareHandler<AppEnv> {
  const appHost = hostOf(deps.env.appUrl);
  const appHostPort = new URL(deps.env.appUrl).host;
  const production = deps.env.nodeEnv === "production";
  const trustProxy = deps.env.trustProxy;
  return async (c, next) => {
    const headers = c.req.raw.headers;
    // The app's own host, as most requests name it: nothing else to do (kept cheap, it runs first).
    if (headers.get("host") === appHostPort && !(trustProxy && headers.has("x-forwarded-host")))
      return next();
    const host = requestHost(headers, trustProxy);
    if (!host || host === appHost || LOCAL_HOSTS.has(host)) return next();
    const info = await directory.lookup(host);
    if (!info) return next();
    const path = c.req.path;
    if (info.status !== "verified") {
      if (path.startsWith("/api/") || path.startsWith("/assets/")) return next();
      return notFound(c, cache);
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const proto = production ? "https" : new URL(c.req.url).protocol.replace(":", "");
    const baseUrl = `${proto}://${host}`;
    if (path === "/") {
      const school = await q.findSchoolById(deps.db, info.schoolId);
      if (!school?.is_active) return notFound(c, cache);
      return serveSchool(c, deps, cache, school, baseUrl, "/");
    }
    const m = /^\/(s|lp|join|certificates)\/([^/]+)\/?$/.exec(path);
    if (!m) return next();
    const [, kind, rawId] = m;
    const id = decodeURIComponent(rawId);
    let owner: string | undefined;
    if (kind === "s") return id === info.slug ? c.redirect("/", 301) : notFound(c, cache);
    if (kind === "lp") owner = await q.landingPageCreator(deps.db, id);
    else if (kind === "join")
      owner = /^[0-9a-f-]{36}$/i.test(id) ? await q.courseCreator(deps.db, id) : undefined;
    else owner = await q.certificateCreator(deps.db, id.toUpperCase().replace(/[\s-]/g, ""));
    if (owner !== info.creatorId) return notFound(c, cache);
    // The /lp fast path is keyed by slug only: answer here through the normal route.
    return next();
  };
}

/** Published school pages from the cache, before the rest of the middleware (like /lp). */
export function schoolFastPath(cache: SchoolPageCache, appUrl: string): MiddlewareHandler<AppEnv> {
  const appHost = new URL(appUrl).host;
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = c.req.url;
    const at = url.indexOf("/s/", url.indexOf("//") + 2);
    if (at === -1 || url.includes("?") || c.req.header("if-none-match")) return next();
    const slug = url.slice(at + 3);
    if (!slug || slug.includes("/") || url.indexOf("/", url.indexOf("//") + 2) !== at) return next();
    const host = c.req.header("host");
    if (host && host !== appHost && !LOCAL_HOSTS.has(host.replace(/:\d+$/, ""))) return next();
    // Behind a proxy naming another host, host routing decides.
    if (c.req.header("x-forwarded-host")) return next();
    const lang = pageLang(c.req.header("cookie"), c.req.header("accept-language"));
    const hit = cache.get(`${appUrl}|/s/${slug}|${lang}||1`);
    if (!hit) return next();
    return c.body(hit.html, 200, hit.headers);
  };
}

/** GET /s/{slug} on the app's host: the school page; an old slug answers 301 to the new address. */
export function schoolPublicRoutes(deps: Pick<AppDeps, "db" | "env">, cache: SchoolPageCache) {
  const app = new Hono<AppEnv>();
  app.get("/s/:slug", async (c) => {
    const slug = c.req.param("slug").toLowerCase();
    try {
      const school = await q.findSchoolBySlug(deps.db, slug);
      if (school) return await serveSchool(c, deps, cache, school, deps.env.appUrl, `/s/${school.slug}`);
      const target = await q.findRedirect(deps.db, slug, new Date());
      if (target) {
        const query = new URL(c.req.url).search;
        return c.redirect(`/s/${target}${query}`, 301);
      }
      return notFound(c, cache);
    } catch (error) {
      // Database unreachable (issue 25 item 5, #18): the page's last good render if there is one,
      // else the app's 503 with Retry-After.
      const last = isDatabaseUnavailable(error)
        ? cache.stale(schoolPageKey(c, deps.env.appUrl, `/s/${slug}`).key)
        : undefined;
      if (!last) throw error;
      return c.body(last.html, 200, { ...last.headers, [STALE_HEADER]: "1" });
    }
  });
  return app;
}

/**
 * The periodic re-check of custom domains (issue 15 §3): every `intervalMs / 6` (at least 10 s) it
 * checks the domains not checked for `intervalMs` minus that tick, so a verified domain is
 * confirmed within `intervalMs` and a domain whose DNS no longer verifies loses its trust within
 * it (issue 25 N1; `recheckSchedule`). Errors are logged; the loop keeps going.
 */
export function createDomainRecheckWorker(deps: Pick<AppDeps, "db" | "env" | "dnsResolver" | "logger">) {
  const sd = schoolDeps(deps);
  const schedule = recheckSchedule(deps.env.domainRecheckIntervalMs);
  return createIntervalWorker(
    () => recheckDueDomains(sd, schedule.dueAfterMs),
    schedule.tickMs,
    (error) => deps.logger.error({ err: error }, "custom-domain re-check failed"),
    "domain-recheck",
  );
}
