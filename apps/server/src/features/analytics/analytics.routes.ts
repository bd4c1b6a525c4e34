import {
  analyticsQuerySchema,
  creatorAlertsSchema,
  creatorEngagementSchema,
  creatorOverviewSchema,
  creatorPerformanceSchema,
  creatorRevenueSchema,
  creatorReviewAnalyticsSchema,
  studentAnalyticsSchema,
  timeZoneSchema,
  weeklyGoalSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import {
  creatorAlerts,
  creatorEngagement,
  creatorOverview,
  creatorPerformance,
  creatorRevenue,
  creatorReviews,
  setMyTimeZone,
  setWeeklyGoal,
  studentAnalytics,
} from "./analytics.service.ts";

const error = (description: string) => json(errorResponseSchema, description);

function creatorRoute<T extends z.ZodType>(tab: string, schema: T, summary: string) {
  return createRoute({
    method: "get",
    path: `/analytics/creator/${tab}`,
    tags: ["Analytics"],
    summary,
    request: { query: analyticsQuerySchema },
    responses: {
      200: json(schema, summary),
      400: errorResponses[400],
      401: errorResponses[401],
      403: error("Not a creator"),
      404: error("Not the creator's course"),
    },
  });
}

const overviewRoute = creatorRoute(
  "overview",
  creatorOverviewSchema,
  "Creator analytics: cards, series and funnel",
);
const engagementRoute = creatorRoute(
  "engagement",
  creatorEngagementSchema,
  "Creator analytics: student engagement",
);
const revenueRoute = creatorRoute("revenue", creatorRevenueSchema, "Creator analytics: revenue analysis");
const performanceRoute = creatorRoute(
  "performance",
  creatorPerformanceSchema,
  "Creator analytics: course performance",
);
const alertsRoute = creatorRoute("alerts", creatorAlertsSchema, "Creator analytics: smart alerts");
const reviewsRoute = creatorRoute(
  "reviews",
  creatorReviewAnalyticsSchema,
  "Creator analytics: review averages per course and their trend",
);

const meRoute = createRoute({
  method: "get",
  path: "/analytics/me",
  tags: ["Analytics"],
  summary: "My Learning Analytics: the signed-in student's own figures",
  responses: { 200: json(studentAnalyticsSchema, "My analytics"), 401: errorResponses[401] },
});

const goalRoute = createRoute({
  method: "put",
  path: "/analytics/me/goal",
  tags: ["Analytics"],
  summary: "Set the signed-in student's weekly study goal (hours)",
  request: jsonBody(weeklyGoalSchema),
  responses: { 204: { description: "Saved" }, 400: errorResponses[400], 401: errorResponses[401] },
});

const timeZoneRoute = createRoute({
  method: "put",
  path: "/analytics/me/time-zone",
  tags: ["Analytics"],
  summary: "Set the signed-in user's time zone (IANA name) used for days and streaks",
  request: jsonBody(z.object({ timeZone: timeZoneSchema })),
  responses: { 204: { description: "Saved" }, 400: errorResponses[400], 401: errorResponses[401] },
});

/** Analytics endpoints (issue 12): creator tabs, the student's own analytics, goal and time zone. */
export function analyticsRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(overviewRoute, async (c) =>
      c.json(await creatorOverview(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(engagementRoute, async (c) =>
      c.json(await creatorEngagement(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(revenueRoute, async (c) =>
      c.json(await creatorRevenue(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(performanceRoute, async (c) =>
      c.json(await creatorPerformance(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(alertsRoute, async (c) =>
      c.json(await creatorAlerts(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(reviewsRoute, async (c) =>
      c.json(await creatorReviews(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(meRoute, async (c) => c.json(await studentAnalytics(deps.db, requireUser(c)), 200))
    .openapi(goalRoute, async (c) => {
      await setWeeklyGoal(deps.db, requireUser(c), c.req.valid("json").weeklyHours);
      return c.body(null, 204);
    })
    .openapi(timeZoneRoute, async (c) => {
      await setMyTimeZone(deps.db, requireUser(c), c.req.valid("json").timeZone);
      return c.body(null, 204);
    });
}
