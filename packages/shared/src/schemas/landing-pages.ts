import { z } from "zod";
import {
  ANALYTICS_ID_MESSAGES,
  ANALYTICS_ID_PATTERNS,
  FONT_FAMILIES,
  HEX_COLOR,
  isValidLandingSlug,
  LANDING_LIMITS,
  LANDING_MESSAGES,
  MOBILE_BUTTON_SIZES,
  ROBOTS_OPTIONS,
  SEO_LANGUAGES,
  SEO_REGIONS,
} from "../rules/landing-pages.ts";
import { findNapasBank } from "../rules/napas-banks.ts";
import {
  BANK_NOT_IN_LIST,
  incompleteMethodIssues,
  PAYMENT_METHOD_TYPES,
  PAYMENT_MODES,
  STRIPE_KEYS_MODE_MESSAGE,
  stripeKeyMode,
} from "../rules/payment-methods.ts";
import { sectionContentProblem, sectionLabel } from "./landing-sections.ts";

/**
 * Landing-page contracts (spec 001 §3 landing_pages, Section, style_data, seo_data,
 * landing_page_templates, payment_methods, landing_page_analytics; §5 validation; §7 calls).
 */

const colour = (message: string) => z.string().regex(HEX_COLOR, message);
/** A section's colour: a hex colour, "transparent", or empty (inherit). */
const sectionColour = z
  .string()
  .max(40)
  .regex(/^(#[0-9a-fA-F]{3,8}|transparent|)$/, "Colours must be hex values like #1A237E or transparent");

export const sectionStylesSchema = z.object({
  backgroundColor: sectionColour.default("transparent"),
  textColor: sectionColour.default(""),
  padding: z
    .string()
    .max(20)
    .regex(/^\d+(\.\d+)?(rem|px|em)( \d+(\.\d+)?(rem|px|em)){0,3}$/, "Padding must look like 2rem or 16px")
    .default("2rem"),
});

export const sectionSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(40),
  title: z.string().max(200).default(""),
  content: z.record(z.string(), z.unknown()).default({}),
  styles: sectionStylesSchema.default({ backgroundColor: "transparent", textColor: "", padding: "2rem" }),
});
export type SectionInput = z.infer<typeof sectionSchema>;

/**
 * The page's sections. Each section's content is checked against its type's schema (issue 16
 * item 12: currency codes, sizes, depth); a failure names the section, e.g. `Section 3 “Pricing”
 * (pricing_vn): Currency must be a 3-letter code like VND or USD`.
 */
export const contentDataSchema = z.object({
  sections: z
    .array(sectionSchema)
    .max(LANDING_LIMITS.sectionsMax, "A page can have at most 50 sections")
    .superRefine((sections, ctx) => {
      sections.forEach((section, index) => {
        const problem = sectionContentProblem(section.type, section.content);
        if (problem)
          ctx.addIssue({
            code: "custom",
            path: [index, "content"],
            message: `${sectionLabel(section, index)}: ${problem}`,
          });
      });
    }),
});

export const styleDataSchema = z.object({
  primaryColor: colour("Primary colour must be a hex colour like #1A237E"),
  secondaryColor: colour("Secondary colour must be a hex colour like #00C7B1"),
  fontFamily: z.enum(FONT_FAMILIES),
  borderRadius: z
    .number()
    .int()
    .min(LANDING_LIMITS.borderRadiusMin, "Border radius must be between 0 and 20")
    .max(LANDING_LIMITS.borderRadiusMax, "Border radius must be between 0 and 20"),
  mobileFontScale: z
    .number()
    .min(LANDING_LIMITS.mobileFontScaleMin, "Mobile font scale must be between 0.8 and 1.5")
    .max(LANDING_LIMITS.mobileFontScaleMax, "Mobile font scale must be between 0.8 and 1.5"),
  mobileButtonSize: z.enum(MOBILE_BUTTON_SIZES),
});

const analyticsId = (key: keyof typeof ANALYTICS_ID_PATTERNS) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || ANALYTICS_ID_PATTERNS[key].test(v), ANALYTICS_ID_MESSAGES[key]);

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v) || /^\/files\/[^\s]+$/.test(v), message);

export const seoDataSchema = z.object({
  metaTitle: z.string().max(LANDING_LIMITS.metaTitleMax, LANDING_MESSAGES.metaTitleTooLong),
  metaDescription: z.string().max(LANDING_LIMITS.metaDescriptionMax, LANDING_MESSAGES.metaDescriptionTooLong),
  keywords: z.array(z.string().trim().min(1).max(60)).max(30, "At most 30 keywords"),
  language: z.enum(SEO_LANGUAGES),
  region: z.enum(SEO_REGIONS),
  ogTitle: z.string().max(100, "Open Graph title must be at most 100 characters"),
  ogDescription: z.string().max(300, "Open Graph description must be at most 300 characters"),
  ogImage: optionalUrl("Social image must be an uploaded image or an https:// address"),
  canonicalUrl: optionalUrl("Canonical URL must start with http:// or https://"),
  robots: z.enum(ROBOTS_OPTIONS),
  structuredData: z.boolean(),
  analytics: z.object({
    googleAnalytics: analyticsId("googleAnalytics"),
    facebookPixel: analyticsId("facebookPixel"),
    googleTagManager: analyticsId("googleTagManager"),
    cookieConsent: z.boolean(),
  }),
});

