import { z } from "zod";
import {
  isHexColor,
  isValidSchoolSlug,
  normalizeDomain,
  SCHOOL_FONTS,
  SCHOOL_LIMITS,
  SCHOOL_MESSAGES,
  SOCIAL_HOSTS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  TAX_CODE_RE,
} from "../rules/schools.ts";

const noNul = (s: string) => !s.includes("\u0000");

const socialLink = (network: SocialNetwork) =>
  z
    .string()
    .trim()
    .max(300, SCHOOL_MESSAGES.socialInvalid)
    .refine((v) => {
      if (!v) return true;
      const m = /^https:\/\/([a-z0-9.-]+)(?::\d+)?(?:[/?#][^\s"'<>]*)?$/i.exec(v);
      return Boolean(m && SOCIAL_HOSTS[network].test(m[1]));
    }, SCHOOL_MESSAGES.socialInvalid);

/** A stored upload's URL (`/files/…`), or empty for none. */
const fileUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^\/files\/[A-Za-z0-9/_.-]+$/.test(v), SCHOOL_MESSAGES.imageInvalid);

const color = z.string().trim().refine(isHexColor, SCHOOL_MESSAGES.colorInvalid);

/** PUT /api/schools/me/branding body (issue 15 §1). Empty strings clear optional fields. */
export const schoolBrandingInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, SCHOOL_MESSAGES.nameRequired)
    .max(SCHOOL_LIMITS.nameMax, SCHOOL_MESSAGES.nameTooLong)
    .refine(noNul, SCHOOL_MESSAGES.nameRequired),
  slug: z.string().trim().toLowerCase().refine(isValidSchoolSlug, SCHOOL_MESSAGES.slugInvalid),
  description: z
    .string()
    .trim()
    .max(SCHOOL_LIMITS.descriptionMax, SCHOOL_MESSAGES.descriptionTooLong)
    .refine(noNul, SCHOOL_MESSAGES.descriptionTooLong)
    .default(""),
  logoUrl: fileUrl.default(""),
  faviconUrl: fileUrl.default(""),
  primaryColor: color,
  accentColor: color,
  font: z.enum(SCHOOL_FONTS),
  supportEmail: z
    .string()
    .trim()
    .max(254, SCHOOL_MESSAGES.emailInvalid)
    .refine((v) => v === "" || z.email().safeParse(v).success, SCHOOL_MESSAGES.emailInvalid)
    .default(""),
  /** Seller details printed on receipts (issue 23 §9), all optional. */
  legalName: z.string().trim().max(200, SCHOOL_MESSAGES.legalNameTooLong).refine(noNul).default(""),
  taxCode: z
    .string()
    .trim()
    .refine((v) => v === "" || TAX_CODE_RE.test(v), SCHOOL_MESSAGES.taxCodeInvalid)
    .default(""),
  businessAddress: z.string().trim().max(300, SCHOOL_MESSAGES.addressTooLong).refine(noNul).default(""),
  socialLinks: z
    .object(
      Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, socialLink(n).default("")])) as {
        [K in SocialNetwork]: z.ZodDefault<ReturnType<typeof socialLink>>;
      },
    )
    .default({ facebook: "", zalo: "", tiktok: "", youtube: "" }),
});
export type SchoolBrandingInput = z.input<typeof schoolBrandingInputSchema>;

export const domainStatusSchema = z.enum(["pending", "verified", "failed"]);
export type DomainStatus = z.infer<typeof domainStatusSchema>;

/** A custom domain as the Branding & Domains page shows it, with the DNS records to create. */
export const schoolDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  status: domainStatusSchema,
  failureReason: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  records: z.array(z.object({ type: z.enum(["TXT", "CNAME"]), name: z.string(), value: z.string() })),
});
export type SchoolDomain = z.infer<typeof schoolDomainSchema>;

/** GET/PUT /api/schools/me/branding answer. `exists` is false before the school is created. */
export const schoolBrandingSchema = z.object({
  exists: z.boolean(),
  id: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  font: z.enum(SCHOOL_FONTS),
  supportEmail: z.string(),
  legalName: z.string(),
  taxCode: z.string(),
  businessAddress: z.string(),
  socialLinks: z.object({ facebook: z.string(), zalo: z.string(), tiktok: z.string(), youtube: z.string() }),
  /** The public school page's absolute URL (on the app's host). */
  publicUrl: z.string(),
  /** Old slugs still redirecting, with their expiry (ISO). */
  redirects: z.array(z.object({ slug: z.string(), expiresAt: z.string() })),
  domains: z.array(schoolDomainSchema),
});
export type SchoolBranding = z.infer<typeof schoolBrandingSchema>;

/** POST /api/schools/me/domains body. */
export const addDomainSchema = z.object({
  domain: z
    .string()
    .max(300, SCHOOL_MESSAGES.domainInvalid)
    .transform((v, ctx) => {
      const d = normalizeDomain(v);
      if (!d) {
        ctx.addIssue({ code: "custom", message: SCHOOL_MESSAGES.domainInvalid });
        return z.NEVER;
      }
      return d;
    }),
});

/** The brand a school shows students (player header, /join): name, logo and colours. */
export const publicSchoolBrandSchema = z.object({
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  font: z.enum(SCHOOL_FONTS),
});
export type PublicSchoolBrand = z.infer<typeof publicSchoolBrandSchema>;
