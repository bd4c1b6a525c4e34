import {
  accountSchema,
  accountSessionsSchema,
  accountSettingsSchema,
  deleteAccountSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import { deleteAccount, getAccount, listSessions, revokeSessions, updateAccount } from "./account.service.ts";

const tags = ["Account"];

const getRoute = createRoute({
  method: "get",
  path: "/account",
  tags,
  summary: "The signed-in person's account settings",
  responses: { 200: json(accountSchema, "Settings"), 401: errorResponses[401] },
});

const putRoute = createRoute({
  method: "put",
  path: "/account",
  tags,
  summary: "Save name (≤ 120 characters), avatar, language and time zone",
  request: jsonBody(accountSettingsSchema),
  responses: { 200: json(accountSchema, "Saved"), 400: errorResponses[400], 401: errorResponses[401] },
});

const sessionsRoute = createRoute({
  method: "get",
  path: "/account/sessions",
  tags,
  summary: "The person's signed-in devices",
  responses: { 200: json(accountSessionsSchema, "Sessions"), 401: errorResponses[401] },
});

const revokeRoute = createRoute({
  method: "post",
  path: "/account/sessions/revoke",
  tags,
  summary: "Sign out one session, every other one, or everywhere",
  request: jsonBody(
    z.union([
      z.object({ all: z.literal(true) }),
      z.object({ others: z.literal(true) }),
      z.object({ id: z.string().min(1).max(200) }),
    ]),
  ),
  responses: {
    200: json(z.object({ revoked: z.number().int() }), "Signed out"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[400],
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/account",
  tags,
  summary: "Delete the account and its data (confirm by typing the e-mail address)",
  request: jsonBody(deleteAccountSchema),
  responses: { 204: { description: "Deleted" }, 400: errorResponses[400], 401: errorResponses[401] },
});

/** /api/account: the account settings page's endpoints (issue 16 item 14). Every call is the signed-in person's own. */
export function accountRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await getAccount(deps.db, requireUser(c)), 200))
    .openapi(putRoute, async (c) =>
      c.json(await updateAccount(deps.db, requireUser(c), c.req.valid("json")), 200),
    )
    .openapi(sessionsRoute, async (c) =>
      c.json({ sessions: await listSessions(deps.db, requireUser(c), c.get("sessionId")) }, 200),
    )
    .openapi(revokeRoute, async (c) => {
      const revoked = await revokeSessions(deps.db, requireUser(c), c.get("sessionId"), c.req.valid("json"));
      return c.json({ revoked }, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteAccount(deps.db, requireUser(c), c.req.valid("json").confirmEmail);
      return c.body(null, 204);
    });
}
