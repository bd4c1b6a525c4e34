import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";

// Helpers shared by the help services: FAQ and guides (help.service.ts), tickets, roadmap (spec 001).

/** Rows per page of tickets and feature requests. */
export const HELP_PAGE_SIZE = 20;

export interface HelpDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export function signedIn(actor: SessionUser | null): SessionUser {
  if (!actor) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return actor;
}
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
