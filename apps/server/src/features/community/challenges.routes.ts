import {
  challengeDetailSchema,
  challengeListSchema,
  challengeVisibilitySchema,
  createChallengeSchema,
  joinChallengeSchema,
} from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { type AppDeps, requireUser } from "../../lib/http.ts";
import { json, jsonBody, okSchema, resourceErrors, uuidParams } from "../../lib/openapi.ts";
import {
  createChallenge,
  deleteChallenge,
  getChallenge,
  joinChallenge,
  leaveChallenge,
  listChallenges,
  setChallengeVisibility,
} from "./challenges.service.ts";
import {
  courseListRoute,
  courseResourceRouter,
  createResourceRoute,
  deleteResourceRoute,
  getResourceRoute,
  joinResourceRoute,
} from "./community-routes.helpers.ts";

const tags = ["Challenges"];

const listRoute = courseListRoute(
  "/community/challenges",
  { tags, summary: "Challenges of the caller's courses (own or enrolled) with the caller's progress" },
  challengeListSchema,
  "Challenges",
);
const createChallengeRoute = createResourceRoute(
  "/community/challenges",
  {
    tags,
    summary: "Create a challenge for an own course (complete N lessons or study N hours between two days)",
  },
  createChallengeSchema,
  challengeDetailSchema,
  "The challenge",
);
const getRoute = getResourceRoute(
  "/community/challenges/{id}",
  { tags, summary: "One challenge with its leaderboard" },
  challengeDetailSchema,
  "The challenge",
);
const deleteRoute = deleteResourceRoute("/community/challenges/{id}", {
  tags,
  summary: "Delete a challenge (the course's creator)",
});
const joinRoute = joinResourceRoute(
  "/community/challenges/{id}/join",
  { tags, summary: "Join (a student of the course, before the end day)" },
  joinChallengeSchema,
  challengeDetailSchema,
  "The challenge",
  "Ended",
);
const leaveRoute = createRoute({
  method: "post",
  path: "/community/challenges/{id}/leave",
  tags,
  summary: "Leave a challenge",
  request: { params: uuidParams },
  responses: { 200: json(okSchema, "Left"), ...resourceErrors },
});
const visibilityRoute = createRoute({
  method: "put",
  path: "/community/challenges/{id}/visibility",
  tags,
  summary: "Show or hide the caller's name on the leaderboard",
  request: { params: uuidParams, ...jsonBody(challengeVisibilitySchema) },
  responses: { 200: json(challengeDetailSchema, "The challenge"), ...resourceErrors },
});

/** /api/community/challenges/* (issue 13 §6; decisions 0191, 0192). */
export function challengeRoutes(deps: AppDeps) {
  const db = deps.db;
  return courseResourceRouter(
    db,
    { list: listRoute, get: getRoute, remove: deleteRoute },
    { list: listChallenges, get: getChallenge, remove: deleteChallenge },
  )
    .openapi(createChallengeRoute, async (c) =>
      c.json(await createChallenge(db, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(joinRoute, async (c) =>
      c.json(
        await joinChallenge(db, requireUser(c), c.req.valid("param").id, c.req.valid("json").hideName),
        200,
      ),
    )
    .openapi(leaveRoute, async (c) => {
      await leaveChallenge(db, requireUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(visibilityRoute, async (c) =>
      c.json(
        await setChallengeVisibility(
          db,
          requireUser(c),
          c.req.valid("param").id,
          c.req.valid("json").hideName,
        ),
        200,
      ),
    );
}
