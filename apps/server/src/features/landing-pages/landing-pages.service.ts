import {
  incompleteMethodIssues,
  LANDING_MESSAGES,
  type LandingPage,
  type LandingPageInput,
  type LandingTemplate,
  type landingPageInputSchema,
  MODERATION_MESSAGES,
  normalizeSection,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_TYPES,
  type PaymentMethod,
  type PaymentMethodType,
  type paymentMethodsInputSchema,
  resolveSeo,
  resolveStyles,
  SAMPLE_TEXT_MESSAGE,
  type SECRET_FIELDS,
  STRIPE_KEYS_MODE_MESSAGE,
  sectionsWithSampleText,
  stripeKeyMode,
  templateSections,
} from "@academy/shared";
import QRCode from "qrcode";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.ts";
import { AppError, isUniqueViolation } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/http.ts";
import { openJson, sealJson } from "../../lib/secret-box.ts";
import { recordSecurityEvent } from "../../lib/security-events.ts";
import * as q from "./landing-pages.queries.ts";

/** What the landing-pages service needs. `onPageChanged` drops a slug from the public-page cache. */
export interface LandingDeps {
  db: Db;
  encryptionKey: Buffer;
  appUrl: string;
  onPageChanged: (slug: string) => void;
}

const CREATOR_ONLY = "Only creators can build landing pages.";

function notFound(): AppError {
  return new AppError("NOT_FOUND", LANDING_MESSAGES.landingNotFound);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @throws AppError FORBIDDEN when the actor's profile is a student's. */
async function assertCreator(db: Executor, actor: SessionUser): Promise<void> {
  const role = await q.findRole(db, actor.id);
  if (role !== "creator" && role !== "admin") throw new AppError("FORBIDDEN", CREATOR_ONLY);
}

/** The actor's page `id`, or NOT_FOUND (unknown, malformed or someone else's id alike). */
async function ownedPage(db: Executor, actor: SessionUser, id: string) {
  const row = UUID.test(id) ? await q.findPageById(db, id) : undefined;
  if (!row || row.page.creator_id !== actor.id) throw notFound();
  return row;
}

function toDto(row: { page: q.LandingPageRow; courseTitle: string | null }): LandingPage {
  const p = row.page;
  const content = (p.content_data ?? {}) as { sections?: unknown };
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    slug: p.slug,
    courseId: p.course_id,
    courseTitle: row.courseTitle,
    templateId: p.template_id,
    contentData: { sections: Array.isArray(content.sections) ? content.sections.map(normalizeSection) : [] },
    styleData: resolveStyles(p.style_data),
    seoData: resolveSeo(p.seo_data),
    isPublished: p.is_published,
    takenDown: p.taken_down_at !== null,
    viewCount: p.view_count,
    conversionCount: p.conversion_count,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  };
}

/** The actor's landing pages, newest first (spec 001 §2 list, §7). */
export async function listLandingPages(db: Db, actor: SessionUser): Promise<LandingPage[]> {
  return (await q.listPagesOfCreator(db, actor.id)).map(toDto);
}

/** One of the actor's landing pages. @throws AppError NOT_FOUND */
export async function getLandingPage(db: Db, actor: SessionUser, id: string): Promise<LandingPage> {
  return toDto(await ownedPage(db, actor, id));
}

type ParsedInput = z.output<typeof landingPageInputSchema>;

/** Checks the references of a page: own course, existing template. */
async function checkReferences(db: Executor, actor: SessionUser, input: ParsedInput): Promise<void> {
  if (input.courseId) {
    const course = await q.findCourseForPage(db, input.courseId);
    if (!course || course.creatorId !== actor.id)
      throw new AppError("VALIDATION_FAILED", LANDING_MESSAGES.courseNotYours, [
        { path: "courseId", message: LANDING_MESSAGES.courseNotYours },
      ]);
  }
  if (input.templateId && !(await q.findTemplate(db, input.templateId)))
    throw new AppError("VALIDATION_FAILED", LANDING_MESSAGES.templateNotFound, [
      { path: "templateId", message: LANDING_MESSAGES.templateNotFound },
    ]);
}

