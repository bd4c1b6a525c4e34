import http from "node:http";
import { performance } from "node:perf_hooks";

export interface OpenLoopResult {
  /** Milliseconds from each request's scheduled start to the end of its response. */
  latencies: number[];
  /** Responses per second over the run. */
  achievedRate: number;
  statusCodes: Record<number, number>;
  /** Network errors (no response). */
  errors: number;
}

/**
 * An open-loop load generator at a constant arrival rate (the wrk2 method): request i is due at
 * start + i / rate, whatever happened to the earlier ones, over up to `connections` keep-alive
 * sockets. Latency is measured from the moment a request was DUE, so a slow server or a full
 * connection pool shows up in the numbers instead of silently lowering the rate (no coordinated
 * omission). autocannon's `overallRate` instead lets every connection fire its share of the second
 * back to back at the top of each second, which measures a burst of `rate` requests, not a rate.
 */
export async function openLoop(opts: {
  url: string;
  rate: number;
  durationS: number;
  connections: number;
  request: (i: number) => { method: string; path: string; headers: Record<string, string>; body?: string };
}): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const base = new URL(opts.url);
  const total = Math.round(opts.rate * opts.durationS);
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  const statusCodes: Record<number, number> = {};
  let errors = 0;
  let finished = 0;
  const started = performance.now() + 50;
  try {
    await new Promise<void>((resolve) => {
      const settle = () => {
        finished += 1;
        if (finished === total) resolve();
      };
      const fire = (i: number, due: number) => {
        const spec = opts.request(i);
        const req = http.request(
          {
            host: base.hostname,
            port: base.port,
            path: spec.path,
            method: spec.method,
            headers: spec.body
              ? { ...spec.headers, "content-length": String(Buffer.byteLength(spec.body)) }
              : spec.headers,
            agent,
          },
          (res) => {
            res.resume();
            res.on("end", () => {
              latencies.push(performance.now() - due);
              statusCodes[res.statusCode ?? 0] = (statusCodes[res.statusCode ?? 0] ?? 0) + 1;
              settle();
            });
          },
        );
        req.on("error", () => {
          errors += 1;
          settle();
        });
        req.end(spec.body);
      };
      let sent = 0;
      const tick = () => {
        const now = performance.now();
        while (sent < total && started + sent * interval <= now) {
          fire(sent, started + sent * interval);
          sent += 1;
        }
        if (sent < total) setTimeout(tick, 1);
      };
      setTimeout(tick, 50);
    });
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, achievedRate: latencies.length / elapsed, statusCodes, errors };
}
