import { ApiError } from "@/lib/api-client";

/* A copy of features/materials/api/upload-file.ts (features may not import each other, DESIGN.md §3.1);
   both could move to lib/ once a third caller appears. */

/** A stored file as POST /api/uploads answers (201). `url` is app-relative: /files/<key>. */
export interface UploadedFile {
  id: string;
  key: string;
  url: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string | null;
}

/**
 * POST /api/uploads (multipart: `file`, `area`) through XMLHttpRequest, so the upload progress can
 * be shown (`onProgress` gets 0–100). Resolves with the stored file.
 * @throws ApiError with the server's message (400 type refused, 413 too large, …), status 0 for a
 *   network failure; a DOMException "AbortError" when `signal` aborts.
 */
export function uploadFile(
  file: File,
  area: "lesson-video",
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        options.onProgress?.(100);
        resolve(body as UploadedFile);
        return;
      }
      const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          typeof error?.code === "string" ? error.code : "UPLOAD_FAILED",
          typeof error?.message === "string" ? error.message : "",
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", ""));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException("Upload cancelled", "AbortError"));
        return;
      }
      options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append("area", area);
    form.append("file", file);
    xhr.send(form);
  });
}
