import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./lib/http.ts";
import { securityHeaderList, securityHeaders } from "./lib/security-headers.ts";
import { type AppPages, appPages, spaRoutes } from "./static.ts";

/**
 * Issue 28 §5: the app-page fast path answers `/`, `/dashboard/…` … with exactly what the SPA route
 * answers (headers and page, but for the per-response nonce), in Hono and in front of it in Node,
 * and leaves every other path, method and host to the app.
 */
const APP_URL = "http://academy.test:3000";
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Academy · Học</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  "<script>document.documentElement.dataset.theme='light'</script>" +
  '<script type="application/ld+json">{"@type":"WebSite"}</script></head><body><div id="root"></div></body></html>';

let dist: string;
let observed: number[];
let pages: AppPages;
let app: Hono<AppEnv>;
let server: http.Server;
let nodeAnswered: number;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), "academy-app-pages-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), SHELL);
  writeFileSync(path.join(dist, "robots.txt"), "User-agent: *\n");
  const headerList = securityHeaderList({ production: true });
  observed = [];
  pages = appPages({
    distDir: dist,
    appUrl: APP_URL,
    trustProxy: true,
    headerList,
    observe: (seconds) => observed.push(seconds),
  });
  // The app as app.ts builds it, reduced to the parts a page passes: fast path, headers, SPA.
  app = new Hono<AppEnv>();
  app.use("*", pages.middleware);
  app.use("*", securityHeaders(headerList));
  app.route("/", spaRoutes(dist));
  const listener = getRequestListener(app.fetch);
  nodeAnswered = 0;
  server = http.createServer((req, res) => {
    if (pages.node(req, res)) nodeAnswered += 1;
    else listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** A response's headers without the date, as a sorted list; the nonce replaced by "N". */
function normalised(headers: Headers, nonce: string) {
  return [...headers.entries()]
    .filter(([name]) => !["date", "connection", "keep-alive"].includes(name))
    .map(([name, value]) => [name, value.replaceAll(nonce, "N")])
    .sort();
}

/** A request to the Node server with this Host header (fetch would not send it). */
function nodeGet(pathname: string, host: string, method = "GET"): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { method, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string") headers.set(name, value);
        resolve(
          new Response(method === "HEAD" ? null : Buffer.concat(chunks), { status: res.statusCode, headers }),
        );
      });
    });
    request.on("error", reject);
    request.end();
  });
}

async function nonceOf(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(csp)?.[1] ?? "";
  const html = await response.text();
  return { nonce, html };
}

describe("app pages (issue 28 §5)", () => {
  it("answers / and client routes with the SPA's page and headers, each with its own nonce", async () => {
    // The slow path, for comparison: the same app without the fast path in front.
    const plain = new Hono<AppEnv>();
    plain.use("*", securityHeaders(securityHeaderList({ production: true })));
    plain.route("/", spaRoutes(dist));
    const nonces = new Set<string>();
    for (const pathname of ["/", "/dashboard/account", "/learn/abc?lesson=2", "/auth"]) {
      const before = observed.length;
      const fast = await app.request(`${APP_URL}${pathname}`);
      expect(observed.length, pathname).toBe(before + 1);
      const slow = await plain.request(`${APP_URL}${pathname}`);
      expect(fast.status).toBe(200);
      const a = await nonceOf(fast);
      const b = await nonceOf(slow);
      expect(a.nonce, pathname).toMatch(/^[A-Za-z0-9+/=]{24}$/);
      expect(a.html.replaceAll(a.nonce, "N")).toBe(b.html.replaceAll(b.nonce, "N"));
      expect(a.html).toContain(
        `<script nonce="${a.nonce}" type="module" crossorigin src="/assets/index-abc.js">`,
      );
      expect(a.html).toContain("Academy · Học");
      expect(normalised(fast.headers, a.nonce)).toEqual(
        normalised(slow.headers, b.nonce)
          .concat([["content-length", String(Buffer.byteLength(a.html))]])
          .sort(),
      );
      nonces.add(a.nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it("leaves other paths, methods and hosts to the app", async () => {
    const answer = (method: string, pathname: string, host?: string, forwarded?: string) =>
      pages.answer(method, pathname, host ?? "academy.test:3000", forwarded);
    expect(answer("GET", "/")).toBeDefined();
    expect(answer("HEAD", "/dashboard")).toBeDefined();
    expect(answer("GET", "/", "localhost:3000")).toBeDefined();
    // Server-rendered heads, server pages, files, the API: not app pages.
    for (const pathname of [
      "/join/abc",
      "/certificates/X",
      "/lp/page",
      "/s/school",
      "/api/health",
      "/robots.txt",
      "/dashboard/x.js",
      "/metrics",
      "/unsubscribe/t",
    ])
      expect(answer("GET", pathname), pathname).toBeUndefined();
    expect(answer("POST", "/")).toBeUndefined();
    // A school's custom domain serves its school at `/` (issue 15): never answered here.
    expect(answer("GET", "/", "learn.lotus.example")).toBeUndefined();
    // Behind the trusted proxy the forwarded host decides.
    expect(answer("GET", "/", "127.0.0.1:3000", "learn.lotus.example")).toBeUndefined();
    expect(answer("GET", "/", "127.0.0.1:3000", "academy.test")).toBeDefined();
  });

  it("in front of Hono in Node: the same answers, HEAD without a body, the rest to Hono", async () => {
    const before = nodeAnswered;
    const viaNode = await nodeGet("/dashboard/courses", "academy.test:3000");
    expect(nodeAnswered).toBe(before + 1);
    const viaHono = await app.request(`${APP_URL}/dashboard/courses`);
    const a = await nonceOf(viaNode);
    const b = await nonceOf(viaHono);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.html.replaceAll(a.nonce, "N")).toBe(b.html.replaceAll(b.nonce, "N"));
    expect(normalised(viaNode.headers, a.nonce)).toEqual(normalised(viaHono.headers, b.nonce));

    const head = await nodeGet("/", "academy.test:3000", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(await head.text()).toBe("");
    expect(nodeAnswered).toBe(before + 2);

    // A file of dist and a page on another host are Hono's.
    const robots = await nodeGet("/robots.txt", "academy.test:3000");
    expect(await robots.text()).toBe("User-agent: *\n");
    const other = await nodeGet("/", "learn.lotus.example");
    expect(other.status).toBe(200);
    expect(nodeAnswered).toBe(before + 2);
  });

  it("answers nothing when the web app is not built", () => {
    const none = appPages({
      distDir: path.join(dist, "missing"),
      appUrl: APP_URL,
      trustProxy: false,
      headerList: [],
    });
    expect(none.answer("GET", "/", "academy.test:3000", undefined)).toBeUndefined();
  });
});