/** Body of create (POST) and update (PUT): spec 001 §7 Insert / update landing_pages. */
export const landingPageInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, LANDING_MESSAGES.titleRequired)
    .max(LANDING_LIMITS.titleMax, "The title must be at most 200 characters"),
  description: z
    .string()
    .max(LANDING_LIMITS.descriptionMax, "The description must be at most 2000 characters")
    .default(""),
  slug: z
    .string()
    .trim()
    .min(1, LANDING_MESSAGES.slugRequired)
    .max(LANDING_LIMITS.slugMax, "The URL slug must be at most 100 characters")
    .refine(isValidLandingSlug, LANDING_MESSAGES.slugInvalid),
  courseId: z.uuid("Choose one of your own courses.").nullable().default(null),
  templateId: z.uuid().nullable().default(null),
  contentData: contentDataSchema,
  styleData: styleDataSchema,
  seoData: seoDataSchema,
  isPublished: z.boolean().default(false),
  /** Publish even though template sample text remains (the creator confirmed; issue 24 §1). */
  confirmSampleText: z.boolean().default(false),
});
export type LandingPageInput = z.input<typeof landingPageInputSchema>;

export const landingPageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  slug: z.string(),
  courseId: z.uuid().nullable(),
  courseTitle: z.string().nullable(),
  templateId: z.uuid().nullable(),
  contentData: z.object({ sections: z.array(sectionSchema) }),
  styleData: styleDataSchema,
  seoData: seoDataSchema,
  isPublished: z.boolean(),
  /** An admin took the page down after a report; publishing waits for an approved review request. */
  takenDown: z.boolean(),
  viewCount: z.number().int(),
  conversionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

export const landingPageListSchema = z.object({ pages: z.array(landingPageSchema) });

export const landingTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  previewImageUrl: z.string().nullable(),
  sections: z.array(sectionSchema),
  styleData: styleDataSchema.partial(),
});
export type LandingTemplate = z.infer<typeof landingTemplateSchema>;
export const landingTemplateListSchema = z.object({ templates: z.array(landingTemplateSchema) });

const field = z.string().trim().max(500, "Payment settings must be at most 500 characters");
const longField = z.string().trim().max(2000, "Store list and instructions must be at most 2000 characters");
const accountNumber = z
  .string()
  .trim()
  .refine((v) => v === "" || /^[0-9]{6,19}$/.test(v), "Account number must be 6 to 19 digits");

const paymentMode = z.enum(PAYMENT_MODES, "Mode must be sandbox or production").default("sandbox");

/**
 * A VietQR method's bank (issue 11 §7): a VietQR code of the NAPAS list (`NAPAS_BANKS`), a legacy
 * code ("VTB") or a BIN; stored as the bank's VietQR code ("VTB" becomes "ICB").
 */
const vietQrBankCode = z
  .string(BANK_NOT_IN_LIST)
  .trim()
  .refine((code) => findNapasBank(code) !== undefined, BANK_NOT_IN_LIST)
  .transform((code) => findNapasBank(code)?.code ?? code);

/**
 * One method as the builder sends it. Secret fields: a new value replaces the stored one; an
 * omitted field (or empty string) keeps the stored one.
 */
