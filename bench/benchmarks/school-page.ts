import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { courses, schools } from "../../apps/server/src/db/schema/index.ts";
import { freePort, HOST, ROOT, startAcademy } from "../lib/academy.ts";
import { inProcessApp } from "../lib/in-process.ts";
import { type LoadOptions, measureLoad } from "../lib/load.ts";
import { spawnGroup, stopGroup, waitForOutput } from "../lib/process.ts";
import { type Benchmark, type Row, row } from "../lib/types.ts";

const LOAD: LoadOptions = { connections: 50, durationS: 10, warmupS: 2 };
const SLUG = "bench-school";
const COURSES = 200;

/** Seeds a creator whose branded school (slug SLUG) has COURSES published courses. */
async function seed(dataDir: string): Promise<void> {
  const academy = await inProcessApp({ dataDir });
  const { runtime } = academy;
  try {
    const call = (pathname: string, method: string, json?: unknown, cookie?: string) =>
      academy.request(pathname, { method, json, cookie });
    const { cookie } = await academy.creator(`school-bench-${Date.now()}@example.com`, "Nguyễn Thị Bench");
    const saved = await call(
      "/api/schools/me/branding",
      "PUT",
      {
        name: "Trường Bench",
        slug: SLUG,
        description: "Hai trăm khóa học cho mọi người.",
        primaryColor: "#AD1457",
        accentColor: "#FF8F00",
        font: "Inter",
      },
      cookie,
    );
    if (saved.status !== 200) throw new Error(`branding: ${saved.status} ${await saved.text()}`);
    const [school] = await runtime.db.select().from(schools).where(eq(schools.slug, SLUG));
    await runtime.db.insert(courses).values(
      Array.from({ length: COURSES }, (_, i) => ({
        creator_id: school.creator_id,
        school_id: school.id,
        title: `Khóa học số ${i + 1}: tiếng Việt giao tiếp`,
        slug: `bench-school-course-${i + 1}-${Date.now()}`,
        short_description: "Học từng bước với bài tập thực hành mỗi ngày.",
        estimated_duration: 120 + i,
        total_lessons: 8,
        is_published: true,
        is_free: i % 3 === 0,
        price: i % 3 === 0 ? 0 : 199_000 + i * 1000,
        currency: "VND",
      })),
    );
  } finally {
    await academy.close();
  }
}

/**
 * Issue 15: GET /s/{slug} (server-rendered school page of a school with 200 published courses,
 * cached like /lp) against a bare node:http server answering the same bytes, at 50 connections.
 */
export const schoolPageBenchmark: Benchmark = {
  id: "school-page",
  title: "Public school page /s/{slug}",
  async run(ctx) {
    const dataDir = path.join(ctx.tempDir, "school-data");
    mkdirSync(dataDir, { recursive: true });
    ctx.log(`school-page: seeding a school with ${COURSES} published courses`);
    await seed(dataDir);
    const academy = await startAcademy({ dataDir, via: "direct", label: "academy (school page)" });
    const rows: Row[] = [];
    try {
      const route = `/s/${SLUG}`;
      const response = await fetch(`${academy.baseUrl}${route}`);
      const html = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}`);
      const count = (html.toString("utf8").match(/class="s-card"/g) ?? []).length;
      if (!html.toString("utf8").includes(`(${COURSES})`) || count === 0)
        throw new Error(`GET ${route} does not list the ${COURSES} courses`);
      const fixturesFile = path.join(ctx.tempDir, "school-fixtures.json");
      writeFileSync(
        fixturesFile,
        JSON.stringify({
          [route]: {
            contentType: response.headers.get("content-type") ?? "text/html",
            bodyBase64: html.toString("base64"),
          },
        }),
      );
      rows.push(row("/s/{slug} HTML size (first page)", html.length / 1024, "KB", null, { cards: count }));
      const barePort = await freePort();
      const bare = spawnGroup(
        "bare node:http (school page)",
        process.execPath,
        ["--import", "tsx", "bench/bare-server.ts", fixturesFile, String(barePort)],
        { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" } },
      );
      try {
        await waitForOutput(bare, /bare-server listening/, 30_000);
        ctx.log(`load GET ${route} on academy (${LOAD.connections} connections)…`);
        const a = await measureLoad(`${academy.baseUrl}${route}`, LOAD);
        ctx.log(`load GET ${route} on bare node:http…`);
        const b = await measureLoad(`http://${HOST}:${barePort}${route}`, LOAD);
        if (a.errors || a.non2xx)
          ctx.note(`GET ${route} on academy: ${a.errors} errors, ${a.non2xx} non-2xx`);
        rows.push(
          row(
            `GET ${route} throughput (req/s, academy/bare)`,
            a.requestsPerSec / b.requestsPerSec,
            "ratio",
            { op: ">=", value: 0.5, unit: "ratio" },
            {
              academy: { value: a.requestsPerSec, unit: "req/s" },
              bare: { value: b.requestsPerSec, unit: "req/s" },
              responseBytes: html.length,
              courses: COURSES,
              load: LOAD,
            },
          ),
          row(
            `GET ${route} latency p99 at 50 connections`,
            a.latencyP99Ms,
            "ms",
            { op: "<", value: 50, unit: "ms" },
            {
              academy: { value: a.latencyP99Ms, unit: "ms" },
              bare: { value: b.latencyP99Ms, unit: "ms" },
            },
          ),
        );
      } finally {
        await stopGroup(bare);
      }
      return rows;
    } finally {
      await academy.stop();
    }
  },
};
