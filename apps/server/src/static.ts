import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { cspWithNonce, newNonce, nonceParts, nonceTemplate, stampNonce } from "./lib/csp.ts";
import type { AppEnv } from "./lib/http.ts";
import { type HeadResolver, injectHead } from "./lib/page-head.ts";
import { APP_CSP, type CspDirectives } from "./lib/security-headers.ts";

/** The built web app (apps/web/dist). */
export const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/**
 * First path segments of the web app's client routes that the server never answers itself and
 * whose page has no server-rendered head (apps/web/src/app/router.tsx; `/join`, `/certificates`
 * and `/achievements` get a head, `/lp` and `/s` are server pages). "" is `/`.
 */
const SHELL_ROOTS = new Set([
  "",
  "auth",
  "forgot-password",
  "reset-password",
  "account-deleted",
  "invitation",
  "learn",
  "checkout",
  "report",
  "dashboard",
  "404",
]);

/** index.html of the built web app, with its nonce renderers (undefined when not built). */
interface Shell {
  indexText: string;
  /** The Content-Security-Policy for a page with this nonce. */
  cspFor(nonce: string): string;
  /** index.html with every `<script>` stamped with this nonce. */
  page(nonce: string): string;
  /** The same page split where the nonce goes (`pageParts.join(nonce)` is `page(nonce)`). */
  pageParts: string[];
}