export const paymentMethodInputSchema = z.discriminatedUnion("methodType", [
  z.object({
    methodType: z.literal("momo"),
    isEnabled: z.boolean(),
    configuration: z.object({
      mode: paymentMode,
      partnerCode: field.default(""),
      accessKey: field.optional(),
      secretKey: field.optional(),
    }),
  }),
  z.object({
    methodType: z.literal("zalopay"),
    isEnabled: z.boolean(),
    configuration: z.object({
      mode: paymentMode,
      appId: field.default(""),
      key1: field.optional(),
      key2: field.optional(),
    }),
  }),
  z.object({
    methodType: z.literal("vietqr"),
    isEnabled: z.boolean(),
    configuration: z.object({
      bankCode: vietQrBankCode,
      accountNumber,
      accountHolder: field.default(""),
    }),
  }),
  z.object({
    methodType: z.literal("bank-transfer"),
    isEnabled: z.boolean(),
    configuration: z.object({
      bankName: field.default(""),
      accountNumber,
      accountHolder: field.default(""),
      swiftCode: z
        .string()
        .trim()
        .refine(
          (v) => v === "" || /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(v),
          "SWIFT code must be 8 or 11 letters and digits",
        )
        .default(""),
    }),
  }),
  z.object({
    methodType: z.literal("credit-card"),
    isEnabled: z.boolean(),
    configuration: z
      .object({
        // Without a mode (a method saved before modes existed), the keys' prefix decides.
        mode: z.enum(PAYMENT_MODES, "Mode must be sandbox or production").optional(),
        // The only card provider is Stripe (issue 23, ux N6): whatever was stored, it is "stripe".
        provider: field.optional().transform(() => "stripe"),
        publicKey: field.default(""),
        secretKey: field.optional(),
        webhookSecret: field.optional(),
      })
      .transform((c) => ({
        ...c,
        mode: c.mode ?? stripeKeyMode(c.publicKey) ?? stripeKeyMode(c.secretKey) ?? "sandbox",
      }))
      // A Stripe key of the other mode is refused (decision 0182).
      .refine(
        (c) =>
          [c.publicKey, c.secretKey].every((key) => {
            const keyMode = stripeKeyMode(key);
            return keyMode === null || keyMode === c.mode;
          }),
        { message: STRIPE_KEYS_MODE_MESSAGE, path: ["secretKey"] },
      ),
  }),
  z.object({
    methodType: z.literal("cash"),
    isEnabled: z.boolean(),
    configuration: z.object({ stores: longField.default(""), instructions: longField.default("") }),
  }),
]);
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;

/**
 * PUT body: the whole ordered set (display_order = index); each type at most once. An enabled
 * method must have its required fields (issue 23 §5, `REQUIRED_PAYMENT_FIELDS`): an empty one is an
 * issue at `methods.N.configuration.<field>`. Secrets may be omitted (a stored one is kept), so here
 * they count as present; the server checks the stored ones.
 */
export const paymentMethodsInputSchema = z
  .object({
    methods: z
      .array(paymentMethodInputSchema)
      .max(PAYMENT_METHOD_TYPES.length)
      .refine(
        (methods) => new Set(methods.map((m) => m.methodType)).size === methods.length,
        LANDING_MESSAGES.paymentTypeTwice,
      ),
  })
  .superRefine((body, ctx) => {
    for (const issue of incompleteMethodIssues(
      body.methods.map((m) => ({
        methodType: m.methodType,
        isEnabled: m.isEnabled,
        configuration: m.configuration as Record<string, string | undefined>,
      })),
      () => "assume",
    ))
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

/**
 * A stored method as the API returns it: public fields only, secrets as set/not set. `id` is stable
 * across saves (issue 23 §3); `webhookUrl` (card only) is the Stripe endpoint to register:
 * `{APP_URL}/api/payments/callbacks/stripe/{id}` (issue 23 §1).
 */
export const paymentMethodSchema = z.object({
  id: z.uuid(),
  methodType: z.enum(PAYMENT_METHOD_TYPES),
  webhookUrl: z.string().nullable(),
  isEnabled: z.boolean(),
  displayOrder: z.number().int(),
  configuration: z.record(z.string(), z.string()),
  secretsSet: z.record(z.string(), z.boolean()),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({ methods: z.array(paymentMethodSchema) });

/** Most keys a landing-page event's eventData may hold. */
export const LANDING_EVENT_MAX_KEYS = 10;
export const LANDING_EVENT_DATA_MESSAGE =
  "eventData may hold at most 10 keys of up to 40 letters, digits, dots, dashes or underscores.";

/** Public analytics event (spec 001 §3 landing_page_analytics); user agent comes from the header. */
export const landingEventSchema = z.object({
  eventType: z.enum(["view", "conversion"]),
  visitorId: z.string().trim().min(1).max(64),
  deviceType: z.enum(["mobile", "desktop"]),
  referrer: z.string().max(2000).default(""),
  /** At most 10 keys of 1–40 letters, digits, ".", "-" or "_"; strings ≤ 200 characters (issue 16 item 4). */
  eventData: z
    .record(
      z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, LANDING_EVENT_DATA_MESSAGE),
      z.union([z.string().max(200), z.number().finite(), z.boolean()]),
    )
    .refine((data) => Object.keys(data).length <= LANDING_EVENT_MAX_KEYS, LANDING_EVENT_DATA_MESSAGE)
    .default({}),
});

/** How often one visitor's view of one page counts: once per 30 minutes (issue 16 item 4). */
export const LANDING_VIEW_DEDUPE_MINUTES = 30;

/** Courses the creator can connect (spec 001 §7 select courses id, title, description by creator). */
export const connectableCourseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  isPublished: z.boolean(),
  price: z.number(),
  currency: z.string(),
});
export const connectableCourseListSchema = z.object({ courses: z.array(connectableCourseSchema) });
