import {
  buddyBlockInputSchema,
  buddyBlockListSchema,
  buddyConversationSchema,
  buddyLinkSchema,
  buddyOverviewSchema,
  buddyPreferencesInputSchema,
  buddyPreferencesSchema,
  buddyRequestInputSchema,
  buddySuggestionListSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import {
  errorResponseSchema,
  errorResponses,
  json,
  jsonBody,
  okSchema,
  uuidParams,
} from "../../lib/openapi.ts";
import { notifyDeps } from "../notifications/notifications.service.ts";
import {
  acceptRequest,
  blockUser,
  buddyConversation,
  cancelRequest,
  declineRequest,
  getBlocks,
  getOverview,
  getPreferences,
  listSuggestions,
  removeBuddy,
  requestBuddy,
  savePreferences,
  unblockUser,
} from "./study-buddies.service.ts";

const tags = ["Study buddies"];
const userParams = z.object({ userId: z.string().max(100) });
const common = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: json(errorResponseSchema, "Not allowed"),
  404: json(errorResponseSchema, "Not found"),
  409: json(errorResponseSchema, "Already answered, or not buddies"),
};

const getPrefsRoute = createRoute({
  method: "get",
  path: "/study-buddies/preferences",
  tags,
  summary: "The caller's buddy preferences and enrolled courses",
  responses: { 200: json(buddyPreferencesSchema, "Preferences"), 401: errorResponses[401] },
});
const putPrefsRoute = createRoute({
  method: "put",
  path: "/study-buddies/preferences",
  tags,
  summary: "Save preferences: opt-in, courses, goals, weekly availability, language, time zone",
  request: jsonBody(buddyPreferencesInputSchema),
  responses: {
    200: json(buddyPreferencesSchema, "Preferences"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});
const suggestionsRoute = createRoute({
  method: "get",
  path: "/study-buddies/suggestions",
  tags,
  summary: "Ranked, explained suggestions (opted-in students sharing a course; never blocked or opted out)",
  responses: { 200: json(buddySuggestionListSchema, "Suggestions"), 401: errorResponses[401] },
});
const overviewRoute = createRoute({
  method: "get",
  path: "/study-buddies",
  tags,
  summary: "The caller's buddies and pending requests (incoming, outgoing)",
  responses: { 200: json(buddyOverviewSchema, "Buddies"), 401: errorResponses[401] },
});
const requestRoute = createRoute({
  method: "post",
  path: "/study-buddies/requests",
  tags,
  summary: "Ask a student to be study buddies (pending and daily limits; one live request per pair)",
  request: jsonBody(buddyRequestInputSchema),
  responses: {
    201: json(buddyLinkSchema, "The request"),
    ...common,
    429: json(errorResponseSchema, "Too many pending requests, or too many today"),
  },
});
const acceptRoute = createRoute({
  method: "post",
  path: "/study-buddies/requests/{id}/accept",
  tags,
  summary: "Accept a request sent to the caller (exactly once) and open the buddies' conversation",
  request: { params: uuidParams },
  responses: { 200: json(buddyLinkSchema, "The buddyship"), ...common },
});
const declineRoute = createRoute({
  method: "post",
  path: "/study-buddies/requests/{id}/decline",
  tags,
  summary: "Decline a request sent to the caller",
  request: { params: uuidParams },
  responses: { 200: json(okSchema, "Declined"), ...common },
});
const cancelRoute = createRoute({
  method: "post",
  path: "/study-buddies/requests/{id}/cancel",
  tags,
  summary: "Cancel a request the caller sent",
  request: { params: uuidParams },
  responses: { 200: json(okSchema, "Cancelled"), ...common },
});
const removeRoute = createRoute({
  method: "delete",
  path: "/study-buddies/{id}",
  tags,
  summary: "End a buddyship (either buddy); their conversation closes",
  request: { params: uuidParams },
  responses: { 200: json(okSchema, "Removed"), ...common },
});
const conversationRoute = createRoute({
  method: "post",
  path: "/study-buddies/{id}/conversation",
  tags,
  summary: "Open the buddies' conversation (buddies only)",
  request: { params: uuidParams },
  responses: { 200: json(buddyConversationSchema, "The conversation"), ...common },
});
const blocksRoute = createRoute({
  method: "get",
  path: "/study-buddies/blocks",
  tags,
  summary: "The people the caller blocked",
  responses: { 200: json(buddyBlockListSchema, "Blocked"), 401: errorResponses[401] },
});
const blockRoute = createRoute({
  method: "post",
  path: "/study-buddies/blocks",
  tags,
  summary: "Block a user: ends requests and buddyship, hides both ways",
  request: jsonBody(buddyBlockInputSchema),
  responses: { 200: json(okSchema, "Blocked"), ...common },
});
const unblockRoute = createRoute({
  method: "delete",
  path: "/study-buddies/blocks/{userId}",
  tags,
  summary: "Lift a block",
  request: { params: userParams },
  responses: { 200: json(okSchema, "Unblocked"), 401: errorResponses[401] },
});

/** /api/study-buddies/* (issue 13 §5; decisions 0188, 0189). */
export function studyBuddyRoutes(deps: AppDeps) {
  const db = deps.db;
  const ok = { ok: true as const };
  return createRouter()
    .openapi(getPrefsRoute, async (c) => c.json(await getPreferences(db, requireUser(c)), 200))
    .openapi(putPrefsRoute, async (c) =>
      c.json(await savePreferences(db, requireUser(c), c.req.valid("json")), 200),
    )
    .openapi(suggestionsRoute, async (c) => c.json(await listSuggestions(db, requireUser(c)), 200))
    .openapi(blocksRoute, async (c) => c.json(await getBlocks(db, requireUser(c)), 200))
    .openapi(blockRoute, async (c) => {
      await blockUser(db, requireUser(c), c.req.valid("json").userId);
      return c.json(ok, 200);
    })
    .openapi(unblockRoute, async (c) => {
      await unblockUser(db, requireUser(c), c.req.valid("param").userId);
      return c.json(ok, 200);
    })
    .openapi(overviewRoute, async (c) => c.json(await getOverview(db, requireUser(c)), 200))
    .openapi(requestRoute, async (c) =>
      c.json(
        await requestBuddy(
          { db, mailer: deps.mailer, appUrl: deps.env.appUrl },
          requireUser(c),
          c.req.valid("json"),
        ),
        201,
      ),
    )
    .openapi(acceptRoute, async (c) =>
      c.json(await acceptRequest(db, requireUser(c), c.req.valid("param").id, notifyDeps(deps)), 200),
    )
    .openapi(declineRoute, async (c) => {
      await declineRequest(db, requireUser(c), c.req.valid("param").id);
      return c.json(ok, 200);
    })
    .openapi(cancelRoute, async (c) => {
      await cancelRequest(db, requireUser(c), c.req.valid("param").id);
      return c.json(ok, 200);
    })
    .openapi(removeRoute, async (c) => {
      await removeBuddy(db, requireUser(c), c.req.valid("param").id);
      return c.json(ok, 200);
    })
    .openapi(conversationRoute, async (c) =>
      c.json(await buddyConversation(db, requireUser(c), c.req.valid("param").id), 200),
    );
}
