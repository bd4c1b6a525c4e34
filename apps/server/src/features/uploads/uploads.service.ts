import { randomBytes } from "node:crypto";
import {
  BYTES_PER_MB,
  CREATOR_ONLY_MESSAGE,
  FILE_KINDS,
  type FileKind,
  fileTooLargeMessage,
  isUploadArea,
  NO_FILE_MESSAGE,
  UPLOAD_AREA_NAMES,
  UPLOAD_AREAS,
  type UploadArea,
} from "@academy/shared/rules/upload-areas";
import { fileTypeFromBuffer, fileTypeFromFile, fileTypeFromStream } from "file-type";
import type { Db, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import type { Logger } from "../../lib/logger.ts";
import {
  type BucketObject,
  isBucketObject,
  isStagedFile,
  isValidKey,
  type StagedFile,
  type Storage,
} from "../../storage/storage.ts";
import type { UploadForm } from "./multipart.ts";
import { renderCourseThumbnail } from "./thumbnail.ts";
import {
  deleteStoredFileById,
  findRole,
  findStoredFileById,
  findStoredFileByKey,
  insertStoredFile,
  keysOwnedBy,
  type StoredFileRow,
} from "./uploads.queries.ts";

export {
  CREATOR_ONLY_MESSAGE,
  FILE_KINDS,
  fileTooLargeMessage,
  INVALID_IMAGE_MESSAGE,
  UPLOAD_AREAS,
  type UploadArea,
} from "@academy/shared/rules/upload-areas";
/** What the uploads service needs from the app. */
/** Signed, expiring addresses of private files (lesson videos, materials): other features sign through here. */
export { PRIVATE_FILE_AREAS, signFileUrl } from "./file-signing.ts";
export { BRAND_FONT } from "./thumbnail.ts";

export interface UploadDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/** The API shape of a stored file. `url` is the app-relative address that serves it. */
export interface UploadResult {
  id: string;
  key: string;
  url: string;
  mimeType: string;
  sizeBytes: number;
  originalName: string | null;
}

/** The address of a stored object: `/files/<key>` (served by `fileRoutes`). */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}

function toResult(row: StoredFileRow): UploadResult {
  return {
    id: row.id,
    key: row.key,
    url: fileUrl(row.key),
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    originalName: row.original_name,
  };
}

/**
 * Checks that the acting user's profile role may upload to `area` (every area today: creator or
 * admin), or, without a known area, to at least one area.
 * @throws AppError FORBIDDEN `Only creators can upload course files.`
 */
export async function assertMayUpload(db: Db, actor: SessionUser, area?: string): Promise<void> {
  const role = await findRole(db, actor.id);
  const rules = isUploadArea(area) ? [UPLOAD_AREAS[area]] : Object.values(UPLOAD_AREAS);
  const allowed =
    role !== undefined && rules.some((rule) => (rule.roles as readonly string[]).includes(role));
  if (!allowed) throw new AppError("FORBIDDEN", CREATOR_ONLY_MESSAGE);
}

const KIND_BY_SNIFFED = new Map<string, FileKind>(
  (Object.entries(FILE_KINDS) as [FileKind, (typeof FILE_KINDS)[FileKind]][]).flatMap(([kind, info]) =>
    info.sniffed.map((ext): [string, FileKind] => [ext, kind]),
  ),
);

/**
 * Decides a file's kind from its bytes with the `file-type` package (magic numbers, and the
 * contents of ZIP containers for .pptx). The name matters only to tell a legacy .ppt from other
 * OLE compound files. A text file called photo.png is not an image.
 * @param bytes the bytes, a staged file on disk, or an object already in the S3 bucket (a finished
 *   tus upload, read through `storage`: file-type reads only the first bytes it needs, then the
 *   download is cancelled).
 * @returns the kind, or undefined for anything Academy does not accept.
 */
export async function detectFileKind(
  bytes: Uint8Array | StagedFile | BucketObject,
  name?: string,
  storage?: Pick<Storage, "get">,
): Promise<FileKind | undefined> {
  if ((bytes instanceof Uint8Array ? bytes.byteLength : bytes.size) === 0) return undefined;
  // A staged file is sniffed from its first bytes on disk (file-type reads only what it needs).
  const sniffed = isStagedFile(bytes)
    ? await fileTypeFromFile(bytes.path)
    : isBucketObject(bytes)
      ? await sniffObject(bytes, storage)
      : await fileTypeFromBuffer(bytes);
  if (!sniffed) return undefined;
  const kind = KIND_BY_SNIFFED.get(sniffed.ext);
  if (kind === "ppt" && !/\.ppt$/i.test(name ?? "")) return undefined;
  return kind;
}

async function sniffObject(object: BucketObject, storage: Pick<Storage, "get"> | undefined) {
  if (!storage) throw new Error("A bucket object is read through its storage.");
  const stored = await storage.get(object.bucketKey);
  if (!stored) return undefined;
  try {
    return await fileTypeFromStream(stored.body);
  } finally {
    await stored.body.cancel().catch(() => {});
  }
}

/** A file name fit for the database and a Content-Disposition header: no path, no control characters, ≤ 255 characters. */
export function cleanName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.normalize("NFC").split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean ? Array.from(clean).slice(0, 255).join("") : null;
}

function validationError(path: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, [{ path, message }]);
}

