import {
  type CourseDraftInput,
  type ErrorBody,
  emailBatchStatusSchema,
  STUDENT_MESSAGES,
  studentListSchema,
  studentStatsSchema,
} from "@academy/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, emailOutbox, enrollments, profiles } from "../src/db/schema/index.ts";
import {
  assignAndAccept,
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
} from "./harness.ts";
import { sellCourse } from "./support/sell.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator
let dan: Account; // another creator
let an: Account; // "Nguyễn Văn An": enrolled in both of cara's free courses
let binh: Account; // "Trần Thị Bình": enrolled in pho
let cuong: Account; // "Lê Cường": pending in the paid course
let dung: Account; // "Đặng Dũng": enrolled in dan's course only, later assigned by cara
let pho: string;
let banhMi: string;
let paid: string;
let dansCourse: string;

function call(who: Account | null, method: "GET" | "POST" | "PATCH", pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

function publish(who: Account, input: CourseDraftInput): Promise<string> {
  return publishCourse(ctx, who.cookie, input);
}

async function enrol(who: Account, courseId: string) {
  const response = await call(who, "POST", `/api/courses/${courseId}/enroll`, {});
  if (!response.ok) throw new Error(`enrol failed: ${response.status}`);
}

async function list(who: Account | null, query = "") {
  return call(who, "GET", `/api/students${query}`);
}

async function listed(who: Account, query = "") {
  const response = await list(who, query);
  expect(response.status).toBe(200);
  return studentListSchema.parse(await response.json());
}

async function enrolmentId(student: Account, courseId: string): Promise<string> {
  const [row] = await ctx.runtime.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.student_id, student.userId), eq(enrollments.course_id, courseId)));
  return row.id;
}

async function countOf(courseId: string) {
  const [row] = await ctx.runtime.db
    .select({ n: courses.enrollment_count })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row.n;
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Chef Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Creator Dan" });
  an = await signUpAndSignIn(ctx, { name: "Nguyễn Văn An", email: uniqueEmail("an") });
  binh = await signUpAndSignIn(ctx, { name: "Trần Thị Bình", email: uniqueEmail("binh") });
  cuong = await signUpAndSignIn(ctx, { name: "Lê Cường", email: uniqueEmail("cuong") });
  dung = await signUpAndSignIn(ctx, { name: "Đặng Dũng", email: uniqueEmail("dung") });
  for (const s of [an, binh, cuong, dung])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, s.userId));
  await ctx.runtime.db.update(profiles).set({ locale: "en" }).where(eq(profiles.user_id, binh.userId));
  pho = await publish(cara, oneLessonDraft("Phở at Home"));
  banhMi = await publish(cara, oneLessonDraft("Bánh Mì Basics"));
  paid = await publish(cara, oneLessonDraft("Phở Masterclass", { price: 1_990_000 }));
  await sellCourse(ctx, cara.cookie, paid);
  dansCourse = await publish(dan, oneLessonDraft("Dan's Pottery"));
  await enrol(an, pho);
  await enrol(an, banhMi);
  await enrol(binh, pho);
  await enrol(cuong, paid);
  await enrol(dung, dansCourse);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/students (Student Management list)", () => {
  it("lists the enrolments of the creator's own courses only, newest first", async () => {
    const body = await listed(cara);
    expect(body.total).toBe(4);
    expect(body.items.map((r) => `${r.name} · ${r.courseTitle}`)).toEqual([
      "Lê Cường · Phở Masterclass",
      "Trần Thị Bình · Phở at Home",
      "Nguyễn Văn An · Bánh Mì Basics",
      "Nguyễn Văn An · Phở at Home",
    ]);
    const pending = body.items[0];
    expect(pending).toMatchObject({ paymentStatus: "pending", paymentAmount: 1_990_000, progress: 0 });
    expect((await listed(dan)).items.map((r) => r.name)).toEqual(["Đặng Dũng"]);
  });

  it("finds Vietnamese names typed without accents, in any case", async () => {
    expect((await listed(cara, "?search=nguyen")).items.map((r) => r.name)).toEqual([
      "Nguyễn Văn An",
      "Nguyễn Văn An",
    ]);
    expect((await listed(cara, "?search=TRAN%20THI")).items.map((r) => r.name)).toEqual(["Trần Thị Bình"]);
    expect((await listed(cara, "?search=cuong")).items.map((r) => r.name)).toEqual(["Lê Cường"]);
    expect((await listed(cara, `?search=${encodeURIComponent("Bình")}`)).total).toBe(1);
  });

  it("searches e-mails and course titles too, and never another creator's students", async () => {
    expect((await listed(cara, `?search=${encodeURIComponent(binh.email.toUpperCase())}`)).total).toBe(1);
    expect((await listed(cara, "?search=banh%20mi")).items.map((r) => r.courseTitle)).toEqual([
      "Bánh Mì Basics",
    ]);
    expect((await listed(cara, "?search=dung")).total).toBe(0);
    expect((await listed(cara, "?search=100%25")).total).toBe(0);
  });

  it("filters by course; another creator's course id matches nothing", async () => {
    expect((await listed(cara, `?courseId=${pho}`)).items.map((r) => r.name)).toEqual([
      "Trần Thị Bình",
      "Nguyễn Văn An",
    ]);
    expect((await listed(cara, `?courseId=${dansCourse}`)).total).toBe(0);
    expect((await list(cara, "?courseId=nope")).status).toBe(400);
  });

  it("paginates on the server", async () => {
    const first = await listed(cara, "?pageSize=3&page=1");
    const second = await listed(cara, "?pageSize=3&page=2");
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBe(4);
    expect(new Set([...first.items, ...second.items].map((r) => r.enrollmentId)).size).toBe(4);
    expect((await list(cara, "?pageSize=101")).status).toBe(400);
  });

  it("is for creators only", async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(an)).status).toBe(403);
    expect((await call(an, "GET", "/api/students/stats")).status).toBe(403);
    expect((await call(an, "GET", "/api/students/courses")).status).toBe(403);
  });
});

