import { aggregateRatingLd } from "./reviews.ts";
/**
 * Landing-page rules (spec 001 §3 Section/style_data/seo_data, §4 Builder mode, §5, §9). Pure
 * functions shared by the server (validation, rendering) and the builder.
 */

/** Spec 001 §9 constants. */
export const LANDING_LIMITS = {
  autoSaveDelayMs: 30_000,
  descriptionPreview: 80,
  metaTitleMax: 60,
  metaTitleWarn: 50,
  metaDescriptionMax: 160,
  metaDescriptionWarn: 150,
  imageMaxMb: 5,
  socialImageMaxMb: 3,
  socialImageWidth: 1200,
  socialImageHeight: 630,
  borderRadiusMin: 0,
  borderRadiusMax: 20,
  mobileFontScaleMin: 0.8,
  mobileFontScaleMax: 1.5,
  mobileBreakpointPx: 768,
  titleMax: 200,
  descriptionMax: 2000,
  slugMax: 100,
  sectionsMax: 50,
} as const;

/** Spec 001 §9 pricing defaults (VND). */
export const DEFAULT_PRICE_VND = 1_990_000;
export const DEFAULT_ORIGINAL_PRICE_VND = 2_990_000;

export const SECTION_TYPES = [
  "hero",
  "features",
  "testimonials",
  "pricing",
  "pricing_vn",
  "faq",
  "cta",
  "contact_zalo",
  "curriculum",
  "instructor",
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const FONT_FAMILIES = ["Inter", "Arial", "Georgia"] as const;
export const MOBILE_BUTTON_SIZES = ["small", "medium", "large"] as const;
export const SEO_LANGUAGES = ["vi-VN", "en-US", "en-GB"] as const;
export const SEO_REGIONS = ["VN", "SG", "US"] as const;
export const ROBOTS_OPTIONS = [
  "index,follow",
  "noindex,follow",
  "index,nofollow",
  "noindex,nofollow",
] as const;

export interface SectionStyles {
  backgroundColor: string;
  textColor: string;
  padding: string;
}

/** A section of a landing page (spec 001 §3 Section). `content` depends on `type`. */
export interface LandingSection {
  id: string;
  type: string;
  title: string;
  content: Record<string, unknown>;
  styles: SectionStyles;
}

export interface StyleData {
  primaryColor: string;
  secondaryColor: string;
  fontFamily: (typeof FONT_FAMILIES)[number];
  borderRadius: number;
  mobileFontScale: number;
  mobileButtonSize: (typeof MOBILE_BUTTON_SIZES)[number];
}

export interface AnalyticsSettings {
  googleAnalytics: string;
  facebookPixel: string;
  googleTagManager: string;
  cookieConsent: boolean;
}

export interface SeoData {
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  language: (typeof SEO_LANGUAGES)[number];
  region: (typeof SEO_REGIONS)[number];
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  canonicalUrl: string;
  robots: (typeof ROBOTS_OPTIONS)[number];
  structuredData: boolean;
  analytics: AnalyticsSettings;
}

/** Spec 001 §3 style_data defaults: #1A237E, #00C7B1, Inter, radius 8, scale 1, large buttons. */
export const DEFAULT_STYLE_DATA: StyleData = {
  primaryColor: "#1A237E",
  secondaryColor: "#00C7B1",
  fontFamily: "Inter",
  borderRadius: 8,
  mobileFontScale: 1,
  mobileButtonSize: "large",
};

/** Spec 001 §9 section defaults: padding 2rem, transparent background. */
export const DEFAULT_SECTION_STYLES: SectionStyles = {
  backgroundColor: "transparent",
  textColor: "",
  padding: "2rem",
};

/** seo_data defaults; cookie consent on (spec 001 §3). */
export const DEFAULT_SEO_DATA: SeoData = {
  metaTitle: "",
  metaDescription: "",
  keywords: [],
  language: "vi-VN",
  region: "VN",
  ogTitle: "",
  ogDescription: "",
  ogImage: "",
  canonicalUrl: "",
  robots: "index,follow",
  structuredData: true,
  analytics: { googleAnalytics: "", facebookPixel: "", googleTagManager: "", cookieConsent: true },
};

/**
 * Spec 001 §5 landing-page slug: lowercased, special characters removed, spaces become hyphens,
 * repeated hyphens collapse. Vietnamese letters lose their diacritics (đ → d) instead of being
 * dropped, and leading/trailing hyphens go; at most 100 characters.
 */
export function landingSlug(input: string): string {
  return input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, LANDING_LIMITS.slugMax)
    .replace(/-$/, "");
}

