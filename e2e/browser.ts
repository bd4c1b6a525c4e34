import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { inject } from "vitest";
import { ROOT } from "./server.ts";

/**
 * The system Chromium: CHROMIUM_PATH, else Debian's headless shell (`chromium-headless-shell`, the
 * same Chromium build without the browser's UI layer: about a third less CPU for the whole browser
 * suite, decision 0244), else the full /usr/bin/chromium; undefined when none exists.
 */
export function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean) as string[];
  return candidates.find((p) => existsSync(p));
}

export const SCREENSHOT_DIR = path.join(ROOT, "e2e/screenshots");

/** The e2e context from global setup; `skip` is set when no browser is available. */
export function e2eContext(): { baseURL: string; chromium: string; skip?: undefined } | { skip: string } {
  return inject("e2e");
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<BrowserContext> {
  return trackRequests(
    await browser.newContext({ baseURL, viewport, locale: "en-US", deviceScaleFactor: 1 }),
  );
}

const inFlight = new WeakMap<Page, Set<Request>>();

function trackPage(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const set = new Set<Request>();
  pending = set;
  inFlight.set(page, set);
  // An EventSource stays open for as long as the page lives (messaging, community, checkout):
  // it is not work the screen waits for.
  page.on("request", (r) => {
    if (r.resourceType() !== "eventsource") set.add(r);
  });
  page.on("requestfinished", (r) => set.delete(r));
  page.on("requestfailed", (r) => set.delete(r));
  return set;
}

/**
 * Counts each page's requests in flight from its first request, so that `screenshot` waits for
 * the screen's data and not for `networkidle`, which a page with an open EventSource never reaches.
 * @returns the same context.
 */
export function trackRequests(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) watchPage(page);
  context.on("page", watchPage);
  return context;
}

/** Content-Security-Policy refusals seen in this spec file's pages since the last `takeCspViolations`. */
const cspViolations: string[] = [];

function watchPage(page: Page): void {
  trackPage(page);
  // Issue 25 item 7: a script or style the policy refuses shows as a console error; e2e/csp-guard.ts
  // fails the test that caused it.
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
}

/** The CSP refusals recorded since the last call (and forgets them). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Resolves once `page` has had no request in flight (EventSources aside) for `quietMs`, or after
 * `timeoutMs` at most; then waits for its web fonts.
 */
export async function waitForQuiet(page: Page, quietMs = 150, timeoutMs = 5_000): Promise<void> {
  const pending = trackPage(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = pending.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(() => undefined);
}

/**
 * Whether `screenshot` writes its PNG: yes unless E2E_SCREENSHOTS=0, which `.ci/run` sets. A
 * full-page PNG costs Chromium 0.4–0.7 s of CPU (mostly the PNG encoding; ~220 of them were about
 * 110 s of CPU, a quarter of the browser suite's), and nobody opens a CI clone's files. Nothing
 * asserts on the images; the waits below still run, so a journey behaves the same either way.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== "0";

/**
 * Waits until the screen has settled (its load event, no request in flight for 150 ms, web fonts),
 * then saves a full-page screenshot as e2e/screenshots/<name>.png (unless E2E_SCREENSHOTS=0).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("load", { timeout: 5_000 }).catch(() => undefined);
  await waitForQuiet(page);
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Fails when the page scrolls sideways: the document is wider than the viewport (by more than
 * one pixel). Every phone journey calls it on each screen it visits (390 px wide).
 */
export async function expectNoHorizontalOverflow(page: Page, screen: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth + 1) {
    const culprits = await page.evaluate((limit) => {
      const wide: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
        const r = el.getBoundingClientRect();
        if (r.right > limit + 1 && wide.length < 5) {
          wide.push(`${el.tagName.toLowerCase()}.${el.className || ""} right=${Math.round(r.right)}`);
        }
      }
      return wide;
    }, clientWidth);
    throw new Error(
      `${screen}: horizontal overflow (${scrollWidth} px content in a ${clientWidth} px viewport): ${culprits.join("; ")}`,
    );
  }
}
