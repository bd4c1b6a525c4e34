import {
  JSON_TOO_DEEP_MESSAGE,
  jsonContainsNul,
  jsonTooDeep,
  NUL_MESSAGE,
  urlContainsNul,
} from "@academy/shared";
import type { MiddlewareHandler } from "hono";

/** JSON bodies the NUL guard reads (uploads and other bodies are left to their own checks). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Refuses a NUL character (U+0000) anywhere in an /api request's path, query or JSON body with
 * 400 `{ error: { code: "VALIDATION_FAILED", message: NUL_MESSAGE, issues } }` before any route,
 * better-auth included, sees it (issue 16 item 10). PostgreSQL cannot store U+0000 in text, so
 * without this guard such input answered 500. One check for every field and parameter instead of
 * one per schema; the body is read through `c.req.text()`, which Hono keeps for the route's own
 * `c.req.json()`/`c.req.text()` (cloning the raw request cost ~0.4 ms a request; routes must read
 * a JSON body through `c.req`, not `c.req.raw`).
 * A JSON body nested more than JSON_MAX_DEPTH levels is refused the same way with
 * JSON_TOO_DEEP_MESSAGE (issue 25 N16: 5,000 levels answered 500 "Maximum call stack size").
 * Also mounted on `/lp/*` and `/s/*`, whose slugs reach the database (issue 25 N16).
 */
export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const refuse = (path: string, message = NUL_MESSAGE) =>
      c.json({ error: { code: "VALIDATION_FAILED", message, issues: [{ path, message }] } }, 400);
    const url = c.req.url;
    const queryAt = url.indexOf("?");
    const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
    if (urlContainsNul(pathPart)) return refuse("path");
    if (queryAt !== -1 && urlContainsNul(url.slice(queryAt))) return refuse("query");
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD" && JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      // Hono keeps the text: validators and routes read it again (c.req.json/text) without a copy.
      const text = await c.req.text();
      if (jsonContainsNul(text)) return refuse("body");
      if (jsonTooDeep(text)) return refuse("body", JSON_TOO_DEEP_MESSAGE);
    }
    await next();
  };
}

/** Paths under /api that other servers call (payment providers' callbacks): no browser, no Origin. */
export const CSRF_EXEMPT_PREFIXES = ["/api/payments/callbacks/"] as const;

/** The message of a refused cross-site request (403 FORBIDDEN). */
export const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";

/**
 * Decides whether a browser at `origin` (scheme://host[:port]) may send state-changing requests to
 * a request addressed to `host` (the request's host name, lower case, no port; "" when unknown).
 * The one place trusted origins are decided: APP_URL's origin plus `TRUSTED_ORIGINS`; `extra` lets
 * a later feature (a school's verified custom domains, trusted only on their own host) add its own
 * answer, e.g. a database lookup.
 */
export type OriginPolicy = (origin: string, host?: string) => boolean | Promise<boolean>;

/**
 * The default policy: APP_URL's origin and every origin in `TRUSTED_ORIGINS` (exact match of the
 * serialized origin), then `extra` (optional) for anything else.
 */
export function trustedOriginPolicy(
  env: { appUrl: string; trustedOrigins: string[] },
  extra?: OriginPolicy,
): OriginPolicy {
  const trusted = new Set([new URL(env.appUrl).origin, ...env.trustedOrigins]);
  return (origin, host) => trusted.has(origin) || (extra ? extra(origin, host) : false);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery check on every state-changing /api request (issue 16 item 15; OWASP
 * ASVS 5.0 V3.5.1), following the Fetch-metadata algorithm of Go's CrossOriginProtection:
 * 1. GET, HEAD and OPTIONS pass (they change nothing).
 * 2. Server-to-server callbacks under `CSRF_EXEMPT_PREFIXES` pass (they are verified by signature).
 * 3. `Sec-Fetch-Site: same-origin` or `none` (typed by the user) passes; any other value passes
 *    only when the `Origin` is trusted.
 * 4. Without `Sec-Fetch-Site`, a trusted `Origin` passes, another `Origin` is refused, and a request
 *    with neither header is not from a browser (curl, scripts: no cookies of a victim) and passes.
 * `hostOf` names the host the request is addressed to (for policies that trust an origin only on
 * its own host); default: the Host header without its port.
 * Refusal: 403 `{ error: { code: "FORBIDDEN", message: CROSS_SITE_MESSAGE } }`. better-auth keeps
 * its own origin check on /api/auth behind this one (same trusted list).
 */
export function refuseCrossSiteRequests(
  policy: OriginPolicy,
  hostOf: (headers: Headers) => string = (headers) =>
    (headers.get("host") ?? "").toLowerCase().replace(/:\d+$/, ""),
): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const path = c.req.path;
    if (CSRF_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();
    const site = c.req.header("sec-fetch-site")?.toLowerCase();
    if (site === "same-origin" || site === "none") return next();
    const origin = c.req.header("origin");
    if (!origin) {
      if (site === undefined) return next();
    } else if (origin !== "null" && (await policy(origin, hostOf(c.req.raw.headers)))) {
      return next();
    }
    return c.json({ error: { code: "FORBIDDEN", message: CROSS_SITE_MESSAGE } }, 403);
  };
}
