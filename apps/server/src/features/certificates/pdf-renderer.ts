import { Piscina } from "piscina";
import { AppError } from "../../lib/errors.ts";
import type { CertificatePdfInput } from "./pdf.ts";

/**
 * Longest time one certificate PDF may take, waiting for a worker included, before its worker is
 * stopped (ms). A warm render takes well under a second; a cold worker loads its code first.
 */
export const PDF_RENDER_TIMEOUT_MS = 20_000;
/** Worker threads rendering PDFs at once; further renders queue. */
export const PDF_RENDER_THREADS = 2;
/** Renders waiting for a worker beyond this answer 503 instead of queueing without bound. */
export const PDF_RENDER_MAX_QUEUE = 64;

/** Text of the 503 when a render fails, times out or the queue is full. */
export const PDF_UNAVAILABLE_MESSAGE =
  "The certificate PDF could not be made right now. Please try again in a minute.";

/** Renders certificate PDFs off the event loop. */
export interface PdfRenderer {
  /**
   * Renders `input` with `renderCertificatePdf` (pdf.ts) in a worker thread.
   * @returns the PDF bytes.
   * @throws AppError UNAVAILABLE (503) when the render fails, passes the time limit (its worker is
   *   stopped) or too many renders are waiting.
   */
  render(input: CertificatePdfInput): Promise<Uint8Array>;
  /** Starts one worker thread now (it loads the renderer), so the first PDF does not wait for it. */
  warm(): void;
  /** Stops the worker threads. */
  close(): Promise<void>;
}

/**
 * A pool of worker threads (piscina) running the certificate renderer (issue 16 item 1, decision
 * 0160), so a slow render never blocks other requests. The first render starts the pool; one
 * thread then stays ready (it does not keep the process alive), extra ones end after a minute idle. Options are for tests and benchmarks (`workerFile`: another worker module whose default
 * export takes the input and returns the bytes).
 */
export function createPdfRenderer(
  options: { timeoutMs?: number; threads?: number; maxQueue?: number; workerFile?: URL } = {},
): PdfRenderer {
  const timeoutMs = options.timeoutMs ?? PDF_RENDER_TIMEOUT_MS;
  let pool: Piscina | undefined;
  const getPool = () => {
    pool ??= new Piscina({
      filename: (options.workerFile ?? new URL("./pdf-worker.mjs", import.meta.url)).href,
      minThreads: 1,
      maxThreads: options.threads ?? PDF_RENDER_THREADS,
      maxQueue: options.maxQueue ?? PDF_RENDER_MAX_QUEUE,
      idleTimeout: 60_000,
    });
    return pool;
  };
  return {
    async render(input) {
      try {
        const result = (await getPool().run(input, { signal: AbortSignal.timeout(timeoutMs) })) as Uint8Array;
        return new Uint8Array(result.buffer, result.byteOffset, result.byteLength);
      } catch (error) {
        throw Object.assign(new AppError("UNAVAILABLE", PDF_UNAVAILABLE_MESSAGE), { cause: error });
      }
    },
    warm() {
      getPool();
    },
    async close() {
      const current = pool;
      pool = undefined;
      await current?.destroy();
    },
  };
}

let shared: PdfRenderer | undefined;

/** The process-wide renderer used by the certificates service. */
export function sharedPdfRenderer(): PdfRenderer {
  shared ??= createPdfRenderer();
  return shared;
}
