import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../src/db/schema/index.ts";
import { createIntervalWorker } from "../src/lib/interval-worker.ts";
import { createMemoryCheck } from "../src/observability/memory-check.ts";
import { metricsAccess, recordJobRun, trackStream } from "../src/observability/metrics.ts";
import { startTracing } from "../src/observability/tracing.ts";
import { createTestContext, type TestContext } from "./harness.ts";

/** Issue 28 §3: Prometheus metrics at /metrics, the 30 s memory check, OpenTelemetry traces. */

/** The value of one sample line `name{labels} value` in a Prometheus text exposition. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("/metrics", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: "metrics-token-0123456789" });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("counts each request under its route pattern (no ids in labels), with the process defaults", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    expect((await ctx.request(`/api/certificates/${id}`)).status).toBe(404);
    expect((await ctx.request(`/api/certificates/${id}`)).status).toBe(404);
    const response = await ctx.request("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(
      sample(text, "academy_http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/certificates/:id",
        status: "404",
      }),
    ).toBe(2);
    expect(text).not.toContain(id);
    expect(text).toContain("academy_process_resident_memory_bytes");
    expect(text).toContain("academy_nodejs_eventloop_lag_seconds");
    expect(sample(text, "academy_db_ping_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("reports open event streams, background jobs and the outbox's lag", async () => {
    const release = trackStream("checkout");
    recordJobRun("test-job", 0.25, true);
    recordJobRun("test-job", 0.5, false);
    await ctx.runtime.db.insert(emailOutbox).values({
      to_address: "lag@example.com",
      subject: "s",
      html: "<p>h</p>",
      text: "t",
      template: "test",
      created_at: new Date(Date.now() - 90_000),
    });
    let text = await (await ctx.request("/metrics")).text();
    expect(sample(text, "academy_sse_clients", { stream: "checkout" })).toBe(1);
    expect(sample(text, "academy_job_runs_total", { job: "test-job", outcome: "ok" })).toBe(1);
    expect(sample(text, "academy_job_runs_total", { job: "test-job", outcome: "failed" })).toBe(1);
    expect(sample(text, "academy_job_seconds_since_last_run", { job: "test-job" })).toBeLessThan(60);
    expect(sample(text, "academy_outbox_pending")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "academy_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(89);
    release();
    release(); // a second call changes nothing
    text = await (await ctx.request("/metrics")).text();
    expect(sample(text, "academy_sse_clients", { stream: "checkout" })).toBe(0);
  });

  it("times a named interval worker's runs", async () => {
    const worker = createIntervalWorker(
      async () => undefined,
      10,
      () => undefined,
      "tick-job",
    );
    worker.start();
    await vi.waitFor(async () => {
      const text = await (await ctx.request("/metrics")).text();
      expect(sample(text, "academy_job_runs_total", { job: "tick-job", outcome: "ok" })).toBeGreaterThan(0);
    });
    await worker.stop();
  });

  it("answers a bearer token, or loopback; 404 to anyone else", async () => {
    const remote = await createTestContext({
      TRUST_PROXY: "true",
      METRICS_TOKEN: "metrics-token-0123456789",
    });
    try {
      expect((await remote.request("/metrics", { ip: "203.0.113.9" })).status).toBe(404);
      expect((await remote.request("/metrics", { ip: "127.0.0.1" })).status).toBe(200);
      const withToken = await remote.request("/metrics", {
        ip: "203.0.113.9",
        headers: { authorization: "Bearer metrics-token-0123456789" },
      });
      expect(withToken.status).toBe(200);
      const wrong = await remote.request("/metrics", {
        ip: "127.0.0.1",
        headers: { authorization: "Bearer metrics-token-0123456780" },
      });
      expect(wrong.status).toBe(404);
    } finally {
      await remote.close();
    }
    expect(metricsAccess("Bearer abc", undefined)).toBe("refused");
    expect(metricsAccess(undefined, "abc")).toBe("loopback-check");
    expect(metricsAccess("Basic abc", "abc")).toBe("refused");
  });
});

describe("the memory check (spec: every 30 seconds)", () => {
  it("warns once when RSS passes the threshold, says when it is back, and warns again on a new crossing", () => {
    const MB = 1024 * 1024;
    let rss = 100 * MB;
    const logger = { warn: vi.fn(), info: vi.fn() };
    const check = createMemoryCheck({
      logger,
      thresholdBytes: 512 * MB,
      read: () => ({ rss, heapTotal: 0, heapUsed: 50 * MB, external: 0, arrayBuffers: 0 }),
    });
    expect(check.check()).toBe(false);
    rss = 600 * MB;
    expect(check.check()).toBe(true);
    expect(check.check()).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0][0]).toMatchObject({ rssMb: 600, thresholdMb: 512 });
    rss = 300 * MB;
    expect(check.check()).toBe(false);
    expect(logger.info).toHaveBeenCalledTimes(1);
    rss = 700 * MB;
    check.check();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});

describe("traces over OTLP", () => {
  it("exports a span per request, named by route, to OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    const bodies: string[] = [];
    const collector = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        if (req.url === "/v1/traces") bodies.push(body);
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const tracing = startTracing({ endpoint, sampleRatio: 1, serviceName: "academy-test" });
    const ctx = await createTestContext();
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as AddressInfo).port;
      const id = "00000000-0000-4000-8000-000000000002";
      expect((await fetch(`http://127.0.0.1:${port}/api/certificates/${id}`)).status).toBe(404);
    } finally {
      await tracing.shutdown(); // flushes the batch
      await new Promise((resolve) => server.close(resolve));
      await ctx.close();
      await new Promise((resolve) => collector.close(resolve));
    }
    const all = bodies.join("\n");
    expect(all).toContain("academy-test");
    expect(all).toContain("GET /api/certificates/:id");
    expect(all).toContain('"http.route"');
  });
});