describe("GET /api/students/stats", () => {
  it("counts paid students, active today in the creator's time zone, completions and average progress", async () => {
    await ctx.runtime.db
      .update(profiles)
      .set({ time_zone: "Asia/Ho_Chi_Minh" })
      .where(eq(profiles.user_id, cara.userId));
    const startOfToday = sql`(date_trunc('day', now() at time zone 'Asia/Ho_Chi_Minh') at time zone 'Asia/Ho_Chi_Minh')`;
    await ctx.runtime.db
      .update(enrollments)
      .set({ last_accessed: sql`${startOfToday} + interval '1 minute'`, progress: 100, is_completed: true })
      .where(eq(enrollments.id, await enrolmentId(an, pho)));
    await ctx.runtime.db
      .update(enrollments)
      .set({ last_accessed: sql`${startOfToday} - interval '1 minute'`, progress: 50 })
      .where(eq(enrollments.id, await enrolmentId(binh, pho)));
    const response = await call(cara, "GET", "/api/students/stats");
    expect(response.status).toBe(200);
    // Paid enrolments only (issue 24 §5, the Analytics definition): the pending one is a pending
    // payment, not a student, and is not in the average.
    expect(studentStatsSchema.parse(await response.json())).toEqual({
      totalStudents: 2,
      totalEnrolments: 3,
      activeToday: 1,
      completed: 1,
      averageProgress: 50, // (100 + 50 + 0) / 3
      pendingPayments: 1,
    });
  });
});

