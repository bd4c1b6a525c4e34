import { createHash } from "node:crypto";
import {
  DEFAULT_SCHOOL_COLORS,
  type DomainStatus,
  type PublicSchoolBrand,
  SCHOOL_FONTS,
  SCHOOL_LIMITS,
  SCHOOL_MESSAGES,
  type SchoolBranding,
  type SchoolDomain,
  SLUG_REDIRECT_DAYS,
  schoolBrandingInputSchema,
  schoolName,
  schoolSlug,
  verificationRecordName,
} from "@academy/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { recordSecurityEvent } from "../../lib/security-events.ts";
import { getMe } from "../profiles/profiles.service.ts";
import { DnsLookupError, type DomainResolver } from "./dns.ts";
import * as q from "./schools.queries.ts";

/** Refusal for a student (Branding & Domains is a creator page). */
export const SCHOOL_CREATORS_ONLY = "Only creators can brand a school.";
const DAY_MS = 86_400_000;

async function requireCreator(db: Db, actor: SessionUser) {
  const me = await getMe(db, actor);
  if (me.role === "student") throw new AppError("FORBIDDEN", SCHOOL_CREATORS_ONLY);
}

/** The host name of a URL ("https://academy.example.com:8443/x" → "academy.example.com"). */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

type Font = (typeof SCHOOL_FONTS)[number];
const asFont = (v: string | null | undefined): Font =>
  (SCHOOL_FONTS as readonly string[]).includes(v ?? "") ? (v as Font) : "Inter";

function toDomain(row: q.DomainRow, cnameTarget: string): SchoolDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status as DomainStatus,
    failureReason: row.failure_reason,
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    verifiedAt: row.verified_at?.toISOString() ?? null,
    records: [
      { type: "TXT", name: verificationRecordName(row.domain), value: row.verification_token },
      { type: "CNAME", name: row.domain, value: cnameTarget },
    ],
  };
}

/** What the schools service needs from the app. */
export interface SchoolDeps {
  db: Db;
  appUrl: string;
  /** Host name custom domains must CNAME to (DOMAIN_CNAME_TARGET, else APP_URL's host). */
  cnameTarget: string;
  resolver: DomainResolver;
}

/**
 * The acting creator's Branding & Domains (issue 15 §1, spec 001 §2 menu "Branding & Domains").
 * Before the school exists (it is created on first publish or first save here) the answer carries
 * the defaults it would get (001 §7: "{e-mail local part} Academy", "{8 chars of id}-academy") and
 * `exists: false`.
 * @throws AppError UNAUTHORIZED (route), FORBIDDEN for a student.
 */
export async function getBranding(
  deps: SchoolDeps,
  actor: SessionUser,
  now = new Date(),
): Promise<SchoolBranding> {
  await requireCreator(deps.db, actor);
  const school = await q.findSchoolByCreator(deps.db, actor.id);
  return toBranding(deps, actor, school, now);
}

async function toBranding(
  deps: SchoolDeps,
  actor: SessionUser,
  school: q.SchoolRow | undefined,
  now: Date,
): Promise<SchoolBranding> {
  const slug = school?.slug ?? schoolSlug(actor.id);
  const links = (school?.social_links ?? {}) as Record<string, string>;
  const [redirects, domains] = school
    ? await Promise.all([q.listRedirects(deps.db, school.id, now), q.listDomains(deps.db, school.id)])
    : [[], []];
  return {
    exists: Boolean(school),
    id: school?.id ?? null,
    name: school?.name ?? (await defaultSchoolName(deps.db, actor)),
    slug,
    description: school?.description ?? "",
    logoUrl: school?.logo_url ?? "",
    faviconUrl: school?.favicon_url ?? "",
    primaryColor: school?.primary_color ?? DEFAULT_SCHOOL_COLORS.primary,
    accentColor: school?.accent_color ?? DEFAULT_SCHOOL_COLORS.accent,
    font: asFont(school?.font),
    supportEmail: school?.support_email ?? "",
    legalName: school?.legal_name ?? "",
    taxCode: school?.tax_code ?? "",
    businessAddress: school?.business_address ?? "",
    socialLinks: {
      facebook: links.facebook ?? "",
      zalo: links.zalo ?? "",
      tiktok: links.tiktok ?? "",
      youtube: links.youtube ?? "",
    },
    publicUrl: `${deps.appUrl}/s/${slug}`,
    redirects: redirects.map((r) => ({ slug: r.slug, expiresAt: r.expiresAt.toISOString() })),
    domains: domains.map((d) => toDomain(d, deps.cnameTarget)),
  };
}

