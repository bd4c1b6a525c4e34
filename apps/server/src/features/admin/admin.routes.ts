import {
  adminUserListSchema,
  adminUserSchema,
  appealCreateSchema,
  auditListSchema,
  brandingKitInputSchema,
  brandingKitListSchema,
  brandingKitSchema,
  LIBRARY_ITEM_TYPES,
  libraryListSchema,
  libraryQuerySchema,
  libraryReviewSchema,
  pageQuerySchema,
  platformSettingsInputSchema,
  platformSettingsSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportListSchema,
  reportReviewSchema,
  roleChangeSchema,
  securityEventListSchema,
  subjectCreateSchema,
  subjectListSchema,
  subjectSchema,
  subjectUpdateSchema,
  suspendSchema,
} from "@academy/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponseSchema, errorResponses, json, jsonBody } from "../../lib/openapi.ts";
import {
  changeRole,
  createSubject,
  deleteSubject,
  getPlatformSettings,
  listAllSecurityEvents,
  listAuditLog,
  listSubjects,
  listUsers,
  restoreUser,
  savePlatformSettings,
  suspendUser,
  updateSubject,
} from "./admin.service.ts";
import { listBrandingKits, saveBrandingKit } from "./branding-kits.service.ts";
import { listLibrary, reviewLibraryItem } from "./content-library.service.ts";
import {
  createReport,
  deleteReport,
  listReports,
  requestReview,
  reviewReport,
} from "./content-reports.service.ts";

const tags = ["Admin"];
const idParams = z.object({ id: z.string() });
const forbidden = json(errorResponseSchema, "Not a platform admin");
const missing = json(errorResponseSchema, "Not found");
const conflict = json(errorResponseSchema, "Conflict");
const guarded = { 400: errorResponses[400], 401: errorResponses[401], 403: forbidden } as const;

