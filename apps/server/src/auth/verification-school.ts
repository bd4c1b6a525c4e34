import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { courses, schools, studentInvitations } from "../db/schema/index.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The school a new account is joining, read from where its verification link returns to (issue 5
 * "e-mails with the school's name"): `/join/{courseId}` → the course's school; `/invitation?
 * invitation={token}` → the inviting creator's school. better-auth's verification `url` carries
 * that path in its `callbackURL` parameter (possibly wrapped in `/auth?…&redirect=`).
 * @returns the school's id, name, logo URL (/files/…) and primary colour (issue 15), or null for a
 *   plain sign-up or an unknown course/token.
 */
export async function schoolForVerification(
  db: Db,
  verificationUrl: string,
): Promise<{ id: string; name: string; logoUrl: string | null; color: string | null } | null> {
  let callback: URL;
  try {
    const raw = new URL(verificationUrl).searchParams.get("callbackURL");
    if (!raw) return null;
    callback = new URL(raw, "http://academy.invalid");
    const inner = callback.searchParams.get("redirect");
    if (inner?.startsWith("/")) callback = new URL(inner, "http://academy.invalid");
  } catch {
    return null;
  }
  const join = /^\/join\/([^/]+)$/.exec(callback.pathname);
  if (join && UUID.test(join[1])) {
    const [row] = await db
      .select({ id: schools.id, name: schools.name, logoUrl: schools.logo_url, color: schools.primary_color })
      .from(courses)
      .innerJoin(schools, eq(schools.id, courses.school_id))
      .where(eq(courses.id, join[1]))
      .limit(1);
    return row ?? null;
  }
  const token = callback.pathname === "/invitation" ? callback.searchParams.get("invitation") : null;
  if (token && token.length <= 200) {
    const [row] = await db
      .select({ id: schools.id, name: schools.name, logoUrl: schools.logo_url, color: schools.primary_color })
      .from(studentInvitations)
      .innerJoin(schools, eq(schools.creator_id, studentInvitations.creator_id))
      .where(
        and(eq(studentInvitations.invitation_token, token), sql`${studentInvitations.expires_at} > now()`),
      )
      .limit(1);
    return row ?? null;
  }
  return null;
}

/** The school's name only (see schoolForVerification). */
export async function schoolNameForVerification(db: Db, verificationUrl: string): Promise<string | null> {
  return (await schoolForVerification(db, verificationUrl))?.name ?? null;
}