function loadShell(distDir: string, csp: CspDirectives): Shell | undefined {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return undefined;
  const indexText = readFileSync(indexFile, "utf8");
  // The policy and the page without a server-rendered head, split once where the nonce goes.
  const pageParts = nonceParts((nonce) => stampNonce(indexText, nonce));
  return {
    indexText,
    cspFor: nonceTemplate((nonce) => cspWithNonce(csp, nonce)),
    page: (nonce) => pageParts.join(nonce),
    pageParts,
  };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** One answer of the app-page fast path: the page's bytes and all its headers. */
export interface AppPageAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** The app-page fast path (issue 28 §5), for Hono (`middleware`) and for Node's server (`node`). */
export interface AppPages {
  /**
   * The answer to a GET/HEAD of `pathname` (undecoded, no query) on `host` (the Host header) when
   * it is an app page without a server-rendered head on the app's own host; undefined otherwise.
   */
  answer(
    method: string,
    pathname: string,
    host: string | undefined,
    forwardedHost: string | undefined,
  ): AppPageAnswer | undefined;
  /** Hono middleware: answers app pages, passes everything else on. */
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * A Node request listener in front of Hono's: answers app pages (true) before any Request or
   * Context object is built, or returns false for Hono's listener to take the request.
   */
  node(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * Issue 28 §5: the app's pages without a server-rendered head (`/`, `/dashboard/…`, `/learn/…`,
 * see SHELL_ROOTS) answered before the rest of the middleware, like the cached landing pages
 * (decision 0071), with the same bytes and headers as `spaRoutes` gives them: the security
 * headers, `Cache-Control: no-cache`, and a fresh script nonce in the page and its policy.
 * Only GET/HEAD on the app's own host (APP_URL's, or localhost; X-Forwarded-Host behind a trusted
 * proxy): a school's custom domain serves its school at `/` (issue 15), so other hosts go on.
 * `observe(seconds)` is told each answer's time (the request-duration metric); these answers are
 * not in the request log (like /lp's). Without a built web app nothing is answered here.
 */
export function appPages(options: {
  distDir?: string;
  appUrl: string;
  trustProxy: boolean;
  headerList: ReadonlyArray<readonly [string, string]>;
  csp?: CspDirectives;
  observe?: (seconds: number) => void;
}): AppPages {
  const shell = loadShell(options.distDir ?? WEB_DIST, options.csp ?? APP_CSP);
  const app = new URL(options.appUrl);
  const appHostPort = app.host;
  const appHost = app.hostname.toLowerCase();
  const fixed: Record<string, string> = Object.fromEntries([
    ...options.headerList,
    ["Cache-Control", "no-cache"],
    ["Content-Type", "text/html; charset=UTF-8"],
  ]);
  const { trustProxy, observe } = options;
  // The page as bytes, split where the nonce goes: each answer copies the parts and the nonce
  // (base64, so one byte a character) into one buffer, with no UTF-8 encoding of the page.
  const parts = (shell?.pageParts ?? []).map((part) => Buffer.from(part, "utf8"));
  const partsLength = parts.reduce((sum, part) => sum + part.length, 0);
  const pageBytes = (nonce: string): Buffer => {
    const out = Buffer.allocUnsafe(partsLength + (parts.length - 1) * nonce.length);
    let at = parts[0].copy(out, 0);
    for (let i = 1; i < parts.length; i++) {
      at += out.write(nonce, at, "latin1");
      at += parts[i].copy(out, at);
    }
    return out;
  };
  const onAppHost = (host: string | undefined, forwardedHost: string | undefined): boolean => {
    // The usual case first: the app's own Host, nothing forwarded.
    if (host === appHostPort && !(trustProxy && forwardedHost)) return true;
    const raw = ((trustProxy && forwardedHost?.split(",")[0]) || host || "").trim().toLowerCase();
    const name = raw.replace(/:\d+$/, "").replace(/\.$/, "");
    return name === appHost || LOCAL_HOSTS.has(name);
  };
  const answer: AppPages["answer"] = (method, pathname, host, forwardedHost) => {
    if (!shell || (method !== "GET" && method !== "HEAD")) return undefined;
    const slash = pathname.indexOf("/", 1);
    const root = pathname.slice(1, slash === -1 ? undefined : slash);
    if (!SHELL_ROOTS.has(root) || pathname.includes(".") || pathname[0] !== "/") return undefined;
    if (!onAppHost(host, forwardedHost)) return undefined;
    const nonce = newNonce();
    const body = pageBytes(nonce);
    return {
      body,
      headers: {
        ...fixed,
        "Content-Security-Policy": shell.cspFor(nonce),
        "Content-Length": String(body.length),
      },
    };
  };
  return {
    answer,
    middleware: (c, next) => {
      const started = observe ? performance.now() : 0;
      const headers = c.req.raw.headers;
      const found = answer(
        c.req.method,
        c.req.path,
        // A Request made in process (app.request) has no Host header: its URL names the host.
        headers.get("host") ?? new URL(c.req.url).host,
        headers.get("x-forwarded-host") ?? undefined,
      );
      if (!found) return next();
      const response = new Response(found.body as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: found.headers,
      });
      if (observe) observe((performance.now() - started) / 1000);
      return Promise.resolve(response) as never;
    },
    node(req, res) {
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const started = observe ? performance.now() : 0;
      const forwarded = req.headers["x-forwarded-host"];
      const found = answer(
        req.method ?? "",
        query === -1 ? url : url.slice(0, query),
        req.headers.host,
        Array.isArray(forwarded) ? forwarded[0] : forwarded,
      );
      if (!found) return false;
      res.writeHead(200, found.headers);
      res.end(found.body);
      if (observe) observe((performance.now() - started) / 1000);
      return true;
    },
  };
}

/**
 * Serves the built SPA: hashed files under /assets with a one-year immutable cache, other files of
 * dist as they are, and index.html (held in memory) for every other GET so client routes work.
 * Each index.html answer has its own script nonce (issue 25 item 7): every `<script>` tag carries
 * it and the Content-Security-Policy (`csp` + `'nonce-…'` in script-src) allows it, so the page
 * needs no 'unsafe-inline'.
 */
export function spaRoutes(distDir = WEB_DIST, resolveHead?: HeadResolver, csp: CspDirectives = APP_CSP) {
  const app = new Hono<AppEnv>();
  const shell = loadShell(distDir, csp);
  if (!shell) {
    app.get("*", (c) =>
      c.html(
        "<!doctype html><title>Academy</title><p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>",
        503,
      ),
    );
    return app;
  }
  const { indexText, cspFor, page: plainPage } = shell;
  const assets = serveStatic({
    root: distDir,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  const files = serveStatic({
    root: distDir,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=3600");
    },
  });
  app.get("/assets/*", assets, (c) => c.text("Not found", 404));
  // Paths with a file extension are files of dist (favicon, robots.txt …); every other path is a
  // client route and gets index.html from memory without touching the disk.
  app.get("*", async (c, next) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path) && !c.req.path.endsWith(".html")) return files(c, next);
    await next();
  });
  app.get("*", async (c) => {
    c.header("Cache-Control", "no-cache");
    const head = resolveHead ? await resolveHead(c.req.path) : undefined;
    const nonce = newNonce();
    c.header("Content-Security-Policy", cspFor(nonce));
    if (!head) return c.html(plainPage(nonce));
    return c.html(stampNonce(injectHead(indexText, head), nonce), head.status ?? 200);
  });
  return app;
}
