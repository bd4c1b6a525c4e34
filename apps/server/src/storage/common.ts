/**
 * File storage (DESIGN.md §1 "storage → local disk or any S3-compatible store"; spec 001 §7
 * "Storage upload … cache 3600, no overwrite").
 *
 * Keys are relative, `/`-separated paths such as `thumbnail/<userId>/<timestamp>-<random>.png`:
 * every segment is made of `A-Z a-z 0-9 . _ -`, none is empty, `.` or `..`, and the key has no
 * leading `/` (see `isValidKey`). Objects are immutable: `put` never replaces an existing key.
 */
import type { S3Config } from "./s3.ts";

export interface Storage {
  /** "local": files under `<DATA_DIR>/uploads`; "s3": an S3-compatible bucket. */
  readonly kind: "local" | "s3";
  /**
   * Folder on local disk where incoming uploads are written while they stream in (issue 16 item 2):
   * `<root>/.incoming` for local storage (same disk, so `put` links the file into place), the
   * system's temporary folder for S3. Created on demand by the writer.
   */
  readonly stagingDir: string;
  /**
   * The bucket settings when `kind` is "s3" (the tus endpoint keeps its partial uploads in the
   * same bucket, decision 0235); undefined for local storage.
   */
  readonly s3Config?: S3Config;
  /**
   * Stores `body` under `key`: bytes in memory, a file staged in `stagingDir` (streamed from
   * disk, never read into memory; the caller removes the staged file afterwards), or — S3 only —
   * an object already in the bucket (`BucketObject`, a finished tus upload: copied inside the
   * bucket, the bytes never pass through the server; the caller removes the source).
   * @param contentType the MIME type kept with the object where the backend supports it (S3).
   * @throws StorageKeyError for an invalid key; StorageKeyExistsError when the key already exists
   *   (nothing is overwritten); Error for a BucketObject given to local storage.
   */
  put(key: string, body: Uint8Array | StagedFile | BucketObject, contentType: string): Promise<void>;
  /**
   * Opens an object for reading.
   * @param range inclusive byte offsets (`{ start: 0, end: 99 }` is the first 100 bytes), already
   *   checked by the caller against the object's size (HTTP range semantics).
   * @returns `body` streams the whole object or just the range; `size` is the whole object's size
   *   in bytes; `contentType` where the backend keeps one. undefined when the key does not exist.
   * @throws StorageKeyError for an invalid key; StorageRangeError for a range outside the object.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Removes an object; a missing key is not an error. @throws StorageKeyError for an invalid key. */
  delete(key: string): Promise<void>;
}

/** A file written to local disk (`Storage.stagingDir`) before it is stored: absolute path, size in bytes. */
export interface StagedFile {
  path: string;
  size: number;
}

/** An object already stored in the S3 bucket under `bucketKey` (a finished tus upload), `size` bytes. */
export interface BucketObject {
  bucketKey: string;
  size: number;
}

/** True when a `put` body is a staged file rather than bytes or a bucket object. */
export function isStagedFile(body: Uint8Array | StagedFile | BucketObject): body is StagedFile {
  return !(body instanceof Uint8Array) && "path" in body;
}

/** True when a `put` body is an object already in the bucket. */
export function isBucketObject(body: Uint8Array | StagedFile | BucketObject): body is BucketObject {
  return !(body instanceof Uint8Array) && "bucketKey" in body;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  /** Size of the whole object in bytes (not of the range). */
  size: number;
  contentType?: string;
}

/** A key that is empty, absolute, has `..`/`.`/empty segments or characters outside `A-Za-z0-9._-/`. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "StorageKeyError";
  }
}

/** `put` found the key already taken: objects are never overwritten (spec 001 §7 "no overwrite"). */
export class StorageKeyExistsError extends Error {
  constructor(readonly key: string) {
    super(`Storage key already exists: ${key}`);
    this.name = "StorageKeyExistsError";
  }
}

/** `get` was given a range that does not lie inside the object. */
export class StorageRangeError extends Error {
  constructor(range: ByteRange, size?: number) {
    super(
      `Range ${range.start}-${range.end} is outside the object${size === undefined ? "" : ` of ${size} bytes`}`,
    );
    this.name = "StorageRangeError";
  }
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;
/** Longest accepted key, in characters (S3 allows 1024 bytes). */
export const MAX_KEY_LENGTH = 512;

/** True when `key` is a safe relative object key (see `Storage`). Never throws. */
export function isValidKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..");
}

/** @throws StorageKeyError unless `isValidKey(key)`. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new StorageKeyError(key);
}

/** @throws StorageRangeError unless `0 <= start <= end < size` (integers). */
export function assertRangeWithin(range: ByteRange, size: number): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end || end >= size)
    throw new StorageRangeError(range, size);
}