const settingsRoute = createRoute({
  method: "get",
  path: "/platform-settings",
  tags,
  summary: "Public platform settings: name, support e-mail, language, sign-up mode, maintenance banner",
  responses: { 200: json(platformSettingsSchema, "Settings") },
});
const saveSettingsRoute = createRoute({
  method: "put",
  path: "/admin/settings",
  tags,
  summary: "Store the platform settings (admins)",
  request: jsonBody(platformSettingsInputSchema),
  responses: { 200: json(platformSettingsSchema, "Saved"), ...guarded },
});
const activeSubjectsRoute = createRoute({
  method: "get",
  path: "/subjects",
  tags,
  summary: "Active subjects, for the course builder's subject picker (signed in)",
  responses: { 200: json(subjectListSchema, "Subjects"), 401: errorResponses[401] },
});
const subjectsRoute = createRoute({
  method: "get",
  path: "/admin/subjects",
  tags,
  summary: "Every subject with its real course count (admins)",
  responses: { 200: json(subjectListSchema, "Subjects"), ...guarded },
});
const createSubjectRoute = createRoute({
  method: "post",
  path: "/admin/subjects",
  tags,
  summary: "Add a subject (001 §5: name required, icon defaults to 📚)",
  request: jsonBody(subjectCreateSchema),
  responses: { 201: json(subjectSchema, "Created"), ...guarded, 409: conflict },
});
const updateSubjectRoute = createRoute({
  method: "patch",
  path: "/admin/subjects/{id}",
  tags,
  summary: "Edit a subject or toggle it active (admins)",
  request: { params: idParams, ...jsonBody(subjectUpdateSchema) },
  responses: { 200: json(subjectSchema, "Saved"), ...guarded, 404: missing, 409: conflict },
});
const deleteSubjectRoute = createRoute({
  method: "delete",
  path: "/admin/subjects/{id}",
  tags,
  summary: "Delete a subject no course uses (admins)",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...guarded, 404: missing, 409: conflict },
});
const reportRoute = createRoute({
  method: "post",
  path: "/reports",
  tags,
  summary: "Report a course, landing page or material (signed in; 10 new reports an hour)",
  request: jsonBody(reportCreateSchema),
  responses: {
    201: json(z.object({ id: z.string() }), "Reported"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: missing,
    429: json(errorResponseSchema, "Too many reports"),
  },
});
const appealRoute = createRoute({
  method: "post",
  path: "/moderation/appeals",
  tags,
  summary: "Ask for a review of a course or landing page an admin took down (its owner)",
  request: jsonBody(appealCreateSchema),
  responses: {
    201: json(z.object({ id: z.string() }), "Waiting for an admin"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: missing,
    409: json(errorResponseSchema, "Not taken down, or a request is already waiting"),
  },
});
const reportsRoute = createRoute({
  method: "get",
  path: "/admin/reports",
  tags,
  summary: "The Content Library's reports, newest first, 20 a page (admins)",
  request: { query: reportListQuerySchema },
  responses: { 200: json(reportListSchema, "Reports"), ...guarded },
});
const reviewRoute = createRoute({
  method: "post",
  path: "/admin/reports/{id}/review",
  tags,
  summary: "Approve or reject a pending report; the owner is e-mailed (admins)",
  request: { params: idParams, ...jsonBody(reportReviewSchema) },
  responses: { 204: { description: "Reviewed" }, ...guarded, 404: missing, 409: conflict },
});
const libraryRoute = createRoute({
  method: "get",
  path: "/admin/library",
  tags,
  summary:
    "The Content Library: every course, landing page and material with its review status, 20 a page (admins)",
  request: { query: libraryQuerySchema },
  responses: { 200: json(libraryListSchema, "Content"), ...guarded },
});
const libraryReviewRoute = createRoute({
  method: "post",
  path: "/admin/library/{type}/{id}/review",
  tags,
  summary:
    "Approve, or reject with a reason (taken down, owner e-mailed), a course, landing page or material (admins)",
  request: {
    params: z.object({ type: z.enum(LIBRARY_ITEM_TYPES), id: z.string().max(64) }),
    ...jsonBody(libraryReviewSchema),
  },
  responses: { 204: { description: "Decided" }, ...guarded, 404: missing },
});
const deleteReportRoute = createRoute({
  method: "delete",
  path: "/admin/reports/{id}",
  tags,
  summary: "Delete a report (admins)",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...guarded, 404: missing },
});
const kitsRoute = createRoute({
  method: "get",
  path: "/branding-kits",
  tags,
  summary: "Active branding kits a creator can apply (signed in)",
  responses: { 200: json(brandingKitListSchema, "Kits"), 401: errorResponses[401] },
});
const allKitsRoute = createRoute({
  method: "get",
  path: "/admin/branding-kits",
  tags,
  summary: "Every branding kit (admins)",
  responses: { 200: json(brandingKitListSchema, "Kits"), ...guarded },
});
const createKitRoute = createRoute({
  method: "post",
  path: "/admin/branding-kits",
  tags,
  summary: "Add a branding kit (admins)",
  request: jsonBody(brandingKitInputSchema),
  responses: { 201: json(brandingKitSchema, "Created"), ...guarded, 409: conflict },
});
const updateKitRoute = createRoute({
  method: "put",
  path: "/admin/branding-kits/{id}",
  tags,
  summary: "Edit a branding kit (admins)",
  request: { params: idParams, ...jsonBody(brandingKitInputSchema) },
  responses: { 200: json(brandingKitSchema, "Saved"), ...guarded, 404: missing, 409: conflict },
});
const usersRoute = createRoute({
  method: "get",
  path: "/admin/users",
  tags,
  summary: "Users, searched by name or e-mail, 20 a page (admins)",
  request: { query: pageQuerySchema },
  responses: { 200: json(adminUserListSchema, "Users"), ...guarded },
});
const roleRoute = createRoute({
  method: "patch",
  path: "/admin/users/{id}/role",
  tags,
  summary: "Change a user's role (admins; not one's own)",
  request: { params: idParams, ...jsonBody(roleChangeSchema) },
  responses: { 200: json(adminUserSchema, "Saved"), ...guarded, 404: missing },
});
const suspendRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/suspend",
  tags,
  summary: "Suspend a user: sessions revoked at once, sign-in refused (admins)",
  request: { params: idParams, ...jsonBody(suspendSchema) },
  responses: { 200: json(adminUserSchema, "Suspended"), ...guarded, 404: missing },
});
const restoreRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/restore",
  tags,
  summary: "Lift a suspension (admins)",
  request: { params: idParams },
  responses: { 200: json(adminUserSchema, "Restored"), ...guarded, 404: missing },
});
const auditRoute = createRoute({
  method: "get",
  path: "/admin/audit",
  tags,
  summary: "The audit log of admin actions, newest first, 20 a page (admins)",
  request: { query: pageQuerySchema },
  responses: { 200: json(auditListSchema, "Entries"), ...guarded },
});

