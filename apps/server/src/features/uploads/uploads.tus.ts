import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import {
  BYTES_PER_MB,
  type FileKind,
  fileTooLargeMessage,
  isUploadArea,
  UPLOAD_AREA_NAMES,
  UPLOAD_AREAS,
} from "@academy/shared/rules/upload-areas";
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListPartsCommand,
  type ListPartsCommandOutput,
  type S3Client,
} from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { Server } from "@tus/server";
import type { DataStore, KvStore, Upload } from "@tus/utils";
import { AppError, errorBody } from "../../lib/errors.ts";
import { createRouter, requireUser } from "../../lib/http.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";
import { createS3Client, type S3Config, s3ClientOptions } from "../../storage/s3.ts";
import {
  assertMayUpload,
  cleanName,
  detectFileKind,
  storeFile,
  type UploadDeps,
  type UploadResult,
} from "./uploads.service.ts";

/** Where the tus endpoint is mounted (creation: POST here; an upload: HEAD/PATCH/DELETE `<path>/<id>`). */
export const TUS_PATH = "/api/uploads/tus";

/**
 * Largest body of one tus PATCH in bytes (8 MiB). The web client sends chunks of exactly this
 * size (the last one smaller); the app's body guard refuses a PATCH that declares more, or that
 * declares no Content-Length, before reading it (issue 25 N3).
 */
export const TUS_CHUNK_BYTES = 8 * 1024 * 1024;

/** A partial upload without a byte received for this long is abandoned and deleted: 24 hours in ms. */
export const TUS_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The checks of a tus PATCH that need only its headers, run by the app's body guard before
 * authentication (issue 25 N3): `Content-Type: application/offset+octet-stream` and a declared
 * `Content-Length` of at most TUS_CHUNK_BYTES (a body without one is refused unread).
 * @throws AppError UNSUPPORTED_MEDIA_TYPE; PAYLOAD_TOO_LARGE `Send the file in chunks of at most 8 MB.`
 */
