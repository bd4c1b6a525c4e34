import { z } from "zod";
import {
  ADMIN_MESSAGES,
  BRANDING_THEMES,
  DEFAULT_SUBJECT_ICON,
  LIBRARY_ITEM_TYPES,
  PUBLIC_STAT_KEYS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  REPORTABLE_TYPES,
  SIGNUP_MODES,
} from "../rules/admin.ts";
import { MODERATION_MESSAGES, REPORT_DECISIONS } from "../rules/moderation.ts";
import { ROLES } from "../rules/profile.ts";

/**
 * Platform administration contracts (spec 001 §2 Platform administration, §3 admin records, §4 Admin
 * content review and Subject, §5 'Subject name is required', §9 branding-kit themes; issue 14).
 * Dates are ISO 8601 strings.
 */

export const subjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  isActive: z.boolean(),
  /** Courses whose subject this is (counted, never stored). */
  totalCourses: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;

const subjectName = z
  .string({ error: ADMIN_MESSAGES.subjectNameRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.subjectNameRequired)
  .max(100, "Subject name must be at most 100 characters")
  .refine((s) => !s.includes("\u0000"), "Subject name contains an invalid character");

/** POST /api/admin/subjects. icon empty or absent → 📚; new subjects are active. */
export const subjectCreateSchema = z.object({
  name: subjectName,
  description: z.string().trim().max(500).default(""),
  icon: z
    .string()
    .trim()
    .max(16)
    .optional()
    .transform((v) => (v ? v : DEFAULT_SUBJECT_ICON)),
});
export type SubjectCreateInput = z.input<typeof subjectCreateSchema>;

/** PATCH /api/admin/subjects/{id}: any of the fields. */
export const subjectUpdateSchema = z.object({
  name: subjectName.optional(),
  description: z.string().trim().max(500).optional(),
  icon: z
    .string()
    .trim()
    .max(16)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || DEFAULT_SUBJECT_ICON)),
  isActive: z.boolean().optional(),
});
export type SubjectUpdateInput = z.input<typeof subjectUpdateSchema>;

export const subjectListSchema = z.object({ subjects: z.array(subjectSchema) });

export const reportCreateSchema = z.object({
  targetType: z.enum(REPORTABLE_TYPES),
  targetId: z.string().trim().min(1).max(100),
  reason: z
    .string({ error: "Please fill in all required fields" })
    .trim()
    .min(1, "Please fill in all required fields")
    .max(1000, "The reason must be at most 1,000 characters"),
  /** What the reporter saw, in their words (optional; the reason is the web app's REPORT_REASONS key). */
  details: z.string().trim().max(2000, "The details must be at most 2,000 characters").optional(),
});
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

/** POST /api/moderation/appeals: the owner of a course or landing page an admin took down asks for a review. */
export const appealCreateSchema = z.object({
  targetType: z.enum(["course", "landing_page"]),
  targetId: z.uuid(),
  message: z
    .string({ error: "Please fill in all required fields" })
    .trim()
    .min(1, "Please fill in all required fields")
    .max(2000, "The details must be at most 2,000 characters"),
});

export const contentReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** The content's title when Academy can read it (course, landing page, material), else null. */
  targetTitle: z.string().nullable(),
  /** "report", or "appeal": the owner of taken-down content asks to publish again (issue 24 §4). */
  kind: z.enum(["report", "appeal"]),
  /** What the reported item says (a discussion's or reply's text, a review's), cut to 300 characters. */
  targetExcerpt: z.string().nullable(),
  /** Where to see it in the app (a path), or null when it is gone or private. */
  targetLink: z.string().nullable(),
  /** Whether a course or landing page is currently taken down. */
  takenDown: z.boolean(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporterEmail: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContentReport = z.infer<typeof contentReportSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
});

export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...REPORT_STATUSES, "all"]).default("all"),
});

