/**
 * The spec's performance targets (000, "Performance targets in a config"), in one place: the
 * benchmarks (`npm run bench`) and the server's metrics (`/metrics`) read these, so a change here
 * moves every check together.
 * - `pageLoadMs`: a page is usable within 3,000 ms (milliseconds).
 * - `imageLoadMs`: an image loads within 1,000 ms.
 * - `apiResponseMs`: an API response arrives within 5,000 ms; slower ones are counted as slow.
 * - `bundleBytes`: the JavaScript a page downloads stays within 1 MiB (1,048,576 bytes).
 */
export const PERFORMANCE_TARGETS = {
  pageLoadMs: 3000,
  imageLoadMs: 1000,
  apiResponseMs: 5000,
  bundleBytes: 1_048_576,
} as const;

/** The spec's error-tracing sample rate (001, the limits list): 0.1 of traces are kept by default. */
export const DEFAULT_TRACE_SAMPLE_RATIO = 0.1;

/** The spec's memory check interval (001, the limits list): every 30 seconds (milliseconds). */
export const MEMORY_CHECK_INTERVAL_MS = 30_000;
