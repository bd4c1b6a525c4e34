import {
  achievementListSchema,
  communityPreferencesSchema,
  communityReportListSchema,
  communitySpacesSchema,
  createDiscussionSchema,
  discussionDetailSchema,
  discussionListQuerySchema,
  discussionListSchema,
  markAnswerSchema,
  moderationInputSchema,
  replyInputSchema,
  replySchema,
  reportInputSchema,
  reportSchema,
  resolveReportSchema,
  updateDiscussionSchema,
  upvoteInputSchema,
  upvoteResultSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import {
  errorResponseSchema,
  errorResponses,
  json,
  jsonBody,
  okSchema,
  uuidParams,
} from "../../lib/openapi.ts";
import { createStreamSlots, TOO_MANY_STREAMS_MESSAGE } from "../../lib/stream-slots.ts";
import { trackStream } from "../../observability/metrics.ts";
import { notifyDeps } from "../notifications/notifications.service.ts";
import { getAchievements } from "./achievements.service.ts";
import { COMMUNITY_CHANNEL, type CommunityNotification } from "./community.queries.ts";
import {
  createDiscussion,
  createReply,
  deleteDiscussion,
  deleteReply,
  getDiscussion,
  getSpaces,
  listDiscussions,
  markAnswer,
  moderateDiscussion,
  setDiscussionUpvote,
  updateDiscussion,
  updateReply,
  viewDiscussion,
} from "./community.service.ts";
import { listReports, reportPost, resolveReport } from "./community-reports.service.ts";
import { getPreferences, updatePreferences } from "./reply-digests.service.ts";

const tags = ["Community"];
const denied = json(errorResponseSchema, "No access, or not allowed for this user");
const missing = json(errorResponseSchema, "Not found");
const common = { 400: errorResponses[400], 401: errorResponses[401], 403: denied, 404: missing };

const route = <const M extends "get" | "post" | "put" | "patch" | "delete", const P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({ method, path, tags, summary });

const spacesRoute = createRoute({
  ...route("get", "/community/spaces", "Courses and schools the caller can post in"),
  responses: { 200: json(communitySpacesSchema, "Spaces"), 401: errorResponses[401] },
});
const listRoute = createRoute({
  ...route(
    "get",
    "/community/discussions",
    "Discussions visible to the caller: search, filters, sort, page (000 §2)",
  ),
  request: { query: discussionListQuerySchema },
  responses: {
    200: json(discussionListSchema, "A page of discussions"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});
const createDiscussionRoute = createRoute({
  ...route("post", "/community/discussions", "Start a Discussion in a course or school (000 §2, §8)"),
  request: jsonBody(createDiscussionSchema),
  responses: {
    201: json(discussionDetailSchema, "The discussion"),
    ...common,
    429: json(errorResponseSchema, "Posting too quickly"),
  },
});
const getRoute = createRoute({
  ...route(
    "get",
    "/community/discussions/{id}",
    "One discussion with its replies; counts the caller's view once per person",
  ),
  request: { params: uuidParams },
  responses: { 200: json(discussionDetailSchema, "The discussion"), ...common },
});
const updateRoute = createRoute({
  ...route("patch", "/community/discussions/{id}", "The author edits within 15 minutes"),
  request: { params: uuidParams, ...jsonBody(updateDiscussionSchema) },
  responses: { 200: json(discussionDetailSchema, "The discussion"), ...common },
});
const deleteRoute = createRoute({
  ...route("delete", "/community/discussions/{id}", "Delete (the school's creator or the author)"),
  request: { params: uuidParams },
  responses: { 200: json(okSchema, "Deleted"), ...common },
});
const moderateRoute = createRoute({
  ...route("post", "/community/discussions/{id}/moderation", "Pin or lock (the school's creator)"),
  request: { params: uuidParams, ...jsonBody(moderationInputSchema) },
  responses: { 200: json(discussionDetailSchema, "The discussion"), ...common },
});
const answerRoute = createRoute({
  ...route("put", "/community/discussions/{id}/answer", "Mark or clear the answer (creator or author)"),
  request: { params: uuidParams, ...jsonBody(markAnswerSchema) },
  responses: { 200: json(discussionDetailSchema, "The discussion"), ...common },
});
const upvoteRoute = createRoute({
  ...route("put", "/community/discussions/{id}/upvote", "Set the caller's upvote (one per user)"),
  request: { params: uuidParams, ...jsonBody(upvoteInputSchema) },
  responses: { 200: json(upvoteResultSchema, "The upvote"), ...common },
});
const replyRoute = createRoute({
  ...route("post", "/community/discussions/{id}/replies", "Reply (one level; locked: creator only)"),
  request: { params: uuidParams, ...jsonBody(replyInputSchema) },
  responses: {
    201: json(replySchema, "The reply"),
    ...common,
    429: json(errorResponseSchema, "Posting too quickly"),
  },
});
const updateReplyRoute = createRoute({
  ...route("patch", "/community/replies/{id}", "The author edits a reply within 15 minutes"),
  request: { params: uuidParams, ...jsonBody(replyInputSchema) },
  responses: { 200: json(replySchema, "The reply"), ...common },
});
const deleteReplyRoute = createRoute({
  ...route("delete", "/community/replies/{id}", "Delete a reply (its author or the school's creator)"),
  request: { params: uuidParams },
  responses: { 200: json(okSchema, "Deleted"), ...common },
});
const reportRoute = createRoute({
  ...route("post", "/community/reports", "Report a discussion or reply to the school's creator"),
  request: jsonBody(reportInputSchema),
  responses: {
    201: json(reportSchema, "The report"),
    ...common,
    409: json(errorResponseSchema, "Already reported"),
  },
});
const reportsRoute = createRoute({
  ...route("get", "/community/reports", "The caller's moderation queue (pending reports)"),
  responses: { 200: json(communityReportListSchema, "Pending reports"), 401: errorResponses[401] },
});
const resolveRoute = createRoute({
  ...route(
    "post",
    "/community/reports/{id}/resolve",
    "Keep (approve) or hide (reject) the reported post: hidden, only its author still sees it (issue 24 §4)",
  ),
  request: { params: uuidParams, ...jsonBody(resolveReportSchema) },
  responses: { 200: json(z.object({ status: z.enum(["approved", "rejected"]) }), "Decided"), ...common },
});
const prefsRoute = createRoute({
  ...route("get", "/community/preferences", "Reply e-mail preference"),
  responses: { 200: json(communityPreferencesSchema, "Preferences"), 401: errorResponses[401] },
});
const savePrefsRoute = createRoute({
  ...route("put", "/community/preferences", "Save the reply e-mail preference"),
  request: jsonBody(communityPreferencesSchema),
  responses: {
    200: json(communityPreferencesSchema, "Preferences"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});
const achievementsRoute = createRoute({
  ...route(
    "get",
    "/community/achievements",
    "The caller's achievements (awarded once, with date and progress)",
  ),
  responses: { 200: json(achievementListSchema, "Achievements"), 401: errorResponses[401] },
});

const encoder = new TextEncoder();
/** Comment line sent to every open thread stream this often. */
const HEARTBEAT_MS = 25_000;

/**
 * /api/community/* (issue 13; spec 000 §2 Student community): discussions, replies, upvotes,
 * moderation, reports, preferences, achievements, and the live thread stream
 * /api/community/discussions/{id}/events (SSE: `reply` / `discussion` events with ids; the page
 * refetches).
 */
export function communityRoutes(deps: AppDeps) {
  const db = deps.db;
  // At most MAX_STREAMS_PER_USER discussion streams per user on this instance (issue 25 N10).
  const streamSlots = createStreamSlots();
  return createRouter()
    .openapi(spacesRoute, async (c) => c.json(await getSpaces(db, requireUser(c)), 200))
    .openapi(listRoute, async (c) =>
      c.json(await listDiscussions(db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(createDiscussionRoute, async (c) =>
      c.json(await createDiscussion(db, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(getRoute, async (c) =>
      c.json(await viewDiscussion(db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(updateRoute, async (c) =>
      c.json(await updateDiscussion(db, requireUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteDiscussion(db, requireUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(moderateRoute, async (c) =>
      c.json(await moderateDiscussion(db, requireUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(answerRoute, async (c) =>
      c.json(await markAnswer(db, requireUser(c), c.req.valid("param").id, c.req.valid("json").replyId), 200),
    )
    .openapi(upvoteRoute, async (c) =>
      c.json(
        await setDiscussionUpvote(db, requireUser(c), c.req.valid("param").id, c.req.valid("json").upvoted),
        200,
      ),
    )
    .openapi(replyRoute, async (c) =>
      c.json(
        await createReply(db, requireUser(c), c.req.valid("param").id, c.req.valid("json"), notifyDeps(deps)),
        201,
      ),
    )
    .openapi(updateReplyRoute, async (c) =>
      c.json(await updateReply(db, requireUser(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteReplyRoute, async (c) => {
      await deleteReply(db, requireUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(reportRoute, async (c) => c.json(await reportPost(db, requireUser(c), c.req.valid("json")), 201))
    .openapi(reportsRoute, async (c) => c.json(await listReports(db, requireUser(c)), 200))
    .openapi(resolveRoute, async (c) =>
      c.json(
        await resolveReport(db, requireUser(c), c.req.valid("param").id, c.req.valid("json").action),
        200,
      ),
    )
    .openapi(prefsRoute, async (c) => c.json(await getPreferences(db, requireUser(c)), 200))
    .openapi(savePrefsRoute, async (c) =>
      c.json(await updatePreferences(db, requireUser(c), c.req.valid("json")), 200),
    )
    .openapi(achievementsRoute, async (c) => c.json(await getAchievements(db, requireUser(c)), 200))
    .get("/community/discussions/:id/events", async (c) => {
      const origin = c.req.header("origin");
      if (
        (origin && origin !== new URL(deps.env.appUrl).origin) ||
        c.req.header("sec-fetch-site") === "cross-site"
      )
        throw new AppError("FORBIDDEN", "Cross-origin requests are not allowed.");
      const user = requireUser(c);
      const discussion = await getDiscussion(db, user, c.req.param("id"));
      const release = streamSlots.acquire(user.id);
      if (!release) throw new AppError("RATE_LIMITED", TOO_MANY_STREAMS_MESSAGE);
      const signal = c.req.raw.signal;
      let cleanup = release;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const send = (text: string) => {
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              cleanup();
            }
          };
          const unsubscribe = deps.realtime.subscribe(COMMUNITY_CHANNEL, (payload) => {
            let note: CommunityNotification;
            try {
              note = JSON.parse(payload) as CommunityNotification;
            } catch {
              return;
            }
            if (note.d !== discussion.id) return;
            send(
              `event: ${note.t}\ndata: ${JSON.stringify({ discussionId: note.d, replyId: note.r ?? null })}\n\n`,
            );
          });
          const unresync = deps.realtime.onResync(() => send(`event: resync\ndata: {}\n\n`));
          const timer = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
          timer.unref?.();
          const untrack = trackStream("community");
          cleanup = () => {
            release();
            untrack();
            clearInterval(timer);
            unsubscribe();
            unresync();
            try {
              controller.close();
            } catch {
              /* already closed */
            }
          };
          signal.addEventListener("abort", () => cleanup(), { once: true });
          send(`event: ready\ndata: {}\n\n`);
        },
        cancel() {
          cleanup();
        },
      });
      return c.body(stream, 200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
    });
}
