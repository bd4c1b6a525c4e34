/**
 * Enforces the import direction of DESIGN.md §3.1 (run by `npm run lint`):
 *   - packages/shared imports nothing but zod and itself (no Node, browser or app code);
 *   - web: components/ and lib/ never import features/ or app/; a feature never imports app/
 *     or another feature (pages in app/ compose features);
 *   - web imports from the server only `import type` of "@academy/server/app";
 *   - server: a feature may use another feature only through its *.service.ts; the lower layers
 *     (auth/, lib/, email/, db/, realtime/, storage/, ai/) never import features/ (an `import type`
 *     is allowed: it is erased, so it makes no runtime cycle); the server never imports the web app.
 * Prints each violation as file:line and exits 1 when there is any.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const IMPORT_RE =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

interface Found {
  file: string;
  line: number;
  spec: string;
  typeOnly: boolean;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "dist") continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry)) out.push(full);
  }
  return out;
}

function importsOf(file: string): Found[] {
  const text = readFileSync(file, "utf8");
  const found: Found[] = [];
  for (const match of text.matchAll(IMPORT_RE)) {
    const spec = match[3] ?? match[4];
    if (!spec) continue;
    const line = text.slice(0, match.index).split("\n").length + (match[0].startsWith("\n") ? 1 : 0);
    found.push({ file: path.relative(ROOT, file), line, spec, typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** Resolves "@/x" and relative specifiers of the web app to a path relative to apps/web/src. */
function webTarget(file: string, spec: string): string | undefined {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith("."))
    return path.relative(path.join(ROOT, "apps/web/src"), path.resolve(ROOT, path.dirname(file), spec));
  return undefined;
}

function serverTarget(file: string, spec: string): string | undefined {
  if (spec.startsWith("."))
    return path.relative(path.join(ROOT, "apps/server/src"), path.resolve(ROOT, path.dirname(file), spec));
  return undefined;
}

const violations: string[] = [];
const fail = (f: Found, why: string) => violations.push(`${f.file}:${f.line} imports "${f.spec}": ${why}`);

for (const file of walk(path.join(ROOT, "packages/shared/src"))) {
  for (const f of importsOf(file)) {
    if (f.spec === "zod" || f.spec.startsWith("./") || f.spec.startsWith("../") || f.spec === "vitest")
      continue;
    fail(f, "packages/shared may import only zod and its own files");
  }
}

for (const file of walk(path.join(ROOT, "apps/web/src"))) {
  const own = path.relative(path.join(ROOT, "apps/web/src"), file);
  const ownFeature = /^features\/([^/]+)\//.exec(own)?.[1];
  for (const f of importsOf(file)) {
    if (f.spec.startsWith("@academy/server")) {
      if (!(f.typeOnly && f.spec === "@academy/server/app"))
        fail(f, 'the web app may only `import type` from "@academy/server/app"');
      continue;
    }
    const target = webTarget(file, f.spec);
    if (!target) continue;
    if (/^(components|lib|locales)\//.test(own) && /^(features|app)\//.test(target))
      fail(f, "shared web code must not depend on features or pages");
    if (ownFeature) {
      if (target.startsWith("app/")) fail(f, "a feature must not import pages (app/)");
      const targetFeature = /^features\/([^/]+)\//.exec(target)?.[1];
      if (targetFeature && targetFeature !== ownFeature)
        fail(f, `feature "${ownFeature}" must not import feature "${targetFeature}"; compose them in a page`);
    }
  }
}

/** Server folders below the features: they may be used by features, never the other way round. */
const LOWER_LAYER = /^(auth|lib|email|db|realtime|storage|ai)\//;

for (const file of walk(path.join(ROOT, "apps/server/src"))) {
  const own = path.relative(path.join(ROOT, "apps/server/src"), file);
  const ownFeature = /^features\/([^/]+)\//.exec(own)?.[1];
  for (const f of importsOf(file)) {
    if (f.spec.startsWith("@academy/web") || f.spec.includes("apps/web"))
      fail(f, "the server must not import the web app");
    const target = serverTarget(file, f.spec);
    if (!target) continue;
    if (LOWER_LAYER.test(own) && target.startsWith("features/") && !f.typeOnly)
      fail(f, "auth/, lib/, email/, db/, realtime/, storage/ and ai/ must not import features/");
    if (!ownFeature) continue;
    if (target === "app" || target === "app.ts") fail(f, "a feature must not import app.ts");
    const targetFeature = /^features\/([^/]+)\//.exec(target)?.[1];
    if (targetFeature && targetFeature !== ownFeature && !/\.service(\.ts)?$/.test(target)) {
      fail(f, `feature "${ownFeature}" may use feature "${targetFeature}" only through its *.service.ts`);
    }
  }
}

if (violations.length) {
  console.error(
    `Import direction violations (DESIGN.md §3.1):\n${violations.map((v) => `  ${v}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("import direction: ok");
