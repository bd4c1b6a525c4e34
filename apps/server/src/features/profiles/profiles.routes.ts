import { meSchema } from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponses } from "../../lib/openapi.ts";
import { getMe, setMyLocale } from "./profiles.service.ts";

const meResponse = meSchema.extend({ locale: z.enum(["en", "vi"]) });

const getMeRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["Profiles"],
  summary: "The signed-in user's profile",
  responses: {
    200: { description: "Profile", content: { "application/json": { schema: meResponse } } },
    401: errorResponses[401],
  },
});

const patchMeRoute = createRoute({
  method: "patch",
  path: "/me",
  tags: ["Profiles"],
  summary: "Change the signed-in user's preferences",
  request: {
    body: {
      content: { "application/json": { schema: z.object({ locale: z.enum(["en", "vi"]) }) } },
      required: true,
    },
  },
  responses: { 204: { description: "Saved" }, 400: errorResponses[400], 401: errorResponses[401] },
});

export function profileRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(getMeRoute, async (c) => c.json(await getMe(deps.db, requireUser(c)), 200))
    .openapi(patchMeRoute, async (c) => {
      await setMyLocale(deps.db, requireUser(c), c.req.valid("json").locale);
      return c.body(null, 204);
    });
}
