import { achievementShareSchema, publicAchievementSchema } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import type { HeadResolver } from "../../lib/page-head.ts";
import {
  achievementHead,
  getAchievementImage,
  getPublicAchievement,
  shareAchievement,
  stopSharingAchievement,
} from "./achievement-shares.service.ts";

const tags = ["Community"];
const missing = json(errorResponseSchema, "Not earned, unknown, or no longer shared");
const achievementParams = z.object({
  id: z
    .string()
    .max(40)
    .openapi({ param: { name: "id", in: "path" }, example: "firstSteps" }),
});
const shareParams = z.object({
  shareId: z
    .string()
    .max(64)
    .openapi({ param: { name: "shareId", in: "path" }, example: "Qm9vbXNoYWthbGFrYQ_x1" }),
});

const shareRoute = createRoute({
  method: "post",
  path: "/community/achievements/{id}/share",
  tags,
  summary: "Share an earned achievement on a public page (idempotent)",
  request: { params: achievementParams },
  responses: {
    200: json(achievementShareSchema, "The public page"),
    401: errorResponses[401],
    404: missing,
  },
});
const unshareRoute = createRoute({
  method: "delete",
  path: "/community/achievements/{id}/share",
  tags,
  summary: "Stop sharing an achievement: its public page answers 404",
  request: { params: achievementParams },
  responses: { 204: { description: "No longer shared" }, 401: errorResponses[401] },
});
const publicRoute = createRoute({
  method: "get",
  path: "/achievements/{shareId}",
  tags,
  summary: "A shared achievement (public): display name, achievement, date, platform",
  request: { params: shareParams },
  responses: { 200: json(publicAchievementSchema, "The shared achievement"), 404: missing },
});
const imageRoute = createRoute({
  method: "get",
  path: "/achievements/{shareId}/image.png",
  tags,
  summary: "The shared achievement's Open Graph image, 1200×630 PNG (public)",
  request: { params: shareParams },
  responses: {
    200: {
      description: "PNG",
      content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } },
    },
    404: missing,
  },
});

/**
 * Achievement sharing (issue 27 §4): POST/DELETE /api/community/achievements/{id}/share (the
 * owner), GET /api/achievements/{shareId} and /api/achievements/{shareId}/image.png (anyone).
 */
export function achievementShareRoutes(deps: AppDeps) {
  const { db } = deps;
  return createRouter()
    .openapi(shareRoute, async (c) =>
      c.json(await shareAchievement(db, requireUser(c), c.req.valid("param").id, deps.env.appUrl), 200),
    )
    .openapi(unshareRoute, async (c) => {
      await stopSharingAchievement(db, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(publicRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getPublicAchievement(db, c.req.valid("param").shareId, deps.env.appUrl), 200);
    })
    .openapi(imageRoute, async (c) => {
      const png = await getAchievementImage(db, c.req.valid("param").shareId);
      return c.body(png as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "image/png",
        // Short: stopping sharing should take the image down soon from shared caches too.
        "Cache-Control": "public, max-age=300",
      });
    });
}

/** The <head> of the public page /achievements/{shareId} (undefined for other paths or unshared ids). */
export function achievementHeads(deps: Pick<AppDeps, "db" | "env">): HeadResolver {
  return async (path) => {
    const match = /^\/achievements\/([^/]+)\/?$/.exec(path);
    if (!match) return undefined;
    // Not shared (any more): the SPA says so, with an HTTP 404 for crawlers and link previews.
    return (
      (await achievementHead(deps.db, match[1], deps.env.appUrl)) ?? {
        title: "Not found",
        robots: "noindex",
        status: 404,
      }
    );
  };
}
