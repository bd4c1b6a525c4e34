import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/** A resolver whose schema is imported on first use; `load()` starts (or joins) that import early. */
export type LazyZodResolver<Input extends FieldValues, Context, Output> = Resolver<Input, Context, Output> & {
  load: () => Promise<unknown>;
};

/**
 * A React Hook Form resolver that validates with a shared zod schema imported on first use (issue
 * 17 §14, decision 0212): the page's own JS then carries neither zod nor the schemas. It is
 * `zodResolver(schema)` once loaded — same checks, same messages, same error paths; the first
 * validation waits for the import. A failed import is thrown from that validation (the form does
 * not submit) and tried again on the next one.
 * @param loadSchema imports the schema, e.g.
 *   `() => import("@academy/shared/schemas/schools").then((m) => m.schoolBrandingInputSchema)`.
 * @returns the resolver, with `load()` to fetch the schema before the first validation (e.g. once
 *   the form is on screen).
 */
export function lazyZodResolver<Input extends FieldValues, Context = unknown, Output = Input>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): LazyZodResolver<Input, Context, Output> {
  let pending: Promise<Resolver<Input, Context, Output>> | undefined;
  const load = () => {
    if (!pending) {
      pending = Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
        ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<Input, Context, Output>,
      );
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
  const resolver: Resolver<Input, Context, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { load });
}
