/**
 * School branding and custom-domain rules (issue 15). Pure functions shared by the server and the
 * Branding & Domains page.
 */
import { FONT_FAMILIES, HEX_COLOR } from "./landing-pages.ts";

/** Limits of the Branding & Domains form. */
/** A Vietnamese tax code (mã số thuế): 10 digits, or 10 digits + "-" + 3 digits for a branch. */
export const TAX_CODE_RE = /^\d{10}(-\d{3})?$/;

export const SCHOOL_LIMITS = {
  nameMax: 80,
  slugMin: 3,
  slugMax: 60,
  descriptionMax: 2000,
  domainMax: 253,
  /** Custom domains one school may add. */
  domainsPerSchool: 5,
  /** Hours an unverified domain claim holds the domain before anyone may take it (issue 25 N9). */
  domainClaimHours: 72,
} as const;

/** Messages of the Branding & Domains form (issue 15); zod-free so the page loads without zod. */
export const SCHOOL_MESSAGES = {
  taxCodeInvalid: "A tax code is 10 digits, or 10 digits, a hyphen and 3 digits (e.g. 0312345678-001)",
  legalNameTooLong: "The legal name must be at most 200 characters",
  addressTooLong: "The address must be at most 300 characters",
  nameRequired: "Please enter your school's name",
  nameTooLong: `The school name must be at most ${SCHOOL_LIMITS.nameMax} characters`,
  slugInvalid: `The address must be ${SCHOOL_LIMITS.slugMin}–${SCHOOL_LIMITS.slugMax} lower-case letters, digits or hyphens`,
  slugTaken: "This address is already used by another school",
  colorInvalid: "Colours must be hex colours like #1A237E",
  emailInvalid: "Please enter a valid support e-mail address",
  socialInvalid: "Please enter a link to your page on this network",
  imageInvalid: "Please upload the image here first",
  domainInvalid: "Please enter a domain like learn.example.com",
  domainTaken: "This domain is already connected to a school",
  domainClaimed:
    "Another school added this domain and has not verified it yet. If it is yours, create the DNS records shown and add it again.",
  domainLimit: `A school can connect at most ${SCHOOL_LIMITS.domainsPerSchool} domains`,
  descriptionTooLong: `The description must be at most ${SCHOOL_LIMITS.descriptionMax} characters`,
} as const;

/** Days an old school address keeps redirecting (301) after a slug change (issue 15 §4). */
export const SLUG_REDIRECT_DAYS = 90;

/** Fonts a school may pick (the same families the landing pages offer). */
export const SCHOOL_FONTS = FONT_FAMILIES;

/** Colours a school starts with (spec 001 §3 style_data defaults). */
export const DEFAULT_SCHOOL_COLORS = { primary: "#1A237E", accent: "#00C7B1" } as const;

/** Social networks a school may link (issue 15 §1). */
export const SOCIAL_NETWORKS = ["facebook", "zalo", "tiktok", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Hosts each social link must point to (a URL elsewhere is refused). */
export const SOCIAL_HOSTS: Record<SocialNetwork, RegExp> = {
  facebook: /(^|\.)(facebook\.com|fb\.com|fb\.me)$/i,
  zalo: /(^|\.)(zalo\.me|zalo\.vn)$/i,
  tiktok: /(^|\.)tiktok\.com$/i,
  youtube: /(^|\.)(youtube\.com|youtu\.be)$/i,
};

/** Slugs that cannot be a school's address (they would shadow app routes or confuse people). */
export const RESERVED_SCHOOL_SLUGS = new Set([
  "api",
  "admin",
  "dashboard",
  "auth",
  "lp",
  "s",
  "files",
  "www",
  "academy",
]);

/**
 * A valid school slug: 3–60 characters of a–z, 0–9 and single hyphens, not starting or ending with
 * a hyphen, not reserved.
 */
export function isValidSchoolSlug(slug: string): boolean {
  return (
    slug.length >= SCHOOL_LIMITS.slugMin &&
    slug.length <= SCHOOL_LIMITS.slugMax &&
    /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) &&
    !RESERVED_SCHOOL_SLUGS.has(slug)
  );
}

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/**
 * A domain as typed → its canonical form: lower-cased, without scheme, path, port, trailing dot
 * or surrounding spaces; `null` when it is not a plausible public host name (at least two labels,
 * letters/digits/hyphens, no IP address, no "localhost").
 */
export function normalizeDomain(input: string): string | null {
  let d = input.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  d = d.split(/[/?#]/)[0] ?? "";
  d = d.replace(/:\d+$/, "").replace(/\.$/, "");
  if (!d || d.length > SCHOOL_LIMITS.domainMax) return null;
  const labels = d.split(".");
  if (labels.length < 2) return null;
  if (!labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  if (/^\d+$/.test(labels.at(-1) ?? "")) return null;
  if (d === "localhost" || d.endsWith(".localhost")) return null;
  return d;
}

/** The DNS name of a domain's verification TXT record (issue 15 §3). */
export function verificationRecordName(domain: string): string {
  return `_academy.${domain}`;
}
