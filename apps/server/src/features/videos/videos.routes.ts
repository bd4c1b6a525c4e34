import {
  CAPTION_LANGUAGES,
  captionUploadSchema,
  videoCaptionSchema,
  videoStatusSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";

const notFound = json(errorResponseSchema, "Unknown video, or another person's");

import {
  masterPlaylistFor,
  removeCaption,
  signedVideoFile,
  uploadCaption,
  type VideoDeps,
  videoStatus,
} from "./videos.service.ts";

const fileParams = z.object({ fileId: z.string().openapi({ format: "uuid" }) });

const statusRoute = createRoute({
  method: "get",
  path: "/videos/status",
  tags: ["Videos"],
  summary: "Processing state, duration and captions of an uploaded lesson video (its uploader only)",
  request: { query: z.object({ url: z.string().min(1).max(1000) }) },
  responses: {
    200: json(videoStatusSchema, "The video's state"),
    401: errorResponses[401],
    404: notFound,
  },
});

const captionRoute = createRoute({
  method: "post",
  path: "/videos/{fileId}/captions",
  tags: ["Videos"],
  summary: "Upload a WebVTT or SRT caption track (SRT is converted) for a language; replaces that language's",
  request: {
    params: fileParams,
    body: { content: { "application/json": { schema: captionUploadSchema } }, required: true },
  },
  responses: {
    201: json(videoCaptionSchema, "The stored caption track"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: notFound,
  },
});

const deleteCaptionRoute = createRoute({
  method: "delete",
  path: "/videos/{fileId}/captions/{language}",
  tags: ["Videos"],
  summary: "Remove a caption track",
  request: { params: fileParams.extend({ language: z.enum(CAPTION_LANGUAGES) }) },
  responses: { 204: { description: "Removed" }, 401: errorResponses[401], 404: notFound },
});

/**
 * /api/videos… (issue 26, decision 0236): the builder's processing state and captions, and HLS
 * serving. GET /api/videos/{fileId}/master.m3u8 needs the session of the uploader or of a student
 * enrolled in a course using the video (403 otherwise); its variant URIs, and the segment URIs of
 * those playlists, carry short-lived signatures checked by GET /api/videos/{fileId}/{i}/{file},
 * /poster.jpg and /captions/{lang}.vtt (403 when missing, wrong or expired).
 */
export function videoRoutes(deps: AppDeps) {
  const video: VideoDeps = { db: deps.db, storage: deps.storage, logger: deps.logger };
  const secret = async () => (await deps.auth.$context).secret;
  const serve = async (
    c: {
      req: { query: (k: string) => string | undefined };
      body: (b: never, s: 200, h: Record<string, string>) => Response;
    },
    fileId: string,
    name: string,
  ) => {
    const file = await signedVideoFile(
      video,
      fileId,
      name,
      { exp: c.req.query("exp"), sig: c.req.query("sig") },
      await secret(),
    );
    return c.body(file.body as never, 200, {
      "Content-Type": file.contentType,
      "Cache-Control": "private, max-age=600",
      "X-Content-Type-Options": "nosniff",
    });
  };
  return createRouter()
    .openapi(statusRoute, async (c) =>
      c.json(await videoStatus(video, requireUser(c), c.req.valid("query").url, await secret()), 200),
    )
    .openapi(captionRoute, async (c) =>
      c.json(
        await uploadCaption(
          video,
          requireUser(c),
          c.req.valid("param").fileId,
          c.req.valid("json"),
          await secret(),
        ),
        201,
      ),
    )
    .openapi(deleteCaptionRoute, async (c) => {
      const { fileId, language } = c.req.valid("param");
      await removeCaption(video, requireUser(c), fileId, language);
      return c.body(null, 204);
    })
    .get("/videos/:fileId/master.m3u8", async (c) => {
      const playlist = await masterPlaylistFor(video, requireUser(c), c.req.param("fileId"), await secret());
      return c.body(playlist, 200, {
        "Content-Type": "application/vnd.apple.mpegurl",
        "Cache-Control": "no-store",
      });
    })
    .get("/videos/:fileId/poster.jpg", (c) => serve(c as never, c.req.param("fileId"), "poster.jpg"))
    .get("/videos/:fileId/captions/:file{(vi|en)\\.vtt}", (c) =>
      serve(c as never, c.req.param("fileId"), `captions/${c.req.param("file")}`),
    )
    .get("/videos/:fileId/:variant{[0-9]}/:file", (c) =>
      serve(c as never, c.req.param("fileId"), `${c.req.param("variant")}/${c.req.param("file")}`),
    );
}