describe("POST /api/students/assign", () => {
  it.each([
    [{ email: "", courseId: "" }, STUDENT_MESSAGES.assignMissing],
    [{ email: "x@example.com" }, STUDENT_MESSAGES.assignMissing],
    [{ courseId: "00000000-0000-4000-8000-000000000000" }, STUDENT_MESSAGES.assignMissing],
  ])("refuses %j with 'Please provide both email and course.'", async (input, message) => {
    const response = await call(cara, "POST", "/api/students/assign", input);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("refuses a course that is not the creator's", async () => {
    const response = await call(dan, "POST", "/api/students/assign", { email: an.email, courseId: pho });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe(STUDENT_MESSAGES.courseNotFound);
    expect((await call(an, "POST", "/api/students/assign", { email: an.email, courseId: pho })).status).toBe(
      403,
    );
  });

  it("answers a registered and an unknown address alike, enrolling nobody before they accept (finding #8)", async () => {
    const before = await countOf(banhMi);
    const invitationsTo = async (email: string) =>
      (
        await ctx.runtime.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to_address, email.toLowerCase()), eq(emailOutbox.template, "invitation")))
      ).length;
    const dungBefore = await invitationsTo(dung.email);
    const unknown = uniqueEmail("nobody");
    const answers = [];
    for (const email of [`  ${dung.email.toUpperCase()}  `, unknown]) {
      const response = await call(cara, "POST", "/api/students/assign", { email, courseId: banhMi });
      answers.push({ status: response.status, body: (await response.json()) as Record<string, unknown> });
    }
    // Same status, same keys, nothing telling whether an account exists.
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(Object.keys(answers[0].body).sort()).toEqual(Object.keys(answers[1].body).sort());
    expect(Object.keys(answers[0].body).sort()).toEqual(["email", "expiresAt", "invitationId"]);
    expect(answers.map((a) => a.body.email)).toEqual([dung.email.toLowerCase(), unknown]);
    // No enrolment yet; each address got the same kind of e-mail: an invitation.
    expect(
      await ctx.runtime.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.student_id, dung.userId), eq(enrollments.course_id, banhMi))),
    ).toHaveLength(0);
    expect(await countOf(banhMi)).toBe(before);
    expect(await invitationsTo(dung.email)).toBe(dungBefore + 1);
    expect(await invitationsTo(unknown)).toBe(1);
  });

  it("enrols the person when they accept, once; a second assign is Already Enrolled", async () => {
    const before = await countOf(banhMi);
    await assignAndAccept(ctx, cara.cookie, dung, banhMi);
    const [row] = await ctx.runtime.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.student_id, dung.userId), eq(enrollments.course_id, banhMi)));
    expect(row).toMatchObject({ enrollment_source: "invitation", payment_status: "completed" });
    expect(await countOf(banhMi)).toBe(before + 1);

    const again = await call(cara, "POST", "/api/students/assign", { email: dung.email, courseId: banhMi });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(STUDENT_MESSAGES.alreadyEnrolled);
    expect(await countOf(banhMi)).toBe(before + 1);
  });

  it("refuses an address that is not an e-mail", async () => {
    const response = await call(cara, "POST", "/api/students/assign", {
      email: "not-an-email",
      courseId: banhMi,
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/students/email (bulk e-mail)", () => {
  it("refuses an empty selection with 'Please select students to send emails to.'", async () => {
    const response = await call(cara, "POST", "/api/students/email", {
      enrollmentIds: [],
      emailType: "reminder",
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(STUDENT_MESSAGES.noStudentsSelected);
  });

  it("refuses enrolments of another creator's courses and queues nothing", async () => {
    const before = await ctx.runtime.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    const ids = [await enrolmentId(an, pho)];
    const response = await call(dan, "POST", "/api/students/email", {
      enrollmentIds: ids,
      emailType: "reminder",
    });
    expect(response.status).toBe(404);
    const mixed = await call(cara, "POST", "/api/students/email", {
      enrollmentIds: [...ids, await enrolmentId(dung, dansCourse)],
      emailType: "reminder",
    });
    expect(mixed.status).toBe(404);
    const after = await ctx.runtime.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(after[0].n).toBe(before[0].n);
    expect(
      (await call(an, "POST", "/api/students/email", { enrollmentIds: ids, emailType: "reminder" })).status,
    ).toBe(403);
  });

  it("queues one e-mail per student naming the selected courses, in each student's language", async () => {
    const ids = [await enrolmentId(an, pho), await enrolmentId(an, banhMi), await enrolmentId(binh, pho)];
    const response = await call(cara, "POST", "/api/students/email", {
      enrollmentIds: ids,
      emailType: "reminder",
      message: "Bài mới đã lên!",
    });
    expect(response.status).toBe(202);
    const body = (await response.json()) as { batchId: string; queued: number };
    expect(body.queued).toBe(2);
    const rows = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.batch_id, body.batchId));
    expect(rows.map((r) => r.to_address).sort()).toEqual([an.email, binh.email].sort());
    const toAn = rows.find((r) => r.to_address === an.email);
    const toBinh = rows.find((r) => r.to_address === binh.email);
    expect(toAn?.template).toBe("reminder");
    expect(toAn?.subject).toBe('Nhắc nhở: tiếp tục học "Phở at Home" và "Bánh Mì Basics"');
    expect(toAn?.text).toContain("Bài mới đã lên!");
    expect(toBinh?.subject).toBe('Reminder: continue "Phở at Home"');

    const status = await call(cara, "GET", `/api/students/email-batches/${body.batchId}`);
    expect(status.status).toBe(200);
    // Without SMTP the messages are captured at once: all delivered.
    expect(emailBatchStatusSchema.parse(await status.json())).toEqual({
      batchId: body.batchId,
      total: 2,
      delivered: 2,
      pending: 0,
      failed: 0,
    });
    expect((await call(dan, "GET", `/api/students/email-batches/${body.batchId}`)).status).toBe(404);
  });

  it.each(["welcome", "completion"] as const)("writes the %s template", async (emailType) => {
    const response = await call(cara, "POST", "/api/students/email", {
      enrollmentIds: [await enrolmentId(binh, pho)],
      emailType,
    });
    expect(response.status).toBe(202);
    const { batchId } = (await response.json()) as { batchId: string };
    const [row] = await ctx.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.batch_id, batchId));
    expect(row.template).toBe(emailType);
    expect(row.subject).toMatch(emailType === "welcome" ? /^Welcome to / : /^Congratulations on completing /);
  });
});

