import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../lib/http.ts";
import { selectSettings } from "../../lib/platform-settings.ts";

/** The support address the settings hold until an admin saves another (not a real mailbox). */
const DEFAULT_SUPPORT_EMAIL = "support@academy.local";
/** How long a served security.txt stays valid (RFC 9116 §2.5.5 recommends less than a year). */
export const SECURITY_TXT_DAYS = 180;

/**
 * The Contact URL of security.txt (issue 25 item 7, decision 0223): the Admin Panel's security
 * contact (`mailto:` or `https:`), else `mailto:` the support e-mail an admin saved, else null —
 * the built-in placeholder support address is never published.
 */
export function securityContact(row: { security_contact: string | null; support_email: string } | undefined) {
  if (row?.security_contact) return row.security_contact;
  if (row?.support_email && row.support_email !== DEFAULT_SUPPORT_EMAIL) return `mailto:${row.support_email}`;
  return null;
}

/**
 * The body of /.well-known/security.txt (RFC 9116): Contact, Expires (`now` + 180 days, at the
 * start of that day, UTC), Preferred-Languages "en, vi" and Canonical (APP_URL's own address).
 */
export function securityTxt(contact: string, appUrl: string, now = new Date()): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: ${contact}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en, vi",
    `Canonical: ${appUrl}/.well-known/security.txt`,
    "",
  ].join("\n");
}

/**
 * GET /.well-known/security.txt: text/plain; charset=utf-8, cached for a day; 404 when no contact
 * is configured (no security contact and no saved support e-mail).
 */
export function securityTxtRoutes(deps: Pick<AppDeps, "db" | "env">) {
  const app = new Hono<AppEnv>();
  app.get("/.well-known/security.txt", async (c) => {
    const contact = securityContact(await selectSettings(deps.db));
    if (!contact) return c.text("Not found", 404);
    return c.text(securityTxt(contact, deps.env.appUrl), 200, { "Cache-Control": "public, max-age=86400" });
  });
  return app;
}
