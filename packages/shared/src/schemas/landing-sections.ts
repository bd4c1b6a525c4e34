import { z } from "zod";

/**
 * Landing-page section content by type (issue 16 item 12): what the builder edits and the renderer
 * reads (packages/shared/src/render/landing-page.ts), checked on save so one bad section cannot
 * break the public page. Known fields are typed and bounded; other keys are kept (older templates
 * carry extra keys) but the whole content is bounded in size and depth.
 */

/** Most characters of one section's content as JSON, and its deepest nesting. */
export const SECTION_CONTENT_MAX_CHARS = 100_000;
export const SECTION_CONTENT_MAX_DEPTH = 6;

const text = (label: string, max: number) =>
  z.string().max(max, `${label} must be at most ${max} characters`);

/** A currency code the renderer can format: 3 letters Intl accepts (VND, USD, EUR, …). */
export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Za-z]{3}$/.test(value)) return false;
  try {
    new Intl.NumberFormat("en-US", { style: "currency", currency: value }).format(1);
    return true;
  } catch {
    return false;
  }
}

const currency = z
  .string()
  .trim()
  .refine((v) => v === "" || isCurrencyCode(v), "Currency must be a 3-letter code like VND or USD");

const money = (label: string) =>
  z.union(
    [
      z.number().finite().min(0, `${label} must be 0 or more`).max(1e12, `${label} is too large`),
      z
        .string()
        .trim()
        .regex(/^(\d{1,13}(\.\d{1,2})?)?$/, `${label} must be a number like 1990000`),
    ],
    `${label} must be a number like 1990000`,
  );

/** An image address the renderer shows: https/http, /files/… or a PNG data URL (or empty). */
const image = z
  .string()
  .trim()
  .max(100_000, "Image must be an uploaded image or an https:// address")
  .refine(
    (u) =>
      u === "" ||
      /^https?:\/\/[^\s"'<>]+$/i.test(u) ||
      /^\/files\/[^\s"'<>]+$/.test(u) ||
      /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(u),
    "Image must be an uploaded image or an https:// address",
  );

/** Feature lines: a list (the builder) or one text with a line per feature (older pages). */
const features = z.union(
  [
    z.array(text("Each feature", 300), "Features must be a list of texts").max(100, "At most 100 features"),
    text("Features", 20_000),
  ],
  "Features must be a list of texts",
);

const optionalText = (label: string, max: number) => text(label, max).optional();

const hero = z.looseObject({
  headline: optionalText("Headline", 200),
  subheadline: optionalText("Subheadline", 1000),
  ctaText: optionalText("Button text", 60),
  image: image.optional(),
});

const featuresSection = z.looseObject({ features: features.optional(), title: optionalText("Title", 200) });

const testimonials = z.looseObject({
  items: z
    .array(
      z.looseObject({
        name: optionalText("Name", 100),
        text: optionalText("Testimonial", 2000),
        location: optionalText("Location", 100),
      }),
      "Testimonials must be a list",
    )
    .max(50, "At most 50 testimonials")
    .optional(),
});

const pricing = z.looseObject({
  priceOverride: z.boolean("Price override must be true or false").optional(),
  price: money("Price").optional(),
  originalPrice: money("Original price").optional(),
  currency: currency.optional(),
  features: features.optional(),
  buttonText: optionalText("Button text", 60),
});

const faq = z.looseObject({
  items: z
    .array(
      z.looseObject({ question: optionalText("Question", 500), answer: optionalText("Answer", 5000) }),
      "Questions must be a list",
    )
    .max(100, "At most 100 questions")
    .optional(),
});

const cta = z.looseObject({
  headline: optionalText("Headline", 200),
  title: optionalText("Title", 200),
  text: optionalText("Text", 2000),
  description: optionalText("Text", 2000),
  buttonText: optionalText("Button text", 60),
});

const contactZalo = cta.extend({
  zaloNumber: z
    .string()
    .trim()
    .max(20, "Zalo number must be at most 20 characters")
    .regex(/^[+\d\s().-]*$/, "Zalo number may hold digits, spaces and + ( ) . - only")
    .optional(),
});

/** The content schema of each known section type; other types only get the size and depth bounds. */
export const SECTION_CONTENT_SCHEMAS: Record<string, z.ZodType> = {
  hero,
  features: featuresSection,
  testimonials,
  pricing,
  pricing_vn: pricing,
  faq,
  cta,
  contact_zalo: contactZalo,
  curriculum: z.looseObject({}),
  instructor: z.looseObject({}),
};

function depthOf(value: unknown, depth = 0): number {
  if (depth > SECTION_CONTENT_MAX_DEPTH) return depth;
  if (Array.isArray(value))
    return value.reduce((m: number, v) => Math.max(m, depthOf(v, depth + 1)), depth + 1);
  if (value && typeof value === "object")
    return Object.values(value).reduce((m: number, v) => Math.max(m, depthOf(v, depth + 1)), depth + 1);
  return depth;
}

/**
 * What is wrong with one section's content, or null: the type's schema, at most
 * SECTION_CONTENT_MAX_CHARS characters as JSON and SECTION_CONTENT_MAX_DEPTH levels deep.
 */
export function sectionContentProblem(type: string, content: unknown): string | null {
  // Depth first: JSON.stringify of very deep content overflows the stack (issue 25 N16).
  if (depthOf(content) > SECTION_CONTENT_MAX_DEPTH) return "Its content is nested too deeply";
  if (JSON.stringify(content ?? {}).length > SECTION_CONTENT_MAX_CHARS)
    return `Its content must be at most ${SECTION_CONTENT_MAX_CHARS.toLocaleString("en-US")} characters`;
  const schema = SECTION_CONTENT_SCHEMAS[type];
  if (!schema) return null;
  const result = schema.safeParse(content ?? {});
  return result.success ? null : (result.error.issues[0]?.message ?? "Invalid content");
}

/** The readable name of a section in messages: `Section 3 “Pricing” (pricing_vn)`. */
export function sectionLabel(section: { type: string; title?: string }, index: number): string {
  const title = section.title?.trim();
  return `Section ${index + 1}${title ? ` “${title.slice(0, 60)}”` : ""} (${section.type})`;
}
