#!/usr/bin/env node
// `npm run build` (with the web app) and `npm start` (when the sources are newer): bundles the
// server into apps/server/dist/ so a start loads one JavaScript file instead of transpiling ~400
// TypeScript modules through tsx (issue 17 §12, decision 0208).
//   apps/server/dist/server.mjs      apps/server/src/index.ts, packages/shared and most npm packages
//   apps/server/dist/pdf-worker.mjs  the certificate PDF worker (pdf.ts), loaded by piscina
// The packages in EXTERNAL stay imports, resolved at run time as before. `import.meta.url` in
// a bundled source file is rewritten to that file's own address (relative to the bundle), so the
// paths it computes (drizzle migrations, apps/web/dist, fonts) are the same as under tsx — except
// in pdf-renderer.ts, whose "./pdf-worker.mjs" must name the bundled worker next to server.mjs.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = path.join(root, "apps/server/dist");
export const SERVER_BUNDLE = path.join(SERVER_DIST, "server.mjs");
// package-lock.json: an `npm install` may change the packages bundled in.
const SOURCES = ["apps/server/src", "packages/shared/src", "scripts/build-server.mjs", "package-lock.json"];
/**
 * Packages left as imports: native addons, packages that read files or start threads from their
 * own directory (PGlite's WebAssembly and data files, pino's transports, piscina's workers), and
 * those OpenTelemetry instruments through require().
 * Everything else is bundled: Node then reads one file instead of thousands (loading them was
 * most of the remaining start-up time).
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "@resvg/resvg-js",
  "piscina",
  "pino",
  "thread-stream",
  "pg-native",
  // Tracing (observability/tracing.ts) patches pg through require(): the server must use the same
  // pg module object that require() returns, and the OpenTelemetry packages hook Node's loader.
  "pg",
  "pg-pool",
  "@opentelemetry",
  "tsx",
  "vite",
  "swagger-ui-dist",
  "@expo-google-fonts/be-vietnam-pro",
];
const KEEP_IMPORT_META = /[\\/]features[\\/]certificates[\\/]pdf-renderer\.ts$/;

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** "missing", "stale" (a source is newer than the bundle) or "fresh". */
export function serverBuildState() {
  if (!existsSync(SERVER_BUNDLE)) return "missing";
  const builtAt = statSync(SERVER_BUNDLE).mtimeMs;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  return builtAt < sourcesAt ? "stale" : "fresh";
}

/** esbuild, as installed for tsx (a dependency of the repository already). */
function loadEsbuild() {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve("tsx/package.json"));
  return fromTsx("esbuild");
}

/** Bundles the server and the PDF worker into apps/server/dist. Throws on a build error. */
export async function buildServer() {
  const esbuild = loadEsbuild();
  const rewriteImportMeta = {
    name: "source-import-meta-url",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point" || args.path.startsWith(".") || path.isAbsolute(args.path))
          return undefined;
        if (
          args.path.startsWith("node:") ||
          EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        )
          return { path: args.path, external: true };
        return undefined;
      });
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        let code = readFileSync(args.path, "utf8");
        if (!KEEP_IMPORT_META.test(args.path) && code.includes("import.meta.url")) {
          const relative = path.relative(SERVER_DIST, args.path).split(path.sep).join("/");
          code = code.replaceAll(
            "import.meta.url",
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          );
        }
        return { contents: code, loader: "ts" };
      });
    },
  };
  const common = {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [rewriteImportMeta],
    // Bundled CommonJS packages call require() for Node's modules.
    banner: {
      js: 'import { createRequire as __academyCreateRequire } from "node:module"; const require = __academyCreateRequire(import.meta.url);',
    },
  };
  // Each file is written beside its place and renamed over it: a server starting from the bundle
  // while a build runs (a test file spawning servers beside bundle.test.ts, `npm start` beside a
  // rebuild) reads the old file or the new one, never half of one: data-dir-lock.test.ts once
  // started an empty server.mjs (it exited 0 before answering) and a cut one (a syntax error).
  const build = async (options) => {
    const result = await esbuild.build({ ...options, write: false });
    // The source map first, the module last.
    const files = [...result.outputFiles].sort(
      (a, b) => Number(a.path.endsWith(".mjs")) - Number(b.path.endsWith(".mjs")),
    );
    for (const file of files) {
      mkdirSync(path.dirname(file.path), { recursive: true });
      const partial = `${file.path}.${process.pid}.partial`;
      writeFileSync(partial, file.contents);
      renameSync(partial, file.path);
    }
  };
  await build({
    ...common,
    stdin: {
      contents: 'export { renderCertificatePdf as default } from "./pdf.ts";',
      resolveDir: path.join(root, "apps/server/src/features/certificates"),
      sourcefile: "pdf-worker-bundle.ts",
      loader: "ts",
    },
    outfile: path.join(SERVER_DIST, "pdf-worker.mjs"),
  });
  // server.mjs last: its time is what serverBuildState() compares, so a build cut short is stale.
  await build({
    ...common,
    entryPoints: [path.join(root, "apps/server/src/index.ts")],
    outfile: SERVER_BUNDLE,
  });
}

// `--if-stale` (the test suites' global setups): nothing to do when the bundle is newer than every
// source, as after the previous suite's build in the same CI run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--if-stale") && serverBuildState() === "fresh") {
    console.log(`server bundle is fresh: ${path.relative(root, SERVER_BUNDLE)}`);
  } else {
    await buildServer();
    console.log(`server bundled: ${path.relative(root, SERVER_BUNDLE)}`);
  }
}
