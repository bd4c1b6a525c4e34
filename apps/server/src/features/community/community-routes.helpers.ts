import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../../db/client.ts";
import { createRouter, requireUser, type SessionUser } from "../../lib/http.ts";
import {
  errorResponseSchema,
  errorResponses,
  json,
  jsonBody,
  okSchema,
  resourceErrors,
  uuidParams,
} from "../../lib/openapi.ts";

// Route definitions shared by the course-scoped community resources (challenges, study groups):
// list by course, create, read, delete and join have the same shape; only paths, schemas and
// descriptions differ. Paths and methods stay literal types so the typed client keeps its routes.

/** Query of a community list: an optional course id filter. */
export const courseFilterQuery = z.object({ courseId: z.string().max(100).optional() });

/** Labels of a route: its OpenAPI tags and summary. */
interface Doc {
  tags: string[];
  summary: string;
}

/** GET `path` (the caller's courses, optionally one course): 200 `schema` as `label`, 401 signed out. */
export function courseListRoute<P extends string, S extends z.ZodType>(
  path: P,
  doc: Doc,
  schema: S,
  label: string,
) {
  return createRoute({
    method: "get",
    path,
    ...doc,
    request: { query: courseFilterQuery },
    responses: { 200: json(schema, label), 401: errorResponses[401] },
  });
}

/** POST `path` with a JSON `body`: 201 `schema` as `label`, or the resource errors. */
export function createResourceRoute<P extends string, B extends z.ZodType, S extends z.ZodType>(
  path: P,
  doc: Doc,
  body: B,
  schema: S,
  label: string,
) {
  return createRoute({
    method: "post",
    path,
    ...doc,
    request: jsonBody(body),
    responses: { 201: json(schema, label), ...resourceErrors },
  });
}

/** GET `path` ({id}): 200 `schema` as `label`, or the resource errors. */
export function getResourceRoute<P extends string, S extends z.ZodType>(
  path: P,
  doc: Doc,
  schema: S,
  label: string,
) {
  return createRoute({
    method: "get",
    path,
    ...doc,
    request: { params: uuidParams },
    responses: { 200: json(schema, label), ...resourceErrors },
  });
}

/** DELETE `path` ({id}): 200 `{ ok: true }` ("Deleted"), or the resource errors. */
export function deleteResourceRoute<P extends string>(path: P, doc: Doc) {
  return createRoute({
    method: "delete",
    path,
    ...doc,
    request: { params: uuidParams },
    responses: { 200: json(okSchema, "Deleted"), ...resourceErrors },
  });
}

/** POST `path` ({id}/join) with a JSON `body`: 200 `schema` as `label`, the resource errors, 409 `conflict`. */
export function joinResourceRoute<P extends string, B extends z.ZodType, S extends z.ZodType>(
  path: P,
  doc: Doc,
  body: B,
  schema: S,
  label: string,
  conflict: string,
) {
  return createRoute({
    method: "post",
    path,
    ...doc,
    request: { params: uuidParams, ...jsonBody(body) },
    responses: { 200: json(schema, label), ...resourceErrors, 409: json(errorResponseSchema, conflict) },
  });
}

/** The service functions behind the shared routes (database, signed-in caller, then the input). */
export interface CourseResourceServices<L, D> {
  /** The caller's courses' resources, optionally of one course. */
  list: (db: Db, actor: SessionUser, courseId?: string) => Promise<L>;
  /** One resource by id. */
  get: (db: Db, actor: SessionUser, id: string) => Promise<D>;
  /** Deletes one by id (the route answers `{ ok: true }`). */
  remove: (db: Db, actor: SessionUser, id: string) => Promise<void>;
}

/**
 * A router with the list, read and delete handlers of a course-scoped community resource
 * (challenges, study groups): each takes the signed-in caller (401 otherwise), calls the service
 * and answers 200 with its DTO (`{ ok: true }` for delete). Chain the resource's create, join and
 * other routes on it (create's body is not typed inside a generic helper, so it stays with them).
 */
export function courseResourceRouter<
  LP extends string,
  LS extends z.ZodType,
  GP extends string,
  GS extends z.ZodType,
  DP extends string,
>(
  db: Db,
  routes: {
    list: ReturnType<typeof courseListRoute<LP, LS>>;
    get: ReturnType<typeof getResourceRoute<GP, GS>>;
    remove: ReturnType<typeof deleteResourceRoute<DP>>;
  },
  services: CourseResourceServices<z.output<LS>, z.output<GS>>,
) {
  return createRouter()
    .openapi(routes.list, async (c) =>
      c.json(await services.list(db, requireUser(c), c.req.valid("query").courseId), 200),
    )
    .openapi(routes.get, async (c) =>
      c.json(await services.get(db, requireUser(c), c.req.valid("param").id), 200),
    )
    .openapi(routes.remove, async (c) => {
      await services.remove(db, requireUser(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
}
