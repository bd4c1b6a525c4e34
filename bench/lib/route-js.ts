// The JavaScript each route of the web app makes the browser download, read from Vite's build
// manifest (apps/web/dist/.vite/manifest.json, written because vite.config.ts sets build.manifest).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One entry of Vite's manifest.json (only the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Issue 17 §14: the entry's JS (with its static imports) must stay within this many gzip bytes. */
export const ENTRY_BUDGET_BYTES = 170 * 1024;
/** Issue 17 §14: no route may need more than this many gzip bytes of JS (entry included). */
export const ROUTE_BUDGET_BYTES = 250 * 1024;

export interface RouteJs {
  /** The route module's source path relative to apps/web (e.g. "src/app/routes/learn.tsx"), or "entry". */
  route: string;
  /** gzip bytes of every JS file loaded before the route renders: entry, layouts, the route module and all their static imports. */
  initialGzip: number;
  /** initialGzip plus what the route's own modules import lazily (e.g. the structure editor, charts). */
  fullGzip: number;
  /** The files counted in initialGzip. */
  files: string[];
}

/** The manifest key of the HTML entry (index.html). Throws when the manifest has no entry. */
function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error("the Vite manifest has no entry chunk");
  return key;
}

/** Keys of `roots` and every chunk they import statically (transitively). */
export function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/**
 * The layout modules a route renders inside: a module under src/app/routes/dashboard/ renders in
 * dashboard/layout.tsx (router.tsx's only nested layout).
 */
function layoutsOf(route: string, manifest: Manifest): string[] {
  const dashboardLayout = "src/app/routes/dashboard/layout.tsx";
  return route.startsWith("src/app/routes/dashboard/") &&
    route !== dashboardLayout &&
    manifest[dashboardLayout]
    ? [dashboardLayout]
    : [];
}

/**
 * Gzip size (zlib level 9, bytes) of every JS chunk, the entry's total and each route's total.
 * Routes are the dynamic entries under src/app/routes/ (router.tsx's lazy route modules); a route's
 * initial JS is the static closure of the entry, its layouts and its module; its full JS adds the
 * static closures of the dynamic imports made by the route module's own chunks (not the router's).
 * `gzipOf` maps a manifest `file` to its gzip size.
 */
export function routeJs(manifest: Manifest, gzipOf: (file: string) => number): RouteJs[] {
  const entry = entryKey(manifest);
  const sum = (keys: Iterable<string>) => {
    let total = 0;
    for (const key of keys) if (manifest[key].file.endsWith(".js")) total += gzipOf(manifest[key].file);
    return total;
  };
  const files = (keys: Set<string>) =>
    [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  const entryClosure = staticClosure(manifest, [entry]);
  const results: RouteJs[] = [
    {
      route: "entry",
      initialGzip: sum(entryClosure),
      fullGzip: sum(entryClosure),
      files: files(entryClosure),
    },
  ];
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k.startsWith("src/app/routes/"))
    .sort();
  for (const route of routes) {
    const initial = staticClosure(manifest, [entry, ...layoutsOf(route, manifest), route]);
    // Lazy imports made by the route's own code (the entry's closure holds the router, whose lazy
    // imports are the other routes).
    const lazy = new Set<string>();
    for (const key of initial) {
      if (entryClosure.has(key)) continue;
      for (const dynamic of manifest[key].dynamicImports ?? []) {
        if (!manifest[dynamic]?.src?.startsWith("src/app/routes/")) lazy.add(dynamic);
      }
    }
    const full = staticClosure(manifest, [...initial, ...lazy]);
    results.push({ route, initialGzip: sum(initial), fullGzip: sum(full), files: files(initial) });
  }
  return results;
}

/** Reads apps/web/dist's manifest and gzips its JS files; `distDir` is apps/web/dist. */
export function routeJsOfBuild(distDir: string): RouteJs[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  return routeJs(manifest, gzipOf);
}

/**
 * gzip bytes of each language's catalogue chunk (src/locales/<language>/index.ts, loaded by
 * lib/i18n.ts before the first render): data, not code, so outside the route budgets but reported.
 */
export function catalogueJsOfBuild(distDir: string): { language: string; gzip: number }[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Manifest;
  return Object.keys(manifest)
    .map((key) => /^src\/locales\/([a-z]+)\/index\.ts$/.exec(key))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({
      language: match[1],
      gzip: gzipSync(readFileSync(path.join(distDir, manifest[match[0]].file)), { level: 9 }).length,
    }));
}
