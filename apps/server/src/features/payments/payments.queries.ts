import type { Attribution } from "@academy/shared";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { orders, paymentEvents } from "../../db/schema/index.ts";

/** Channel of order status changes on the realtime bus; the payload is the order id. */
export const ORDER_CHANNEL = "order_status";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type OrderRecord = typeof orders.$inferSelect;

/** A published course with what an order needs (price in major units, creator, school). */
export async function findSellableCourse(db: Executor, courseId: string) {
  const rows = rowsOf<{
    id: string;
    title: string;
    price: string | number;
    currency: string;
    creator_id: string;
    school_id: string | null;
  }>(
    await db.execute(sql`
      select id, title, price, currency, creator_id, school_id from courses
      where id = ${courseId} and is_published`),
  );
  return rows[0];
}

/**
 * The landing page whose payment methods a course takes (issue 11 §2): the published page `slug`
 * when it is connected to the course, else the course's most recently published page.
 */
export async function findSellingPage(db: Executor, courseId: string, slug: string | undefined) {
  if (slug) {
    const page = await findVisitedPage(db, courseId, slug);
    if (page) return page;
  }
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from landing_pages where course_id = ${courseId} and is_published
      order by updated_at desc, created_at desc limit 1`),
  );
  return rows[0]?.id ?? null;
}

/** The course's most recently updated landing page (any status), where payment is set up. */
export async function latestPageOfCourse(db: Executor, courseId: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from landing_pages where course_id = ${courseId}
      order by updated_at desc, created_at desc limit 1`),
  );
  return rows[0]?.id ?? null;
}

/** The published landing page `slug` of the course (the page a buyer came from), or null. */
export async function findVisitedPage(db: Executor, courseId: string, slug: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from landing_pages where slug = ${slug} and course_id = ${courseId} and is_published limit 1`),
  );
  return rows[0]?.id ?? null;
}

export interface MethodRow {
  id: string;
  method_type: string;
  configuration: Record<string, string> | null;
  secret_data: string | null;
  landing_page_id: string;
}

/** Enabled payment methods of a landing page in display order. */
export async function listEnabledMethods(db: Executor, pageId: string): Promise<MethodRow[]> {
  return rowsOf<MethodRow>(
    await db.execute(sql`
      select id, method_type, configuration, secret_data, landing_page_id from payment_methods
      where landing_page_id = ${pageId} and is_enabled and archived_at is null order by display_order`),
  );
}

/** One payment method by id (callbacks carry it in their URL). */
export async function findMethodById(db: Executor, id: string): Promise<MethodRow | undefined> {
  return rowsOf<MethodRow>(
    await db.execute(sql`
      select id, method_type, configuration, secret_data, landing_page_id from payment_methods where id = ${id}`),
  )[0];
}

/** The student's enrolment in a course, optionally locked. */
export async function findEnrolmentForUpdate(db: Executor, studentId: string, courseId: string) {
  return rowsOf<{ id: string; payment_status: string }>(
    await db.execute(sql`
      select id, payment_status from enrollments
      where student_id = ${studentId} and course_id = ${courseId} for update`),
  )[0];
}

/** Inserts a pending enrolment unless one exists (no count change: unpaid enrolments are not students). */
export async function insertPendingEnrolment(
  db: Executor,
  v: {
    studentId: string;
    courseId: string;
    schoolId: string | null;
    amount: number;
    source: string;
    /** Issue 12 §3: the /lp visit's campaign and page (kept on a new enrolment only). */
    attribution?: Attribution;
    landingPageId?: string | null;
  },
) {
  const a = v.attribution ?? {};
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into enrollments (course_id, student_id, school_id, payment_status, payment_amount, enrollment_source,
                               utm_source, utm_medium, utm_campaign, landing_page_id)
      values (${v.courseId}, ${v.studentId}, ${v.schoolId}, 'pending', ${v.amount}, ${v.source},
              ${a.utm_source ?? null}, ${a.utm_medium ?? null}, ${a.utm_campaign ?? null}, ${v.landingPageId ?? null})
      on conflict (student_id, course_id) do nothing returning id`),
  )[0];
}

/**
 * payment_status (and, when given, payment_amount) of an enrolment. Moving into or out of
 * "completed" changes courses.enrollment_count through the database's trigger (decision 0229).
 */
export async function setEnrolmentPaymentStatus(
  db: Executor,
  enrollmentId: string,
  status: "pending" | "completed" | "cancelled",
  amountMajor?: number,
): Promise<void> {
  await db.execute(sql`
    update enrollments set payment_status = ${status}
      ${amountMajor === undefined ? sql`` : sql`, payment_amount = ${amountMajor}`}
    where id = ${enrollmentId}`);
}

