import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { cspWithNonce, newNonce, nonceTemplate, stampNonce } from "./lib/csp.ts";
import type { AppEnv } from "./lib/http.ts";
import { type HeadResolver, injectHead } from "./lib/page-head.ts";
import { APP_CSP, type CspDirectives } from "./lib/security-headers.ts";

/** The built web app (apps/web/dist). */
export const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/**
 * Serves the built SPA: hashed files under /assets with a one-year immutable cache, other files of
 * dist as they are, and index.html (held in memory) for every other GET so client routes work.
 * Each index.html answer has its own script nonce (issue 25 item 7): every `<script>` tag carries
 * it and the Content-Security-Policy (`csp` + `'nonce-…'` in script-src) allows it, so the page
 * needs no 'unsafe-inline'.
 */
export function spaRoutes(distDir = WEB_DIST, resolveHead?: HeadResolver, csp: CspDirectives = APP_CSP) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) =>
      c.html(
        "<!doctype html><title>Academy</title><p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>",
        503,
      ),
    );
    return app;
  }
  const indexText = readFileSync(indexFile, "utf8");
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
  // The policy and the page without a server-rendered head, split once where the nonce goes.
  const cspFor = nonceTemplate((nonce) => cspWithNonce(csp, nonce));
  const plainPage = nonceTemplate((nonce) => stampNonce(indexText, nonce));
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
