import {
  contactInstructorSchema,
  contactOptionsSchema,
  faqEntrySchema,
  faqInputSchema,
  faqListSchema,
  faqQuerySchema,
  featureRequestCreateSchema,
  featureRequestListSchema,
  featureRequestQuerySchema,
  featureStatusInputSchema,
  guideInputSchema,
  guideListSchema,
  guidePublishSchema,
  guideSchema,
  ticketCreateSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReplyInputSchema,
  ticketStatusInputSchema,
  voteResultSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import {
  deleteFaq,
  deleteGuide,
  listFaq,
  listGuides,
  saveFaq,
  saveGuide,
  setGuidePublished,
} from "./help.service.ts";
import {
  createFeatureRequest,
  listFeatureRequests,
  setFeatureStatus,
  toggleVote,
} from "./roadmap.service.ts";
import {
  contactInstructor,
  contactOptions,
  createTicket,
  getTicket,
  listTickets,
  replyToTicket,
  setTicketStatus,
} from "./tickets.service.ts";

const tags = ["Help"];
const idParams = z.object({ id: z.string() });
const forbidden = json(errorResponseSchema, "Not allowed");
const missing = json(errorResponseSchema, "Not found");
const base = { 400: errorResponses[400], 401: errorResponses[401] } as const;

const faqRoute = createRoute({
  method: "get",
  path: "/help/faq",
  tags,
  summary: "FAQ for the caller's role, searchable, by category",
  request: { query: faqQuerySchema },
  responses: { 200: json(faqListSchema, "Entries"), ...base },
});
const createFaqRoute = createRoute({
  method: "post",
  path: "/admin/faq",
  tags,
  summary: "Add an FAQ entry in both languages (admins)",
  request: jsonBody(faqInputSchema),
  responses: { 201: json(faqEntrySchema, "Created"), ...base, 403: forbidden },
});
const updateFaqRoute = createRoute({
  method: "put",
  path: "/admin/faq/{id}",
  tags,
  summary: "Edit an FAQ entry (admins)",
  request: { params: idParams, ...jsonBody(faqInputSchema) },
  responses: { 200: json(faqEntrySchema, "Saved"), ...base, 403: forbidden, 404: missing },
});
const deleteFaqRoute = createRoute({
  method: "delete",
  path: "/admin/faq/{id}",
  tags,
  summary: "Delete an FAQ entry (admins)",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...base, 403: forbidden, 404: missing },
});
const guidesRoute = createRoute({
  method: "get",
  path: "/help/guides",
  tags,
  summary: "Guides (markdown) for the caller's role",
  responses: { 200: json(guideListSchema, "Guides"), 401: errorResponses[401] },
});
const conflict = json(errorResponseSchema, "Conflict");
const createGuideRoute = createRoute({
  method: "post",
  path: "/admin/guides",
  tags,
  summary: "Add a guide in both languages, markdown (admins)",
  request: jsonBody(guideInputSchema),
  responses: { 201: json(guideSchema, "Created"), ...base, 403: forbidden, 409: conflict },
});
const updateGuideRoute = createRoute({
  method: "put",
  path: "/admin/guides/{id}",
  tags,
  summary: "Edit a guide (admins)",
  request: { params: idParams, ...jsonBody(guideInputSchema) },
  responses: { 200: json(guideSchema, "Saved"), ...base, 403: forbidden, 404: missing, 409: conflict },
});
const publishGuideRoute = createRoute({
  method: "patch",
  path: "/admin/guides/{id}/publish",
  tags,
  summary: "Publish or unpublish a guide (admins)",
  request: { params: idParams, ...jsonBody(guidePublishSchema) },
  responses: { 200: json(guideSchema, "Saved"), ...base, 403: forbidden, 404: missing },
});
const deleteGuideRoute = createRoute({
  method: "delete",
  path: "/admin/guides/{id}",
  tags,
  summary: "Delete a guide (admins)",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...base, 403: forbidden, 404: missing },
});
const ticketsRoute = createRoute({
  method: "get",
  path: "/help/tickets",
  tags,
  summary: "Tickets: box=mine (filed by the caller) or inbox (answered by the caller), 20 a page",
  request: { query: ticketListQuerySchema },
  responses: { 200: json(ticketListSchema, "Tickets"), ...base },
});
const createTicketRoute = createRoute({
  method: "post",
  path: "/help/tickets",
  tags,
  summary: "File a support ticket to the platform (001 §5: subject and description required)",
  request: jsonBody(ticketCreateSchema),
  responses: { 201: json(ticketDetailSchema, "Created"), ...base },
});
const ticketRoute = createRoute({
  method: "get",
  path: "/help/tickets/{id}",
  tags,
  summary: "One ticket with its thread (requester, answerer, admins)",
  request: { params: idParams },
  responses: { 200: json(ticketDetailSchema, "Ticket"), ...base, 403: forbidden, 404: missing },
});
const replyRoute = createRoute({
  method: "post",
  path: "/help/tickets/{id}/replies",
  tags,
  summary: "Reply in a ticket's thread; the other side is e-mailed",
  request: { params: idParams, ...jsonBody(ticketReplyInputSchema) },
  responses: { 201: json(ticketDetailSchema, "Ticket"), ...base, 403: forbidden, 404: missing },
});
const statusRoute = createRoute({
  method: "patch",
  path: "/help/tickets/{id}/status",
  tags,
  summary: "Set a ticket's status (answerer; the requester may resolve their own)",
  request: { params: idParams, ...jsonBody(ticketStatusInputSchema) },
  responses: { 200: json(ticketDetailSchema, "Ticket"), ...base, 403: forbidden, 404: missing },
});
const contactOptionsRoute = createRoute({
  method: "get",
  path: "/help/contact-instructor",
  tags,
  summary: "The caller's courses whose instructor they may contact",
  responses: { 200: json(contactOptionsSchema, "Courses"), 401: errorResponses[401] },
});
const contactRoute = createRoute({
  method: "post",
  path: "/help/contact-instructor",
  tags,
  summary: "A student's message to the teacher of one of their courses (001 §5)",
  request: jsonBody(contactInstructorSchema),
  responses: { 201: json(ticketDetailSchema, "Sent"), ...base, 403: forbidden },
});
const requestsRoute = createRoute({
  method: "get",
  path: "/help/feature-requests",
  tags,
  summary: "The roadmap: feature requests by votes, 20 a page, with the caller's vote",
  request: { query: featureRequestQuerySchema },
  responses: { 200: json(featureRequestListSchema, "Requests"), ...base },
});
const createRequestRoute = createRoute({
  method: "post",
  path: "/help/feature-requests",
  tags,
  summary: "Submit a feature request (starts under-review with the author's vote)",
  request: jsonBody(featureRequestCreateSchema),
  responses: { 201: json(z.object({ id: z.string() }), "Created"), ...base },
});
const voteRoute = createRoute({
  method: "post",
  path: "/help/feature-requests/{id}/vote",
  tags,
  summary: "Toggle the caller's vote",
  request: { params: idParams },
  responses: { 200: json(voteResultSchema, "Votes"), ...base, 404: missing },
});
const requestStatusRoute = createRoute({
  method: "patch",
  path: "/admin/feature-requests/{id}/status",
  tags,
  summary: "Set a feature request's status (admins)",
  request: { params: idParams, ...jsonBody(featureStatusInputSchema) },
  responses: { 204: { description: "Saved" }, ...base, 403: forbidden, 404: missing },
});

