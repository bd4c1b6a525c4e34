import { ACCOUNT_MESSAGES, DELETED_STUDENT_LABEL } from "@academy/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, courses, enrollments, orders, session, user } from "../src/db/schema/index.ts";
import { COURSE_HAS_PAYMENTS } from "../src/features/courses/courses.service.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

/**
 * Issue 23 item 8 "Records outlive accounts" (security N13, ux M1): a buyer's deleted account
 * leaves their orders anonymised and the creator's books, coupon counts and partner commission
 * unchanged; a creator with paying students and a course with payments cannot be deleted;
 * deletion asks for the password or a fresh sign-in.
 */

type Person = Awaited<ReturnType<typeof signUpAndSignIn>>;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await ctx?.close();
});

async function call(who: Person | null, method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
}
async function body<T = unknown>(who: Person, path: string): Promise<T> {
  const response = await call(who, "GET", path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
async function userExists(id: string) {
  return (await ctx.runtime.db.select().from(user).where(eq(user.id, id))).length === 1;
}
async function enrolmentCount(courseId: string) {
  const [row] = await ctx.runtime.db
    .select({ n: courses.enrollment_count })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row.n;
}
async function creatorStudents(creatorId: string) {
  const rows = (await ctx.runtime.db.execute(
    sql`select count(*)::int as n from creator_students where creator_id = ${creatorId}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(rows.rows[0].n);
}

const TRANSFER = [
  {
    methodType: "bank-transfer",
    isEnabled: true,
    configuration: {
      bankName: "Vietcombank",
      accountNumber: "0123456789",
      accountHolder: "NGUYEN CREATOR",
      swiftCode: "",
    },
  },
];

/** A creator selling a ₫199,000 course by bank transfer, with coupon LAN20 (20 %) and partner HAFB (10 %). */
async function creatorWithCourse(name: string) {
  const creator = await signUpAndSignIn(ctx, { name });
  const courseId = await publishCourse(
    ctx,
    creator.cookie,
    oneLessonDraft(`Business English ${name}`, { price: 199000, currency: "VND" }),
  );
  await sellCourse(ctx, creator.cookie, courseId, TRANSFER);
  expect(
    (await call(creator, "POST", "/api/earnings/coupons", { code: "LAN20", kind: "percent", value: 20 }))
      .status,
  ).toBe(200);
  expect(
    (
      await call(creator, "POST", "/api/earnings/partners", {
        name: "Hà",
        code: "HAFB",
        commissionPercent: 10,
      })
    ).status,
  ).toBe(200);
  return { creator, courseId };
}

/** `student` buys the course with ref HAFB and coupon LAN20 by bank transfer; the creator confirms. */
async function buy(creator: Person, student: Person, courseId: string) {
  const enrolled = await call(student, "POST", `/api/courses/${courseId}/enroll`, { ref: "HAFB" });
  expect(enrolled.status).toBe(200);
  const { orderReference: ref } = (await enrolled.json()) as { orderReference: string };
  expect((await call(student, "POST", `/api/checkout/${ref}/coupon`, { code: "lan20" })).status).toBe(200);
  expect(
    (await call(student, "POST", `/api/checkout/${ref}/method`, { method: "bank-transfer" })).status,
  ).toBe(200);
  expect((await call(student, "POST", `/api/checkout/${ref}/transferred`, {})).status).toBe(200);
  const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
  expect((await call(creator, "POST", `/api/earnings/orders/${order.id}/confirm`, {})).status).toBe(200);
  return ref;
}

function today(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Everything the creator and the partner see about money (the order list and CSV apart). */
async function books(creator: Person) {
  const range = `from=${today(-2)}&to=${today(1)}`;
  const dashboard = await body<{ earnings: unknown; earningsByCurrency: unknown }>(creator, "/api/dashboard");
  return {
    summary: await body(creator, "/api/earnings/summary"),
    courses: await body(creator, "/api/earnings/courses"),
    partners: await body(creator, "/api/earnings/partners"),
    coupons: await body(creator, "/api/earnings/coupons"),
    revenue: await body(creator, `/api/analytics/creator/revenue?${range}`),
    dashboard: { earnings: dashboard.earnings, earningsByCurrency: dashboard.earningsByCurrency },
  };
}

interface OrderRowLike {
  reference: string;
  studentName: string | null;
  studentEmail: string | null;
  amount: number;
  status: string;
}

describe("a student deletes their account (issue 23 item 8, ux M1)", () => {
  it("keeps their paid order anonymised; earnings, analytics, dashboard, coupon count and commission are unchanged", async () => {
    const { creator, courseId } = await creatorWithCourse("Minh's teacher");
    const minh = await signUpAndSignIn(ctx, { name: "Minh Buyer" });
    const other = await signUpAndSignIn(ctx, { name: "Other Buyer" });
    const ref = await buy(creator, minh, courseId);
    await buy(creator, other, courseId);
    const [order] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
    expect(order).toMatchObject({
      status: "paid",
      amount: 159200,
      coupon_code: "LAN20",
      referral_code: "HAFB",
    });

    const before = await books(creator);
    const beforeList = await body<{ orders: OrderRowLike[]; total: number }>(creator, "/api/earnings/orders");
    const beforeCsv = await (await call(creator, "GET", "/api/earnings/orders.csv")).text();
    expect(beforeList.total).toBe(2);
    expect(beforeCsv).toContain(minh.email);
    expect(await enrolmentCount(courseId)).toBe(2);
    expect(await creatorStudents(creator.userId)).toBe(2);
    // Sanity: the figures we compare are not empty.
    expect(JSON.stringify(before.summary)).toContain("318400");
    expect(JSON.stringify(before.partners)).toContain("31840");

    // Wrong password: refused, nothing deleted.
    const wrong = await call(minh, "DELETE", "/api/account", { password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      ACCOUNT_MESSAGES.deletePasswordWrong,
    );
    const missing = await call(minh, "DELETE", "/api/account", {});
    expect(missing.status).toBe(400);
    expect(await userExists(minh.userId)).toBe(true);

    const done = await call(minh, "DELETE", "/api/account", { password: minh.password });
    expect(done.status).toBe(204);
    expect(await userExists(minh.userId)).toBe(false);
    expect((await call(minh, "GET", "/api/me")).status).toBe(401);

    const [kept] = await ctx.runtime.db.select().from(orders).where(eq(orders.reference, ref));
    expect(kept).toMatchObject({
      id: order.id,
      student_id: null,
      status: "paid",
      amount: 159200,
      coupon_code: "LAN20",
      referral_code: "HAFB",
    });
    // The enrolment went with the account: the student count drops, revenue stays.
    expect(
      await ctx.runtime.db.select().from(enrollments).where(eq(enrollments.student_id, minh.userId)),
    ).toEqual([]);
    expect(await enrolmentCount(courseId)).toBe(1);
    expect(await creatorStudents(creator.userId)).toBe(1);

    expect(await books(creator)).toEqual(before);
    const { coupons } = before.coupons as { coupons: Array<{ code: string; redemptionCount: number }> };
    expect(coupons.find((c) => c.code === "LAN20")?.redemptionCount).toBe(2);

    const afterList = await body<{ orders: OrderRowLike[]; total: number }>(creator, "/api/earnings/orders");
    expect(afterList.total).toBe(2);
    const anonymised = afterList.orders.find((o) => o.reference === ref);
    expect(anonymised).toMatchObject({
      studentName: null,
      studentEmail: null,
      amount: 159200,
      status: "paid",
    });
    const beforeRow = beforeList.orders.find((o) => o.reference === ref);
    expect({ ...anonymised, studentName: null, studentEmail: null }).toEqual({
      ...beforeRow,
      studentName: null,
      studentEmail: null,
    });

    const afterCsv = await (await call(creator, "GET", "/api/earnings/orders.csv")).text();
    expect(afterCsv).not.toContain(minh.email);
    expect(afterCsv).not.toContain("Minh Buyer");
    const line = afterCsv.split("\r\n").find((l) => l.startsWith(ref));
    expect(line).toContain(`,${DELETED_STUDENT_LABEL},,VND,199000,39800,159200,LAN20,HAFB,`);
    // The method by its name, not its key (issue 24 §5).
    expect(line).toContain(",Bank transfer,");
    expect(afterCsv).not.toContain("bank-transfer");
    expect(afterCsv.split("\r\n").length).toBe(beforeCsv.split("\r\n").length);

    // The course now has no enrolment of Minh's, but its paid order must never be deleted.
    await call(other, "DELETE", "/api/account", { password: other.password });
    expect(await enrolmentCount(courseId)).toBe(0);
    const removeCourse = await call(creator, "DELETE", `/api/courses/${courseId}`);
    expect(removeCourse.status).toBe(409);
    expect(((await removeCourse.json()) as { error: { message: string } }).error.message).toBe(
      COURSE_HAS_PAYMENTS,
    );
    expect(await ctx.runtime.db.select().from(orders).where(eq(orders.course_id, courseId))).toHaveLength(2);
    // Unpublishing stays possible.
    expect(
      (await call(creator, "POST", "/api/courses/bulk", { action: "unpublish", courseIds: [courseId] }))
        .status,
    ).toBe(200);
  });
});

describe("a creator with paying students (issue 23 item 8, security N13)", () => {
  it("cannot delete the account (409, the dialog knows the count first) and nothing is deleted", async () => {
    const { creator, courseId } = await creatorWithCourse("Busy Creator");
    const student = await signUpAndSignIn(ctx, { name: "Paying Student" });
    await buy(creator, student, courseId);
    expect(await body(creator, "/api/account/deletion")).toEqual({
      hasPassword: true,
      paidOrders: 1,
      freshUntil: null,
    });
    const refused = await call(creator, "DELETE", "/api/account", { password: creator.password });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string; reason: string } }).error).toMatchObject({
      message: ACCOUNT_MESSAGES.deleteHasPaidStudents,
      reason: "account.deleteHasPaidStudents",
    });
    expect(await userExists(creator.userId)).toBe(true);
    expect(await ctx.runtime.db.select().from(courses).where(eq(courses.id, courseId))).toHaveLength(1);
    expect(await ctx.runtime.db.select().from(orders).where(eq(orders.course_id, courseId))).toHaveLength(1);
    expect((await call(student, "GET", `/api/learn/${courseId}`)).status).toBe(200);
    // The course with a paying student cannot be deleted either.
    expect((await call(creator, "DELETE", `/api/courses/${courseId}`)).status).toBe(409);
  });

  it("with only free and unpaid enrolments may still delete", async () => {
    const creator = await signUpAndSignIn(ctx, { name: "Free Creator" });
    const free = await publishCourse(ctx, creator.cookie, oneLessonDraft("Free course"));
    const paid = await publishCourse(
      ctx,
      creator.cookie,
      oneLessonDraft("Paid course", { price: 99000, currency: "VND" }),
    );
    await sellCourse(ctx, creator.cookie, paid, TRANSFER);
    const student = await signUpAndSignIn(ctx);
    expect((await call(student, "POST", `/api/courses/${free}/enroll`, {})).status).toBe(200);
    expect((await call(student, "POST", `/api/courses/${paid}/enroll`, {})).status).toBe(200); // pending order
    expect(await body(creator, "/api/account/deletion")).toMatchObject({ paidOrders: 0 });
    expect((await call(creator, "DELETE", "/api/account", { password: creator.password })).status).toBe(204);
    expect(await userExists(creator.userId)).toBe(false);
    expect(await userExists(student.userId)).toBe(true);
  });
});

describe("deletion asks for the password or a fresh sign-in (issue 23 item 8)", () => {
  it("an account without a password needs a session signed in within 10 minutes", async () => {
    const google = await signUpAndSignIn(ctx, { name: "Google Only" });
    // As a Google-only account: no credential password.
    await ctx.runtime.db.update(account).set({ password: null }).where(eq(account.userId, google.userId));
    await ctx.runtime.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, google.userId));
    expect(await body(google, "/api/account/deletion")).toEqual({
      hasPassword: false,
      paidOrders: 0,
      freshUntil: null,
    });
    const stale = await call(google, "DELETE", "/api/account", {});
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { error: { message: string } }).error.message).toBe(
      ACCOUNT_MESSAGES.deleteSignInAgain,
    );
    // A password typed for a password-less account does not stand in for the fresh sign-in.
    expect((await call(google, "DELETE", "/api/account", { password: "anything at all" })).status).toBe(403);
    expect(await userExists(google.userId)).toBe(true);

    await ctx.runtime.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, google.userId));
    const fresh = await body<{ freshUntil: string | null }>(google, "/api/account/deletion");
    expect(fresh.freshUntil).not.toBeNull();
    expect(new Date(fresh.freshUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 8 * 60_000);
    expect((await call(google, "DELETE", "/api/account", {})).status).toBe(204);
    expect(await userExists(google.userId)).toBe(false);
  });

  it("limits password tries to 5 a minute", async () => {
    const who = await signUpAndSignIn(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(who, "DELETE", "/api/account", { password: `guess-${i}-wrong` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await call(who, "DELETE", "/api/account", { password: who.password })).status).toBe(429);
    expect(await userExists(who.userId)).toBe(true);
  });
});