describe("POST /api/students/enrollments/{id}/payment", () => {
  it("confirms a pending paid enrolment: access granted and the student e-mailed", async () => {
    const id = await enrolmentId(cuong, paid);
    expect(
      (await call(dan, "POST", `/api/students/enrollments/${id}/payment`, { action: "confirm" })).status,
    ).toBe(404);
    const player = await call(cuong, "GET", `/api/learn/${paid}`);
    expect(player.status).toBe(403);
    const response = await call(cara, "POST", `/api/students/enrollments/${id}/payment`, {
      action: "confirm",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enrollmentId: id, paymentStatus: "completed" });
    expect((await call(cuong, "GET", `/api/learn/${paid}`)).status).toBe(200);
    const mails = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to_address, cuong.email), eq(emailOutbox.template, "order-receipt")));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("1.990.000");

    const again = await call(cara, "POST", `/api/students/enrollments/${id}/payment`, { action: "confirm" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(STUDENT_MESSAGES.notPending);
  });

  it("cancels a pending enrolment and its open order (unpaid enrolments were never counted)", async () => {
    await enrol(binh, paid);
    const id = await enrolmentId(binh, paid);
    const before = await countOf(paid);
    const response = await call(cara, "POST", `/api/students/enrollments/${id}/payment`, {
      action: "cancel",
    });
    expect(response.status).toBe(200);
    expect(await countOf(paid)).toBe(before);
    const open = await ctx.runtime.db.execute(
      sql`select status from orders where enrollment_id = ${id} order by created_at desc limit 1`,
    );
    expect((open as unknown as { rows: { status: string }[] }).rows[0].status).toBe("cancelled");
    const [row] = await ctx.runtime.db.select().from(enrollments).where(eq(enrollments.id, id));
    expect(row.payment_status).toBe("cancelled");
    expect(
      (await call(an, "POST", `/api/students/enrollments/${id}/payment`, { action: "cancel" })).status,
    ).toBe(403);
  });
});