/** The open order (pending or awaiting_confirmation) of a student for a course. */
export async function findOpenOrder(db: Executor, studentId: string, courseId: string) {
  return rowsOf<OrderRecord>(
    await db.execute(sql`
      select * from orders where student_id = ${studentId} and course_id = ${courseId}
      and status in ('pending', 'awaiting_confirmation') limit 1`),
  )[0];
}

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRecord> {
  const [row] = await db.insert(orders).values(values).returning();
  return row;
}

/** An order by reference, optionally locked (FOR UPDATE). */
export async function findOrderByReference(db: Executor, reference: string, lock = false) {
  return rowsOf<OrderRecord>(
    await db.execute(
      sql`select * from orders where reference = ${reference} ${lock ? sql`for update` : sql``}`,
    ),
  )[0];
}

/** An order by id, optionally locked (FOR UPDATE). */
export async function findOrderById(db: Executor, id: string, lock = false) {
  return rowsOf<OrderRecord>(
    await db.execute(sql`select * from orders where id = ${id} ${lock ? sql`for update` : sql``}`),
  )[0];
}

/** Updates an order's columns (updated_at = now()) and notifies the realtime bus on commit. */
export async function updateOrder(
  db: Executor,
  id: string,
  set: Partial<typeof orders.$inferInsert>,
): Promise<OrderRecord> {
  const [row] = await db
    .update(orders)
    .set({ ...set, updated_at: sql`now()` as unknown as Date })
    .where(sql`${orders.id} = ${id}`)
    .returning();
  await db.execute(sql`select pg_notify(${ORDER_CHANNEL}, ${id})`);
  return row;
}

/** Appends a provider callback to payment_events (raw body, signature validity, outcome). */
export async function insertPaymentEvent(db: Executor, values: typeof paymentEvents.$inferInsert) {
  await db.insert(paymentEvents).values(values);
}

/**
 * Course, creator and student of an order, for e-mails and views. The student's fields are null
 * once the buyer deleted their account (the order is kept anonymised, issue 23 item 8).
 */
export async function orderContext(db: Executor, orderId: string) {
  return rowsOf<{
    course_title: string;
    creator_id: string;
    creator_email: string;
    creator_name: string | null;
    creator_locale: string | null;
    student_email: string | null;
    student_name: string | null;
    student_locale: string | null;
    school_name: string | null;
    support_email: string | null;
    legal_name: string | null;
    tax_code: string | null;
    business_address: string | null;
  }>(
    await db.execute(sql`
      select c.title as course_title, c.creator_id, cu.email as creator_email, cp.full_name as creator_name,
        cp.locale as creator_locale, su.email as student_email, sp.full_name as student_name, sp.locale as student_locale,
        s.name as school_name, s.support_email, s.legal_name, s.tax_code, s.business_address
      from orders o join courses c on c.id = o.course_id
      join "user" cu on cu.id = c.creator_id left join profiles cp on cp.user_id = c.creator_id
      left join "user" su on su.id = o.student_id left join profiles sp on sp.user_id = o.student_id
      left join schools s on s.id = c.school_id
      where o.id = ${orderId}`),
  )[0];
}

/**
 * Takes one redemption of a coupon with a guarded UPDATE (exact under concurrency: a row lock
 * per update, the limit checked in the same statement). @returns false when used up.
 */
export async function redeemCoupon(db: Executor, couponId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update coupons set redemption_count = redemption_count + 1
      where id = ${couponId} and (max_redemptions is null or redemption_count < max_redemptions)
      returning id`),
  );
  return rows.length === 1;
}

/** Gives a redemption back (the order that took it expired, was cancelled or rejected). */
export async function releaseCoupon(db: Executor, creatorId: string, code: string): Promise<void> {
  await db.execute(sql`
    update coupons set redemption_count = greatest(0, redemption_count - 1)
    where creator_id = ${creatorId} and code = ${code}`);
}

export interface CouponRecord {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  currency: string | null;
  course_id: string | null;
  max_redemptions: number | null;
  redemption_count: number;
  expires_at: Date | null;
}

export async function findCoupon(db: Executor, creatorId: string, code: string) {
  return rowsOf<CouponRecord>(
    await db.execute(sql`select * from coupons where creator_id = ${creatorId} and code = ${code}`),
  )[0];
}

export async function findPartnerCode(db: Executor, creatorId: string, code: string) {
  return rowsOf<{ code: string }>(
    await db.execute(
      sql`select code from referral_partners where creator_id = ${creatorId} and code = ${code}`,
    ),
  )[0];
}

/**
 * Pending orders past their expiry (at most `limit`), oldest first — except those with a provider
 * page still taking money (an open attempt whose page has not closed: decision 0217).
 */
export async function listExpiredOrders(db: Executor, limit: number) {
  return rowsOf<OrderRecord>(
    await db.execute(sql`
      select * from orders o where o.status = 'pending' and o.expires_at < now()
      and not exists (select 1 from payment_attempts pa where pa.order_id = o.id
        and pa.status in ('creating', 'open') and pa.provider_expires_at > now())
      order by o.expires_at limit ${limit}`),
  );
}
