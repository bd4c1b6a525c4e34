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
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type { Upload } from "@tus/utils";
import { AppError, errorBody } from "../../lib/errors.ts";
import { createRouter, requireUser } from "../../lib/http.ts";
import { createIntervalWorker } from "../../lib/interval-worker.ts";
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

/** The folder of partial uploads: `<stagingDir>/tus` (an upload's bytes in `<id>`, its state in `<id>.json`). */
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
 * The tus server (resumable uploads, issue 26 §1) over a `@tus/file-store` in `tusDirectory`.
 * Finishing an upload checks its type from its bytes and stores it exactly like POST /api/uploads
 * (`storeFile`: the storage object and the stored_files row), then deletes the partial upload;
 * the final PATCH answers 200 with the same JSON body as POST /api/uploads. A wrong type answers
 * 400 with the area's message and deletes the bytes.
 */
export function createTusServer(deps: UploadDeps) {
  const directory = tusDirectory(deps);
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: 0 });
  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // Our own guard already bounds each PATCH; the area limit is checked at creation.
    namingFunction: () => randomBytes(16).toString("hex"),
    onUploadCreate: async (req, upload) => {
      const owner = req.headers.get(OWNER_HEADER);
      if (!owner) throw hookError(new AppError("UNAUTHORIZED", "Please sign in to continue."));
      return { metadata: { ...upload.metadata, owner } };
    },
    onUploadFinish: async (_req, upload) => {
      const result = await finishUpload(deps, store, directory, upload);
      return {
        status_code: 200,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(result),
      };
    },
  });
  return { server, store, directory };
}

async function finishUpload(
  deps: UploadDeps,
  store: FileStore,
  directory: string,
  upload: Upload,
): Promise<UploadResult> {
  const meta = upload.metadata ?? {};
  const area = meta.area ?? "";
  const owner = meta.owner ?? "";
  const staged = { path: path.join(directory, upload.id), size: upload.offset };
  const discard = () =>
    store
      .remove(upload.id)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, id: upload.id }, "could not remove a tus upload"),
      );
  try {
    if (!isUploadArea(area) || !owner) throw new AppError("BAD_REQUEST", "The upload could not be read.");
    const rule = UPLOAD_AREAS[area];
    const name = meta.filename ?? undefined;
    const kind = await detectFileKind(staged, name);
    if (!kind || !(rule.kinds as readonly FileKind[]).includes(kind))
      throw new AppError("VALIDATION_FAILED", rule.invalidTypeMessage, [
        { path: "file", message: rule.invalidTypeMessage },
      ]);
    return await storeFile(deps, { id: owner }, area, kind, staged, cleanName(name));
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
 * PATCH bodies through here (streamed to disk by the file store, never buffered whole).
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
 * Deletes partial tus uploads that received no byte for TUS_ABANDONED_AFTER_MS (issue 26 §1):
 * an upload's last activity is its data file's modification time (its state file's for an upload
 * that never got a byte). Each instance cleans its own folder.
 * @param now the current time in ms (a test passes a fake clock).
 * @returns how many uploads were deleted.
 */
export async function deleteAbandonedUploads(
  deps: Pick<UploadDeps, "storage" | "logger">,
  now: number = Date.now(),
): Promise<number> {
  const directory = tusDirectory(deps);
  const store = new FileStore({ directory });
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