/** A valid stored slug: what `landingSlug` produces for itself, non-empty. */
export function isValidLandingSlug(slug: string): boolean {
  return slug.length > 0 && landingSlug(slug) === slug;
}

/** Spec 001 §2 list: the description cut to 80 characters (with "..." when cut). */
export function descriptionPreview(description: string | null | undefined): string {
  const text = (description ?? "").trim();
  const max = LANDING_LIMITS.descriptionPreview;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Spec 001 §2 list: conversions ÷ views as a percentage with one decimal ("12.5%"); "0%" without views. */
export function conversionRate(views: number, conversions: number): string {
  if (!views) return "0%";
  return `${((conversions / views) * 100).toFixed(1)}%`;
}

/** Spec 001 §5: features one per line, lines trimmed, blank lines dropped. */
export function parseFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Spec 001 §5: keywords comma separated and trimmed (empty ones dropped). */
export function parseKeywords(text: string): string[] {
  return text
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** Spec 001 §5 counters: 'over' past the maximum, 'warn' (red) above 50/150, else 'ok'. */
export function metaCounterState(length: number, kind: "title" | "description"): "ok" | "warn" | "over" {
  const max = kind === "title" ? LANDING_LIMITS.metaTitleMax : LANDING_LIMITS.metaDescriptionMax;
  const warn = kind === "title" ? LANDING_LIMITS.metaTitleWarn : LANDING_LIMITS.metaDescriptionWarn;
  if (length > max) return "over";
  return length > warn ? "warn" : "ok";
}

/**
 * Spec 001 §4 Auto-save: only an existing page (it has an id) with a non-blank title and unsaved
 * changes is auto-saved, LANDING_LIMITS.autoSaveDelayMs (30 s) after the last change. A LIVE page
 * is not auto-saved (decision 0071): auto-save saves with is_published false, which would take
 * the page offline for its visitors 30 s after an edit; its changes wait for Publish (or an
 * explicit Save Draft), and the leave warning keeps them from being lost.
 */
export function shouldAutoSave(page: {
  id: string | null;
  title: string;
  dirty: boolean;
  isPublished?: boolean;
}): boolean {
  return page.id !== null && page.title.trim() !== "" && page.dirty && !page.isPublished;
}

/** Spec 001 §3 landing_page_analytics: mobile when the window is under 768 px wide, else desktop. */
export function deviceTypeForWidth(width: number): "mobile" | "desktop" {
  return width < LANDING_LIMITS.mobileBreakpointPx ? "mobile" : "desktop";
}

/** Analytics ID formats (issue 7 §7). */
export const ANALYTICS_ID_PATTERNS = {
  googleAnalytics: /^(G-[A-Z0-9]{4,12}|UA-\d{4,10}-\d{1,4})$/,
  facebookPixel: /^\d{15,16}$/,
  googleTagManager: /^GTM-[A-Z0-9]{4,9}$/,
} as const;

export const ANALYTICS_ID_MESSAGES = {
  googleAnalytics: "Google Analytics ID must look like G-XXXXXXXXXX or UA-XXXXXXX-X",
  facebookPixel: "Facebook Pixel ID must be 15 or 16 digits",
  googleTagManager: "Google Tag Manager ID must look like GTM-XXXXXXX",
} as const;

/** A zalo.me link from a phone number: digits only, a leading +84/84 becomes 0 (spec 001 §7 contact section). */
export function zaloLink(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("84") && digits.length > 9) digits = `0${digits.slice(2)}`;
  return `https://zalo.me/${digits}`;
}

/** Spec 001 §2 public page: duration in hours = minutes ÷ 60, rounded. */
export function durationHours(minutes: number | null | undefined): number {
  return Math.round((minutes ?? 0) / 60);
}

let idCounter = 0;
/** A fresh section id (unique in a page). */
export function newSectionId(): string {
  idCounter += 1;
  return `s-${Date.now().toString(36)}-${idCounter.toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Default content of a new section of each type (spec 001 §3 Section, §9 pricing defaults). */
export function defaultSectionContent(type: SectionType): Record<string, unknown> {
  switch (type) {
    case "hero":
      return { headline: "", subheadline: "", ctaText: "Enroll Now", image: "" };
    case "features":
      return { features: [] };
    case "testimonials":
      return { items: [] };
    // Issue 17 item 3: a pricing section shows the connected course's price (priceOverride false);
    // its own figures, the spec's VND defaults, apply only when the creator overrides it.
    case "pricing":
    case "pricing_vn":
      return {
        priceOverride: false,
        price: DEFAULT_PRICE_VND,
        originalPrice: DEFAULT_ORIGINAL_PRICE_VND,
        currency: "VND",
        features: [],
      };
    case "faq":
      return { items: [] };
    case "cta":
      return { headline: "", text: "", buttonText: "Enroll Now" };
    case "contact_zalo":
      return { headline: "", text: "", buttonText: "Chat on Zalo", zaloNumber: "" };
    case "curriculum":
    case "instructor":
      return {};
  }
}

/**
 * The price a pricing section shows (issue 17 item 3): the connected course's price and currency
 * unless the section overrides them (`content.priceOverride === true`); without a course, the
 * section's own figures. Amounts in the currency's unit (whole VND). `original` is 0 when none is
 * shown (a course price has none). A price of 0 means "Free".
 */
export function sectionPrice(
  content: Record<string, unknown>,
  type: string,
  course: { price: number; currency: string } | null,
): { price: number; original: number; currency: string; fromCourse: boolean } {
  if (course && content.priceOverride !== true)
    return { price: Math.max(0, course.price), original: 0, currency: course.currency, fromCourse: true };
  const num = (v: unknown) =>
    typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) || 0 : 0;
  const currency =
    (typeof content.currency === "string" && content.currency.trim()) || (type === "pricing" ? "USD" : "VND");
  return { price: num(content.price), original: num(content.originalPrice), currency, fromCourse: false };
}

/** A new section of `type` with default content and the spec's default styles. */
export function createSection(type: SectionType, title = ""): LandingSection {
  return {
    id: newSectionId(),
    type,
    title,
    content: defaultSectionContent(type),
    styles: { ...DEFAULT_SECTION_STYLES },
  };
}

/** Spec 001 §4 fallback when no template exists: hero, features and pricing. */
export function defaultSections(): LandingSection[] {
  return [
    createSection("hero"),
    createSection("features", "Features"),
    createSection("pricing_vn", "Pricing"),
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Makes any stored section well-formed: id, type, title, content object and full styles. */
export function normalizeSection(raw: unknown, index = 0): LandingSection {
  const r = isRecord(raw) ? raw : {};
  const styles = isRecord(r.styles) ? r.styles : {};
  return {
    id: typeof r.id === "string" && r.id ? r.id : `section-${index + 1}`,
    type: typeof r.type === "string" ? r.type : "unknown",
    title: typeof r.title === "string" ? r.title : "",
    content: isRecord(r.content) ? r.content : {},
    styles: {
      backgroundColor:
        typeof styles.backgroundColor === "string" && styles.backgroundColor
          ? styles.backgroundColor
          : DEFAULT_SECTION_STYLES.backgroundColor,
      textColor: typeof styles.textColor === "string" ? styles.textColor : DEFAULT_SECTION_STYLES.textColor,
      padding:
        typeof styles.padding === "string" && styles.padding
          ? styles.padding
          : DEFAULT_SECTION_STYLES.padding,
    },
  };
}

/**
 * Spec 001 §3 "older templates store sections as keyed blocks": template_data is either
 * `{ sections: [...] }` or an object keyed by block name (`{ hero: {...}, features: {...} }`,
 * each block its content, optionally `type`/`title`/`styles`). Returns the section list either way;
 * a block's type is its own `type`, else its key (`pricing_vn_1` → pricing_vn when it starts with a
 * known type).
 */
export function templateSections(templateData: unknown): LandingSection[] {
  if (!isRecord(templateData)) return [];
  if (Array.isArray(templateData.sections)) return templateData.sections.map(normalizeSection);
  const source = isRecord(templateData.sections) ? templateData.sections : templateData;
  // JSONB does not keep key order: blocks carry `order`, else they follow the canonical type order.
  const rank = (key: string, block: Record<string, unknown>) => {
    if (typeof block.order === "number") return block.order;
    const position = KEYED_BLOCK_ORDER.findIndex(
      (t) => key === t || key.startsWith(`${t}_`) || key.startsWith(`${t}-`),
    );
    return position === -1 ? KEYED_BLOCK_ORDER.length : position;
  };
  return Object.entries(source)
    .filter(
      (entry): entry is [string, Record<string, unknown>] =>
        isRecord(entry[1]) && entry[0] !== "translations",
    )
    .sort(([a, x], [b, y]) => rank(a, x) - rank(b, y))
    .map(([key, block], index) => {
      const b = block as Record<string, unknown>;
      const known = [...SECTION_TYPES]
        .sort((a, c) => c.length - a.length)
        .find((t) => key === t || key.startsWith(`${t}_`) || key.startsWith(`${t}-`));
      const type = typeof b.type === "string" ? b.type : (known ?? key);
      const { type: _t, title, styles, content, order: _o, ...rest } = b;
      return normalizeSection(
        {
          id: `${key}-${index + 1}`,
          type,
          title: typeof title === "string" ? title : "",
          content: isRecord(content) ? content : rest,
          styles,
        },
        index,
      );
    });
}

/** Order of keyed blocks without an explicit `order` (older templates). */
const KEYED_BLOCK_ORDER = [
  "hero",
  "features",
  "curriculum",
  "instructor",
  "testimonials",
  "pricing_vn",
  "pricing",
  "faq",
  "cta",
  "contact_zalo",
] as const;

/**
 * Spec 001 §4 auto-apply: the first template whose name contains 'starter' (any case), else the
 * first template; undefined without templates.
 */
export function pickAutoTemplate<T extends { name: string }>(templates: readonly T[]): T | undefined {
  return templates.find((t) => t.name.toLowerCase().includes("starter")) ?? templates[0];
}

/** Merges stored style_data over the defaults (unknown keys dropped). */
export function resolveStyles(raw: unknown): StyleData {
  const r = isRecord(raw) ? raw : {};
  const pick = <K extends keyof StyleData>(key: K, ok: (v: unknown) => boolean): StyleData[K] =>
    (ok(r[key]) ? r[key] : DEFAULT_STYLE_DATA[key]) as StyleData[K];
  const num = (min: number, max: number) => (v: unknown) => typeof v === "number" && v >= min && v <= max;
  return {
    primaryColor: pick("primaryColor", (v) => typeof v === "string" && HEX_COLOR.test(v)),
    secondaryColor: pick("secondaryColor", (v) => typeof v === "string" && HEX_COLOR.test(v)),
    fontFamily: pick("fontFamily", (v) => (FONT_FAMILIES as readonly unknown[]).includes(v)),
    borderRadius: pick("borderRadius", num(LANDING_LIMITS.borderRadiusMin, LANDING_LIMITS.borderRadiusMax)),
    mobileFontScale: pick(
      "mobileFontScale",
      num(LANDING_LIMITS.mobileFontScaleMin, LANDING_LIMITS.mobileFontScaleMax),
    ),
    mobileButtonSize: pick("mobileButtonSize", (v) =>
      (MOBILE_BUTTON_SIZES as readonly unknown[]).includes(v),
    ),
  };
}

/** Merges stored seo_data over the defaults. */
export function resolveSeo(raw: unknown): SeoData {
  const r = isRecord(raw) ? raw : {};
  const analytics = isRecord(r.analytics) ? r.analytics : {};
  const str = (v: unknown, d: string) => (typeof v === "string" ? v : d);
  const oneOf = <T extends string>(list: readonly T[], v: unknown, d: T): T =>
    (list as readonly unknown[]).includes(v) ? (v as T) : d;
  const d = DEFAULT_SEO_DATA;
  return {
    metaTitle: str(r.metaTitle, d.metaTitle),
    metaDescription: str(r.metaDescription, d.metaDescription),
    keywords: Array.isArray(r.keywords) ? r.keywords.filter((k): k is string => typeof k === "string") : [],
    language: oneOf(SEO_LANGUAGES, r.language, d.language),
    region: oneOf(SEO_REGIONS, r.region, d.region),
    ogTitle: str(r.ogTitle, d.ogTitle),
    ogDescription: str(r.ogDescription, d.ogDescription),
    ogImage: str(r.ogImage, d.ogImage),
    canonicalUrl: str(r.canonicalUrl, d.canonicalUrl),
    robots: oneOf(ROBOTS_OPTIONS, r.robots, d.robots),
    structuredData: typeof r.structuredData === "boolean" ? r.structuredData : d.structuredData,
    analytics: {
      googleAnalytics: str(analytics.googleAnalytics, ""),
      facebookPixel: str(analytics.facebookPixel, ""),
      googleTagManager: str(analytics.googleTagManager, ""),
      cookieConsent: typeof analytics.cookieConsent === "boolean" ? analytics.cookieConsent : true,
    },
  };
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * schema.org Course JSON-LD with an Offer in VND (issue 7 §7 structured data).
 * @param input page URL, names and the course price in whole VND (0 → free offer).
 */
export function courseStructuredData(input: {
  name: string;
  description: string;
  url: string;
  providerName: string;
  price: number;
  currency?: string;
  image?: string;
  language?: string;
  /** Only a shown rating (publicRating: from REVIEWS_PUBLIC_MINIMUM real reviews; issue 24 §2). */
  rating?: { average: number; count: number } | null;
}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: input.name,
    description: input.description,
    url: input.url,
    ...(input.image ? { image: input.image } : {}),
    ...(input.language ? { inLanguage: input.language } : {}),
    provider: { "@type": "Organization", name: input.providerName },
    offers: {
      "@type": "Offer",
      price: input.price,
      priceCurrency: input.currency ?? "VND",
      availability: "https://schema.org/InStock",
      category: input.price > 0 ? "Paid" : "Free",
    },
    ...(input.rating ? { aggregateRating: aggregateRatingLd(input.rating) } : {}),
  };
}

/** Keys of the SEO analysis (issue 7 §7): each names a missing or weak item. */
export type SeoIssue =
  | "missingMetaTitle"
  | "metaTitleTooLong"
  | "missingMetaDescription"
  | "metaDescriptionTooLong"
  | "missingKeywords"
  | "missingOgImage"
  | "missingOgTitle"
  | "missingCanonical"
  | "noindex";

/** The SEO analysis: what is missing or weak, in display order (empty when all is well). */
export function analyzeSeo(seo: SeoData): SeoIssue[] {
  const issues: SeoIssue[] = [];
  if (!seo.metaTitle.trim()) issues.push("missingMetaTitle");
  else if (seo.metaTitle.length > LANDING_LIMITS.metaTitleMax) issues.push("metaTitleTooLong");
  if (!seo.metaDescription.trim()) issues.push("missingMetaDescription");
  else if (seo.metaDescription.length > LANDING_LIMITS.metaDescriptionMax)
    issues.push("metaDescriptionTooLong");
  if (seo.keywords.length === 0) issues.push("missingKeywords");
  if (!seo.ogTitle.trim()) issues.push("missingOgTitle");
  if (!seo.ogImage.trim()) issues.push("missingOgImage");
  if (!seo.canonicalUrl.trim()) issues.push("missingCanonical");
  if (seo.robots.startsWith("noindex")) issues.push("noindex");
  return issues;
}

/** Spec 001 §8 texts used by both sides. */
export const LANDING_MESSAGES = {
  notFound: "Page Not Found",
  titleRequired: "Title is required",
  slugRequired: "URL slug is required",
  slugInvalid: "The URL slug may contain only lowercase letters, numbers and hyphens",
  slugTaken: "This URL slug is already taken. Please choose another.",
  missingSlugPreview: "Missing URL slug: Please enter a URL slug to preview your page.",
  notAuthenticated: "User not authenticated",
  metaTitleTooLong: "Meta title must be at most 60 characters",
  metaDescriptionTooLong: "Meta description must be at most 160 characters",
  courseNotYours: "Choose one of your own courses.",
  paymentTypeTwice: "Each payment method can be added only once.",
  landingNotFound: "Landing page not found.",
  templateNotFound: "Template not found.",
} as const;
