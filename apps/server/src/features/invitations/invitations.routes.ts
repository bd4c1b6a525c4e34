import {
  acceptInvitationResultSchema,
  acceptInvitationSchema,
  invitationLookupSchema,
  invitationResultSchema,
  pendingInvitationListSchema,
  sendInvitationSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { statedLocale } from "../../lib/locale.ts";
import { errorResponseSchema, errorResponses, json } from "../../lib/openapi.ts";
import {
  acceptInvitation,
  listInvitations,
  lookupInvitation,
  revokeInvitation,
  sendInvitation,
} from "./invitations.service.ts";

const error = (description: string) => json(errorResponseSchema, description);

const sendRoute = createRoute({
  method: "post",
  path: "/invitations",
  tags: ["Invitations"],
  summary: "send-student-invitation: invite an e-mail into the creator's published courses",
  request: { body: { content: { "application/json": { schema: sendInvitationSchema } }, required: true } },
  responses: {
    201: json(invitationResultSchema, "The invitation and its link"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: error("Not a creator"),
    404: error("A course is not the creator's published course"),
  },
});

const lookupRoute = createRoute({
  method: "get",
  path: "/invitations/lookup",
  tags: ["Invitations"],
  summary: "Invitation lookup for /auth?invitation={token} (pending and unexpired only)",
  request: { query: z.object({ token: z.string().max(200).default("") }) },
  responses: {
    200: json(invitationLookupSchema, "The invited e-mail and courses"),
    404: error("Invitation not found"),
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/invitations/accept",
  tags: ["Invitations"],
  summary: "process-student-invitation: enrol the signed-in account into the invited courses",
  request: { body: { content: { "application/json": { schema: acceptInvitationSchema } }, required: true } },
  responses: {
    200: json(acceptInvitationResultSchema, "Enrolled"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: error("Email mismatch"),
    404: error("Invalid, expired or already used"),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/invitations",
  tags: ["Invitations"],
  summary: "The signed-in creator's pending, unexpired invitations, newest first (at most 100)",
  responses: {
    200: json(pendingInvitationListSchema, "Pending invitations"),
    401: errorResponses[401],
    403: error("Not a creator"),
  },
});

const revokeRoute = createRoute({
  method: "post",
  path: "/invitations/{id}/revoke",
  tags: ["Invitations"],
  summary: "Revoke a pending invitation of the signed-in creator (its link stops working)",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    204: { description: "Revoked" },
    400: errorResponses[400],
    401: errorResponses[401],
    403: error("Not a creator"),
    404: error("No such pending invitation of this creator"),
  },
});

/** /api/invitations… (000 §2 Invite dialog, §7; 001 §2 Invitation acceptance page; issue 5). */
export function invitationRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listInvitations(deps.db, requireUser(c)), 200);
    })
    .openapi(revokeRoute, async (c) => {
      await revokeInvitation(deps.db, requireUser(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(sendRoute, async (c) =>
      c.json(
        await sendInvitation(
          { db: deps.db, mailer: deps.mailer, appUrl: deps.env.appUrl },
          requireUser(c),
          c.req.valid("json"),
          statedLocale(c.req.raw.headers),
        ),
        201,
      ),
    )
    .openapi(lookupRoute, async (c) => {
      const result = await lookupInvitation(deps.db, c.req.valid("query").token);
      c.header("Cache-Control", "no-store");
      return c.json(result, 200);
    })
    .openapi(acceptRoute, async (c) =>
      c.json(await acceptInvitation(deps.db, requireUser(c), c.req.valid("json").invitationToken), 200),
    );
}
