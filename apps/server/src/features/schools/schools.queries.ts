import { and, asc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  certificates,
  courses,
  landingPages,
  profiles,
  schoolDomains,
  schoolSlugRedirects,
  schools,
  storedFiles,
} from "../../db/schema/index.ts";

export type SchoolRow = typeof schools.$inferSelect;
export type DomainRow = typeof schoolDomains.$inferSelect;

export async function findSchoolByCreator(db: Executor, creatorId: string): Promise<SchoolRow | undefined> {
  const [row] = await db.select().from(schools).where(eq(schools.creator_id, creatorId)).limit(1);
  return row;
}

export async function findSchoolById(db: Executor, id: string): Promise<SchoolRow | undefined> {
  const [row] = await db.select().from(schools).where(eq(schools.id, id)).limit(1);
  return row;
}

export async function findSchoolBySlug(db: Executor, slug: string): Promise<SchoolRow | undefined> {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.slug, slug), eq(schools.is_active, true)))
    .limit(1);
  return row;
}

/** The school a slug redirects to (a renamed school's old slug, not yet expired), or undefined. */
export async function findRedirect(db: Executor, slug: string, now: Date) {
  const [row] = await db
    .select({ slug: schools.slug })
    .from(schoolSlugRedirects)
    .innerJoin(schools, eq(schools.id, schoolSlugRedirects.school_id))
    .where(and(eq(schoolSlugRedirects.old_slug, slug), gt(schoolSlugRedirects.expires_at, now)))
    .limit(1);
  return row?.slug;
}

export async function listRedirects(db: Executor, schoolId: string, now: Date) {
  return db
    .select({ slug: schoolSlugRedirects.old_slug, expiresAt: schoolSlugRedirects.expires_at })
    .from(schoolSlugRedirects)
    .where(and(eq(schoolSlugRedirects.school_id, schoolId), gt(schoolSlugRedirects.expires_at, now)))
    .orderBy(asc(schoolSlugRedirects.expires_at));
}

/**
 * True when `slug` is free for `schoolId`: no other school has it, and no other school's live
 * redirect holds it.
 */
export async function slugTakenByOther(db: Executor, slug: string, schoolId: string | null, now: Date) {
  const own = schoolId ?? "00000000-0000-0000-0000-000000000000";
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.slug, slug), ne(schools.id, own)))
    .limit(1);
  if (school) return true;
  const [redirect] = await db
    .select({ id: schoolSlugRedirects.school_id })
    .from(schoolSlugRedirects)
    .where(
      and(
        eq(schoolSlugRedirects.old_slug, slug),
        ne(schoolSlugRedirects.school_id, own),
        gt(schoolSlugRedirects.expires_at, now),
      ),
    )
    .limit(1);
  return Boolean(redirect);
}

/** Records `oldSlug` as redirecting to the school until `expiresAt` (replacing an expired holder). */
export async function upsertRedirect(db: Executor, oldSlug: string, schoolId: string, expiresAt: Date) {
  await db
    .insert(schoolSlugRedirects)
    .values({ old_slug: oldSlug, school_id: schoolId, expires_at: expiresAt })
    .onConflictDoUpdate({
      target: schoolSlugRedirects.old_slug,
      set: { school_id: schoolId, expires_at: expiresAt, created_at: sql`now()` },
    });
}

/** Drops a redirect (the school took its old slug back). */
export async function deleteRedirect(db: Executor, oldSlug: string) {
  await db.delete(schoolSlugRedirects).where(eq(schoolSlugRedirects.old_slug, oldSlug));
}

export async function insertSchool(db: Executor, values: typeof schools.$inferInsert) {
  const [row] = await db
    .insert(schools)
    .values(values)
    .onConflictDoNothing({ target: schools.creator_id })
    .returning();
  return row;
}

export async function updateSchool(db: Executor, id: string, values: Partial<typeof schools.$inferInsert>) {
  const [row] = await db
    .update(schools)
    .set({ ...values, updated_at: new Date() })
    .where(eq(schools.id, id))
    .returning();
  return row;
}

/** True when `key` is a stored file of `ownerId` uploaded to `area`. */
export async function ownsStoredFile(db: Executor, ownerId: string, key: string, area: string) {
  const [row] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.key, key), eq(storedFiles.owner_id, ownerId), eq(storedFiles.area, area)))
    .limit(1);
  return Boolean(row);
}

/** Published courses of a school's creator (the school page), newest first. */
export async function listPublishedCourses(db: Executor, creatorId: string) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      titleFold: courses.title_fold,
      shortDescription: courses.short_description,
      description: courses.description,
      thumbnailUrl: courses.thumbnail_url,
      price: courses.price,
      currency: courses.currency,
      isFree: courses.is_free,
      totalLessons: courses.total_lessons,
      estimatedDuration: courses.estimated_duration,
      enrollmentCount: courses.enrollment_count,
      category: courses.category,
      rating: courses.rating,
      ratingCount: courses.rating_count,
    })
    .from(courses)
    .where(and(eq(courses.creator_id, creatorId), eq(courses.is_published, true)))
    .orderBy(sql`${courses.created_at} desc`, asc(courses.id));
}