/**
 * The name a creator's school gets before they choose one (issue 24 §6): their profile's display
 * name (else the name they signed up with) in their language, never their e-mail address.
 */
export async function defaultSchoolName(db: Executor, actor: SessionUser): Promise<string> {
  const [profile] = await db
    .select({ name: profiles.full_name, locale: profiles.locale })
    .from(profiles)
    .where(eq(profiles.user_id, actor.id));
  return schoolName(profile?.name || actor.name, profile?.locale === "en" ? "en" : "vi");
}

/** The creator's school, created with the 001 §7 defaults when missing (same as first publish). */
async function ensureSchool(db: Executor, actor: SessionUser): Promise<q.SchoolRow> {
  const existing = await q.findSchoolByCreator(db, actor.id);
  if (existing) return existing;
  const name = await defaultSchoolName(db, actor);
  const inserted = await q.insertSchool(db, {
    creator_id: actor.id,
    name,
    slug: schoolSlug(actor.id),
    description: `${name} on Academy`,
    is_active: true,
  });
  return inserted ?? ((await q.findSchoolByCreator(db, actor.id)) as q.SchoolRow);
}

const keyOf = (url: string) => url.replace(/^\/files\//, "");

/**
 * Saves Branding & Domains (issue 15 §1, §4). Creates the school when missing. A new slug keeps the
 * old one redirecting (301) for SLUG_REDIRECT_DAYS days; taking back an own old slug drops its
 * redirect. Logo and favicon must be the creator's own uploads to the school-logo / school-favicon
 * areas. Marks the school branded (the setup checklist counts it).
 * @throws AppError FORBIDDEN (student), VALIDATION_FAILED (an image that is not the creator's),
 *   CONFLICT `This address is already used by another school`.
 */
export async function updateBranding(
  deps: SchoolDeps,
  actor: SessionUser,
  raw: z.input<typeof schoolBrandingInputSchema>,
  now = new Date(),
): Promise<SchoolBranding> {
  await requireCreator(deps.db, actor);
  const input = schoolBrandingInputSchema.parse(raw);
  for (const [field, area] of [
    ["logoUrl", "school-logo"],
    ["faviconUrl", "school-favicon"],
  ] as const) {
    const url = input[field];
    if (url && !(await q.ownsStoredFile(deps.db, actor.id, keyOf(url), area)))
      throw new AppError("VALIDATION_FAILED", SCHOOL_MESSAGES.imageInvalid, [
        { path: field, message: SCHOOL_MESSAGES.imageInvalid },
      ]);
  }
  try {
    const school = await deps.db.transaction(async (tx) => {
      const current = await ensureSchool(tx, actor);
      if (input.slug !== current.slug) {
        if (await q.slugTakenByOther(tx, input.slug, current.id, now))
          throw new AppError("CONFLICT", SCHOOL_MESSAGES.slugTaken, [
            { path: "slug", message: SCHOOL_MESSAGES.slugTaken },
          ]);
        await q.deleteRedirect(tx, input.slug);
        await q.upsertRedirect(
          tx,
          current.slug,
          current.id,
          new Date(now.getTime() + SLUG_REDIRECT_DAYS * DAY_MS),
        );
      }
      // Issue 25 item 7: seller details go on receipts — a change is logged (field names only).
      const seller = {
        legalName: [current.legal_name, input.legalName],
        taxCode: [current.tax_code, input.taxCode],
        businessAddress: [current.business_address, input.businessAddress],
        supportEmail: [current.support_email, input.supportEmail],
      } as const;
      const changedFields = Object.entries(seller)
        .filter(([, [before, after]]) => (before ?? "") !== (after || ""))
        .map(([name]) => name);
      if (changedFields.length)
        await recordSecurityEvent(tx, {
          userId: actor.id,
          action: "seller_details.updated",
          details: { schoolId: current.id, changedFields },
        });
      return q.updateSchool(tx, current.id, {
        name: input.name,
        slug: input.slug,
        description: input.description || null,
        logo_url: input.logoUrl || null,
        favicon_url: input.faviconUrl || null,
        primary_color: input.primaryColor,
        accent_color: input.accentColor,
        font: input.font,
        support_email: input.supportEmail || null,
        legal_name: input.legalName || null,
        tax_code: input.taxCode || null,
        business_address: input.businessAddress || null,
        social_links: Object.fromEntries(Object.entries(input.socialLinks).filter(([, v]) => v)),
        branded_at: current.branded_at ?? now,
      });
    });
    return toBranding(deps, actor, school, now);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", SCHOOL_MESSAGES.slugTaken, [
        { path: "slug", message: SCHOOL_MESSAGES.slugTaken },
      ]);
    throw error;
  }
}

