import { isInlineMime } from "@academy/shared/rules/upload-areas";
import { createRoute } from "@hono/zod-openapi";
import { create as contentDisposition } from "content-disposition";
import rangeParser from "range-parser";
import { AppError } from "../../lib/errors.ts";
import { createRouter, errorResponseSchema, requireUser } from "../../lib/http.ts";
import { errorResponses } from "../../lib/openapi.ts";
import { type ByteRange, StorageRangeError } from "../../storage/storage.ts";
import { PRIVATE_FILE_AREAS, verifyFileSignature } from "./file-signing.ts";
import { readUploadForm } from "./multipart.ts";
import {
  generatedThumbnailSchema,
  uploadFormSchema,
  uploadIdParamsSchema,
  uploadResultSchema,
} from "./uploads.schemas.ts";
import {
  assertMayUpload,
  createGeneratedThumbnail,
  deleteUpload,
  findServedFile,
  saveUpload,
  type UploadDeps,
} from "./uploads.service.ts";

const errorContent = (description: string) => ({
  description,
  content: { "application/json": { schema: errorResponseSchema } },
});

const uploadRoute = createRoute({
  method: "post",
  path: "/uploads",
  tags: ["Uploads"],
  summary: "Upload a file",
  description:
    "multipart/form-data with `file` and `area`. The type is decided from the file's bytes. Limits: thumbnail and landing-page 5 MB, social-image 3 MB, material 100 MB, lesson-video 500 MB. `?area=` may repeat the area so an oversized body is refused before it is read.",
  request: {
    body: { content: { "multipart/form-data": { schema: uploadFormSchema } }, required: true },
  },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: uploadResultSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorContent("Students cannot upload"),
    413: errorContent("File size must be less than {n}MB"),
    415: errorContent("Not multipart/form-data"),
  },
});

const generatedThumbnailRoute = createRoute({
  method: "post",
  path: "/uploads/generated-thumbnail",
  tags: ["Uploads"],
  summary: "Generate and store a 1280×720 course thumbnail",
  request: {
    body: { content: { "application/json": { schema: generatedThumbnailSchema } }, required: true },
  },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: uploadResultSchema } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorContent("Students cannot upload"),
  },
});

const deleteUploadRoute = createRoute({
  method: "delete",
  path: "/uploads/{id}",
  tags: ["Uploads"],
  summary: "Delete one of your stored files",
  request: { params: uploadIdParamsSchema },
  responses: {
    204: { description: "Deleted" },
    401: errorResponses[401],
    404: errorContent("No such file of yours"),
  },
});

/**
 * The uploads API, to mount under /api (session loaded by the app):
 * POST /uploads (multipart; see readUploadForm and saveUpload), POST /uploads/generated-thumbnail,
 * DELETE /uploads/{id}. POST /uploads applies its own size limits, so the app's JSON body limit
 * must not run before it.
 */
export function uploadRoutes(deps: UploadDeps) {
  const router = createRouter();
  // Documented here, handled below without the zod-openapi body validator, which would buffer
  // the whole multipart body before our limits run.
  router.openAPIRegistry.registerPath(uploadRoute);
  return router
    .openapi(generatedThumbnailRoute, async (c) => {
      const result = await createGeneratedThumbnail(deps, requireUser(c), c.req.valid("json"));
      return c.json(result, 201);
    })
    .openapi(deleteUploadRoute, async (c) => {
      await deleteUpload(deps, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .post("/uploads", async (c) => {
      const actor = requireUser(c);
      const areaHint = c.req.query("area") || undefined;
      // Refuse students before reading a byte of the body.
      await assertMayUpload(deps.db, actor, areaHint);
      const form = await readUploadForm(c.req.raw, areaHint, deps.storage.stagingDir);
      try {
        return c.json(await saveUpload(deps, actor, form), 201);
      } finally {
        await form.discard();
      }
    });
}

/** Refusal of a private file without a valid signature or the owner's session. */
export const PRIVATE_FILE_MESSAGE = "This file is available to the course's students only.";

/** `Cache-Control` of served files (spec 001 §7 "cache 3600"): one hour. */
export const FILE_CACHE_CONTROL = "public, max-age=3600";

/**
 * GET (and HEAD) /files/<key>: streams a stored file to anyone with the address (mount at "/",
 * outside /api). Headers: the stored Content-Type, Content-Length, `Accept-Ranges: bytes`,
 * `Cache-Control: public, max-age=3600`, `X-Content-Type-Options: nosniff`, ETag (the file id;
 * objects never change) and Last-Modified; `Content-Disposition: attachment` for anything that is
 * not an image, video, audio or PDF. One byte range (`Range: bytes=…`) answers 206 with
 * Content-Range (video seeking), an unsatisfiable one 416; several ranges get the whole file (200).
 * Unknown keys answer 404.
 */
export function fileRoutes(
  deps: UploadDeps & {
    /** The auth secret, which signs and verifies private file addresses (file-signing.ts). */
    authSecret: () => Promise<string>;
    /** The signed-in user's id from the request's cookies, or null. */
    sessionUserId?: (headers: Headers) => Promise<string | null>;
  },
) {
  return createRouter().get("/files/*", async (c) => {
    const key = c.req.path.slice("/files/".length);
    const row = await findServedFile(deps.db, key);
    if (!row) throw new AppError("NOT_FOUND", "File not found.");
    // Lesson videos and materials: the owner, or a signed, unexpired address (issue 16 item 18).
    const isPrivate = PRIVATE_FILE_AREAS.has(row.area);
    if (
      isPrivate &&
      !verifyFileSignature(await deps.authSecret(), key, c.req.query("exp"), c.req.query("sig")) &&
      (await deps.sessionUserId?.(c.req.raw.headers)) !== row.owner_id
    )
      throw new AppError("FORBIDDEN", PRIVATE_FILE_MESSAGE);

    const size = row.size_bytes;
    const etag = `"${row.id}"`;
    const lastModified = row.created_at.toUTCString();
    const headers: Record<string, string> = {
      "Content-Type": row.mime_type,
      "Accept-Ranges": "bytes",
      "Cache-Control": isPrivate ? "private, max-age=3600" : FILE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      ETag: etag,
      "Last-Modified": lastModified,
    };
    if (!isInlineMime(row.mime_type))
      headers["Content-Disposition"] = contentDisposition(row.original_name ?? key.split("/").pop());

    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch && (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => t.trim() === etag)))
      return c.body(null, 304, headers);

    let range: ByteRange | undefined;
    const rangeHeader = c.req.header("range");
    const ifRange = c.req.header("if-range");
    if (rangeHeader && (!ifRange || ifRange === etag || ifRange === lastModified)) {
      const ranges = rangeParser(size, rangeHeader, { combine: true });
      if (ranges === -1) return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
      // A malformed header (-2), another unit or several ranges: answer with the whole file.
      if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) range = ranges[0];
    }
    const status = range ? 206 : 200;
    headers["Content-Length"] = String(range ? range.end - range.start + 1 : size);
    if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
    if (c.req.method === "HEAD") return c.body(null, status, headers);

    let object: Awaited<ReturnType<typeof deps.storage.get>>;
    try {
      object = await deps.storage.get(row.key, range);
    } catch (error) {
      if (error instanceof StorageRangeError)
        return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
      throw error;
    }
    if (!object) {
      deps.logger.warn({ key: row.key }, "stored file has a row but no object");
      throw new AppError("NOT_FOUND", "File not found.");
    }
    return c.body(object.body, status, headers);
  });
}
