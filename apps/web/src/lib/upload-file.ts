import { MAPPED_ERROR_TEXT, mapErrorMessage } from "@academy/shared/rules/error-mapping";
import { fileTooLargeMessage, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { ApiError } from "./api-client";

/** A stored file as POST /api/uploads answers (201). `url` is app-relative: /files/<key>. */
export interface UploadedFile {
  id: string;
  key: string;
  url: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string | null;
}

export type UploadArea = keyof typeof UPLOAD_AREAS;

/**
 * POST /api/uploads?area=… (multipart: `area` first, then `file`, so the server applies the area's
 * size limit at once) through XMLHttpRequest, which reports upload progress (fetch cannot):
 * `onProgress` receives 0–100. Resolves with the stored file.
 * @throws ApiError with the server's message (400 type refused, 413 too large, …) or the generic
 *   network text (status 0); a DOMException "AbortError" when `signal` aborts.
 */
export function uploadFile(
  file: File,
  area: UploadArea,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?area=${encodeURIComponent(area)}`);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const networkError = () =>
      reject(new ApiError(0, "NETWORK", MAPPED_ERROR_TEXT[mapErrorMessage("network error")]));
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
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
      const error = (body as { error?: { code?: unknown; message?: unknown; reason?: unknown } } | null)
        ?.error;
      const message =
        typeof error?.message === "string"
          ? error.message
          : xhr.status === 413
            ? fileTooLargeMessage(UPLOAD_AREAS[area].maxMb)
            : MAPPED_ERROR_TEXT[mapErrorMessage(String(xhr.status))];
      reject(
        new ApiError(
          xhr.status,
          typeof error?.code === "string" ? error.code : "UPLOAD_FAILED",
          message,
          typeof error?.reason === "string" ? error.reason : undefined,
        ),
      );
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("area", area);
    form.append("file", file);
    xhr.send(form);
  });
}