// ── Custom domains ───────────────────────────────────────────────────────────────────────────────

/**
 * The TXT verification token of `domain` for `schoolId`: the same every time that school adds that
 * domain, so records created once keep working if the claim is added again (issue 25 N9). It binds
 * the DNS to one school; knowing it lets nobody else verify.
 */
export function domainVerificationToken(schoolId: string, domain: string): string {
  return `academy-verify-${createHash("sha256").update(`${schoolId}:${domain}`).digest("hex").slice(0, 32)}`;
}

/**
 * Adds a custom domain to the creator's school (issue 15 §3) with its verification token; status
 * pending until verified. Creates the school when missing.
 * Another school's claim blocks only while it is verified or younger than
 * SCHOOL_LIMITS.domainClaimHours (issue 25 N9): an older never-verified claim is dropped, and a
 * newer one gives way when this school's DNS records already verify (the real owner proves control);
 * otherwise CONFLICT `domainClaimed`, with the records to create in `issues`.
 * @param domain already normalized by `addDomainSchema`.
 * @throws AppError FORBIDDEN (student), CONFLICT (domainTaken: verified elsewhere; domainClaimed),
 *   VALIDATION_FAILED (limit, or the app's own host).
 */
export async function addDomain(
  deps: SchoolDeps,
  actor: SessionUser,
  domain: string,
  now = new Date(),
): Promise<SchoolDomain> {
  await requireCreator(deps.db, actor);
  if (domain === hostOf(deps.appUrl) || domain === deps.cnameTarget)
    throw new AppError("VALIDATION_FAILED", SCHOOL_MESSAGES.domainInvalid);
  const school = await ensureSchool(deps.db, actor);
  const existing = await q.listDomains(deps.db, school.id);
  if (existing.length >= SCHOOL_LIMITS.domainsPerSchool)
    throw new AppError("VALIDATION_FAILED", SCHOOL_MESSAGES.domainLimit);
  const token = domainVerificationToken(school.id, domain);
  const held = await q.findDomainByName(deps.db, domain);
  let verified = false;
  if (held && held.school_id !== school.id) {
    const neverVerified = held.status !== "verified" && held.verified_at === null;
    if (!neverVerified) throw new AppError("CONFLICT", SCHOOL_MESSAGES.domainTaken);
    const expired = held.created_at.getTime() < now.getTime() - SCHOOL_LIMITS.domainClaimHours * 3_600_000;
    if (!expired) {
      const check = await checkDomainDns(deps.resolver, domain, token, deps.cnameTarget);
      if (check.status !== "verified")
        throw new AppError("CONFLICT", SCHOOL_MESSAGES.domainClaimed, [
          {
            path: "domain",
            message: `TXT ${verificationRecordName(domain)} = ${token}; CNAME ${domain} → ${deps.cnameTarget}`,
          },
        ]);
      verified = true;
    }
    await q.deleteDomain(deps.db, held.id);
  }
  const row = await q.insertDomain(deps.db, {
    school_id: school.id,
    domain,
    verification_token: token,
    status: verified ? "verified" : "pending",
    ...(verified ? { verified_at: now, last_checked_at: now } : {}),
  });
  if (!row) throw new AppError("CONFLICT", SCHOOL_MESSAGES.domainTaken);
  domainsChanged(deps.db);
  return toDomain(row, deps.cnameTarget);
}

