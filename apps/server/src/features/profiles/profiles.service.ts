import type { Me } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { findProfile, updateProfileLocale } from "./profiles.queries.ts";

/**
 * The acting user's own profile (spec 001 §3 Profile) as the `Me` DTO.
 * @throws AppError NOT_FOUND when the profile row is missing (never for users made by sign-up).
 */
export async function getMe(db: Db, actor: SessionUser): Promise<Me & { locale: "en" | "vi" }> {
  const row = await findProfile(db, actor.id);
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  return row;
}

/** Remembers the acting user's UI language (used for the e-mails they receive). */
export async function setMyLocale(db: Db, actor: SessionUser, locale: "en" | "vi"): Promise<void> {
  await updateProfileLocale(db, actor.id, locale);
}