const securityEventsRoute = createRoute({
  method: "get",
  path: "/admin/security-events",
  tags,
  summary:
    "Every account's security events (new-device sign-ins, payout changes, 2FA), newest first, 20 a page (admins)",
  request: { query: pageQuerySchema },
  responses: { 200: json(securityEventListSchema, "Events"), ...guarded },
});

/**
 * Platform administration (spec 001 §2 Platform administration; issue 14). Every /admin/* route
 * checks the admin role in the service (`requireAdmin`); /platform-settings is public,
 * /subjects, /branding-kits and /reports need a signed-in user.
 */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps;
  const adminDeps = { db, mailer: deps.mailer, appUrl: deps.env.appUrl };
  return createRouter()
    .openapi(settingsRoute, async (c) => c.json(await getPlatformSettings(db), 200))
    .openapi(saveSettingsRoute, async (c) =>
      c.json(await savePlatformSettings(db, c.get("user"), c.req.valid("json")), 200),
    )
    .openapi(activeSubjectsRoute, async (c) =>
      c.json({ subjects: await listSubjects(db, c.get("user"), false) }, 200),
    )
    .openapi(subjectsRoute, async (c) =>
      c.json({ subjects: await listSubjects(db, c.get("user"), true) }, 200),
    )
    .openapi(createSubjectRoute, async (c) =>
      c.json(await createSubject(db, c.get("user"), c.req.valid("json")), 201),
    )
    .openapi(updateSubjectRoute, async (c) =>
      c.json(await updateSubject(db, c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteSubjectRoute, async (c) => {
      await deleteSubject(db, c.get("user"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(reportRoute, async (c) =>
      c.json(await createReport(db, c.get("user"), c.req.valid("json")), 201),
    )
    .openapi(appealRoute, async (c) =>
      c.json(await requestReview(db, requireUser(c), c.req.valid("json")), 201),
    )
    .openapi(reportsRoute, async (c) =>
      c.json(await listReports(db, c.get("user"), c.req.valid("query")), 200),
    )
    .openapi(reviewRoute, async (c) => {
      await reviewReport(adminDeps, c.get("user"), c.req.valid("param").id, c.req.valid("json"));
      return c.body(null, 204);
    })
    .openapi(libraryRoute, async (c) =>
      c.json(await listLibrary(db, c.get("user"), c.req.valid("query")), 200),
    )
    .openapi(libraryReviewRoute, async (c) => {
      const { type, id } = c.req.valid("param");
      await reviewLibraryItem(adminDeps, c.get("user"), type, id, c.req.valid("json"));
      return c.body(null, 204);
    })
    .openapi(deleteReportRoute, async (c) => {
      await deleteReport(db, c.get("user"), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(kitsRoute, async (c) => c.json({ kits: await listBrandingKits(db, c.get("user")) }, 200))
    .openapi(allKitsRoute, async (c) =>
      c.json({ kits: await listBrandingKits(db, c.get("user"), true) }, 200),
    )
    .openapi(createKitRoute, async (c) =>
      c.json(await saveBrandingKit(db, c.get("user"), undefined, c.req.valid("json")), 201),
    )
    .openapi(updateKitRoute, async (c) =>
      c.json(await saveBrandingKit(db, c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(usersRoute, async (c) => c.json(await listUsers(db, c.get("user"), c.req.valid("query")), 200))
    .openapi(roleRoute, async (c) =>
      c.json(await changeRole(db, c.get("user"), c.req.valid("param").id, c.req.valid("json").role), 200),
    )
    .openapi(suspendRoute, async (c) =>
      c.json(await suspendUser(db, c.get("user"), c.req.valid("param").id, c.req.valid("json").reason), 200),
    )
    .openapi(restoreRoute, async (c) =>
      c.json(await restoreUser(db, c.get("user"), c.req.valid("param").id), 200),
    )
    .openapi(auditRoute, async (c) =>
      c.json(await listAuditLog(db, c.get("user"), c.req.valid("query").page), 200),
    )
    .openapi(securityEventsRoute, async (c) =>
      c.json(await listAllSecurityEvents(db, c.get("user"), c.req.valid("query").page), 200),
    );
}
