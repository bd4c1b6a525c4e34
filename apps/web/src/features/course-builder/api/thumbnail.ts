import { fileTooLargeMessage, INVALID_IMAGE_MESSAGE, UPLOAD_AREAS } from "@academy/shared/rules/upload-areas";
import { api, unwrap } from "@/lib/api-client";
import { uploadFile } from "@/lib/upload-file";

/**
 * Course thumbnail rules: the server's "thumbnail" upload area (packages/shared/src/rules/upload-areas.ts;
 * spec 001 §5 Image upload): JPEG, PNG or WebP, at most 5 MB (MiB). The server decides from the
 * bytes; these checks only answer sooner.
 */
export const THUMBNAIL_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const THUMBNAIL_MAX_MB = UPLOAD_AREAS.thumbnail.maxMb;
export const THUMBNAIL_MAX_BYTES = THUMBNAIL_MAX_MB * 1024 * 1024;
export { fileTooLargeMessage, INVALID_IMAGE_MESSAGE };

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

/** Uploads a thumbnail (area "thumbnail"; jpeg, png or webp, 5 MB) with progress (lib/upload-file.ts). */
export function uploadThumbnail(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<StoredFile> {
  return uploadFile(file, "thumbnail", options);
}

/** POST /api/uploads/generated-thumbnail: a generated 1280×720 PNG from the title and category. */
export function generateThumbnail(input: { title: string; category: string | null }): Promise<StoredFile> {
  return unwrap(api.uploads["generated-thumbnail"].$post({ json: input }));
}
