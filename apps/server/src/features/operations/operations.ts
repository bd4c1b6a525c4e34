import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../../env.ts";

/**
 * Operations safeguards (issue 16 items 16–18, decision 0163): loopback-only developer pages,
 * the loud warning for a non-production server bound beyond loopback, Swagger UI served from the
 * installed `swagger-ui-dist` package, and tokens removed from logged addresses.
 */

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost)$/i;

/** True for 127.0.0.0/8, ::1 (also IPv4-mapped) and "localhost". */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address.trim());
}

/**
 * The client's address: the TCP peer, or with `trustProxy` the last X-Forwarded-For entry (the one
 * the proxy in front appended). undefined for an in-process request (no socket, e.g. tests).
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Middleware: answers 404 (as if the page did not exist) to any client that is not on this
 * machine — for /dev/mailbox, which shows every captured e-mail with its links. In-process
 * requests (no socket) pass.
 */
export function loopbackOnly(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const socket = (() => {
      try {
        return getConnInfo(c).remote.address;
      } catch {
        return undefined;
      }
    })();
    const address = clientAddress(c, trustProxy);
    if ((socket !== undefined || address !== undefined) && !isLoopback(address))
      return c.text("Not found", 404);
    await next();
  };
}

/**
 * The warning printed at start when the server listens beyond loopback (HOST other than
 * 127.0.0.1/::1/localhost, e.g. the default 0.0.0.0) without NODE_ENV=production: development
 * defaults (captured e-mail at /dev/mailbox, insecure cookies) are then reachable from the network.
 * @returns the text, or undefined when nothing is unsafe.
 */
export function unsafeBindingWarning(env: Pick<Env, "host" | "nodeEnv" | "port">): string | undefined {
  if (env.nodeEnv === "production" || isLoopback(env.host)) return undefined;
  return [
    "!".repeat(78),
    `!! Academy listens on ${env.host}:${env.port} (reachable from other machines) with NODE_ENV=${env.nodeEnv}.`,
    "!! Development defaults are on: captured e-mail, cookies without Secure, detailed pages.",
    "!! Set NODE_ENV=production for a real deployment, or HOST=127.0.0.1 to stay local.",
    "!".repeat(78),
  ].join("\n");
}

const require = createRequire(import.meta.url);
/** Folder of the installed swagger-ui-dist package. */
const SWAGGER_DIST = path.dirname(require.resolve("swagger-ui-dist/package.json"));
/** Where the docs page loads Swagger UI from: `${SWAGGER_ASSETS_BASE}/swagger-ui-dist/<file>`. */
export const SWAGGER_ASSETS_BASE = "/api/docs/assets";
const SWAGGER_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};
const swaggerCache = new Map<string, Buffer>();

/**
 * GET handler for `${SWAGGER_ASSETS_BASE}/swagger-ui-dist/:file`: the two Swagger UI files from
 * the installed package (no CDN), cached for a day. Other names answer 404.
 */
export async function serveSwaggerAsset(c: Context): Promise<Response> {
  const file = c.req.param("file") ?? "";
  const type = SWAGGER_FILES[file];
  if (!type) return c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);
  let body = swaggerCache.get(file);
  if (!body) {
    body = await readFile(path.join(SWAGGER_DIST, file));
    swaggerCache.set(file, body);
  }
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": type,
    "Cache-Control": "public, max-age=86400",
  });
}

/** Query parameters whose values are secrets in a logged address. */
const SECRET_PARAM = /^(token|.*[-_]?token|code|otp|secret|signature|sig|key)$/i;

/**
 * `pathOrUrl` with the values of secret query parameters (token=, *_token=, code=, signature=…)
 * replaced by "[redacted]", and path segments after /verify-email/, /reset-password/,
 * /invitations/… that look like tokens (≥ 20 URL-safe characters) too. For request logs.
 */
export function redactUrl(pathOrUrl: string): string {
  const query = pathOrUrl.indexOf("?");
  const pathPart = query === -1 ? pathOrUrl : pathOrUrl.slice(0, query);
  const cleanPath = pathPart.replace(
    /\/(reset-password|verify-email|invitations?|invite|join-invite|accept)\/([A-Za-z0-9_\-.~%]{20,})/gi,
    "/$1/[redacted]",
  );
  if (query === -1) return cleanPath;
  const params = pathOrUrl
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep as is
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${cleanPath}?${params.join("&")}`;
}