async function ownDomain(deps: SchoolDeps, actor: SessionUser, id: string) {
  await requireCreator(deps.db, actor);
  const school = await q.findSchoolByCreator(deps.db, actor.id);
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await q.findDomainById(deps.db, id) : undefined;
  if (!row || !school || row.school_id !== school.id) throw new AppError("NOT_FOUND", "Domain not found.");
  return row;
}

/** Removes one of the creator's domains. @throws AppError FORBIDDEN, NOT_FOUND (not theirs). */
export async function removeDomain(deps: SchoolDeps, actor: SessionUser, id: string): Promise<void> {
  const row = await ownDomain(deps, actor, id);
  await q.deleteDomain(deps.db, row.id);
  domainsChanged(deps.db);
}

/**
 * Checks a domain's DNS (issue 15 §3): the TXT record `_academy.{domain}` must hold `token`, and
 * `{domain}` must be a CNAME to `target`.
 * @returns verified, or failed with the first reason found (a person-readable sentence).
 */
export async function checkDomainDns(
  resolver: DomainResolver,
  domain: string,
  token: string,
  target: string,
): Promise<{ status: "verified" | "failed"; reason: string | null }> {
  const txtName = verificationRecordName(domain);
  try {
    const txt = await resolver.txt(txtName);
    if (txt.length === 0) return { status: "failed", reason: `No TXT record found at ${txtName}.` };
    if (!txt.some((v) => v.trim() === token))
      return {
        status: "failed",
        reason: `The TXT record at ${txtName} does not hold this domain's verification token.`,
      };
    const cname = await resolver.cname(domain);
    if (cname.length === 0)
      return {
        status: "failed",
        reason: `No CNAME record found for ${domain} (it must point to ${target}).`,
      };
    if (!cname.includes(target))
      return { status: "failed", reason: `${domain} is a CNAME to ${cname[0]}, not to ${target}.` };
    return { status: "verified", reason: null };
  } catch (error) {
    if (error instanceof DnsLookupError) return { status: "failed", reason: error.message };
    throw error;
  }
}

/**
 * Re-checks one of the creator's domains now ("Verify" button) and stores the result.
 * @throws AppError FORBIDDEN, NOT_FOUND.
 */
export async function verifyDomain(
  deps: SchoolDeps,
  actor: SessionUser,
  id: string,
  now = new Date(),
): Promise<SchoolDomain> {
  const row = await ownDomain(deps, actor, id);
  const updated = await recheck(deps, row, now);
  return toDomain(updated, deps.cnameTarget);
}

async function recheck(deps: SchoolDeps, row: q.DomainRow, now: Date) {
  const result = await checkDomainDns(deps.resolver, row.domain, row.verification_token, deps.cnameTarget);
  const updated =
    (await q.updateDomainCheck(deps.db, row.id, {
      status: result.status,
      failure_reason: result.reason,
      now,
    })) ?? row;
  if (updated.status !== row.status) domainsChanged(deps.db);
  return updated;
}

/**
 * The periodic re-check (issue 15 §3): domains not checked for `intervalMs` (milliseconds), at
 * most `batch` per call. A verified domain whose records disappear becomes failed. Never-verified
 * claims older than SCHOOL_LIMITS.domainClaimHours are deleted first.
 * @returns how many were checked.
 */
export async function recheckDueDomains(deps: SchoolDeps, intervalMs: number, batch = 50, now = new Date()) {
  // Claims never verified within SCHOOL_LIMITS.domainClaimHours expire (issue 25 N9).
  const expired = await q.deleteExpiredClaims(
    deps.db,
    new Date(now.getTime() - SCHOOL_LIMITS.domainClaimHours * 3_600_000),
  );
  if (expired.length > 0) domainsChanged(deps.db);
  const due = await q.listDomainsDue(deps.db, new Date(now.getTime() - intervalMs), batch);
  for (const row of due) await recheck(deps, row, now);
  return due.length;
}

/** Caddy's on-demand TLS `ask` (issue 15 §3): true only for a verified domain. */
export async function isDomainAllowed(db: Db, domain: string): Promise<boolean> {
  const row = await q.findDomainByName(db, domain.trim().toLowerCase().replace(/\.$/, ""));
  return row?.status === "verified";
}

