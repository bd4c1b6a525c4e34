import path from "node:path";
import { PERFORMANCE_TARGETS } from "@academy/shared";
import {
  catalogueJsOfBuild,
  ENTRY_BUDGET_BYTES,
  ROUTE_BUDGET_BYTES,
  type RouteJs,
  routeJsOfBuild,
} from "../lib/route-js.ts";
import { type Benchmark, row } from "../lib/types.ts";

const KB = 1024;
const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/**
 * Issue 17 §14: the JavaScript each page of the web app downloads, in KB of gzip (level 9), from
 * the build that `npm run bench` made (apps/web/dist, manifest written by vite.config.ts). The
 * entry (index.html's script and its static imports) ≤ 170 KB; each route (entry, the dashboard
 * layout for /dashboard pages, the route module and their static imports) ≤ 250 KB. What a route
 * loads later on demand (the structure editor, charts, a language's catalogue) is shown beside it.
 * Sizes are deterministic: this measures no time.
 */
export const routeJsBenchmark: Benchmark = {
  id: "route-js",
  title: "Web app JS per route (gzip)",
  async run(ctx) {
    const dist = path.join(ctx.root, "apps/web/dist");
    const routes: RouteJs[] = routeJsOfBuild(dist);
    const catalogues = catalogueJsOfBuild(dist).map((c) =>
      row(
        `route JS: catalogue of "${c.language}" (before the first render, not budgeted)`,
        kb(c.gzip),
        "KB gzip",
        null,
      ),
    );
    const rows = routes.map((r) => {
      const entry = r.route === "entry";
      const name = entry ? "entry (index.html + static imports)" : r.route.replace(/^src\/app\/routes\//, "");
      const budget = entry ? ENTRY_BUDGET_BYTES : ROUTE_BUDGET_BYTES;
      return row(
        `route JS: ${name}`,
        kb(r.initialGzip),
        "KB gzip",
        { op: "<=", value: budget / KB, unit: "KB gzip" },
        {
          academy: { value: kb(r.initialGzip), unit: "KB gzip" },
          withLazyChunksKb: kb(r.fullGzip),
          files: r.files,
        },
      );
    });
    // The spec's bundle target (PERFORMANCE_TARGETS.bundleBytes, 1 MiB): everything a route can
    // load, its lazy chunks included.
    const whole = routes.map((r) =>
      row(
        `route JS with lazy chunks: ${r.route === "entry" ? "entry" : r.route.replace(/^src\/app\/routes\//, "")}`,
        kb(r.fullGzip),
        "KB gzip",
        { op: "<=", value: PERFORMANCE_TARGETS.bundleBytes / KB, unit: "KB gzip" },
      ),
    );
    return [...rows, ...whole, ...catalogues];
  },
};