export async function findInstructor(db: Executor, userId: string) {
  const [row] = await db
    .select({
      fullName: profiles.full_name,
      email: profiles.email,
      avatarUrl: profiles.avatar_url,
      bio: profiles.bio,
    })
    .from(profiles)
    .where(eq(profiles.user_id, userId));
  return row;
}

// ── Domains ──────────────────────────────────────────────────────────────────────────────────────

export async function listDomains(db: Executor, schoolId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(schoolDomains)
    .where(eq(schoolDomains.school_id, schoolId))
    .orderBy(asc(schoolDomains.created_at));
}

export async function findDomainByName(db: Executor, domain: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(schoolDomains).where(eq(schoolDomains.domain, domain)).limit(1);
  return row;
}

export async function findDomainById(db: Executor, id: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(schoolDomains).where(eq(schoolDomains.id, id)).limit(1);
  return row;
}

/** Inserts a domain; undefined when the domain is already taken (unique). */
export async function insertDomain(db: Executor, values: typeof schoolDomains.$inferInsert) {
  const [row] = await db.insert(schoolDomains).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Deletes never-verified claims (pending or failed, `verified_at` null) created before `before`
 * (issue 25 N9: a claim expires after SCHOOL_LIMITS.domainClaimHours). @returns their domains.
 */
export async function deleteExpiredClaims(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .delete(schoolDomains)
    .where(
      and(
        sql`${schoolDomains.status} <> 'verified'`,
        isNull(schoolDomains.verified_at),
        lt(schoolDomains.created_at, before),
      ),
    )
    .returning({ domain: schoolDomains.domain });
  return rows.map((r) => r.domain);
}

export async function deleteDomain(db: Executor, id: string) {
  await db.delete(schoolDomains).where(eq(schoolDomains.id, id));
}

export async function updateDomainCheck(
  db: Executor,
  id: string,
  values: { status: "pending" | "verified" | "failed"; failure_reason: string | null; now: Date },
) {
  const [row] = await db
    .update(schoolDomains)
    .set({
      status: values.status,
      failure_reason: values.failure_reason,
      last_checked_at: values.now,
      verified_at:
        values.status === "verified" ? sql`coalesce(${schoolDomains.verified_at}, ${values.now})` : null,
    })
    .where(eq(schoolDomains.id, id))
    .returning();
  return row;
}

/** Domains due for a periodic re-check: never checked or last checked before `before`. */
export async function listDomainsDue(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(schoolDomains)
    .where(or(isNull(schoolDomains.last_checked_at), lt(schoolDomains.last_checked_at, before)))
    .orderBy(asc(schoolDomains.last_checked_at))
    .limit(limit);
}

/** The domain row with its school's slug and creator (host routing), or undefined. */
export async function findHost(db: Executor, domain: string) {
  const [row] = await db
    .select({
      status: schoolDomains.status,
      schoolId: schools.id,
      slug: schools.slug,
      creatorId: schools.creator_id,
    })
    .from(schoolDomains)
    .innerJoin(schools, eq(schools.id, schoolDomains.school_id))
    .where(eq(schoolDomains.domain, domain))
    .limit(1);
  return row;
}

/**
 * Every verified domain (trusted origins) whose DNS was last checked after `checkedAfter`: a domain
 * the re-check has not confirmed lately is not trusted (issue 25 N1).
 */
export async function listVerifiedDomains(db: Executor, checkedAfter: Date): Promise<string[]> {
  const rows = await db
    .select({ domain: schoolDomains.domain })
    .from(schoolDomains)
    .where(and(eq(schoolDomains.status, "verified"), gt(schoolDomains.last_checked_at, checkedAfter)));
  return rows.map((r) => r.domain);
}

/** The creator owning a landing page, course or certificate (host routing checks). */
export async function landingPageCreator(db: Executor, slug: string) {
  const [row] = await db
    .select({ creatorId: landingPages.creator_id })
    .from(landingPages)
    .where(eq(landingPages.slug, slug))
    .limit(1);
  return row?.creatorId;
}

export async function courseCreator(db: Executor, courseId: string) {
  const [row] = await db
    .select({ creatorId: courses.creator_id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row?.creatorId;
}

export async function certificateCreator(db: Executor, certificateId: string) {
  const [row] = await db
    .select({ creatorId: courses.creator_id })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.course_id))
    .where(eq(certificates.id, certificateId))
    .limit(1);
  return row?.creatorId;
}

/** The brand of the school that owns a course (the course's school, else its creator's). */
export async function brandOfCourse(db: Executor, courseId: string) {
  const [row] = await db
    .select({
      name: schools.name,
      slug: schools.slug,
      logoUrl: schools.logo_url,
      primaryColor: schools.primary_color,
      accentColor: schools.accent_color,
      font: schools.font,
    })
    .from(courses)
    .innerJoin(schools, eq(schools.creator_id, courses.creator_id))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row;
}

/** The brand of a creator's school. */
export async function brandOfCreator(db: Executor, creatorId: string) {
  const [row] = await db
    .select({
      name: schools.name,
      slug: schools.slug,
      logoUrl: schools.logo_url,
      primaryColor: schools.primary_color,
      accentColor: schools.accent_color,
      font: schools.font,
    })
    .from(schools)
    .where(eq(schools.creator_id, creatorId))
    .limit(1);
  return row;
}
