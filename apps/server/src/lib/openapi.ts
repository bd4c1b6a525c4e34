import { z } from "@hono/zod-openapi";

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

export const errorResponses = {
  400: { description: "Invalid input", content: { "application/json": { schema: errorResponseSchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: errorResponseSchema } } },
} as const;
