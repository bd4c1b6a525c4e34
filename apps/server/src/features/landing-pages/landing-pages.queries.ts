import { LANDING_VIEW_DEDUPE_MINUTES } from "@academy/shared";
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  courses,
  landingPageAnalytics,
  landingPages,
  landingPageTemplates,
  lessons,
  orders,
  paymentAttempts,
  paymentMethods,
  profiles,
  schools,
} from "../../db/schema/index.ts";

export type LandingPageRow = typeof landingPages.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The profile role of a user (student | creator | admin), or undefined. */
export async function findRole(db: Executor, userId: string) {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.user_id, userId));
  return row?.role;
}

/** A creator's landing pages with their course title, newest created first (spec 001 §7). */
export async function listPagesOfCreator(db: Executor, creatorId: string) {
  return db
    .select({ page: landingPages, courseTitle: courses.title })
    .from(landingPages)
    .leftJoin(courses, eq(courses.id, landingPages.course_id))
    .where(eq(landingPages.creator_id, creatorId))
    .orderBy(desc(landingPages.created_at), desc(landingPages.id));
}

/** One landing page with its course title, by id. */
export async function findPageById(db: Executor, id: string) {
  const [row] = await db
    .select({ page: landingPages, courseTitle: courses.title })
    .from(landingPages)
    .leftJoin(courses, eq(courses.id, landingPages.course_id))
    .where(eq(landingPages.id, id));
  return row;
}

/** One landing page by slug (published or not). */
export async function findPageBySlug(db: Executor, slug: string) {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.slug, slug));
  return row;
}

export type PageValues = Pick<
  LandingPageRow,
  | "title"
  | "description"
  | "slug"
  | "course_id"
  | "template_id"
  | "content_data"
  | "style_data"
  | "seo_data"
  | "is_published"
>;

/** Inserts a landing page for a creator. @throws the database's unique violation on a taken slug. */
export async function insertPage(db: Executor, creatorId: string, values: PageValues) {
  const [row] = await db
    .insert(landingPages)
    .values({ ...values, creator_id: creatorId })
    .returning();
  return row;
}

/** Updates a creator's landing page; undefined when it is not theirs. */
export async function updatePage(db: Executor, id: string, creatorId: string, values: PageValues) {
  const [row] = await db
    .update(landingPages)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(landingPages.id, id), eq(landingPages.creator_id, creatorId)))
    .returning();
  return row;
}

/** Deletes a creator's landing page (payment methods and analytics go with it); the deleted slug or undefined. */
export async function deletePage(db: Executor, id: string, creatorId: string) {
  const [row] = await db
    .delete(landingPages)
    .where(and(eq(landingPages.id, id), eq(landingPages.creator_id, creatorId)))
    .returning({ slug: landingPages.slug });
  return row?.slug;
}

/** Active templates ordered by category (spec 001 §7), then name. */
export async function listActiveTemplates(db: Executor) {
  return db
    .select()
    .from(landingPageTemplates)
    .where(eq(landingPageTemplates.is_active, true))
    .orderBy(asc(landingPageTemplates.category), asc(landingPageTemplates.name));
}

/** A template by id (active or not). */
export async function findTemplate(db: Executor, id: string) {
  const [row] = await db
    .select({ id: landingPageTemplates.id })
    .from(landingPageTemplates)
    .where(eq(landingPageTemplates.id, id));
  return row;
}

/** A creator's courses for the connection list, newest first (spec 001 §7). */
export async function listCoursesOfCreator(db: Executor, creatorId: string) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      isPublished: courses.is_published,
      price: courses.price,
      currency: courses.currency,
      creatorId: courses.creator_id,
    })
    .from(courses)
    .where(eq(courses.creator_id, creatorId))
    .orderBy(desc(courses.created_at));
}

/** A course with what the landing page shows (spec 001 §7 joined course), by id. */
export async function findCourseForPage(db: Executor, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      creatorId: courses.creator_id,
      title: courses.title,
      description: courses.description,
      price: courses.price,
      currency: courses.currency,
      enrollmentCount: courses.enrollment_count,
      estimatedDuration: courses.estimated_duration,
      category: courses.category,
      isPublished: courses.is_published,
      thumbnailUrl: courses.thumbnail_url,
      rating: courses.rating,
      ratingCount: courses.rating_count,
      guaranteeDays: courses.guarantee_days,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

/** The school of a page's creator (name, logo, slug; issue 24 §6), or undefined before it exists. */
export async function findSchoolOfCreator(db: Executor, creatorId: string) {
  const [row] = await db
    .select({ name: schools.name, logoUrl: schools.logo_url, slug: schools.slug })
    .from(schools)
    .where(eq(schools.creator_id, creatorId))
    .limit(1);
  return row;
}

/** A course's published lessons in order (title, minutes). */
export async function listLessons(db: Executor, courseId: string) {
  return db
    .select({ title: lessons.title, duration: lessons.duration })
    .from(lessons)
    .where(and(eq(lessons.course_id, courseId), eq(lessons.is_published, true)))
    .orderBy(asc(lessons.order_index));
}

/** The creator's profile for the instructor section. */
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

/**
 * A page's payment methods ordered by display_order, without archived ones (decision 0217: a method
 * removed while payments were open is kept for their callbacks but is no longer on the page).
 */
export async function listPaymentMethods(db: Executor, pageId: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.landing_page_id, pageId), isNull(paymentMethods.archived_at)))
    .orderBy(asc(paymentMethods.display_order));
}

