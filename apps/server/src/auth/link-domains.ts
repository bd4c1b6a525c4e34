import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { courses, enrollments, profiles, schoolDomains, schools } from "../db/schema/index.ts";
import type { Env } from "../env.ts";

/** What `linkForAccount` needs from the configuration. */
export type LinkEnv = Pick<Env, "appUrl" | "nodeEnv" | "adminEmails" | "domainRecheckIntervalMs">;

/**
 * The custom domain an `Origin` header names: `https://{host}` (or `http://{host}` outside
 * production), with no port, path or user part. @returns the host name, or undefined.
 */
function domainOfOrigin(origin: string, production: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.port) return undefined;
  if (url.protocol !== "https:" && (production || url.protocol !== "http:")) return undefined;
  return url.hostname;
}

/**
 * A school's custom domain that is verified and whose DNS was confirmed within `freshMs`
 * (milliseconds; the re-check interval), with its school and creator; null otherwise.
 */
export async function freshSchoolDomain(
  db: Db,
  domain: string,
  freshMs: number,
  now = Date.now(),
): Promise<{ schoolId: string; creatorId: string } | null> {
  const [row] = await db
    .select({ schoolId: schools.id, creatorId: schools.creator_id })
    .from(schoolDomains)
    .innerJoin(schools, eq(schools.id, schoolDomains.school_id))
    .where(
      and(
        eq(schoolDomains.domain, domain),
        eq(schoolDomains.status, "verified"),
        gt(schoolDomains.last_checked_at, new Date(now - freshMs)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether `userId` is a student of the school of `creatorId` (issue 25 N1): a student (not a creator
 * or platform admin, and owning no school) with an enrolment (not cancelled) in one of its courses.
 */
async function belongsToSchool(db: Db, userId: string, creatorId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select
      (select role from ${profiles} where ${profiles.user_id} = ${userId}) as role,
      exists (select 1 from ${schools} where ${schools.creator_id} = ${userId}) as owns_school,
      exists (
        select 1 from ${enrollments}
        join ${courses} on ${courses.id} = ${enrollments.course_id}
        where ${enrollments.student_id} = ${userId}
          and ${courses.creator_id} = ${creatorId}
          and ${enrollments.payment_status} <> 'cancelled'
      ) as enrolled`);
  const row = (
    rows as unknown as { rows: { role: string | null; owns_school: boolean; enrolled: boolean }[] }
  ).rows[0];
  return row?.role === "student" && !row.owns_school && Boolean(row.enrolled);
}

/** Whether `userId` is a student (profile role student, owning no school): a new account joining. */
async function isPlainStudent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .limit(1);
  if (row?.role !== "student") return false;
  const [owned] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.creator_id, userId))
    .limit(1);
  return !owned;
}

/**
 * Where an e-mailed account link (password reset, e-mail verification) opens (issue 25 N1; decision
 * 0219). The link stays on `APP_URL` unless every one of these holds:
 * - the request came from a school's custom domain (`Origin: https://{domain}`, http too outside
 *   production) that is verified and whose DNS was confirmed within DOMAIN_RECHECK_INTERVAL_MS;
 * - the account is not a platform admin (role or ADMIN_EMAILS) and not a creator;
 * - the account belongs to that school: it is enrolled in one of the school's courses, or — only for
 *   the verification e-mail of a sign-up — `joiningSchoolId` (the school whose course or invitation
 *   the sign-up came from, `schoolForVerification`) is that school.
 * So a domain chosen by the request never receives another school's student's, a creator's or an
 * admin's token, and a lapsed domain receives none.
 * @param link an absolute URL on `appUrl` (better-auth's verification URL, the reset form's URL).
 * @param account the account the link is for (id and e-mail).
 * @returns `link` with its origin replaced by the school's domain, or `link` unchanged.
 */
export async function linkForAccount(
  deps: { db: Db; env: LinkEnv },
  link: string,
  request: Request | undefined,
  account: { id: string; email: string },
  joiningSchoolId?: string | null,
): Promise<string> {
  const origin = request?.headers.get("origin");
  if (!origin) return link;
  const { env } = deps;
  let url: URL;
  try {
    url = new URL(link);
    if (url.origin !== new URL(env.appUrl).origin || origin === url.origin) return link;
  } catch {
    return link;
  }
  const domain = domainOfOrigin(origin, env.nodeEnv === "production");
  if (!domain || env.adminEmails.includes(account.email.toLowerCase())) return link;
  const school = await freshSchoolDomain(deps.db, domain, env.domainRecheckIntervalMs);
  if (!school) return link;
  const belongs =
    joiningSchoolId === school.schoolId
      ? await isPlainStudent(deps.db, account.id)
      : await belongsToSchool(deps.db, account.id, school.creatorId);
  if (!belongs) return link;
  return new URL(`${url.pathname}${url.search}${url.hash}`, origin).toString();
}
