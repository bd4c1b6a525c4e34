import { z } from "@hono/zod-openapi";

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      reason: z.string().optional(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

export const errorResponses = {
  400: { description: "Invalid input", content: { "application/json": { schema: errorResponseSchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: errorResponseSchema } } },
} as const;

/** An OpenAPI response whose body is `schema` as JSON. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body validated by `schema` (route `request` part). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/** Path parameters `{id}` of a resource addressed by its UUID. */
export const uuidParams = z.object({ id: z.string().openapi({ format: "uuid" }) });

/** The `{ ok: true }` body of an action that returns nothing else. */
export const okSchema = z.object({ ok: z.literal(true) });

/** 400, 401, 403 and 404 with the error body: the usual answers of a signed-in resource route. */
export const resourceErrors = {
  ...errorResponses,
  403: json(errorResponseSchema, "No access"),
  404: json(errorResponseSchema, "Not found"),
} as const;
