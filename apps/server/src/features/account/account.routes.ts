import {
  accountDeletionSchema,
  accountSchema,
  accountSessionsSchema,
  accountSettingsSchema,
  deleteAccountSchema,
  pageQuerySchema,
  securityEventListSchema,
  twoFactorStatusSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import {
  accountDeletion,
  deleteAccount,
  getAccount,
  listMySecurityEvents,
  listSessions,
  revokeSessions,
  twoFactorStatus,
  updateAccount,
} from "./account.service.ts";
import { exportMyData } from "./account-export.service.ts";

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

const securityRoute = createRoute({
  method: "get",
  path: "/account/security-events",
  tags,
  summary: "The person's recent security activity, newest first, 10 a page (issue 25 item 7)",
  request: { query: pageQuerySchema.pick({ page: true }) },
  responses: {
    200: json(securityEventListSchema, "Events"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const twoFactorRoute = createRoute({
  method: "get",
  path: "/account/two-factor",
  tags,
  summary:
    "Two-factor sign-in state: on or off, whether enrolling asks for a password, required (platform admin), suggested (creator after a first sale)",
  responses: { 200: json(twoFactorStatusSchema, "Two-factor state"), 401: errorResponses[401] },
});

const deletionRoute = createRoute({
  method: "get",
  path: "/account/deletion",
  tags,
  summary: "What deleting the account needs: password or fresh sign-in, and paid enrolments that block it",
  responses: { 200: json(accountDeletionSchema, "Deletion requirements"), 401: errorResponses[401] },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/account",
  tags,
  summary:
    "Delete the account (password, or a sign-in within 10 minutes for an account without one); orders bought are kept anonymised; refused for a creator whose students hold paid enrolments",
  request: jsonBody(deleteAccountSchema),
  responses: {
    204: { description: "Deleted" },
    400: errorResponses[400],
    401: errorResponses[401],
    403: json(errorResponseSchema, "Account without a password: sign in again first"),
    409: json(errorResponseSchema, "Students hold paid enrolments in the person's courses"),
    429: json(errorResponseSchema, "Too many password attempts"),
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/account/export",
  tags,
  summary:
    "Download all the person's data as a ZIP: profile, enrolments, progress, certificates, orders, posts, messages and reviews as JSON and CSV (issue 24 §8); 5 a person an hour",
  responses: {
    200: {
      description: "The ZIP archive (attachment academy-data-YYYY-MM-DD.zip)",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    401: errorResponses[401],
    429: json(errorResponseSchema, "Too many exports this hour"),
  },
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
    .openapi(securityRoute, async (c) =>
      c.json(await listMySecurityEvents(deps.db, requireUser(c), c.req.valid("query").page), 200),
    )
    .openapi(twoFactorRoute, async (c) => c.json(await twoFactorStatus(deps.db, requireUser(c)), 200))
    .openapi(exportRoute, async (c) => {
      const zip = await exportMyData(deps.db, requireUser(c), deps.env.appUrl);
      const day = new Date().toISOString().slice(0, 10);
      return new Response(zip as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="academy-data-${day}.zip"`,
          "Cache-Control": "no-store",
        },
      }) as never;
    })
    .openapi(deletionRoute, async (c) =>
      c.json(await accountDeletion(deps.db, requireUser(c), c.get("sessionId")), 200),
    )
    .openapi(deleteRoute, async (c) => {
      const headers = c.req.raw.headers;
      // better-auth 1.7.7's own check (POST /verify-password, server-only): it reads the session
      // from these headers and compares with the credential account's hash; a wrong password throws.
      const verifyPassword = async (password: string) => {
        try {
          await deps.auth.api.verifyPassword({ body: { password }, headers });
          return true;
        } catch {
          return false;
        }
      };
      await deleteAccount(deps.db, requireUser(c), c.get("sessionId"), c.req.valid("json"), verifyPassword);
      return c.body(null, 204);
    });
}
