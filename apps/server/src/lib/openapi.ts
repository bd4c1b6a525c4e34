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
