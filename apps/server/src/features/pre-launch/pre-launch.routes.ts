import { earlyAccessResultSchema, earlyAccessSchema } from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { type AppDeps, createRouter } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses } from "../../lib/openapi.ts";
import { joinEarlyAccess } from "./pre-launch.service.ts";

const joinRoute = createRoute({
  method: "post",
  path: "/pre-launch-signups",
  tags: ["Pre-launch"],
  summary: "Join the VIP early-access list",
  request: { body: { content: { "application/json": { schema: earlyAccessSchema } }, required: true } },
  responses: {
    201: { description: "Joined", content: { "application/json": { schema: earlyAccessResultSchema } } },
    400: errorResponses[400],
    409: {
      description: "Already on the list",
      content: { "application/json": { schema: errorResponseSchema } },
    },
  },
});

export function preLaunchRoutes(deps: AppDeps) {
  return createRouter().openapi(joinRoute, async (c) => {
    const result = await joinEarlyAccess(deps.db, c.req.valid("json").email);
    return c.json(result, 201);
  });
}
