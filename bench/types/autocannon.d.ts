// Minimal typings for the parts of autocannon's programmatic API the benchmarks use
// (autocannon ships no types and @types/autocannon is not installed).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p0_001: number;
    p0_01: number;
    p0_1: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
    sent?: number;
  }

  export interface Result {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    connections: number;
    pipelining: number;
    start: Date;
    finish: Date;
    statusCodeStats: Record<string, { count: number }>;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  }

  export interface Options {
    url: string | string[];
    connections?: number;
    duration?: number | string;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    title?: string;
    workers?: number;
    bailout?: number;
    expectBody?: string;
    /** Requests per second across all connections. */
    overallRate?: number;
    /** Per-request hooks, e.g. to rotate headers. */
    requests?: Array<{
      setupRequest?: (request: { headers: Record<string, string> }) => { headers: Record<string, string> };
    }>;
  }

  export type Instance = EventEmitter & Promise<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
