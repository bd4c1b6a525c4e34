/**
 * Upload areas and their rules (spec 001 §5 "Image upload", §7 "Storage upload"). Shared by the server
 * (apps/server/src/features/uploads) and the web forms' client-side checks.
 *
 * Sizes are in MB as the spec writes them, counted as MiB (1 MB = 1,048,576 bytes), like the
 * browser check `file.size > 5 * 1024 * 1024` the spec's app did.
 */

/**
 * The file kinds Academy accepts, decided from the file's bytes (never from its name or the
 * browser's Content-Type). `sniffed` lists the `ext` values the `file-type` package reports for
 * that kind; `mime` and `ext` are what is stored and served.
 */
export const FILE_KINDS = {
  jpeg: { mime: "image/jpeg", ext: "jpg", sniffed: ["jpg"] },
  png: { mime: "image/png", ext: "png", sniffed: ["png", "apng"] },
  webp: { mime: "image/webp", ext: "webp", sniffed: ["webp"] },
  gif: { mime: "image/gif", ext: "gif", sniffed: ["gif"] },
  pdf: { mime: "application/pdf", ext: "pdf", sniffed: ["pdf"] },
  mp4: { mime: "video/mp4", ext: "mp4", sniffed: ["mp4", "m4v"] },
  webm: { mime: "video/webm", ext: "webm", sniffed: ["webm"] },
  mov: { mime: "video/quicktime", ext: "mov", sniffed: ["mov"] },
  mp3: { mime: "audio/mpeg", ext: "mp3", sniffed: ["mp3"] },
  wav: { mime: "audio/wav", ext: "wav", sniffed: ["wav"] },
  ogg: { mime: "audio/ogg", ext: "ogg", sniffed: ["ogg", "oga", "opus"] },
  m4a: { mime: "audio/mp4", ext: "m4a", sniffed: ["m4a"] },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ext: "pptx",
    sniffed: ["pptx"],
  },
  /**
   * Legacy PowerPoint. Its bytes only say "OLE compound file" (`cfb`, shared with .doc and .xls),
   * so a cfb file is taken as a presentation only when its name ends in .ppt; it is always served
   * as a download.
   */
  ppt: { mime: "application/vnd.ms-powerpoint", ext: "ppt", sniffed: ["cfb"] },
} as const;

export type FileKind = keyof typeof FILE_KINDS;

/** Spec 001 §5 text for a file that is not a JPEG, PNG or WebP image. */
export const INVALID_IMAGE_MESSAGE = "Please upload a valid image file (JPEG, PNG or WebP).";
export const INVALID_MATERIAL_MESSAGE =
  "Please upload a PDF, a video (MP4, WebM or MOV), an audio file (MP3, WAV, OGG or M4A), a presentation (PPTX or PPT) or an image (JPEG, PNG, WebP or GIF).";
/** A school's logo and favicon go into PDFs and browser tabs: PNG or JPEG only (issue 15). */
export const INVALID_LOGO_MESSAGE = "Please upload a PNG or JPEG image.";
export const INVALID_VIDEO_MESSAGE = "Please upload a video file (MP4, WebM or MOV).";
/** Refusal for a student (uploads serve course building and landing pages). */
export const CREATOR_ONLY_MESSAGE = "Only creators can upload course files.";
export const NO_FILE_MESSAGE = "Please choose a file to upload.";

/** Spec 001 §5 text for a file over the limit: `File size must be less than {n}MB`. */
export function fileTooLargeMessage(maxMb: number): string {
  return `File size must be less than ${maxMb}MB`;
}

const IMAGES = ["jpeg", "png", "webp"] as const satisfies readonly FileKind[];
const VIDEOS = ["mp4", "webm", "mov"] as const satisfies readonly FileKind[];
const CREATORS = ["creator", "admin"] as const;

export interface UploadAreaRule {
  /** Kinds accepted, decided by content sniffing. */
  kinds: readonly FileKind[];
  /** Largest accepted file in MB (MiB). */
  maxMb: number;
  /** Message when the sniffed kind is not accepted. */
  invalidTypeMessage: string;
  /** Profile roles allowed to upload here. */
  roles: readonly ("student" | "creator" | "admin")[];
}

/**
 * Where a file is used, and what may be uploaded there:
 * - thumbnail: course thumbnails (spec 001 §5 images, 5 MB);
 * - landing-page: landing-page images (5 MB; spec 001 §7 bucket landing-pages);
 * - social-image: a landing page's Open Graph image (3 MB);
 * - material: Material Bank uploads: PDFs, videos, audio, presentations, images (100 MB);
 * - lesson-video: a lesson's video (500 MB);
 * - school-logo, school-favicon: a school's logo (2 MB) and favicon (1 MB) (issue 15).
 */
export const UPLOAD_AREAS = {
  thumbnail: { kinds: IMAGES, maxMb: 5, invalidTypeMessage: INVALID_IMAGE_MESSAGE, roles: CREATORS },
  "landing-page": { kinds: IMAGES, maxMb: 5, invalidTypeMessage: INVALID_IMAGE_MESSAGE, roles: CREATORS },
  "social-image": { kinds: IMAGES, maxMb: 3, invalidTypeMessage: INVALID_IMAGE_MESSAGE, roles: CREATORS },
  material: {
    kinds: [...IMAGES, "gif", "pdf", ...VIDEOS, "mp3", "wav", "ogg", "m4a", "pptx", "ppt"],
    maxMb: 100,
    invalidTypeMessage: INVALID_MATERIAL_MESSAGE,
    roles: CREATORS,
  },
  "lesson-video": { kinds: VIDEOS, maxMb: 500, invalidTypeMessage: INVALID_VIDEO_MESSAGE, roles: CREATORS },
  "school-logo": {
    kinds: ["jpeg", "png"],
    maxMb: 2,
    invalidTypeMessage: INVALID_LOGO_MESSAGE,
    roles: CREATORS,
  },
  "school-favicon": { kinds: ["png"], maxMb: 1, invalidTypeMessage: INVALID_LOGO_MESSAGE, roles: CREATORS },
} as const satisfies Record<string, UploadAreaRule>;

export type UploadArea = keyof typeof UPLOAD_AREAS;
export const UPLOAD_AREA_NAMES = Object.keys(UPLOAD_AREAS) as [UploadArea, ...UploadArea[]];

export function isUploadArea(value: unknown): value is UploadArea {
  return typeof value === "string" && Object.hasOwn(UPLOAD_AREAS, value);
}

/** Bytes in one MB as the limits count it. */
export const BYTES_PER_MB = 1024 * 1024;

/** An area's limit in bytes and MB; for an unknown or missing area, the largest of all areas. */
export function uploadLimit(area: string | undefined): { maxBytes: number; maxMb: number } {
  const maxMb = isUploadArea(area)
    ? UPLOAD_AREAS[area].maxMb
    : Math.max(...Object.values(UPLOAD_AREAS).map((rule) => rule.maxMb));
  return { maxMb, maxBytes: maxMb * BYTES_PER_MB };
}

/**
 * Types the browser may show inline (images, video, audio, PDF; never SVG, which can carry
 * scripts); everything else is served with `Content-Disposition: attachment`.
 */
export function isInlineMime(mime: string): boolean {
  if (mime === "image/svg+xml") return false;
  return /^(image|video|audio)\//.test(mime) || mime === "application/pdf";
}
