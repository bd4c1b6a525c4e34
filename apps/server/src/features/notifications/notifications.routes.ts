import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  unreadNotificationsSchema,
} from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { Hono } from "hono";
import { verifyUnsubscribeToken } from "../../email/unsubscribe.ts";
import { type AppDeps, type AppEnv, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody, uuidParams } from "../../lib/openapi.ts";
import {
  accountLanguage,
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  savePreferences,
  unreadCount,
  unsubscribe,
} from "./notifications.service.ts";
import { unsubscribePage } from "./unsubscribe-page.ts";

const error = (description: string) => json(errorResponseSchema, description);

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["Notifications"],
  summary: "The signed-in person's notifications, newest first (cursor pagination)",
  request: { query: notificationListQuerySchema },
  responses: {
    200: json(notificationListSchema, "A page"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const unreadRoute = createRoute({
  method: "get",
  path: "/notifications/unread",
  tags: ["Notifications"],
  summary: "The bell's unread count (at most 100)",
  responses: { 200: json(unreadNotificationsSchema, "Unread"), 401: errorResponses[401] },
});

const readRoute = createRoute({
  method: "post",
  path: "/notifications/{id}/read",
  tags: ["Notifications"],
  summary: "Mark one of the signed-in person's notifications read",
  request: { params: uuidParams },
  responses: {
    200: json(unreadNotificationsSchema, "The new unread count"),
    401: errorResponses[401],
    404: error("No such notification of the signed-in person"),
  },
});

const readAllRoute = createRoute({
  method: "post",
  path: "/notifications/read-all",
  tags: ["Notifications"],
  summary: "Mark all the signed-in person's notifications read",
  responses: { 200: json(unreadNotificationsSchema, "The new unread count"), 401: errorResponses[401] },
});

const getPreferencesRoute = createRoute({
  method: "get",
  path: "/notifications/preferences",
  tags: ["Notifications"],
  summary: "Every notification type with the signed-in person's channel (in_app, email, off)",
  responses: { 200: json(notificationPreferencesSchema, "Preferences"), 401: errorResponses[401] },
});

const putPreferencesRoute = createRoute({
  method: "put",
  path: "/notifications/preferences",
  tags: ["Notifications"],
  summary: "Save channels for the types given",
  request: jsonBody(notificationPreferencesSchema),
  responses: {
    200: json(notificationPreferencesSchema, "Preferences"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

/** /api/notifications (issue 27 §2): the bell's list and count, read markers, preferences. */
export function notificationRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listNotifications(deps.db, requireUser(c), c.req.valid("query")), 200),
    )
    .openapi(unreadRoute, async (c) => c.json(await unreadCount(deps.db, requireUser(c)), 200))
    .openapi(readAllRoute, async (c) => c.json(await markAllRead(deps.db, requireUser(c)), 200))
    .openapi(readRoute, async (c) =>
      c.json(await markRead(deps.db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(getPreferencesRoute, async (c) => c.json(await getPreferences(deps.db, requireUser(c).id), 200))
    .openapi(putPreferencesRoute, async (c) =>
      c.json(await savePreferences(deps.db, requireUser(c), c.req.valid("json")), 200),
    );
}

/**
 * `/unsubscribe/{token}` (RFC 8058, issue 27 §2): GET shows a small page in the person's language
 * with one button; POST — the button, or a mail provider's one-click `List-Unsubscribe=One-Click`
 * body — turns that type's e-mail off without signing in. A tampered or unknown token: 400 page.
 * Outside /api, so mail providers' POSTs without an Origin are not refused as cross-site.
 */
export function unsubscribeRoutes(deps: AppDeps) {
  const secret = async () => (await deps.auth.$context).secret;
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  return new Hono<AppEnv>()
    .get("/unsubscribe/:token", async (c) => {
      const target = verifyUnsubscribeToken(await secret(), c.req.param("token"));
      const locale = target ? await accountLanguage(deps.db, target.userId) : null;
      if (!target || !locale)
        return c.html(unsubscribePage({ state: "invalid", locale: "vi" }), 400, headers);
      return c.html(unsubscribePage({ state: "confirm", locale, type: target.type }), 200, headers);
    })
    .post("/unsubscribe/:token", async (c) => {
      const target = verifyUnsubscribeToken(await secret(), c.req.param("token"));
      const done = target ? await unsubscribe(deps.db, target) : null;
      if (!done) return c.html(unsubscribePage({ state: "invalid", locale: "vi" }), 400, headers);
      return c.html(
        unsubscribePage({
          state: "done",
          locale: done.locale,
          type: done.type,
          settingsUrl: `${deps.env.appUrl}/dashboard/account#notifications`,
        }),
        200,
        headers,
      );
    });
}