function values(input: ParsedInput): q.PageValues {
  return {
    title: input.title,
    description: input.description,
    slug: input.slug,
    course_id: input.courseId,
    template_id: input.templateId,
    content_data: input.contentData,
    style_data: input.styleData,
    seo_data: input.seoData,
    is_published: input.isPublished,
  };
}

/**
 * Publishing a page that still shows a template's sample text (hero, testimonials, FAQ) needs the
 * creator's confirmation (issue 24 §1): without `confirmSampleText` the save is refused, with the
 * sections named in the issues (`sections.<id>`). Drafts are never refused.
 * @throws AppError CONFLICT SAMPLE_TEXT_MESSAGE.
 */
async function refuseSampleText(db: Db, input: ParsedInput): Promise<void> {
  if (!input.isPublished || input.confirmSampleText) return;
  const templates = [...(await listTemplates(db, "en")), ...(await listTemplates(db, "vi"))];
  const samples = sectionsWithSampleText(
    input.contentData.sections,
    templates.flatMap((t) => t.sections),
  );
  if (samples.length === 0) return;
  throw new AppError(
    "CONFLICT",
    SAMPLE_TEXT_MESSAGE,
    samples.map((section) => ({ path: `sections.${section.id}`, message: SAMPLE_TEXT_MESSAGE })),
  );
}

function slugTaken(): AppError {
  return new AppError("CONFLICT", LANDING_MESSAGES.slugTaken, [
    { path: "slug", message: LANDING_MESSAGES.slugTaken },
  ]);
}

/**
 * Creates a landing page (spec 001 §4 Builder mode 'new': the first save creates the record).
 * @param input validated by `landingPageInputSchema` (title and slug required, meta limits, …).
 * @throws AppError FORBIDDEN (students), VALIDATION_FAILED (course not the actor's, unknown
 *   template), CONFLICT `This URL slug is already taken. Please choose another.`
 */