/**
 * How a verified domain is trusted (issue 25 N1): `production` (https only, else http too) and
 * `freshMs`, the DNS re-check interval (DOMAIN_RECHECK_INTERVAL_MS): a domain whose last successful
 * check is older than that is not trusted, even while its status still says verified.
 */
export interface DomainTrust {
  production: boolean;
  freshMs: number;
}

/** Every verified custom domain checked within `trust.freshMs`, as https (and, outside production, http) origins. */
export async function verifiedOrigins(db: Db, trust: DomainTrust, now = Date.now()): Promise<string[]> {
  const domains = await q.listVerifiedDomains(db, new Date(now - trust.freshMs));
  return domains.flatMap((d) => (trust.production ? [`https://${d}`] : [`https://${d}`, `http://${d}`]));
}

/** How long (milliseconds) the trusted-origin list is reused before it is read again. */
export const ORIGINS_TTL_MS = 10_000;
const originsCache = new WeakMap<Db, { at: number; origins: Promise<string[]> }>();

/**
 * `verifiedOrigins`, read at most every ORIGINS_TTL_MS per database (better-auth asks on every
 * state-changing auth request). Dropped at once when this instance verifies or removes a domain.
 */
export function verifiedOriginsCached(db: Db, trust: DomainTrust, now = Date.now()): Promise<string[]> {
  const hit = originsCache.get(db);
  if (hit && now - hit.at < ORIGINS_TTL_MS) return hit.origins;
  const origins = verifiedOrigins(db, trust, now).catch(() => []);
  originsCache.set(db, { at: now, origins });
  return origins;
}

/**
 * The trusted origins of the custom domain a request is addressed to (issue 25 N1): a verified
 * domain is trusted only for its own school's pages and the API calls they make on that host,
 * never for requests to the app's host or to another school's domain.
 * @param host the request's host name (lower case, no port; `requestHost`).
 * @returns `https://{host}` (and `http://{host}` outside production) when `host` is a verified,
 *   freshly checked domain; else [].
 */
export async function originsForHost(db: Db, trust: DomainTrust, host: string): Promise<string[]> {
  if (!host) return [];
  const origins = await verifiedOriginsCached(db, trust);
  return origins.filter((origin) => new URL(origin).hostname === host);
}

/**
 * How often the re-check worker looks for due domains and which are due (milliseconds): a domain
 * is re-checked once its last check is `intervalMs - tickMs` old, so a healthy domain is confirmed
 * again before `intervalMs` passes and never drops out of `verifiedOrigins` between checks.
 */
export function recheckSchedule(intervalMs: number): { tickMs: number; dueAfterMs: number } {
  const tickMs = Math.max(10_000, Math.floor(intervalMs / 6));
  return { tickMs, dueAfterMs: Math.max(0, intervalMs - tickMs) };
}

/** Forgets the cached trusted origins and host routes (a domain changed). */
export function domainsChanged(db: Db): void {
  originsCache.delete(db);
  for (const listener of domainListeners) listener();
}
const domainListeners = new Set<() => void>();
/** Calls `listener` whenever a domain of any school changes on this instance. */
export function onDomainsChanged(listener: () => void): () => void {
  domainListeners.add(listener);
  return () => domainListeners.delete(listener);
}

// ── The brand students see ───────────────────────────────────────────────────────────────────────

function toPublicBrand(row: Awaited<ReturnType<typeof q.brandOfCreator>>): PublicSchoolBrand | null {
  if (!row) return null;
  return {
    name: row.name,
    slug: row.slug,
    logoUrl: row.logoUrl,
    primaryColor: row.primaryColor ?? DEFAULT_SCHOOL_COLORS.primary,
    accentColor: row.accentColor ?? DEFAULT_SCHOOL_COLORS.accent,
    font: asFont(row.font),
  };
}

/** The brand of the school offering a course (/join, the player header), or null. Public. */
export async function brandOfCourse(db: Db, courseId: string): Promise<PublicSchoolBrand | null> {
  if (!/^[0-9a-f-]{36}$/i.test(courseId)) return null;
  return toPublicBrand(await q.brandOfCourse(db, courseId));
}

/** The brand of a creator's school (landing-page defaults, e-mails), or null. */
export async function brandOfCreator(db: Db, creatorId: string): Promise<PublicSchoolBrand | null> {
  return toPublicBrand(await q.brandOfCreator(db, creatorId));
}
