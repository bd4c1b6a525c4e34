import * as tus from "tus-js-client";
import { ApiError } from "./api-client";
import type { UploadArea, UploadedFile } from "./upload-file";

/** Bytes per tus PATCH: 8 MiB, the server's TUS_CHUNK_BYTES (a larger chunk is refused). */
export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;

/** Waits between automatic retries after a dropped connection, in ms (then it stops and says so). */
export const RESUMABLE_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

/** Where an upload stands, for the progress UI. Speed in bytes per second; secondsLeft null while unknown. */
export interface UploadProgress {
  sent: number;
  total: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

/**
 * Speed over the last `windowMs` of progress samples (a moving window, so a pause or a dropped
 * connection shows in a few seconds), and the time left at that speed.
 */
export function createSpeedMeter(windowMs = 5000) {
  let samples: { at: number; sent: number }[] = [];
  return {
    /** Records `sent` bytes at time `at` (ms) and returns the progress figures. */
    sample(sent: number, total: number, at: number): UploadProgress {
      samples.push({ at, sent });
      samples = samples.filter((s) => at - s.at <= windowMs);
      const first = samples[0];
      const elapsed = (at - first.at) / 1000;
      const bytesPerSecond = elapsed >= 0.5 ? Math.max(0, (sent - first.sent) / elapsed) : null;
      const secondsLeft = bytesPerSecond ? Math.ceil((total - sent) / bytesPerSecond) : null;
      return { sent, total, bytesPerSecond, secondsLeft };
    },
    /** Forgets the samples (after a pause: speed is measured afresh). */
    reset() {
      samples = [];
    },
  };
}

/** A running resumable upload. */
export interface ResumableUpload {
  /** Stops sending; what the server has stays there. */
  pause(): void;
  /** Continues from the server's offset. */
  resume(): void;
  /** Stops and deletes the partial upload on the server. */
  cancel(): Promise<void>;
}

/** A partial upload of the same file (same name, size, type, last-modified) this browser started before. */
export interface PreviousUpload {
  sent: number | null;
  startedAt: string;
}

function makeUpload(
  file: File,
  area: UploadArea,
  handlers: {
    onProgress(progress: UploadProgress): void;
    onSuccess(file: UploadedFile): void;
    onError(error: ApiError): void;
    onRetry?(): void;
  },
  now: () => number,
) {
  const meter = createSpeedMeter();
  const upload = new tus.Upload(file, {
    endpoint: "/api/uploads/tus",
    chunkSize: RESUMABLE_CHUNK_BYTES,
    retryDelays: RESUMABLE_RETRY_DELAYS,
    metadata: { area, filename: file.name, filetype: file.type },
    // The URL is kept in localStorage under the file's fingerprint, so a reload can resume.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // 4xx answers (limits, type, ownership) are final; the rest retry.
    onShouldRetry: (error) => {
      const status = (error as tus.DetailedError).originalResponse?.getStatus() ?? 0;
      const retry = status === 0 || status === 409 || status === 423 || status >= 500;
      if (retry) handlers.onRetry?.();
      return retry;
    },
    onProgress: (sent, total) => handlers.onProgress(meter.sample(sent, total, now())),
    onSuccess: (payload) => {
      const body = payload?.lastResponse?.getBody();
      try {
        handlers.onSuccess(JSON.parse(body ?? "") as UploadedFile);
      } catch {
        handlers.onError(
          new ApiError(0, "BAD_RESPONSE", "The upload finished but its answer could not be read."),
        );
      }
    },
    onError: (error) => {
      const response = (error as tus.DetailedError).originalResponse;
      const status = response?.getStatus() ?? 0;
      let body: { error?: { code?: string; message?: string } } = {};
      try {
        body = JSON.parse(response?.getBody() ?? "");
      } catch {}
      handlers.onError(new ApiError(status, body.error?.code ?? "NETWORK", body.error?.message ?? ""));
    },
  });
  return { upload, meter };
}

/** Partial uploads of `file` this browser could resume (newest first). */
export async function findPreviousUploads(file: File, area: UploadArea): Promise<PreviousUpload[]> {
  const { upload } = makeUpload(file, area, { onProgress() {}, onSuccess() {}, onError() {} }, () =>
    Date.now(),
  );
  const previous = await upload.findPreviousUploads();
  return previous
    .map((p) => ({ sent: null, startedAt: p.creationTime }))
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/**
 * Uploads `file` to `area` over tus (POST /api/uploads/tus, then 8 MB PATCHes): retries on its own
 * after a dropped connection (`RESUMABLE_RETRY_DELAYS`), and with `resumePrevious` continues the
 * newest partial upload of the same file from an earlier visit (without it, earlier attempts are
 * forgotten). `onSuccess` receives the stored
 * file, the same as POST /api/uploads answers. `onError` gets an ApiError with the server's status
 * and message (413 too large, 400 wrong type…; 0 when the network stayed down).
 */
export function startResumableUpload(
  file: File,
  area: UploadArea,
  handlers: {
    onProgress(progress: UploadProgress): void;
    onSuccess(file: UploadedFile): void;
    onError(error: ApiError): void;
    /** Called when the connection dropped and a retry is scheduled. */
    onRetry?(): void;
  },
  options: { resumePrevious?: boolean; now?: () => number } = {},
): ResumableUpload {
  const { upload, meter } = makeUpload(file, area, handlers, options.now ?? (() => performance.now()));
  void (async () => {
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (options.resumePrevious) {
      const newest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (newest) upload.resumeFromPreviousUpload(newest);
    } else {
      // Starting over: forget the earlier attempts (the server deletes their bytes after 24 h).
      for (const old of previous)
        if (old.urlStorageKey) await tus.defaultOptions.urlStorage?.removeUpload(old.urlStorageKey);
    }
    upload.start();
  })();
  return {
    pause() {
      void upload.abort(false);
      meter.reset();
    },
    resume() {
      meter.reset();
      upload.start();
    },
    cancel() {
      return upload.abort(true).catch(() => undefined);
    },
  };
}
