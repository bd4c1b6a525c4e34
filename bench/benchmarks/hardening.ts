import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { createApp } from "../../apps/server/src/app.ts";
import { certificates, enrollments, user } from "../../apps/server/src/db/schema/index.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { issueCertificate } from "../../apps/server/src/features/certificates/certificates.service.ts";
import { createPdfRenderer } from "../../apps/server/src/features/certificates/pdf-renderer.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createRuntime } from "../../apps/server/src/runtime.ts";
import { freePort } from "../lib/academy.ts";
import { percentile } from "../lib/in-process.ts";
import { openLoop } from "../lib/open-loop.ts";
import { type BenchContext, type Benchmark, type Row, row } from "../lib/types.ts";

// Issue 16 "Done when": certificate PDFs off the event loop, uploads with flat memory.

const NAME_120 = "Nguyễn Thị Ánh Tuyết ".repeat(6).slice(0, 120);
const RENDERS = 12;
const CONCURRENT_PDFS = 10;
const HEALTH_RATE = 100;
const HEALTH_SECONDS = 4;
const UPLOAD_MB = 500;
const MB = 1024 * 1024;

/** Median and p95 time of one certificate PDF with a 120-character name, rendered by the worker pool. */
async function renderTime(ctx: BenchContext): Promise<Row[]> {
  const renderer = createPdfRenderer();
  try {
    const input = (i: number) => ({
      id: `BENCH${String(i).padStart(5, "0")}`,
      studentName: NAME_120,
      courseTitle: "Tiếng Việt giao tiếp cơ bản cho người mới bắt đầu",
      schoolName: "Trường Ngôn ngữ Sài Gòn",
      completionDate: new Date(),
      issuedAt: new Date(),
      verifyUrl: `http://127.0.0.1/certificates/BENCH${i}`,
    });
    // Warm-up: the first renders start the worker and load the fonts.
    for (let i = 0; i < 3; i++) await renderer.render(input(i));
    const times: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      await renderer.render(input(100 + i));
      times.push(performance.now() - started);
    }
    ctx.log(`hardening: PDF render times ${times.map(Math.round).join(", ")} ms`);
    return [
      row("certificate PDF, 120-character name: median render", Math.round(percentile(times, 50)), "ms", {
        op: "<",
        value: 300,
        unit: "ms",
      }),
      row("certificate PDF, 120-character name: p95 render", Math.round(percentile(times, 95)), "ms", null),
    ];
  } finally {
    await renderer.close();
  }
}