/**
 * Stores an uploaded file after checking it (spec 001 §5 Image upload, §7 Storage upload):
 * area known, the actor's role allowed there, size within the area's limit, kind sniffed from the
 * bytes and accepted by the area. Nothing is stored when a check fails.
 * @param form from `readUploadForm`: area name and the staged file (path, size, original name);
 *   the caller discards the staging file afterwards.
 * @returns the stored file (201 body of POST /api/uploads).
 * @throws AppError VALIDATION_FAILED (missing or unknown area, no file, wrong kind: for image areas
 *   exactly `Please upload a valid image file (JPEG, PNG or WebP).`), FORBIDDEN (students),
 *   PAYLOAD_TOO_LARGE (`File size must be less than {n}MB`, n = 5, 3, 100 or 500).
 */
export async function saveUpload(
  deps: UploadDeps,
  actor: SessionUser,
  form: UploadForm,
): Promise<UploadResult> {
  const { area } = form;
  if (!area) throw validationError("area", "Please choose where the file will be used.");
  if (!isUploadArea(area))
    throw validationError("area", `Unknown upload area. Use one of: ${UPLOAD_AREA_NAMES.join(", ")}.`);
  await assertMayUpload(deps.db, actor, area);
  if (!form.file) throw validationError("file", NO_FILE_MESSAGE);
  const rule = UPLOAD_AREAS[area];
  const { name, ...staged } = form.file;
  if (staged.size > rule.maxMb * BYTES_PER_MB)
    throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(rule.maxMb));
  const kind = await detectFileKind(staged, name);
  if (!kind || !(rule.kinds as readonly FileKind[]).includes(kind))
    throw validationError("file", rule.invalidTypeMessage);
  return storeFile(deps, actor, area, kind, staged, cleanName(name));
}

/**
 * Writes bytes (or a staged file, streamed; or a bucket object, copied inside the bucket) under a fresh key `<area>/<userId>/<Date.now()>-<16 hex>.<ext>` (never overwriting)
 * and records a stored_files row; if the row cannot be written the object is removed again.
 * The caller has checked the area, role, size and kind.
 */
export async function storeFile(
  deps: UploadDeps,
  owner: Pick<SessionUser, "id">,
  area: UploadArea,
  kind: FileKind,
  bytes: Uint8Array | StagedFile | BucketObject,
  originalName: string | null,
): Promise<UploadResult> {
  const { mime, ext } = FILE_KINDS[kind];
  const key = `${area}/${owner.id}/${Date.now()}-${randomBytes(8).toString("hex")}.${ext}`;
  await deps.storage.put(key, bytes, mime);
  try {
    const row = await insertStoredFile(deps.db, {
      ownerId: owner.id,
      key,
      area,
      mimeType: mime,
      sizeBytes: bytes instanceof Uint8Array ? bytes.byteLength : bytes.size,
      originalName,
    });
    return toResult(row);
  } catch (error) {
    await deps.storage
      .delete(key)
      .catch((cleanupError: unknown) =>
        deps.logger.warn({ err: cleanupError, key }, "could not remove an object after a failed insert"),
      );
    throw error;
  }
}

/**
 * Renders a course thumbnail (1280×720 PNG, see `renderCourseThumbnail`) and stores it like an
 * upload in area `thumbnail` (spec 001 §4 "thumbnail (upload or auto-generated)").
 * @param input title (1–200 characters) and optional category (language, programming, business,
 *   creative, science pick the design; anything else gets the default one).
 * @throws AppError FORBIDDEN for students.
 */
export async function createGeneratedThumbnail(
  deps: UploadDeps,
  actor: SessionUser,
  input: { title: string; category?: string | null },
): Promise<UploadResult> {
  await assertMayUpload(deps.db, actor, "thumbnail");
  const png = await renderCourseThumbnail(input.title, input.category);
  return storeFile(deps, actor, "thumbnail", "png", png, "thumbnail.png");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes one of the actor's stored files: the object first, then its row (so a failed delete can
 * be retried). Other people's files, unknown ids and malformed ids all answer NOT_FOUND.
 * @throws AppError NOT_FOUND `File not found.`
 */
export async function deleteUpload(deps: UploadDeps, actor: SessionUser, id: string): Promise<void> {
  const row = UUID.test(id) ? await findStoredFileById(deps.db, id) : undefined;
  if (!row || row.owner_id !== actor.id) throw new AppError("NOT_FOUND", "File not found.");
  await deps.storage.delete(row.key);
  await deleteStoredFileById(deps.db, row.id);
}

/**
 * The stored_files row behind `/files/<key>` (its MIME type, size and name are what is served), or
 * undefined for an unknown or malformed key. Files are public to anyone who has the address.
 */
export async function findServedFile(db: Db, key: string): Promise<StoredFileRow | undefined> {
  if (!isValidKey(key)) return undefined;
  return findStoredFileByKey(db, key);
}

/**
 * Which of `urls` (app file addresses, "/files/<key>", optionally with a query) are uploads of
 * `ownerId` (issue 25 N4: a course may only use its creator's files). Addresses that are not
 * /files/ addresses, malformed keys, unknown keys and other people's files are left out.
 * @returns the owned addresses, exactly as given.
 */
export async function fileUrlsOwnedBy(db: Executor, ownerId: string, urls: string[]): Promise<Set<string>> {
  const keyOf = (url: string) =>
    url.startsWith("/files/") ? url.split(/[?#]/)[0]!.slice("/files/".length) : undefined;
  const keys = [...new Set(urls.map(keyOf).filter((key): key is string => !!key && isValidKey(key)))];
  const owned = await keysOwnedBy(db, ownerId, keys);
  return new Set(urls.filter((url) => owned.has(keyOf(url) ?? "")));
}
