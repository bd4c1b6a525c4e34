import { createRequire } from "node:module";
import { DEFAULT_TRACE_SAMPLE_RATIO } from "@academy/shared";
import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace-node";

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT, e.g. `http://collector:4318`; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  /** Share of new traces kept, 0–1 (OTEL_TRACES_SAMPLER_ARG; the spec's 0.1 by default). */
  sampleRatio?: number;
  /** OTEL_SERVICE_NAME (default `academy`). */
  serviceName?: string;
}

/**
 * OpenTelemetry traces for operators (issue 28 §3; docs/operations.md): one span per HTTP request
 * the server answers (named `METHOD /route/:pattern` by the metrics middleware), one per
 * PostgreSQL query (pg), and one per outgoing `fetch` (payment providers, the AI model, S3),
 * exported over OTLP/HTTP in batches. A trace started upstream (`traceparent`) keeps its sampling
 * decision; new traces are kept at `sampleRatio`. PGlite queries run inside the process and are
 * not traced.
 *
 * Call before the server starts listening. Instrumentations patch `node:http` and `pg` through
 * `require`, which reaches the same module objects the ES imports use.
 * @returns `shutdown()`, which flushes the spans still queued (call on graceful shutdown).
 */
export function startTracing(options: TracingOptions): { shutdown(): Promise<void> } {
  const endpoint = options.endpoint.replace(/\/+$/, "");
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName ?? "academy" }),
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(options.sampleRatio ?? DEFAULT_TRACE_SAMPLE_RATIO),
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // The exporter's own requests and health probes are not traced.
        ignoreOutgoingRequestHook: (request) => String(request.path ?? "").startsWith("/v1/traces"),
        ignoreIncomingRequestHook: (request) => request.url === "/api/health",
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new UndiciInstrumentation(),
    ],
  });
  const require = createRequire(import.meta.url);
  require("node:http");
  require("node:https");
  require("pg");
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