/** Every payment method row of a page, archived ones included, locked for the save's transaction. */
export async function lockAllPaymentMethods(db: Executor, pageId: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.landing_page_id, pageId))
    .orderBy(asc(paymentMethods.display_order))
    .for("update");
}

export type PaymentMethodValues = Pick<
  typeof paymentMethods.$inferInsert,
  "method_type" | "is_enabled" | "configuration" | "secret_data" | "display_order"
>;

/**
 * Saves a page's payment methods in place (issue 23 §3): each type's row is updated (un-archived if
 * it was archived) or inserted, keyed by (landing_page_id, method_type), so a method's id — and the
 * callback URLs that carry it — never change. Types not in `rows` are deleted, except those still
 * referenced by a payment attempt that is open ('creating', 'open') or paid, or by an open order
 * ('pending', 'awaiting_confirmation'): those are archived (archived_at = now(), disabled) so late
 * callbacks still verify, and refunds go back, with their keys. Returns the page's unarchived rows.
 */
export async function savePaymentMethodRows(db: Executor, pageId: string, rows: PaymentMethodValues[]) {
  for (const row of rows) {
    await db
      .insert(paymentMethods)
      .values({ ...row, landing_page_id: pageId })
      .onConflictDoUpdate({
        target: [paymentMethods.landing_page_id, paymentMethods.method_type],
        set: {
          is_enabled: row.is_enabled,
          configuration: row.configuration,
          secret_data: row.secret_data,
          display_order: row.display_order,
          archived_at: null,
        },
      });
  }
  const kept = rows.map((r) => r.method_type);
  const gone = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.landing_page_id, pageId),
        kept.length ? notInArray(paymentMethods.method_type, kept) : undefined,
      ),
    );
  const goneIds = gone.map((g) => g.id);
  if (goneIds.length) {
    const inUse = new Set(
      (
        await db
          .select({ id: paymentAttempts.payment_method_id })
          .from(paymentAttempts)
          .where(
            and(
              inArray(paymentAttempts.payment_method_id, goneIds),
              // A paid attempt keeps its method too: a refund goes back with the same keys.
              inArray(paymentAttempts.status, ["creating", "open", "paid"]),
            ),
          )
          .union(
            db
              .select({ id: orders.payment_method_id })
              .from(orders)
              .where(
                and(
                  inArray(orders.payment_method_id, goneIds),
                  inArray(orders.status, ["pending", "awaiting_confirmation"]),
                ),
              ),
          )
      ).map((r) => r.id),
    );
    const archive = goneIds.filter((id) => inUse.has(id));
    const remove = goneIds.filter((id) => !inUse.has(id));
    if (archive.length)
      await db
        .update(paymentMethods)
        .set({ archived_at: sql`coalesce(${paymentMethods.archived_at}, now())`, is_enabled: false })
        .where(inArray(paymentMethods.id, archive));
    if (remove.length) await db.delete(paymentMethods).where(inArray(paymentMethods.id, remove));
  }
  return listPaymentMethods(db, pageId);
}

/**
 * Records a view or conversion of a published page in one statement: +1 on view_count or
 * conversion_count and one landing_page_analytics row. Returns false when no published page has
 * that slug.
 */
export async function recordEvent(
  db: Executor,
  slug: string,
  event: {
    eventType: "view" | "conversion";
    eventData: Record<string, unknown>;
    visitorId: string;
    userAgent: string;
    referrer: string;
    deviceType: string;
  },
): Promise<boolean> {
  const counter =
    event.eventType === "view"
      ? sql`view_count = view_count + 1`
      : sql`conversion_count = conversion_count + 1`;
  // A visitor's view counts once per page per LANDING_VIEW_DEDUPE_MINUTES (issue 16 item 4).
  const result = await db.execute(sql`
    with target as (
      select id from ${landingPages} where ${landingPages.slug} = ${slug} and ${landingPages.is_published}
    ),
    fresh as (
      select t.id from target t
      where ${event.eventType} <> 'view' or not exists (
        select 1 from ${landingPageAnalytics} a
        where a.landing_page_id = t.id and a.visitor_id = ${event.visitorId} and a.event_type = 'view'
          and a.created_at > now() - make_interval(mins => ${LANDING_VIEW_DEDUPE_MINUTES}::int)
      )
    ),
    page as (
      update ${landingPages} set ${counter}
      where ${landingPages.id} in (select id from fresh)
      returning id
    )
    insert into ${landingPageAnalytics} (landing_page_id, event_type, event_data, visitor_id, user_agent, referrer, device_type)
    select id, ${event.eventType}, ${JSON.stringify(event.eventData)}::jsonb, ${event.visitorId}, ${event.userAgent}, ${event.referrer}, ${event.deviceType}
    from page
    returning landing_page_id`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return Array.isArray(rows) && rows.length > 0;
}

/** Event counts of a page by type and device (owner analytics). */
export async function countEvents(db: Executor, pageId: string) {
  return db
    .select({
      eventType: landingPageAnalytics.event_type,
      deviceType: landingPageAnalytics.device_type,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(landingPageAnalytics)
    .where(eq(landingPageAnalytics.landing_page_id, pageId))
    .groupBy(landingPageAnalytics.event_type, landingPageAnalytics.device_type);
}
