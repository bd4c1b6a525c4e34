import {
  createStudyGroupSchema,
  joinStudyGroupSchema,
  scheduleSessionSchema,
  studyGroupDetailSchema,
  studyGroupListSchema,
  studyGroupSessionSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, requireUser } from "../../lib/http.ts";
import { json, jsonBody, okSchema, resourceErrors, uuidParams } from "../../lib/openapi.ts";
import { notifyDeps } from "../notifications/notifications.service.ts";
import {
  courseListRoute,
  courseResourceRouter,
  createResourceRoute,
  deleteResourceRoute,
  getResourceRoute,
  joinResourceRoute,
} from "./community-routes.helpers.ts";
import {
  createStudyGroup,
  deleteStudyGroup,
  getStudyGroup,
  joinStudyGroup,
  leaveStudyGroup,
  listStudyGroups,
  scheduleSession,
  sessionCalendar,
} from "./study-groups.service.ts";

const tags = ["Study groups"];

const listRoute = courseListRoute(
  "/study-groups",
  { tags, summary: "Study groups of the caller's courses" },
  studyGroupListSchema,
  "Groups",
);
const createGroupRoute = createResourceRoute(
  "/study-groups",
  { tags, summary: "Create a study group (name, description, course, capacity, open or invite)" },
  createStudyGroupSchema,
  studyGroupDetailSchema,
  "The group",
);
const getRoute = getResourceRoute(
  "/study-groups/{id}",
  { tags, summary: "One group (members and sessions for members)" },
  studyGroupDetailSchema,
  "The group",
);
const joinRoute = joinResourceRoute(
  "/study-groups/{id}/join",
  { tags, summary: "Join (capacity exact under concurrency; invite-only needs the token)" },
  joinStudyGroupSchema,
  studyGroupDetailSchema,
  "The group",
  "Full",
);
const leaveRoute = createRoute({
  method: "post",
  path: "/study-groups/{id}/leave",
  tags,
  summary: "Leave, or remove a member (owner or the course's creator)",
  request: { params: uuidParams, ...jsonBody(z.object({ memberId: z.string().max(100).optional() })) },
  responses: { 200: json(okSchema, "Left"), ...resourceErrors },
});
const deleteRoute = deleteResourceRoute("/study-groups/{id}", {
  tags,
  summary: "Delete a group (owner or the course's creator)",
});
const sessionRoute = createRoute({
  method: "post",
  path: "/study-groups/{id}/sessions",
  tags,
  summary: "Schedule a session (members)",
  request: { params: uuidParams, ...jsonBody(scheduleSessionSchema) },
  responses: { 201: json(studyGroupSessionSchema, "The session"), ...resourceErrors },
});

/** /api/study-groups/* (issue 13 §3) and the session .ics download /api/study-group-sessions/{id}.ics. */
export function studyGroupRoutes(deps: AppDeps) {
  const db = deps.db;
  return courseResourceRouter(
    db,
    { list: listRoute, get: getRoute, remove: deleteRoute },
    { list: listStudyGroups, get: getStudyGroup, remove: deleteStudyGroup },
  )
    .openapi(createGroupRoute, async (c) =>
      c.json(await createStudyGroup(db, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(joinRoute, async (c) =>
      c.json(
        await joinStudyGroup(
          db,
          requireUser(c),
          c.req.valid("param").id,
          c.req.valid("json").inviteToken,
          notifyDeps(deps),
        ),
        200,
      ),
    )
    .openapi(leaveRoute, async (c) => {
      await leaveStudyGroup(db, requireUser(c), c.req.valid("param").id, c.req.valid("json").memberId);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(sessionRoute, async (c) =>
      c.json(
        await scheduleSession(
          db,
          requireUser(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          notifyDeps(deps),
        ),
        201,
      ),
    )
    .get("/study-group-sessions/:file", async (c) => {
      const id = c.req.param("file").replace(/\.ics$/, "");
      const { filename, body } = await sessionCalendar(db, requireUser(c), id, deps.env.appUrl);
      return c.body(body, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      });
    });
}