/** Help and support (spec 001 §2 Help and support; issue 14): FAQ, guides, tickets, roadmap. */
export function helpRoutes(deps: AppDeps) {
  const { db } = deps;
  const helpDeps = { db, mailer: deps.mailer, appUrl: deps.env.appUrl };
  return createRouter()
    .openapi(faqRoute, async (c) =>
      c.json({ entries: await listFaq(db, c.get("user"), c.req.valid("query")) }, 200),
    )
    .openapi(createFaqRoute, async (c) =>
      c.json(await saveFaq(db, c.get("user"), undefined, c.req.valid("json")), 201),
    )
    .openapi(updateFaqRoute, async (c) =>
      c.json(await saveFaq(db, c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteFaqRoute, async (c) => {
      await deleteFaq(db, c.get("user"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(guidesRoute, async (c) => c.json({ guides: await listGuides(db, c.get("user")) }, 200))
    .openapi(createGuideRoute, async (c) =>
      c.json(await saveGuide(db, c.get("user"), undefined, c.req.valid("json")), 201),
    )
    .openapi(updateGuideRoute, async (c) =>
      c.json(await saveGuide(db, c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(publishGuideRoute, async (c) =>
      c.json(
        await setGuidePublished(db, c.get("user"), c.req.valid("param").id, c.req.valid("json").isPublished),
        200,
      ),
    )
    .openapi(deleteGuideRoute, async (c) => {
      await deleteGuide(db, c.get("user"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(ticketsRoute, async (c) =>
      c.json(await listTickets(db, c.get("user"), c.req.valid("query")), 200),
    )
    .openapi(createTicketRoute, async (c) =>
      c.json(await createTicket(db, c.get("user"), c.req.valid("json")), 201),
    )
    .openapi(ticketRoute, async (c) =>
      c.json(await getTicket(db, c.get("user"), c.req.valid("param").id), 200),
    )
    .openapi(replyRoute, async (c) =>
      c.json(
        await replyToTicket(helpDeps, c.get("user"), c.req.valid("param").id, c.req.valid("json").body),
        201,
      ),
    )
    .openapi(statusRoute, async (c) =>
      c.json(
        await setTicketStatus(db, c.get("user"), c.req.valid("param").id, c.req.valid("json").status),
        200,
      ),
    )
    .openapi(contactOptionsRoute, async (c) => c.json(await contactOptions(db, c.get("user")), 200))
    .openapi(contactRoute, async (c) =>
      c.json(await contactInstructor(helpDeps, c.get("user"), c.req.valid("json")), 201),
    )
    .openapi(requestsRoute, async (c) =>
      c.json(await listFeatureRequests(db, c.get("user"), c.req.valid("query")), 200),
    )
    .openapi(createRequestRoute, async (c) =>
      c.json(await createFeatureRequest(db, c.get("user"), c.req.valid("json")), 201),
    )
    .openapi(voteRoute, async (c) =>
      c.json(await toggleVote(db, c.get("user"), c.req.valid("param").id), 200),
    )
    .openapi(requestStatusRoute, async (c) => {
      await setFeatureStatus(db, c.get("user"), c.req.valid("param").id, c.req.valid("json").status);
      return c.body(null, 204);
    });
}
