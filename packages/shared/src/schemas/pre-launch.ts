import { z } from "zod";

/**
 * Early-access (VIP list) signup on the pre-launch page (spec 000 §2 Landing page, §5, §8 Early-access).
 * The address is trimmed and lower-cased; a bad one gets "Please enter a valid email address."
 */
export const earlyAccessSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address."))
    .transform((value) => value.toLowerCase()),
});
export type EarlyAccessInput = z.input<typeof earlyAccessSchema>;

export const earlyAccessResultSchema = z.object({ email: z.string() });