describe("GET /api/students/export.csv", () => {
  it("exports the spec's columns as UTF-8 with a BOM, with the list's filters", async () => {
    const response = await call(cara, "GET", "/api/students/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const parsed = Papa.parse<string[]>(text.trim());
    expect(parsed.data[0]).toEqual([
      "Name",
      "Email",
      "Course",
      "Progress %",
      "Status",
      "Enrolled Date",
      "Last Accessed",
    ]);
    const rows = parsed.data.slice(1);
    const total = (await listed(cara)).total;
    expect(rows).toHaveLength(total);
    const anPho = rows.find((r) => r[0] === "Nguyễn Văn An" && r[2] === "Phở at Home");
    expect(anPho?.slice(1)).toEqual([
      an.email,
      "Phở at Home",
      "100",
      "Completed",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
    expect(rows.some((r) => r[0] === "Đặng Dũng" && r[2] === "Dan's Pottery")).toBe(false);
    expect(rows.find((r) => r[0] === "Trần Thị Bình" && r[2] === "Phở Masterclass")?.[4]).toBe("Cancelled");

    const filtered = await call(cara, "GET", "/api/students/export.csv?search=nguyen");
    const filteredRows = Papa.parse<string[]>(
      (await filtered.text()).replace(/^\uFEFF/, "").trim(),
    ).data.slice(1);
    expect(filteredRows.map((r) => r[0])).toEqual(["Nguyễn Văn An", "Nguyễn Văn An"]);
  });

  it("reads every row however many pages it takes (keyset), each exactly once", async () => {
    const ids = await ctx.runtime.db.select({ id: enrollments.id }).from(enrollments);
    expect(ids.length).toBeGreaterThan(0);
    // 2,100 extra enrolments (4 students × 525 courses) whose enrolment dates are equal in groups
    // cross the export's 2,000-row page boundary with ties (resolved by id).
    const values = Array.from({ length: 525 }, (_, i) => ({
      creator_id: cara.userId,
      title: `Bulk course ${i}`,
      slug: `bulk-course-${i}-${Date.now()}`,
      is_published: true,
    }));
    const created = await ctx.runtime.db.insert(courses).values(values).returning({ id: courses.id });
    const extra: Array<typeof enrollments.$inferInsert> = [];
    const students = await ctx.runtime.db
      .select({ id: profiles.user_id })
      .from(profiles)
      .where(inArray(profiles.user_id, [an.userId, binh.userId, cuong.userId, dung.userId]));
    for (const [i, c] of created.entries())
      for (const s of students)
        extra.push({
          course_id: c.id,
          student_id: s.id,
          enrollment_date: new Date(Date.UTC(2026, 0, 1 + (i % 3))),
        });
    await ctx.runtime.db.insert(enrollments).values(extra);
    const total = (await listed(cara)).total;
    const text = (await (await call(cara, "GET", "/api/students/export.csv")).text()).replace(/^\uFEFF/, "");
    const rows = Papa.parse<string[]>(text.trim()).data.slice(1);
    expect(rows).toHaveLength(total);
    const keys = new Set(rows.map((r) => `${r[1]}|${r[2]}`));
    expect(keys.size).toBe(total);
  });

  it("is for creators only", async () => {
    expect((await call(null, "GET", "/api/students/export.csv")).status).toBe(401);
    expect((await call(an, "GET", "/api/students/export.csv")).status).toBe(403);
  });
});