export function assertTusChunkHeaders(headers: Headers): void {
  if (!/^application\/offset\+octet-stream\s*$/i.test(headers.get("content-type") ?? ""))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the chunk as application/offset+octet-stream.");
  const declared = Number(headers.get("content-length") ?? Number.NaN);
  if (!Number.isInteger(declared) || declared < 0 || declared > TUS_CHUNK_BYTES)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Send the file in chunks of at most ${TUS_CHUNK_BYTES / BYTES_PER_MB} MB.`,
    );
}

/** Header set by the route (never by the client) to tell the creation hook who uploads. */
const OWNER_HEADER = "x-academy-upload-owner";

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The folder of partial uploads on local storage: `<stagingDir>/tus` (an upload's bytes in `<id>`,
 * its state in `<id>.json`). Unused when S3 is configured (partial uploads live in the bucket).
 */
export function tusDirectory(deps: Pick<UploadDeps, "storage">): string {
  return path.join(deps.storage.stagingDir, "tus");
}

/** Decodes a tus `Upload-Metadata` header (`key base64value,key2 base64value2`). */
function parseMetadata(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (!key) continue;
    out[key] = value ? Buffer.from(value, "base64").toString("utf8") : "";
  }
  return out;
}

/** A refusal thrown from a tus hook: the JSON error body of the rest of the API. */
function hookError(error: AppError): { status_code: number; body: string } {
  return {
    status_code: error.status,
    body: JSON.stringify(errorBody(error.code, error.message, error.issues)),
  };
}

/**
 * A metadata "cache" that keeps nothing, for `@tus/s3-store`: its default keeps each upload's
 * `.info` in the memory of one instance, so another instance, or this one after the upload was
 * finished and deleted elsewhere, would answer from a stale copy. Without it every request reads
 * the `.info` object from the bucket, which all instances share.
 */
const NO_CACHE: KvStore<never> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

/**
 * Where partial uploads live: with S3 configured, in the bucket (`@tus/s3-store`: an S3 multipart
 * upload per tus upload, keyed by its id, plus `<id>.info` (state) and `<id>.part` (a tail under
 * 5 MiB) — every instance sees them, so a PATCH may land on any instance); otherwise a
 * `@tus/file-store` in `tusDirectory` on local disk.
 */
export type TusStorage =
  | { kind: "file"; store: FileStore; directory: string }
  | { kind: "s3"; store: S3Store; client: S3Client; bucket: string };

/** The partial-upload store for `deps.storage` (see TusStorage). */
export function createTusStorage(deps: Pick<UploadDeps, "storage">): TusStorage {
  const config: S3Config | undefined = deps.storage.s3Config;
  if (!config) {
    const directory = tusDirectory(deps);
    return {
      kind: "file",
      store: new FileStore({ directory, expirationPeriodInMilliseconds: 0 }),
      directory,
    };
  }
  const store = new S3Store({
    // One 8 MiB PATCH is one S3 part (S3's minimum part is 5 MiB; a shorter tail waits in <id>.part).
    partSize: TUS_CHUNK_BYTES,
    s3ClientConfig: { bucket: config.bucket, ...s3ClientOptions(config) },
    cache: NO_CACHE,
    // Cleanup is ours (deleteAbandonedUploads: 24 h after the last byte), not the store's tags.
    expirationPeriodInMilliseconds: 0,
    useTags: false,
    maxConcurrentPartUploads: 4,
  });
  return { kind: "s3", store, client: createS3Client(config), bucket: config.bucket };
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string; Code?: string } | undefined)?.name;
}

/**
 * Deletes everything one partial upload keeps in the bucket: aborts its multipart upload (if it
 * is still open) and deletes `<id>` (the finished object), `<id>.info` and `<id>.part`.
 * `S3Store.remove` cannot be used after the upload finished (its abort answers NoSuchUpload) and
 * leaves `<id>.part` behind.
 */
async function removeS3Upload(tus: Extract<TusStorage, { kind: "s3" }>, id: string, uploadId?: string) {
  let multipartId = uploadId;
  if (!multipartId) {
    const info = await tus.client
      .send(new HeadObjectCommand({ Bucket: tus.bucket, Key: `${id}.info` }))
      .catch(() => undefined);
    multipartId = info?.Metadata?.["upload-id"];
  }
  if (multipartId)
    await tus.client
      .send(new AbortMultipartUploadCommand({ Bucket: tus.bucket, Key: id, UploadId: multipartId }))
      .catch((error: unknown) => {
        if (errorName(error) !== "NoSuchUpload" && errorName(error) !== "NoSuchKey") throw error;
      });
  await tus.client.send(
    new DeleteObjectsCommand({
      Bucket: tus.bucket,
      Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
    }),
  );
}

/** Removes a partial (or just finished) upload from whichever store holds it. */
function removeUpload(tus: TusStorage, id: string): Promise<void> {
  return tus.kind === "s3" ? removeS3Upload(tus, id) : tus.store.remove(id);
}

/**
 * The tus server (resumable uploads, issue 26 §1) over the store of `createTusStorage`.
 * Finishing an upload checks its type from its bytes and stores it exactly like POST /api/uploads
 * (`storeFile`: the storage object and the stored_files row), then deletes the partial upload;
 * the final PATCH answers 200 with the same JSON body as POST /api/uploads. A wrong type answers
 * 400 with the area's message and deletes the bytes. On S3 the finished multipart object is
 * sniffed from its first bytes (a ranged read of the bucket) and copied to its final key inside
 * the bucket.
 */
export function createTusServer(deps: UploadDeps) {
  const tus = createTusStorage(deps);
  const server = new Server({
    path: TUS_PATH,
    datastore: tus.store as DataStore,
    relativeLocation: true,
    // Our own guard already bounds each PATCH; the area limit is checked at creation.
    namingFunction: () => randomBytes(16).toString("hex"),
    onUploadCreate: async (req, upload) => {
      const owner = req.headers.get(OWNER_HEADER);
      if (!owner) throw hookError(new AppError("UNAUTHORIZED", "Please sign in to continue."));
      return { metadata: { ...upload.metadata, owner } };
    },
    onUploadFinish: async (_req, upload) => {
      const result = await finishUpload(deps, tus, upload);
      return {
        status_code: 200,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(result),
      };
    },
  });
  return { server, store: tus.store, tus };
}

async function finishUpload(deps: UploadDeps, tus: TusStorage, upload: Upload): Promise<UploadResult> {
  const meta = upload.metadata ?? {};
  const area = meta.area ?? "";
  const owner = meta.owner ?? "";
  const bytes =
    tus.kind === "s3"
      ? { bucketKey: upload.id, size: upload.offset }
      : { path: path.join(tus.directory, upload.id), size: upload.offset };
  const discard = () =>
    removeUpload(tus, upload.id).catch((error: unknown) =>
      deps.logger.warn({ err: error, id: upload.id }, "could not remove a tus upload"),
    );
  try {
    if (!isUploadArea(area) || !owner) throw new AppError("BAD_REQUEST", "The upload could not be read.");
    const rule = UPLOAD_AREAS[area];
    const name = meta.filename ?? undefined;
    const kind = await detectFileKind(bytes, name, deps.storage);
    if (!kind || !(rule.kinds as readonly FileKind[]).includes(kind))
      throw new AppError("VALIDATION_FAILED", rule.invalidTypeMessage, [
        { path: "file", message: rule.invalidTypeMessage },
      ]);
    return await storeFile(deps, { id: owner }, area, kind, bytes, cleanName(name));
  } catch (error) {
    throw error instanceof AppError ? hookError(error) : error;
  } finally {
    await discard();
  }
}

/**
 * The tus endpoint as a router to mount under /api (session loaded by the app): POST
 * /uploads/tus creates an upload (headers `Upload-Length`, `Upload-Metadata` with `area` and
 * `filename`), HEAD/PATCH/DELETE /uploads/tus/<id> read its offset, append a chunk
 * (`application/offset+octet-stream`, ≤ TUS_CHUNK_BYTES), or abandon it. Signed-in creators only
 * (`assertMayUpload`: 401, 403); an upload is its creator's alone (anyone else: 404); an
 * `Upload-Length` over the area's limit answers 413 `File size must be less than {n}MB`; a
 * deferred length (`Upload-Defer-Length`) or an unknown area 400. The app's body guard lets
 * PATCH bodies through here (streamed to disk by the file store, or split into S3 parts through
 * a temporary file by the S3 store; never buffered whole in memory).
 */
export function tusRoutes(deps: UploadDeps) {
  const { server, store } = createTusServer(deps);
  const handle = async (request: Request, owner: string): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set(OWNER_HEADER, owner);
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
    if (request.body) {
      init.body = request.body;
      init.duplex = "half";
    }
    return server.handleWeb(new Request(request.url, init));
  };
  const ownedUpload = async (id: string, userId: string): Promise<void> => {
    const upload = UPLOAD_ID.test(id) ? await store.getUpload(id).catch(() => undefined) : undefined;
    if (!upload || upload.metadata?.owner !== userId) throw new AppError("NOT_FOUND", "Upload not found.");
  };
  return (
    createRouter()
      .options("/uploads/tus/*", (c) => server.handleWeb(c.req.raw))
      .options("/uploads/tus", (c) => server.handleWeb(c.req.raw))
      .post("/uploads/tus", async (c) => {
        const actor = requireUser(c);
        const meta = parseMetadata(c.req.header("upload-metadata") ?? null);
        const area = meta.area;
        if (!isUploadArea(area))
          throw new AppError(
            "VALIDATION_FAILED",
            `Unknown upload area. Use one of: ${UPLOAD_AREA_NAMES.join(", ")}.`,
          );
        await assertMayUpload(deps.db, actor, area);
        const length = c.req.header("upload-length");
        if (!length || !/^\d{1,15}$/.test(length))
          throw new AppError("BAD_REQUEST", "Send the file's size in Upload-Length.");
        const rule = UPLOAD_AREAS[area];
        if (Number(length) > rule.maxMb * BYTES_PER_MB)
          throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(rule.maxMb));
        if (Number(length) === 0) throw new AppError("VALIDATION_FAILED", rule.invalidTypeMessage);
        return handle(c.req.raw, actor.id);
      })
      // Hono routes HEAD to GET handlers (the raw request keeps its method): a GET is not served.
      .get("/uploads/tus/:id", async (c) => {
        const actor = requireUser(c);
        await ownedUpload(c.req.param("id"), actor.id);
        if (c.req.raw.method !== "HEAD") throw new AppError("NOT_FOUND", "Upload not found.");
        return handle(c.req.raw, actor.id);
      })
      .on(["PATCH", "DELETE"], "/uploads/tus/:id", async (c) => {
        const actor = requireUser(c);
        await ownedUpload(c.req.param("id"), actor.id);
        return handle(c.req.raw, actor.id);
      })
  );
}

/**
 * Deletes partial tus uploads that received no byte for TUS_ABANDONED_AFTER_MS (issue 26 §1).
 * - Local disk: an upload's last activity is its data file's modification time (its state file's
 *   for an upload that never got a byte). Each instance cleans its own folder.
 * - S3 (`@tus/s3-store`): the bucket's open multipart uploads whose key is a tus id (32 hex; any
 *   other multipart upload in the bucket is left alone); last activity is the newest of the
 *   upload's start, its parts' and its `<id>.part` tail's LastModified. An abandoned one is
 *   aborted (S3 frees its parts) and its `.info` and `.part` objects deleted. Any instance may run
 *   it; a second run finds nothing left.
 * @param now the current time in ms (a test passes a fake clock).
 * @returns how many uploads were deleted.
 */
export async function deleteAbandonedUploads(
  deps: Pick<UploadDeps, "storage" | "logger">,
  now: number = Date.now(),
): Promise<number> {
  const tus = createTusStorage(deps);
  if (tus.kind === "s3") return deleteAbandonedS3Uploads(deps, tus, now);
  const directory = tus.directory;
  const store = tus.store;
  const names = await readdir(directory).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const id = name.endsWith(".json") ? name.slice(0, -".json".length) : undefined;
    if (!id || !UPLOAD_ID.test(id)) continue;
    const touched = await stat(path.join(directory, id))
      .catch(() => stat(path.join(directory, name)))
      .then((s) => s.mtimeMs)
      .catch(() => undefined);
    if (touched === undefined || now - touched < TUS_ABANDONED_AFTER_MS) continue;
    try {
      await store.remove(id);
      deleted++;
    } catch (error) {
      deps.logger.warn({ err: error, id }, "could not delete an abandoned upload");
    }
  }
  return deleted;
}

async function lastS3Activity(
  tus: Extract<TusStorage, { kind: "s3" }>,
  id: string,
  uploadId: string,
  initiated: number,
): Promise<number> {
  let latest = initiated;
  let marker: string | undefined;
  do {
    const page: ListPartsCommandOutput = await tus.client.send(
      new ListPartsCommand({ Bucket: tus.bucket, Key: id, UploadId: uploadId, PartNumberMarker: marker }),
    );
    for (const part of page.Parts ?? []) latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
    marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
  } while (marker);
  const tail = await tus.client
    .send(new HeadObjectCommand({ Bucket: tus.bucket, Key: `${id}.part` }))
    .catch(() => undefined);
  return Math.max(latest, tail?.LastModified?.getTime() ?? 0);
}

async function deleteAbandonedS3Uploads(
  deps: Pick<UploadDeps, "logger">,
  tus: Extract<TusStorage, { kind: "s3" }>,
  now: number,
): Promise<number> {
  let deleted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const page: ListMultipartUploadsCommandOutput = await tus.client.send(
      new ListMultipartUploadsCommand({
        Bucket: tus.bucket,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
    for (const open of page.Uploads ?? []) {
      const id = open.Key ?? "";
      if (!UPLOAD_ID.test(id) || !open.UploadId) continue;
      try {
        const touched = await lastS3Activity(tus, id, open.UploadId, open.Initiated?.getTime() ?? 0);
        if (now - touched < TUS_ABANDONED_AFTER_MS) continue;
        await removeS3Upload(tus, id, open.UploadId);
        deleted++;
      } catch (error) {
        deps.logger.warn({ err: error, id }, "could not delete an abandoned upload");
      }
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);
  return deleted;
}

/** The hourly job that runs `deleteAbandonedUploads` (started by index.ts, stopped on shutdown). */
export function createAbandonedUploadWorker(
  deps: Pick<UploadDeps, "storage" | "logger">,
  intervalMs = 60 * 60 * 1000,
) {
  return createIntervalWorker(
    async () => {
      const deleted = await deleteAbandonedUploads(deps);
      if (deleted > 0) deps.logger.info({ deleted }, "abandoned uploads deleted");
    },
    intervalMs,
    (error) => deps.logger.error({ err: error }, "abandoned upload cleanup failed"),
    "abandoned-uploads",
  );
}
