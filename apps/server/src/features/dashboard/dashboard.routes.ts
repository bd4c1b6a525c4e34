import { dashboardSchema } from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponses } from "../../lib/openapi.ts";
import { getDashboard } from "./dashboard.service.ts";

const dashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["Dashboard"],
  summary: "The signed-in user's dashboard (creator or student, by profile role)",
  responses: {
    200: { description: "Dashboard", content: { "application/json": { schema: dashboardSchema } } },
    401: errorResponses[401],
  },
});

export function dashboardRoutes(deps: AppDeps) {
  return createRouter().openapi(dashboardRoute, async (c) =>
    c.json(await getDashboard(deps.db, requireUser(c)), 200),
  );
}
