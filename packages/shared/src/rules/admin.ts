/**
 * Platform administration's names, limits and texts (spec 001 §2 Platform administration, §3 admin
 * records, §4 Admin content review, §9 branding-kit themes; issue 14), without zod: pages that only
 * show a reason list or a message (the Report dialog, error texts) do not bring the schema library
 * with them (issue 17 §14 budget). The schemas are in ../schemas/admin.ts.
 */

/** The spec's texts (English catalogue; the web translates them by key). */
export const ADMIN_MESSAGES = {
  subjectNameRequired: "Subject name is required",
  subjectInUse: "This subject is used by courses and cannot be deleted.",
  duplicate: "This item already exists. Please use a different name.",
  adminOnly: "Only platform administrators can do this.",
  twoFactorRequired:
    "Set up two-factor sign-in (Account settings → Two-factor authentication) before using the Admin Panel.",
  notPending: "This report has already been reviewed.",
  selfChange: "You cannot change your own role or suspend yourself.",
  signupsClosed: "Sign-ups are closed on this platform.",
  signupsInviteOnly: "Sign-ups are by invitation only. Please use the link in your invitation e-mail.",
  suspended: "This account is suspended. Please contact support.",
  tooManyReports: "You have sent many reports in a short time. Please try again in an hour.",
  securityContact: "Enter an e-mail address, a mailto: link or an https:// address.",
} as const;

/** Spec 001 §5: the icon a new subject gets when none is given. */
export const DEFAULT_SUBJECT_ICON = "📚";

/** Content report target types (content_reports.target_type). */
export const REPORT_TARGET_TYPES = [
  "discussion",
  "discussion_reply",
  "course",
  "landing_page",
  "material",
  "course_review",
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** The types anyone may report through POST /api/reports (discussions are reported by the community). */
export const REPORTABLE_TYPES = ["course", "landing_page", "material", "course_review"] as const;
export const REPORT_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The reasons the web app's Report dialog offers (sent as `reason`; other text is kept as typed). */
export const REPORT_REASONS = ["spam", "inappropriate", "copyright", "misleading", "other"] as const;
/** Reports one account may file per hour (POST /api/reports answers 429 beyond). */
export const REPORTS_PER_HOUR = 10;

/** Spec 001 §9 branding-kit themes. */
export const BRANDING_THEMES = ["modern", "academic", "creative", "professional", "custom"] as const;

/**
 * The support address a new installation starts with: a placeholder nobody reads. The Admin Panel
 * asks for a real one, and the Help Center does not show this one (issue 24 §1).
 */
export const DEFAULT_SUPPORT_EMAIL = "support@academy.local";

export const SIGNUP_MODES = ["open", "invite-only", "closed"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** A real platform figure the home page may show (issue 24 §1): counted now, never invented. */
export const PUBLIC_STAT_KEYS = ["creators", "courses", "students", "certificates"] as const;
export type PublicStatKey = (typeof PUBLIC_STAT_KEYS)[number];

/** The kinds of item the Content Library lists (issue 27 §4, decision 0234). */
export const LIBRARY_ITEM_TYPES = ["course", "landing_page", "material"] as const;
export type LibraryItemType = (typeof LIBRARY_ITEM_TYPES)[number];
