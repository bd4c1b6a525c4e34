/**
 * Reading the input of the payments routes: a JSON body (400 VALIDATION_FAILED "Invalid data
 * format" when it is not JSON) checked against a zod schema (400 VALIDATION_FAILED with the
 * issues), and a query string checked the same way.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { type AppEnv, toIssues } from "../../lib/http.ts";

/** `value` checked by `schema`. @throws AppError VALIDATION_FAILED with the schema's issues. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = toIssues(result.error);
    throw new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid input", issues);
  }
  return result.data;
}

/** The request's JSON body, unchecked. @throws AppError VALIDATION_FAILED when it is not JSON. */
export async function body(c: Context<AppEnv>): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("VALIDATION_FAILED", "Invalid data format");
  });
}
