import type { Db } from "../../db/client.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import { insertSignup } from "./pre-launch.queries.ts";

/** Spec 000 §8 Early-access duplicate text. */
export const ALREADY_SIGNED_UP = "You're already on our early access list. We'll notify you when we launch!";

/**
 * Adds an address to the VIP early-access list (spec 000 §2, §5, §8).
 * @param email already trimmed and lower-cased by the shared schema.
 * @throws AppError CONFLICT with ALREADY_SIGNED_UP when the address is on the list.
 */
export async function joinEarlyAccess(db: Db, email: string): Promise<{ email: string }> {
  try {
    await insertSignup(db, email);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ALREADY_SIGNED_UP);
    throw error;
  }
  return { email };
}