export const reportListSchema = z.object({
  reports: z.array(contentReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const reportReviewSchema = z.object({
  /** Keep ("approved"), Hide ("rejected") or Remove ("removed": discussions, replies, reviews). */
  decision: z.enum(REPORT_DECISIONS),
  note: z.string().trim().max(1000).optional(),
});

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colours are #rrggbb");
export const brandingColorsSchema = z.object({
  primary: hex,
  secondary: hex,
  accent: hex,
  background: hex,
  text: hex,
});
export const brandingFontsSchema = z.object({
  heading: z.string().trim().min(1).max(60),
  body: z.string().trim().min(1).max(60),
});

export const brandingKitSchema = z.object({
  id: z.string(),
  name: z.string(),
  theme: z.enum(BRANDING_THEMES),
  colors: brandingColorsSchema,
  fonts: brandingFontsSchema,
  /** Corner radius in pixels, 0–20. */
  radius: z.number().int(),
  isActive: z.boolean(),
});
export type BrandingKit = z.infer<typeof brandingKitSchema>;

export const brandingKitInputSchema = z.object({
  name: z
    .string({ error: "Please fill in all required fields" })
    .trim()
    .min(1, "Please fill in all required fields")
    .max(60),
  theme: z.enum(BRANDING_THEMES).default("custom"),
  colors: brandingColorsSchema,
  fonts: brandingFontsSchema,
  radius: z.number().int().min(0).max(20),
  isActive: z.boolean().default(true),
});
export type BrandingKitInput = z.input<typeof brandingKitInputSchema>;
export const brandingKitListSchema = z.object({ kits: z.array(brandingKitSchema) });

/** The platform settings every visitor may read (GET /api/platform-settings). */
export const platformSettingsSchema = z.object({
  platformName: z.string(),
  supportEmail: z.string(),
  defaultLanguage: z.enum(["en", "vi"]),
  signupMode: z.enum(SIGNUP_MODES),
  /** Empty: no banner. */
  maintenanceBanner: z.string(),
  liveChatHours: z.string(),
  /** https link to the live chat; empty: no live chat is mentioned anywhere (issue 24 §1). */
  liveChatUrl: z.string(),
  /** The home page shows a platform figure only once it reaches this many (issue 24 §1). */
  publicStatsMinimum: z.number().int(),
  /**
   * Contact of /.well-known/security.txt (issue 25 item 7): a `mailto:` or `https:` URL; empty when
   * none was set (the stored support e-mail is used then).
   */
  securityContact: z.string(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/**
 * The security contact as typed in the Admin Panel, normalised: "" (none), a bare e-mail address
 * becomes `mailto:<address>`, a `mailto:` URL with a valid address or an `https:` URL stays as is.
 * Anything else is refused with ADMIN_MESSAGES.securityContact. At most 200 characters.
 */
export const securityContactSchema = z
  .string()
  .trim()
  .max(200)
  .transform((value, ctx) => {
    if (!value) return "";
    const email = z.email();
    if (email.safeParse(value).success) return `mailto:${value}`;
    if (/^mailto:/i.test(value) && email.safeParse(value.slice(7)).success) return `mailto:${value.slice(7)}`;
    if (/^https:\/\/[^\s/?#@]+\.[^\s/?#@]+([/?#]\S*)?$/i.test(value)) return value;
    ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.securityContact });
    return z.NEVER;
  });

export const platformSettingsInputSchema = z.object({
  platformName: z.string().trim().min(1, "Please fill in all required fields").max(60),
  supportEmail: z.email("Please enter a valid e-mail address").max(200),
  defaultLanguage: z.enum(["en", "vi"]),
  signupMode: z.enum(SIGNUP_MODES),
  maintenanceBanner: z.string().trim().max(300),
  liveChatHours: z.string().trim().max(60),
  liveChatUrl: z.union([
    z.literal(""),
    z
      .string()
      .trim()
      .max(500)
      .regex(/^https:\/\/[^\s]+$/, "Enter a link that starts with https://"),
  ]),
  publicStatsMinimum: z
    .number("Enter a whole number from 1")
    .int("Enter a whole number from 1")
    .min(1, "Enter a whole number from 1")
    .max(1_000_000_000, "Enter a whole number from 1"),
  securityContact: securityContactSchema.default(""),
});
export type PlatformSettingsInput = z.input<typeof platformSettingsInputSchema>;

export const adminUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  suspended: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const roleChangeSchema = z.object({ role: z.enum(ROLES) });
export const suspendSchema = z.object({ reason: z.string().trim().max(500).default("") });

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/public-stats: the figures that reached the admin's minimum (none below it). */
export const publicStatsSchema = z.object({
  figures: z.array(z.object({ key: z.enum(PUBLIC_STAT_KEYS), value: z.number().int() })),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

/**
 * The Content Library (spec 001 §1 "content library", §4 Admin content review "pending to approved
 * or rejected"; issue 27 §4, decision 0234): every course, landing page and material of the
 * platform with its review status. "pending" = no decision yet, or the item changed after the last
 * decision (courses and landing pages: updated_at later than the decision). Pending never blocks
 * publishing; only a rejection takes an item down.
 */

export const libraryQuerySchema = pageQuerySchema.extend({
  type: z.enum([...LIBRARY_ITEM_TYPES, "all"]).default("all"),
  status: z.enum([...REPORT_STATUSES, "all"]).default("all"),
});
export type LibraryQuery = z.input<typeof libraryQuerySchema>;

export const libraryItemSchema = z.object({
  type: z.enum(LIBRARY_ITEM_TYPES),
  id: z.string(),
  title: z.string(),
  /** Course: published; landing page: published; material: its kind (quiz, worksheet…). */
  published: z.boolean(),
  /** A material's type (quiz, video, document…); null for courses and landing pages. */
  materialType: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** The reason given with the last rejection (shown while rejected). */
  rejectReason: z.string().nullable(),
  /** Taken down by an admin (a rejection here or a hidden report). */
  takenDown: z.boolean(),
  /** Where to see it (a path), or null for materials, which are private to their owner. */
  link: z.string().nullable(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryListSchema = z.object({
  items: z.array(libraryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LibraryList = z.infer<typeof libraryListSchema>;

/** POST /api/admin/library/{type}/{id}/review: approve, or reject with a reason (required). */
export const libraryReviewSchema = z
  .object({
    decision: z.enum(["approved", "rejected"]),
    reason: z.string().trim().max(1000, "The reason must be at most 1,000 characters").optional(),
  })
  .refine((v) => v.decision === "approved" || (v.reason ?? "").length > 0, {
    message: MODERATION_MESSAGES.rejectReasonRequired,
    path: ["reason"],
  });
export type LibraryReviewInput = z.input<typeof libraryReviewSchema>;
