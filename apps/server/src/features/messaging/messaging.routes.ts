import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  readMarkerSchema,
  sendMessageSchema,
  startConversationResultSchema,
  startConversationSchema,
  unreadTotalSchema,
} from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors.ts";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody, uuidParams } from "../../lib/openapi.ts";
import {
  getConversation,
  getUnreadTotal,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
} from "./messaging.service.ts";
import {
  createMessagingHub,
  MAX_STREAMS_PER_USER,
  type MessagingHub,
  TOO_MANY_STREAMS_MESSAGE,
} from "./messaging.stream.ts";

const denied = json(errorResponseSchema, "Not a participant of this conversation");
const missing = json(errorResponseSchema, "Conversation not found");
const tags = ["Messaging"];

const listRoute = createRoute({
  method: "get",
  path: "/conversations",
  tags,
  summary: "The caller's conversations, newest message first, with unread counts (000 §4, §7)",
  request: { query: conversationListQuerySchema },
  responses: {
    200: json(conversationListSchema, "Conversations"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const startRoute = createRoute({
  method: "post",
  path: "/conversations",
  tags,
  summary:
    "Start or open the conversation of a course and student (student: courseId; creator: courseId + studentId)",
  request: jsonBody(startConversationSchema),
  responses: {
    200: json(startConversationResultSchema, "The conversation"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: json(errorResponseSchema, "Not the course's creator, or the student is not enrolled"),
    404: json(errorResponseSchema, "Course not found"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/conversations/{id}",
  tags,
  summary: "One conversation (participants only)",
  request: { params: uuidParams },
  responses: {
    200: json(conversationSchema, "The conversation"),
    401: errorResponses[401],
    403: denied,
    404: missing,
  },
});

const messagesRoute = createRoute({
  method: "get",
  path: "/conversations/{id}/messages",
  tags,
  summary: "A page of messages, oldest first (participants only)",
  request: { params: uuidParams, query: messageListQuerySchema },
  responses: {
    200: json(messageListSchema, "Messages"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: denied,
    404: missing,
  },
});

const sendRoute = createRoute({
  method: "post",
  path: "/conversations/{id}/messages",
  tags,
  summary: "Send a message: trimmed, 1–5,000 characters, rate limited per user (participants only)",
  request: { params: uuidParams, ...jsonBody(sendMessageSchema) },
  responses: {
    201: json(messageSchema, "The message"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: denied,
    404: missing,
    429: json(errorResponseSchema, "Sending too quickly"),
  },
});

const readRoute = createRoute({
  method: "post",
  path: "/conversations/{id}/read",
  tags,
  summary: "Record the read marker (upsert message_participants.last_read_at)",
  request: { params: uuidParams },
  responses: {
    200: json(readMarkerSchema, "The marker"),
    401: errorResponses[401],
    403: denied,
    404: missing,
  },
});

const unreadRoute = createRoute({
  method: "get",
  path: "/messaging/unread",
  tags,
  summary: "The caller's unread total (sidebar badge)",
  responses: { 200: json(unreadTotalSchema, "Unread total"), 401: errorResponses[401] },
});

/** True when a request's Origin (or Sec-Fetch-Site) shows it comes from another site. */
function isForeignOrigin(headers: Headers, appUrl: string): boolean {
  const origin = headers.get("origin");
  if (origin && origin !== new URL(appUrl).origin) return true;
  return headers.get("sec-fetch-site") === "cross-site";
}

/**
 * /api/conversations/*, /api/messaging/unread and the realtime stream /api/messaging/events
 * (Server-Sent Events; session cookie; foreign origins get 403). Issue 6, spec 000 §4, §7.
 */
export function messagingRoutes(
  deps: AppDeps,
  hub: MessagingHub = createMessagingHub({ db: deps.db, bus: deps.realtime, logger: deps.logger }),
) {
  const rateLimitMax = deps.env.messageRateLimitMax;
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listConversations(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(startRoute, async (c) =>
      c.json(await startConversation(deps.db, requireUser(c), c.req.valid("json")), 200),
    )
    .openapi(getRoute, async (c) =>
      c.json(await getConversation(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(messagesRoute, async (c) =>
      c.json(await listMessages(deps.db, requireUser(c), c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(sendRoute, async (c) =>
      c.json(
        await sendMessage(deps.db, requireUser(c), c.req.valid("param").id, c.req.valid("json"), {
          rateLimitMax,
        }),
        201,
      ),
    )
    .openapi(readRoute, async (c) =>
      c.json(await markConversationRead(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(unreadRoute, async (c) => c.json(await getUnreadTotal(deps.db, requireUser(c)), 200))
    .get("/messaging/events", (c) => {
      if (isForeignOrigin(c.req.raw.headers, deps.env.appUrl))
        throw new AppError("FORBIDDEN", "Cross-origin requests are not allowed.");
      const user = requireUser(c);
      if (hub.streamsOf(user.id) >= MAX_STREAMS_PER_USER)
        throw new AppError("RATE_LIMITED", TOO_MANY_STREAMS_MESSAGE);
      const lastEventId = c.req.header("last-event-id") ?? c.req.query("since") ?? undefined;
      const stream = hub.open(user.id, lastEventId || undefined, c.req.raw.signal);
      return c.body(stream, 200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
    });
}
