import autocannon, { type Result } from "autocannon";

export interface LoadOptions {
  connections: number;
  /** Measured seconds. */
  durationS: number;
  /** Seconds of identical load run first and thrown away. */
  warmupS: number;
}

export interface LoadSummary {
  url: string;
  connections: number;
  durationS: number;
  /** Average requests per second over the measured run. */
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  latencyMaxMs: number;
  totalRequests: number;
  bytesPerSec: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

function summarize(result: Result): LoadSummary {
  return {
    url: result.url,
    connections: result.connections,
    durationS: result.duration,
    requestsPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    latencyMaxMs: result.latency.max,
    totalRequests: result.requests.total,
    bytesPerSec: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodeStats: result.statusCodeStats,
  };
}

/** Warms up, then measures `url` with autocannon (GET, keep-alive, no pipelining). */
export async function measureLoad(url: string, options: LoadOptions): Promise<LoadSummary> {
  if (options.warmupS > 0)
    await autocannon({ url, connections: options.connections, duration: options.warmupS });
  const result = await autocannon({ url, connections: options.connections, duration: options.durationS });
  return summarize(result);
}