export async function createLandingPage(
  deps: LandingDeps,
  actor: SessionUser,
  input: ParsedInput,
): Promise<LandingPage> {
  await assertCreator(deps.db, actor);
  await checkReferences(deps.db, actor, input);
  await refuseSampleText(deps.db, input);
  try {
    const row = await q.insertPage(deps.db, actor.id, values(input));
    deps.onPageChanged(row.slug);
    return getLandingPage(deps.db, actor, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Saves the whole page: Save Draft and auto-save send isPublished false, Publish true (spec 001 §4).
 * @throws AppError NOT_FOUND (not the actor's), FORBIDDEN, VALIDATION_FAILED, CONFLICT (slug taken)
 */
export async function updateLandingPage(
  deps: LandingDeps,
  actor: SessionUser,
  id: string,
  input: ParsedInput,
): Promise<LandingPage> {
  const before = await ownedPage(deps.db, actor, id);
  await assertCreator(deps.db, actor);
  // An admin took it down (issue 24 §4): it stays down until a review request is approved.
  if (input.isPublished && before.page.taken_down_at)
    throw new AppError("FORBIDDEN", MODERATION_MESSAGES.pageTakenDown);
  await checkReferences(deps.db, actor, input);
  await refuseSampleText(deps.db, input);
  try {
    const row = await q.updatePage(deps.db, id, actor.id, values(input));
    if (!row) throw notFound();
    deps.onPageChanged(before.page.slug);
    deps.onPageChanged(row.slug);
    return getLandingPage(deps.db, actor, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Deletes a page with its payment methods and analytics (spec 001 §7). @throws AppError NOT_FOUND */
export async function deleteLandingPage(deps: LandingDeps, actor: SessionUser, id: string): Promise<void> {
  await ownedPage(deps.db, actor, id);
  const slug = await q.deletePage(deps.db, id, actor.id);
  if (!slug) throw notFound();
  deps.onPageChanged(slug);
}

/**
 * Active templates ordered by category (spec 001 §7), in `locale` (Vietnamese names, descriptions
 * and sections from template_data.translations.vi); older keyed-block templates come back as a
 * section list. Signed-in users only.
 */
export async function listTemplates(db: Db, locale: "en" | "vi"): Promise<LandingTemplate[]> {
  const rows = await q.listActiveTemplates(db);
  return rows.map((t) => {
    const data = (t.template_data ?? {}) as Record<string, unknown>;
    const { translations, ...base } = data as { translations?: Record<string, Record<string, unknown>> };
    const vi = locale === "vi" ? translations?.vi : undefined;
    const styles = resolveStyles(t.style_data);
    const raw = (t.style_data ?? {}) as Record<string, unknown>;
    return {
      id: t.id,
      name: typeof vi?.name === "string" ? vi.name : t.name,
      description: typeof vi?.description === "string" ? vi.description : t.description,
      category: t.category,
      previewImageUrl: t.preview_image_url,
      sections: templateSections(vi ? { sections: vi.sections } : base),
      styleData: Object.fromEntries(
        Object.entries(styles).filter(([key]) => key in raw),
      ) as LandingTemplate["styleData"],
    };
  });
}

/** The actor's courses for the connection list, newest first (spec 001 §6, §7). */
export async function listConnectableCourses(db: Db, actor: SessionUser) {
  return (await q.listCoursesOfCreator(db, actor.id)).map(({ creatorId: _c, ...course }) => course);
}

/**
 * What the builder's preview renders besides the page itself: the connected course (the actor's
 * own), its published lessons, and the actor's profile for the instructor section.
 * @throws AppError VALIDATION_FAILED when the course is not the actor's.
 */
export async function getPreviewContext(db: Db, actor: SessionUser, courseId: string | undefined) {
  let course = null;
  let lessons: { title: string; duration: number }[] = [];
  if (courseId) {
    const row = UUID.test(courseId) ? await q.findCourseForPage(db, courseId) : undefined;
    if (!row || row.creatorId !== actor.id)
      throw new AppError("VALIDATION_FAILED", LANDING_MESSAGES.courseNotYours);
    course = {
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      currency: row.currency,
      enrollmentCount: row.enrollmentCount,
      estimatedDuration: row.estimatedDuration,
    };
    lessons = await q.listLessons(db, row.id);
  }
  const profile = await q.findInstructor(db, actor.id);
  return {
    course,
    lessons,
    instructor: {
      fullName: profile?.fullName || actor.name || actor.email,
      avatarUrl: profile?.avatarUrl ?? null,
      bio: profile?.bio ?? null,
    },
  };
}

type Secrets = Partial<Record<(typeof SECRET_FIELDS)[number], string>>;

function isSecret(type: PaymentMethodType, name: string): boolean {
  return PAYMENT_METHOD_FIELDS[type].some((f) => f.name === name && f.secret);
}

function openSecrets(key: Buffer, row: q.PaymentMethodRow): Secrets {
  return row.secret_data ? openJson<Secrets>(key, row.secret_data) : {};
}

/**
 * The Stripe webhook endpoint of a card method (issue 23 §1): `{appUrl}/api/payments/callbacks/stripe/{id}`.
 * Stable: the id survives every save of the payment settings.
 */
export function stripeWebhookUrl(appUrl: string, methodId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/api/payments/callbacks/stripe/${methodId}`;
}

/**
 * A stored method as the browser may see it: its stable id, public fields, for secrets only set /
 * not set, and for a card the webhook URL to register at Stripe.
 */
function toMethodDto(key: Buffer, appUrl: string, row: q.PaymentMethodRow): PaymentMethod {
  const type = row.method_type as PaymentMethodType;
  const secrets = openSecrets(key, row);
  const configuration = Object.fromEntries(
    Object.entries((row.configuration ?? {}) as Record<string, unknown>)
      .filter(([name, value]) => !isSecret(type, name) && typeof value === "string")
      .map(([name, value]) => [name, value as string]),
  );
  const secretsSet = Object.fromEntries(
    PAYMENT_METHOD_FIELDS[type]
      .filter((f) => f.secret)
      .map((f) => [f.name, Boolean(secrets[f.name as keyof Secrets])]),
  );
  return {
    id: row.id,
    methodType: type,
    webhookUrl: type === "credit-card" ? stripeWebhookUrl(appUrl, row.id) : null,
    isEnabled: row.is_enabled,
    displayOrder: row.display_order,
    configuration,
    secretsSet,
  };
}

/**
 * A page's payment methods in display order (archived ones left out), secrets never included
 * (DESIGN.md §5). @throws AppError NOT_FOUND
 */
export async function getPaymentMethods(
  deps: LandingDeps,
  actor: SessionUser,
  pageId: string,
): Promise<PaymentMethod[]> {
  await ownedPage(deps.db, actor, pageId);
  return (await q.listPaymentMethods(deps.db, pageId)).map((row) =>
    toMethodDto(deps.encryptionKey, deps.appUrl, row),
  );
}

/**
 * Saves a page's payment methods as the given ordered set (spec 001 §4, §7; issue 23 §3, §5):
 * display_order is the position; each type at most once. Rows are updated in place, so a method's
 * id (and its callback URLs) never changes; a removed type is deleted, or archived while a payment
 * attempt or order is still open with it (`savePaymentMethodRows`). Secret fields (accessKey,
 * secretKey, key1, key2, webhookSecret) are sealed with AES-256-GCM; an omitted or empty secret
 * keeps the stored one of the same type. An enabled method must have every required field once the
 * stored secrets are merged in (`REQUIRED_PAYMENT_FIELDS`); nothing is written otherwise.
 * @throws AppError NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (issues at
 *   `methods.N.configuration.<field>`: an empty required field, a Stripe key of the other mode)
 */
export async function savePaymentMethods(
  deps: LandingDeps,
  actor: SessionUser,
  pageId: string,
  input: z.output<typeof paymentMethodsInputSchema>,
): Promise<PaymentMethod[]> {
  const { page } = await ownedPage(deps.db, actor, pageId);
  await assertCreator(deps.db, actor);
  const rows = await deps.db.transaction(async (tx) => {
    const existing = new Map((await q.lockAllPaymentMethods(tx, pageId)).map((r) => [r.method_type, r]));
    const merged = input.methods.map((method, index) => {
      const type = method.methodType;
      const old = existing.get(type);
      const secrets: Secrets = old ? openSecrets(deps.encryptionKey, old) : {};
      const configuration: Record<string, string> = {};
      for (const [name, value] of Object.entries(
        method.configuration as Record<string, string | undefined>,
      )) {
        if (isSecret(type, name)) {
          if (value) secrets[name as keyof Secrets] = value;
        } else configuration[name] = value ?? "";
      }
      // Decision 0182: a card's stored secret key must match its mode too (a newly typed one is
      // checked by the schema; a kept one only here).
      const keyMode = type === "credit-card" ? stripeKeyMode(secrets.secretKey) : null;
      if (keyMode && configuration.mode && keyMode !== configuration.mode)
        throw new AppError("VALIDATION_FAILED", STRIPE_KEYS_MODE_MESSAGE, [
          { path: `methods.${index}.configuration.mode`, message: STRIPE_KEYS_MODE_MESSAGE },
        ]);
      return { type, isEnabled: method.isEnabled, configuration, secrets };
    });
    // Issue 23 §5: the schema counted omitted secrets as present; here the stored ones decide.
    const issues = incompleteMethodIssues(
      merged.map((m) => ({ methodType: m.type, isEnabled: m.isEnabled, configuration: m.configuration })),
      (index) =>
        Object.fromEntries(Object.entries(merged[index]?.secrets ?? {}).map(([k, v]) => [k, Boolean(v)])),
    );
    if (issues.length)
      throw new AppError(
        "VALIDATION_FAILED",
        issues[0].message,
        issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      );
    // Issue 25 item 7: where the money goes changed — logged with names only, never values.
    const change = paymentMethodChange(existing, merged, input.methods);
    if (change)
      await recordSecurityEvent(tx, {
        userId: actor.id,
        action: "payment_methods.updated",
        details: { pageId, slug: page.slug, ...change },
      });
    return q.savePaymentMethodRows(
      tx,
      pageId,
      merged.map((m, index) => ({
        method_type: m.type,
        is_enabled: m.isEnabled,
        configuration: m.configuration,
        secret_data: Object.keys(m.secrets).length ? sealJson(deps.encryptionKey, m.secrets) : null,
        display_order: index,
      })),
    );
  });
  deps.onPageChanged(page.slug);
  return rows
    .sort((a, b) => a.display_order - b.display_order)
    .map((row) => toMethodDto(deps.encryptionKey, deps.appUrl, row));
}

/**
 * What a payment-methods save changes, by name only (issue 25 item 7): methods added, removed,
 * turned on or off, `<type>.<field>` of changed plain fields and of newly typed secret fields.
 * Undefined when nothing changes. Values are never included.
 */
function paymentMethodChange(
  existing: Map<string, { is_enabled: boolean; configuration: unknown }>,
  merged: Array<{ type: string; isEnabled: boolean; configuration: Record<string, string> }>,
  typed: Array<{ methodType: string; configuration: unknown }>,
) {
  const added = merged.filter((m) => !existing.has(m.type)).map((m) => m.type);
  const removed = [...existing.keys()].filter((type) => !merged.some((m) => m.type === type));
  const toggled = merged
    .filter((m) => existing.has(m.type) && existing.get(m.type)?.is_enabled !== m.isEnabled)
    .map((m) => `${m.type}:${m.isEnabled ? "on" : "off"}`);
  const fields: string[] = [];
  for (const m of merged) {
    const old = (existing.get(m.type)?.configuration ?? {}) as Record<string, string>;
    for (const name of new Set([...Object.keys(old), ...Object.keys(m.configuration)]))
      if ((old[name] ?? "") !== (m.configuration[name] ?? "")) fields.push(`${m.type}.${name}`);
  }
  const replaced = typed.flatMap((m) =>
    Object.entries((m.configuration ?? {}) as Record<string, string | undefined>)
      .filter(([name, value]) => value && isSecret(m.methodType as PaymentMethodType, name))
      .map(([name]) => `${m.methodType}.${name}`),
  );
  if (!added.length && !removed.length && !toggled.length && !fields.length && !replaced.length)
    return undefined;
  return { added, removed, toggled, changedFields: fields, replacedProtectedFields: replaced };
}

/** Views, conversions and their split by device of one page (owner only). @throws AppError NOT_FOUND */
export async function getPageAnalytics(db: Db, actor: SessionUser, pageId: string) {
  const { page } = await ownedPage(db, actor, pageId);
  const rows = await q.countEvents(db, pageId);
  const byDevice = { mobile: { views: 0, conversions: 0 }, desktop: { views: 0, conversions: 0 } };
  for (const r of rows) {
    const device = r.deviceType === "mobile" ? "mobile" : "desktop";
    byDevice[device][r.eventType === "view" ? "views" : "conversions"] += r.count;
  }
  return { views: page.view_count, conversions: page.conversion_count, byDevice };
}

/**
 * Records a public view or conversion of a published page (spec 001 §3 landing_page_analytics, §7):
 * +1 on the counter and one event row, in one statement. Unknown or unpublished slugs are ignored
 * (tracking failures are silent, spec 001 §8).
 */
export async function recordLandingEvent(
  db: Db,
  slug: string,
  event: {
    eventType: "view" | "conversion";
    visitorId: string;
    deviceType: "mobile" | "desktop";
    referrer: string;
    eventData: Record<string, unknown>;
  },
  userAgent: string,
): Promise<boolean> {
  return q.recordEvent(db, slug, {
    ...event,
    userAgent: userAgent.slice(0, 500),
    referrer: event.referrer.slice(0, 2000),
  });
}

/** A 240×240 PNG QR code of the page's public address (published pages only). @throws AppError NOT_FOUND, CONFLICT */
export async function landingQrPng(
  deps: LandingDeps,
  actor: SessionUser,
  pageId: string,
): Promise<Uint8Array> {
  const { page } = await ownedPage(deps.db, actor, pageId);
  if (!page.is_published) throw new AppError("CONFLICT", "Publish the landing page to get its QR code.");
  return new Uint8Array(
    await QRCode.toBuffer(`${deps.appUrl}/lp/${page.slug}`, {
      type: "png",
      width: 240,
      margin: 2,
      errorCorrectionLevel: "M",
    }),
  );
}

export { type LandingPageInput, PAYMENT_METHOD_TYPES };
