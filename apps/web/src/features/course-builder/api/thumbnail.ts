import { MAPPED_ERROR_TEXT, mapErrorMessage } from "@academy/shared";
import { ApiError, api, unwrap } from "@/lib/api-client";

/**
 * Course thumbnail rules, the same as the server's "thumbnail" upload area
 * (apps/server/src/features/uploads/upload-areas.ts; spec 001 §5 Image upload): JPEG, PNG or WebP,
 * at most 5 MB (MiB). The server decides from the bytes; these checks only answer sooner.
 */
export const THUMBNAIL_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const THUMBNAIL_MAX_MB = 5;
export const THUMBNAIL_MAX_BYTES = THUMBNAIL_MAX_MB * 1024 * 1024;
/** The server's texts (spec 001 §5), also used for the same refusals in the browser. */
export const INVALID_IMAGE_MESSAGE = "Please upload a valid image file (JPEG, PNG or WebP).";
export const fileTooLargeMessage = (maxMb: number) => `File size must be less than ${maxMb}MB`;

/** A stored file (POST /api/uploads, POST /api/uploads/generated-thumbnail). `url` is app-relative. */
export interface StoredFile {
  id: string;
  key: string;
  url: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string | null;
}

/** The browser-side check of a chosen thumbnail file: the server's message when refused, else null. */
export function checkThumbnailFile(file: Pick<File, "type" | "size">): string | null {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_MESSAGE;
  if (file.size > THUMBNAIL_MAX_BYTES) return fileTooLargeMessage(THUMBNAIL_MAX_MB);
  return null;
}

/**
 * POST /api/uploads (multipart: file, area=thumbnail) through XMLHttpRequest, which reports the
 * upload's progress (fetch cannot). `onProgress` receives 0–100.
 * @throws ApiError with the server's message (400 type, 413 size) or the network text.
 */
export function uploadThumbnail(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads?area=thumbnail");
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
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve(body as StoredFile);
        return;
      }
      const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      const message =
        typeof error?.message === "string"
          ? error.message
          : xhr.status === 413
            ? fileTooLargeMessage(THUMBNAIL_MAX_MB)
            : MAPPED_ERROR_TEXT[mapErrorMessage(String(xhr.status))];
      reject(new ApiError(xhr.status, String(error?.code ?? "UNKNOWN"), message));
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("area", "thumbnail");
    form.append("file", file);
    xhr.send(form);
  });
}

/** POST /api/uploads/generated-thumbnail: a generated 1280×720 PNG from the title and category. */
export function generateThumbnail(input: { title: string; category: string | null }): Promise<StoredFile> {
  return unwrap(api.uploads["generated-thumbnail"].$post({ json: input }));
}