/** The whole app in this process, served over HTTP on 127.0.0.1. */
async function servedApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "academy-bench-hardening-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_MAX: "100000",
  });
  const runtime = await createRuntime(env, { logger: createLogger("silent") });
  const { app } = createApp(runtime);
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  const request = (pathname: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const headers = new Headers({ origin });
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    return app.request(`${origin}${pathname}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  };
  const account = async (email: string) => {
    const password = "bench-password-1";
    const signUp = await request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Bench Creator", email, password },
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
    await runtime.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signIn = await request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [row] = await runtime.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { cookie, userId: row.id };
  };
  return {
    runtime,
    origin,
    port,
    request,
    account,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** /api/health p99 at 100 requests/s while 10 different certificate PDFs render. */
async function healthDuringRenders(
  ctx: BenchContext,
  app: Awaited<ReturnType<typeof servedApp>>,
): Promise<Row[]> {
  const creator = await app.account(`bench-pdf-${Date.now()}@example.com`);
  const ids: string[] = [];
  for (let i = 0; i < CONCURRENT_PDFS; i++) {
    const published = await app.request("/api/courses/publish", {
      method: "POST",
      cookie: creator.cookie,
      json: {
        title: `Certificate course ${i}`,
        description: "Benchmark",
        outline: [
          {
            id: "s1",
            title: "S",
            lessons: [
              {
                id: "l1",
                title: "L",
                type: "text",
                duration: 5,
                content: { type: "text", html: "<p>L</p>" },
              },
            ],
          },
        ],
      },
    });
    const { courseId } = (await published.json()) as { courseId: string };
    const [enrolment] = await app.runtime.db
      .insert(enrollments)
      .values({
        course_id: courseId,
        student_id: creator.userId,
        payment_status: "completed",
        is_completed: true,
        progress: 100,
      })
      .returning();
    const { id } = await issueCertificate(app.runtime.db, { enrollmentId: enrolment.id, appUrl: app.origin });
    await app.runtime.db.update(certificates).set({ student_name: NAME_120 }).where(eq(certificates.id, id));
    ids.push(id);
  }
  // Warm the pool with one render of another certificate's content.
  await fetch(`${app.origin}/api/certificates/${ids[0]}/pdf`);
  await app.runtime.db
    .update(certificates)
    .set({ student_name: `${NAME_120.slice(0, 119)}.` })
    .where(eq(certificates.id, ids[0]));

  const renders = (async () => {
    const started = performance.now();
    const statuses = await Promise.all(
      ids.map((id) => fetch(`${app.origin}/api/certificates/${id}/pdf`).then((r) => r.status)),
    );
    return { ms: performance.now() - started, ok: statuses.filter((s) => s === 200).length };
  })();
  const load = await openLoop({
    url: app.origin,
    rate: HEALTH_RATE,
    durationS: HEALTH_SECONDS,
    connections: 20,
    request: () => ({ method: "GET", path: "/api/health", headers: {} }),
  });
  const rendered = await renders;
  ctx.log(
    `hardening: ${rendered.ok}/${CONCURRENT_PDFS} PDFs in ${Math.round(rendered.ms)} ms during the health load`,
  );
  return [
    row(
      `/api/health p99 at ${HEALTH_RATE}/s while ${CONCURRENT_PDFS} PDFs render`,
      Math.round(percentile(load.latencies, 99) * 10) / 10,
      "ms",
      { op: "<", value: 50, unit: "ms" },
      {
        pdfs: rendered.ok,
        pdfWallMs: Math.round(rendered.ms),
        p50: Math.round(percentile(load.latencies, 50) * 10) / 10,
        statusCodes: load.statusCodes,
      },
    ),
  ];
}

/** RSS growth of the process serving a 500 MB lesson-video upload (streamed multipart over HTTP). */
async function uploadMemory(ctx: BenchContext, app: Awaited<ReturnType<typeof servedApp>>): Promise<Row[]> {
  const creator = await app.account(`bench-upload-${Date.now()}@example.com`);
  const boundary = "----academy-bench";
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="area"\r\n\r\nlesson-video\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lesson.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
  ]);
  const size = UPLOAD_MB * MB - 1024;
  const chunk = Buffer.alloc(256 * 1024);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: app.port,
        path: "/api/uploads?area=lesson-video",
        method: "POST",
        headers: {
          origin: app.origin,
          cookie: creator.cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(preamble.length + size + epilogue.length),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(preamble);
    req.write(head);
    let sent = head.length;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) {
          req.once("drain", pump);
          return;
        }
      }
      req.end(epilogue);
    };
    pump();
  });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const growthMb = Math.round(((peak - baseline) / MB) * 10) / 10;
  ctx.log(
    `hardening: ${UPLOAD_MB} MB upload answered ${status} in ${seconds.toFixed(1)} s, RSS +${growthMb} MB`,
  );
  if (status !== 201) ctx.note(`the ${UPLOAD_MB} MB upload answered ${status}, not 201`);
  return [
    row(
      `${UPLOAD_MB} MB lesson-video upload: RSS growth`,
      status === 201 ? growthMb : Number.NaN,
      "MB",
      {
        op: "<",
        value: 100,
        unit: "MB",
      },
      { status, seconds: Math.round(seconds * 10) / 10, note: "server and client in one process" },
    ),
  ];
}

/**
 * Issue 16: a certificate PDF of a 120-character name (worker pool), /api/health while ten PDFs
 * render, and the memory of a 500 MB upload. The app runs in this process behind node:http.
 */
export const hardeningBenchmark: Benchmark = {
  id: "hardening",
  title: "Hardening: PDFs off the event loop, streamed uploads",
  async run(ctx) {
    const rows = await renderTime(ctx);
    const app = await servedApp();
    try {
      rows.push(...(await healthDuringRenders(ctx, app)));
      rows.push(...(await uploadMemory(ctx, app)));
    } finally {
      await app.close();
    }
    return rows;
  },
};
