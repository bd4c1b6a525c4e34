import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../email/mailer.ts";
import type { SessionUser } from "../../lib/http.ts";
import type { AuditActor } from "./audit.ts";

// Helpers shared by the admin services (subjects, settings, users; content reports; branding kits).

/** Rows per page of the admin lists (reports, users, audit log). */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const actorOf = (user: SessionUser): AuditActor => ({ id: user.id, email: user.email });
