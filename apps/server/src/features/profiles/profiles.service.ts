import type { Me } from "@academy/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { findProfile, updateProfileLocale } from "./profiles.queries.ts";

/**
 * The acting user's own profile (spec 001 §3 Profile) as the `Me` DTO.
 * @throws AppError NOT_FOUND when the profile row is missing (never for users made by sign-up).
 */
export async function getMe(db: Db, actor: SessionUser): Promise<Me> {
  const row = await findProfile(db, actor.id);
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  return row;
}

/**
 * Remembers the acting user's UI language: the language of their e-mails, and of the app on every
 * device they sign in on (issue 24 §7: the choice is marked `locale_chosen`).
 */
export async function setMyLocale(db: Db, actor: SessionUser, locale: "en" | "vi"): Promise<void> {
  await updateProfileLocale(db, actor.id, locale);
}
