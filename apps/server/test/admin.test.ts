import {
  ADMIN_MESSAGES,
  type ErrorBody,
  MODERATION_MESSAGES,
  REPORTS_PER_HOUR,
  resolveSeo,
  resolveStyles,
} from "@academy/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  contentReports,
  courses,
  emailOutbox,
  profiles,
  session,
  subjects,
} from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import {
  createTestContext,
  enrolTwoFactor,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
  uniqueEmail,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let admin: Account;
let creator: Account;
let other: Account;
let student: Account;
let courseId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}
async function auditFor(action: string) {
  return ctx.runtime.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));
}

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, creator, other, student] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Ada Admin" }),
    signUpAndSignIn(ctx, { name: "Cara Creator" }),
    signUpAndSignIn(ctx, { name: "Dan Creator" }),
    signUpAndSignIn(ctx, { name: "Stu Student" }),
  ]);
  expect(await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" })).toBe(
    "changed",
  );
  await enrolTwoFactor(ctx, admin); // admin routes need two-factor sign-in (issue 25 item 6)
  await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, student.userId));
  courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Phở at home"));
}, 60_000);
afterAll(() => ctx?.close());

/** Every admin endpoint with a body that passes validation (so the role check is what answers). */
const ADMIN_ENDPOINTS: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/subjects"],
  ["POST", "/api/admin/subjects", { name: "Matrix subject" }],
  ["PATCH", `/api/admin/subjects/${UNKNOWN}`, { isActive: false }],
  ["DELETE", `/api/admin/subjects/${UNKNOWN}`],
  ["GET", "/api/admin/reports"],
  ["POST", `/api/admin/reports/${UNKNOWN}/review`, { decision: "approved" }],
  ["DELETE", `/api/admin/reports/${UNKNOWN}`],
  ["GET", "/api/admin/branding-kits"],
  [
    "POST",
    "/api/admin/branding-kits",
    {
      name: "Matrix kit",
      colors: {
        primary: "#000000",
        secondary: "#111111",
        accent: "#222222",
        background: "#ffffff",
        text: "#000000",
      },
      fonts: { heading: "Inter", body: "Inter" },
      radius: 4,
    },
  ],
  [
    "PUT",
    `/api/admin/branding-kits/${UNKNOWN}`,
    {
      name: "Matrix kit 2",
      colors: {
        primary: "#000000",
        secondary: "#111111",
        accent: "#222222",
        background: "#ffffff",
        text: "#000000",
      },
      fonts: { heading: "Inter", body: "Inter" },
      radius: 4,
    },
  ],
  [
    "PUT",
    "/api/admin/settings",
    {
      platformName: "Academy",
      supportEmail: "help@example.com",
      defaultLanguage: "vi",
      signupMode: "open",
      maintenanceBanner: "",
      liveChatHours: "9AM-5PM EST",
      liveChatUrl: "",
      publicStatsMinimum: 100,
    },
  ],
  ["GET", "/api/admin/users"],
  ["PATCH", `/api/admin/users/${UNKNOWN}/role`, { role: "creator" }],
  ["POST", `/api/admin/users/${UNKNOWN}/suspend`, {}],
  ["POST", `/api/admin/users/${UNKNOWN}/restore`, {}],
  ["GET", "/api/admin/audit"],
  [
    "POST",
    "/api/admin/faq",
    { category: "account", questionEn: "Q", answerEn: "A", questionVi: "H", answerVi: "Đ" },
  ],
  [
    "PUT",
    `/api/admin/faq/${UNKNOWN}`,
    { category: "account", questionEn: "Q", answerEn: "A", questionVi: "H", answerVi: "Đ" },
  ],
  ["DELETE", `/api/admin/faq/${UNKNOWN}`],
  ["PATCH", `/api/admin/feature-requests/${UNKNOWN}/status`, { status: "planned" }],
  ["POST", "/api/admin/guides", { titleEn: "G", bodyEn: "B", titleVi: "G", bodyVi: "B" }],
  ["PUT", `/api/admin/guides/${UNKNOWN}`, { titleEn: "G", bodyEn: "B", titleVi: "G", bodyVi: "B" }],
  ["PATCH", `/api/admin/guides/${UNKNOWN}/publish`, { isPublished: true }],
  ["DELETE", `/api/admin/guides/${UNKNOWN}`],
];

describe("admin authorization matrix", () => {
  it("refuses every admin endpoint to anonymous (401), students, creators and another creator (403)", async () => {
    const before = await ctx.runtime.db.select().from(adminAuditLog);
    for (const [method, path, body] of ADMIN_ENDPOINTS) {
      expect((await call(null, method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      for (const who of [student, creator, other]) {
        const response = await call(who, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect((await errorOf(response)).message).toBe(ADMIN_MESSAGES.adminOnly);
      }
    }
    // Nothing was written by the refused calls.
    expect(await ctx.runtime.db.select().from(adminAuditLog)).toHaveLength(before.length);
    expect(
      await ctx.runtime.db.select().from(subjects).where(eq(subjects.name, "Matrix subject")),
    ).toHaveLength(0);
  });

  it("lets the admin through every endpoint (2xx, or 404 for the unknown ids)", async () => {
    for (const [method, path, body] of ADMIN_ENDPOINTS) {
      const status = (await call(admin, method, path, body)).status;
      expect([200, 201, 204, 404], `${method} ${path}`).toContain(status);
    }
  });

  it("a revoked admin is refused at once", async () => {
    const temp = await signUpAndSignIn(ctx);
    await setAdminByEmail(ctx.runtime.db, temp.email, true, { id: null, email: "test" });
    await enrolTwoFactor(ctx, temp);
    expect((await call(temp, "GET", "/api/admin/users")).status).toBe(200);
    expect(await setAdminByEmail(ctx.runtime.db, temp.email, false, { id: null, email: "test" })).toBe(
      "changed",
    );
    expect((await call(temp, "GET", "/api/admin/users")).status).toBe(403);
    const [row] = await ctx.runtime.db.select().from(profiles).where(eq(profiles.user_id, temp.userId));
    expect(row.role).toBe("creator");
    expect(await setAdminByEmail(ctx.runtime.db, "nobody@example.com", true, { id: null, email: "t" })).toBe(
      "missing",
    );
  });
});

describe("subjects", () => {
  it("requires a name with the spec's text and writes nothing", async () => {
    for (const body of [{}, { name: "" }, { name: "   " }]) {
      const response = await call(admin, "POST", "/api/admin/subjects", body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe("Subject name is required");
    }
    expect((await call(admin, "POST", "/api/admin/subjects", { name: "x".repeat(100_000) })).status).toBe(
      400,
    );
    expect((await call(admin, "POST", "/api/admin/subjects", { name: "bad\u0000name" })).status).toBe(400);
  });

  it("adds a subject active with 0 courses and the 📚 icon, refuses a duplicate name, counts courses for real", async () => {
    const response = await call(admin, "POST", "/api/admin/subjects", {
      name: "Cooking",
      description: "Food",
    });
    expect(response.status).toBe(201);
    const subject = (await response.json()) as {
      id: string;
      icon: string;
      isActive: boolean;
      totalCourses: number;
    };
    expect(subject).toMatchObject({ icon: "📚", isActive: true, totalCourses: 0 });
    const duplicate = await call(admin, "POST", "/api/admin/subjects", { name: "cooking" });
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe(ADMIN_MESSAGES.duplicate);

    const audit = await auditFor("subject.create");
    expect(audit.find((a) => a.target_id === subject.id)).toMatchObject({
      actor_id: admin.userId,
      before: null,
    });

    // A course picks the subject: the count is real and the subject cannot be deleted.
    await ctx.runtime.db.update(courses).set({ subject_id: subject.id }).where(eq(courses.id, courseId));
    const list = (await (await call(admin, "GET", "/api/admin/subjects")).json()) as {
      subjects: Array<{ id: string; totalCourses: number }>;
    };
    expect(list.subjects.find((s) => s.id === subject.id)?.totalCourses).toBe(1);
    const refused = await call(admin, "DELETE", `/api/admin/subjects/${subject.id}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(ADMIN_MESSAGES.subjectInUse);

    // Toggle inactive: creators no longer see it in the builder's list.
    const toggled = await call(admin, "PATCH", `/api/admin/subjects/${subject.id}`, { isActive: false });
    expect(((await toggled.json()) as { isActive: boolean }).isActive).toBe(false);
    const active = (await (await call(creator, "GET", "/api/subjects")).json()) as {
      subjects: Array<{ id: string }>;
    };
    expect(active.subjects.some((s) => s.id === subject.id)).toBe(false);
    const [update] = (await auditFor("subject.update")).filter((a) => a.target_id === subject.id);
    expect(update.before).toMatchObject({ isActive: true });
    expect(update.after).toMatchObject({ isActive: false });

    await ctx.runtime.db.update(courses).set({ subject_id: null }).where(eq(courses.id, courseId));
    expect((await call(admin, "DELETE", `/api/admin/subjects/${subject.id}`)).status).toBe(204);
    expect((await auditFor("subject.delete")).some((a) => a.target_id === subject.id)).toBe(true);
  });
  it("a course picks an active subject in the builder; the count follows; an inactive or unknown one is refused", async () => {
    const created = await call(admin, "POST", "/api/admin/subjects", { name: "Baking", icon: "🥖" });
    const subject = (await created.json()) as { id: string; icon: string };
    expect(subject.icon).toBe("🥖");
    const picked = await publishCourse(
      ctx,
      creator.cookie,
      oneLessonDraft("Bread 101", { subjectId: subject.id }),
    );
    const draft = await call(creator, "GET", `/api/courses/${picked}/builder`);
    expect(draft.status).toBe(200);
    expect(((await draft.json()) as { subjectId: string }).subjectId).toBe(subject.id);
    const count = async () =>
      (
        (await (await call(admin, "GET", "/api/admin/subjects")).json()) as {
          subjects: Array<{ id: string; totalCourses: number }>;
        }
      ).subjects.find((s) => s.id === subject.id)?.totalCourses;
    expect(await count()).toBe(1);
    await call(admin, "PATCH", `/api/admin/subjects/${subject.id}`, { isActive: false });
    const refused = await call(
      creator,
      "POST",
      "/api/courses/publish",
      oneLessonDraft("Cakes", { subjectId: subject.id }),
    );
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe("Please choose a subject from the list.");
    expect(
      (await call(creator, "POST", "/api/courses/publish", oneLessonDraft("Pies", { subjectId: UNKNOWN })))
        .status,
    ).toBe(400);
    // The course that already has it keeps it when published again.
    expect(
      (
        await call(
          creator,
          "POST",
          "/api/courses/publish",
          oneLessonDraft("Bread 101", { courseId: picked, subjectId: subject.id }),
        )
      ).status,
    ).toBe(200);
    expect(await count()).toBe(1);
  });
});

describe("content moderation", () => {
  it("anyone signed in reports a course; the admin approves it once; the owner is e-mailed", async () => {
    expect(
      (await call(null, "POST", "/api/reports", { targetType: "course", targetId: courseId, reason: "x" }))
        .status,
    ).toBe(401);
    const empty = await call(student, "POST", "/api/reports", {
      targetType: "course",
      targetId: courseId,
      reason: " ",
    });
    expect((await errorOf(empty)).message).toBe("Please fill in all required fields");
    expect(
      (
        await call(student, "POST", "/api/reports", {
          targetType: "course",
          targetId: UNKNOWN,
          reason: "Spam",
        })
      ).status,
    ).toBe(404);
    const created = await call(student, "POST", "/api/reports", {
      targetType: "course",
      targetId: courseId,
      reason: "Spam",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [row] = await ctx.runtime.db.select().from(contentReports).where(eq(contentReports.id, id));
    expect(row).toMatchObject({ owner_id: creator.userId, reporter_id: student.userId, status: "pending" });

    const pending = (await (await call(admin, "GET", "/api/admin/reports?status=pending")).json()) as {
      reports: Array<{ id: string; targetTitle: string; reporterEmail: string }>;
    };
    expect(pending.reports.find((r) => r.id === id)).toMatchObject({
      targetTitle: "Phở at home",
      reporterEmail: student.email.toLowerCase(),
    });

    expect(
      (await call(admin, "POST", `/api/admin/reports/${id}/review`, { decision: "approved" })).status,
    ).toBe(204);
    const again = await call(admin, "POST", `/api/admin/reports/${id}/review`, { decision: "rejected" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(ADMIN_MESSAGES.notPending);
    const mail = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, creator.email.toLowerCase()),
          eq(emailOutbox.template, "moderation-decision"),
        ),
      );
    expect(mail).toHaveLength(1);
    const [course] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course.is_published).toBe(true);
    expect((await auditFor("report.keep")).some((a) => a.target_id === courseId)).toBe(true);
  });

  it("keeps the reason and details, answers a repeat with the same report, limits reports per hour", async () => {
    const reporter = await signUpAndSignIn(ctx, { name: "Rita Reporter" });
    const first = await call(reporter, "POST", "/api/reports", {
      targetType: "course",
      targetId: courseId,
      reason: "misleading",
      details: "  The outline promises 40 lessons; there is one.  ",
    });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const repeat = await call(reporter, "POST", "/api/reports", {
      targetType: "course",
      targetId: courseId,
      reason: "spam",
    });
    expect(((await repeat.json()) as { id: string }).id).toBe(id);
    const listed = (await (await call(admin, "GET", "/api/admin/reports?status=pending")).json()) as {
      reports: Array<{ id: string; reason: string; details: string | null }>;
    };
    expect(listed.reports.find((r) => r.id === id)).toMatchObject({
      reason: "misleading",
      details: "The outline promises 40 lessons; there is one.",
    });
    const tooLong = await call(reporter, "POST", "/api/reports", {
      targetType: "course",
      targetId: courseId,
      reason: "other",
      details: "x".repeat(2001),
    });
    expect(tooLong.status).toBe(400);

    // REPORTS_PER_HOUR new reports an hour: the first one counted, then nine more, then 429.
    const courseIds = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR }, (_, i) =>
        publishCourse(ctx, other.cookie, oneLessonDraft(`Reportable ${i}`)),
      ),
    );
    for (const target of courseIds.slice(0, REPORTS_PER_HOUR - 1)) {
      const r = await call(reporter, "POST", "/api/reports", {
        targetType: "course",
        targetId: target,
        reason: "spam",
      });
      expect(r.status).toBe(201);
    }
    const limited = await call(reporter, "POST", "/api/reports", {
      targetType: "course",
      targetId: courseIds[REPORTS_PER_HOUR - 1],
      reason: "spam",
    });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe(ADMIN_MESSAGES.tooManyReports);
    const rows = await ctx.runtime.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.reporter_id, reporter.userId));
    expect(rows).toHaveLength(REPORTS_PER_HOUR);
  });

  it("rejecting a report unpublishes the course; a discussion report is shown generically", async () => {
    const other = await publishCourse(ctx, creator.cookie, oneLessonDraft("Spam course"));
    const { id } = (await (
      await call(student, "POST", "/api/reports", { targetType: "course", targetId: other, reason: "Scam" })
    ).json()) as { id: string };
    expect(
      (
        await call(admin, "POST", `/api/admin/reports/${id}/review`, {
          decision: "rejected",
          note: "Misleading",
        })
      ).status,
    ).toBe(204);
    const [course] = await ctx.runtime.db.select().from(courses).where(eq(courses.id, other));
    expect(course.is_published).toBe(false);

    // As the community feature writes it (issue 13): a discussion the Admin Panel cannot read itself.
    const [discussion] = await ctx.runtime.db
      .insert(contentReports)
      .values({
        target_type: "discussion",
        target_id: "d-123",
        owner_id: creator.userId,
        reporter_id: student.userId,
        reason: "Rude",
      })
      .returning();
    const all = (await (await call(admin, "GET", "/api/admin/reports")).json()) as {
      reports: Array<{ id: string; targetType: string; targetTitle: string | null; status: string }>;
    };
    expect(all.reports.find((r) => r.id === discussion.id)).toMatchObject({
      targetType: "discussion",
      targetTitle: null,
      status: "pending",
    });
    expect((await call(admin, "DELETE", `/api/admin/reports/${discussion.id}`)).status).toBe(204);
    expect(
      await ctx.runtime.db.select().from(contentReports).where(eq(contentReports.id, discussion.id)),
    ).toHaveLength(0);
  });
});

describe("branding kits", () => {
  it("seeds the four themes, lists active kits to creators, admins add and edit", async () => {
    const kits = (await (await call(creator, "GET", "/api/branding-kits")).json()) as {
      kits: Array<{ name: string }>;
    };
    expect(kits.kits.map((k) => k.name).slice(0, 4)).toEqual([
      "Modern",
      "Academic",
      "Creative",
      "Professional",
    ]);
    expect((await call(null, "GET", "/api/branding-kits")).status).toBe(401);
    const body = {
      name: "Saigon Night",
      colors: {
        primary: "#101010",
        secondary: "#202020",
        accent: "#ff0000",
        background: "#000000",
        text: "#ffffff",
      },
      fonts: { heading: "Inter", body: "Inter" },
      radius: 10,
    };
    const created = await call(admin, "POST", "/api/admin/branding-kits", body);
    expect(created.status).toBe(201);
    const kit = (await created.json()) as { id: string };
    expect((await call(admin, "POST", "/api/admin/branding-kits", { ...body, radius: 21 })).status).toBe(400);
    const edited = await call(admin, "PUT", `/api/admin/branding-kits/${kit.id}`, {
      ...body,
      radius: 0,
      isActive: false,
    });
    expect(((await edited.json()) as { radius: number }).radius).toBe(0);
    const visible = (await (await call(creator, "GET", "/api/branding-kits")).json()) as {
      kits: Array<{ id: string }>;
    };
    expect(visible.kits.some((k) => k.id === kit.id)).toBe(false);
  });
});

describe("settings and sign-up modes", () => {
  const settings = {
    platformName: "Học viện Sen",
    supportEmail: "help@sen.vn",
    defaultLanguage: "vi",
    signupMode: "closed",
    maintenanceBanner: "Maintenance tonight 22:00–23:00",
    liveChatHours: "8:00–17:00",
    liveChatUrl: "",
    publicStatsMinimum: 100,
  };
  async function signUp(email: string) {
    return ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "New Person", email, password: "correct-horse-battery" },
    });
  }

  it("stores settings, shows them publicly, audits before and after, and enforces the sign-up mode", async () => {
    const bad = await call(admin, "PUT", "/api/admin/settings", { ...settings, supportEmail: "nope" });
    expect(bad.status).toBe(400);
    expect((await call(admin, "PUT", "/api/admin/settings", settings)).status).toBe(200);
    const shown = (await (await call(null, "GET", "/api/platform-settings")).json()) as {
      maintenanceBanner: string;
    };
    expect(shown).toMatchObject(settings);
    const [entry] = await auditFor("settings.update").then((rows) => rows.slice(-1));
    expect(entry.before).toMatchObject({ signupMode: "open" });
    expect(entry.after).toMatchObject({ signupMode: "closed", platformName: "Học viện Sen" });

    const closed = await signUp(uniqueEmail("closed"));
    expect(closed.status).toBe(403);
    expect(((await closed.json()) as { message: string }).message).toBe(ADMIN_MESSAGES.signupsClosed);

    await call(admin, "PUT", "/api/admin/settings", { ...settings, signupMode: "invite-only" });
    const uninvited = await signUp(uniqueEmail("uninvited"));
    expect(uninvited.status).toBe(403);
    expect(((await uninvited.json()) as { message: string }).message).toBe(ADMIN_MESSAGES.signupsInviteOnly);
    const invitedEmail = uniqueEmail("invited");
    const invite = await call(creator, "POST", "/api/invitations", {
      email: invitedEmail,
      courseIds: [courseId],
    });
    expect(invite.status).toBeLessThan(300);
    expect((await signUp(invitedEmail)).status).toBe(200);

    await call(admin, "PUT", "/api/admin/settings", {
      ...settings,
      signupMode: "open",
      maintenanceBanner: "",
    });
    expect((await signUp(uniqueEmail("open"))).status).toBe(200);
  });

  it("the home page's platform figures are real counts, shown only once they reach the admin's minimum", async () => {
    const figures = async () =>
      (
        (await (await call(null, "GET", "/api/public-stats")).json()) as {
          figures: { key: string; value: number }[];
        }
      ).figures;
    // The default minimum (100) hides this small platform's figures: nothing is shown, nothing invented.
    expect(await figures()).toEqual([]);
    for (const bad of [0, 1.5, "ten", null]) {
      const refused = await call(admin, "PUT", "/api/admin/settings", {
        ...settings,
        publicStatsMinimum: bad,
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.message).toMatch(/whole number from 1/);
    }
    expect(
      (
        await call(admin, "PUT", "/api/admin/settings", {
          ...settings,
          signupMode: "open",
          publicStatsMinimum: 1,
        })
      ).status,
    ).toBe(200);
    const counted = (await ctx.runtime.db.execute(
      sql`select (select count(*) from courses where is_published)::int as courses,
                 (select count(distinct creator_id) from courses where is_published)::int as creators`,
    )) as unknown as { rows: { courses: number; creators: number }[] };
    const shown = await figures();
    expect(shown.find((f) => f.key === "courses")?.value).toBe(counted.rows[0].courses);
    expect(shown.find((f) => f.key === "creators")?.value).toBe(counted.rows[0].creators);
    expect(shown.map((f) => f.key)).toEqual(
      ["creators", "courses", "students", "certificates"].filter((k) => shown.some((f) => f.key === k)),
    );
    // Live chat is a link or nothing (issue 24 §1).
    const http = await call(admin, "PUT", "/api/admin/settings", {
      ...settings,
      liveChatUrl: "http://chat.example",
    });
    expect(http.status).toBe(400);
    expect(((await http.json()) as ErrorBody).error.message).toMatch(/https:\/\//);
    // A minimum above a figure hides that figure only.
    const courses = counted.rows[0].courses;
    await call(admin, "PUT", "/api/admin/settings", {
      ...settings,
      signupMode: "open",
      publicStatsMinimum: counted.rows[0].creators + 1,
    });
    const after = await figures();
    expect(after.some((f) => f.key === "creators")).toBe(false);
    if (courses > counted.rows[0].creators)
      expect(after.find((f) => f.key === "courses")?.value).toBe(courses);
    await call(admin, "PUT", "/api/admin/settings", { ...settings, signupMode: "open" });
  });
});

describe("users", () => {
  it("searches users, changes a role, refuses self-changes", async () => {
    const found = (await (
      await call(admin, "GET", `/api/admin/users?search=${encodeURIComponent("cara")}`)
    ).json()) as {
      users: Array<{ userId: string }>;
      total: number;
    };
    expect(found.users.map((u) => u.userId)).toContain(creator.userId);
    const self = await call(admin, "PATCH", `/api/admin/users/${admin.userId}/role`, { role: "creator" });
    expect(self.status).toBe(403);
    const changed = await call(admin, "PATCH", `/api/admin/users/${other.userId}/role`, { role: "student" });
    expect(((await changed.json()) as { role: string }).role).toBe("student");
    const [entry] = (await auditFor("user.role")).filter((a) => a.target_id === other.userId);
    expect(entry.before).toMatchObject({ role: "creator" });
    expect(entry.after).toMatchObject({ role: "student" });
    await call(admin, "PATCH", `/api/admin/users/${other.userId}/role`, { role: "creator" });
  });

  it("suspension ends a live session at once and refuses sign-in until restored", async () => {
    const victim = await signUpAndSignIn(ctx, { name: "Vic" });
    expect((await call(victim, "GET", "/api/me")).status).toBe(200);
    const suspended = await call(admin, "POST", `/api/admin/users/${victim.userId}/suspend`, {
      reason: "Spam",
    });
    expect(((await suspended.json()) as { suspended: boolean }).suspended).toBe(true);
    expect(await ctx.runtime.db.select().from(session).where(eq(session.userId, victim.userId))).toHaveLength(
      0,
    );
    expect((await call(victim, "GET", "/api/me")).status).toBe(401);
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: victim.email, password: victim.password },
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { message: string }).message).toBe(ADMIN_MESSAGES.suspended);

    expect((await call(admin, "POST", `/api/admin/users/${victim.userId}/restore`, {})).status).toBe(200);
    const again = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: victim.email, password: victim.password },
    });
    expect(again.status).toBe(200);
    const actions = (
      await ctx.runtime.db.select().from(adminAuditLog).where(eq(adminAuditLog.target_id, victim.userId))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["user.suspend", "user.restore"]));
  });

  it("pages the audit log newest first, 20 a page", async () => {
    const first = (await (await call(admin, "GET", "/api/admin/audit?page=1")).json()) as {
      entries: Array<{ createdAt: string; actorEmail: string }>;
      total: number;
      pageSize: number;
    };
    expect(first.pageSize).toBe(20);
    expect(first.total).toBeGreaterThan(first.entries.length - 1);
    const times = first.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    if (first.total > 20) {
      const second = (await (await call(admin, "GET", "/api/admin/audit?page=2")).json()) as {
        entries: unknown[];
      };
      expect(second.entries.length).toBe(Math.min(20, first.total - 20));
    }
  });
});

describe("moderation that sticks (issue 24 §4)", () => {
  it("a course an admin took down stays down, on every path, until a review request is approved", async () => {
    const taken = await publishCourse(ctx, creator.cookie, oneLessonDraft("Khóa học bị báo cáo"));
    const { id } = (await (
      await call(student, "POST", "/api/reports", {
        targetType: "course",
        targetId: taken,
        reason: "misleading",
      })
    ).json()) as { id: string };
    const listed = (await (await call(admin, "GET", "/api/admin/reports?status=pending")).json()) as {
      reports: Array<{
        id: string;
        targetLink: string | null;
        targetExcerpt: string | null;
        takenDown: boolean;
      }>;
    };
    expect(listed.reports.find((r) => r.id === id)).toMatchObject({
      targetLink: `/join/${taken}`,
      targetExcerpt: "Cook Vietnamese dishes at home, step by step.",
      takenDown: false,
    });
    // Remove is for discussions, replies and reviews only.
    const remove = await call(admin, "POST", `/api/admin/reports/${id}/review`, { decision: "removed" });
    expect(remove.status).toBe(400);
    expect((await errorOf(remove)).message).toBe(MODERATION_MESSAGES.removeNotAllowed);
    expect(
      (await call(admin, "POST", `/api/admin/reports/${id}/review`, { decision: "rejected" })).status,
    ).toBe(204);

    // The owner cannot publish it again: Go Live, bulk, the builder, nor a copy.
    const refusals = [
      await call(creator, "PATCH", `/api/courses/${taken}`, { isPublished: true }),
      await call(creator, "POST", "/api/courses/bulk", { action: "publish", courseIds: [taken] }),
      await call(creator, "POST", "/api/courses/publish", {
        ...oneLessonDraft("Khóa học bị báo cáo"),
        courseId: taken,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toBe(MODERATION_MESSAGES.courseTakenDown);
    }
    const copy = (await (await call(creator, "POST", `/api/courses/${taken}/duplicate`)).json()) as {
      id: string;
    };
    expect((await call(creator, "PATCH", `/api/courses/${copy.id}`, { isPublished: true })).status).toBe(403);
    // The database refuses it too, whatever the path.
    await expect(
      ctx.runtime.db.update(courses).set({ is_published: true }).where(eq(courses.id, taken)),
    ).rejects.toThrow();
    const mine = (await (await call(creator, "GET", "/api/courses?pageSize=100")).json()) as {
      items: Array<{ id: string; takenDown: boolean; isPublished: boolean }>;
    };
    expect(mine.items.find((c) => c.id === taken)).toMatchObject({ takenDown: true, isPublished: false });

    // The owner asks for a review, once; nobody else can.
    const ask = (who: Account) =>
      call(who, "POST", "/api/moderation/appeals", {
        targetType: "course",
        targetId: taken,
        message: "Tôi đã sửa mô tả khóa học cho đúng.",
      });
    expect((await ask(other)).status).toBe(404);
    const asked = await ask(creator);
    expect(asked.status).toBe(201);
    const again = await ask(creator);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(MODERATION_MESSAGES.appealPending);
    const appeals = (await (await call(admin, "GET", "/api/admin/reports?status=pending")).json()) as {
      reports: Array<{ id: string; kind: string; targetId: string; details: string; takenDown: boolean }>;
    };
    const appeal = appeals.reports.find((r) => r.kind === "appeal" && r.targetId === taken);
    expect(appeal).toMatchObject({ details: "Tôi đã sửa mô tả khóa học cho đúng.", takenDown: true });
    expect(
      (await call(admin, "POST", `/api/admin/reports/${appeal?.id}/review`, { decision: "approved" })).status,
    ).toBe(204);
    expect((await call(creator, "PATCH", `/api/courses/${taken}`, { isPublished: true })).status).toBe(200);
    // Once it is not down, a review request is refused.
    expect((await errorOf(await ask(creator))).message).toBe(MODERATION_MESSAGES.notTakenDown);

    // Each step is audited; the author got each decision in their language.
    for (const action of ["report.hide", "appeal.request", "appeal.approve"]) {
      expect(
        (await auditFor(action)).some((a) => a.target_id === taken),
        action,
      ).toBe(true);
    }
    const mails = await ctx.runtime.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, creator.email.toLowerCase()),
          eq(emailOutbox.template, "moderation-decision"),
        ),
      );
    expect(mails.map((m) => m.subject)).toContain("Bạn có thể xuất bản lại khóa học");
  });

  it("a landing page taken down cannot be published by its owner", async () => {
    const created = await call(creator, "POST", "/api/landing-pages", {
      title: "Trang bị báo cáo",
      description: "",
      slug: `reported-${Date.now().toString(36)}`,
      courseId: null,
      templateId: null,
      contentData: { sections: [] },
      styleData: resolveStyles({}),
      seoData: resolveSeo({}),
      isPublished: true,
    });
    expect(created.status).toBe(201);
    const page = (await created.json()) as Record<string, unknown> & { id: string };
    const { id } = (await (
      await call(student, "POST", "/api/reports", {
        targetType: "landing_page",
        targetId: page.id,
        reason: "spam",
      })
    ).json()) as { id: string };
    expect(
      (await call(admin, "POST", `/api/admin/reports/${id}/review`, { decision: "rejected" })).status,
    ).toBe(204);
    const {
      id: _id,
      takenDown,
      viewCount: _v,
      conversionCount: _c,
      createdAt: _a,
      updatedAt: _u,
      courseTitle: _t,
      ...input
    } = (await (await call(creator, "GET", `/api/landing-pages/${page.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(takenDown).toBe(true);
    const refused = await call(creator, "PUT", `/api/landing-pages/${page.id}`, {
      ...input,
      isPublished: true,
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(MODERATION_MESSAGES.pageTakenDown);
    // A draft save still works.
    expect(
      (await call(creator, "PUT", `/api/landing-pages/${page.id}`, { ...input, isPublished: false })).status,
    ).toBe(200);
  });

  /** A discussion by `author` in the creator's course, reported as spam by `reporter`. */
  async function reportedDiscussion(author: Account, reporter: Account, title: string, body: string) {
    const [discussion] = (
      (await ctx.runtime.db.execute(sql`insert into discussions (creator_id, course_id, author_id, title, body, body_html)
        values (${creator.userId}, ${courseId}::uuid, ${author.userId}, ${title}, ${body}, ${`<p>${body}</p>`})
        returning id`)) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    const [report] = await ctx.runtime.db
      .insert(contentReports)
      .values({
        target_type: "discussion",
        target_id: discussion.id,
        owner_id: creator.userId,
        reporter_id: reporter.userId,
        reason: "spam",
      })
      .returning();
    return { discussion, report };
  }

  it("Hide hides a reported discussion from everyone but its author (issue 24 §4)", async () => {
    const { discussion, report } = await reportedDiscussion(other, student, "Bán tài liệu lậu", "Inbox mình");
    expect(
      (await call(admin, "POST", `/api/admin/reports/${report.id}/review`, { decision: "rejected" })).status,
    ).toBe(204);
    const hidden = (await ctx.runtime.db.execute(
      sql`select hidden_at is not null as hidden from discussions where id = ${discussion.id}::uuid`,
    )) as unknown as { rows: Array<{ hidden: boolean }> };
    expect(hidden.rows[0].hidden).toBe(true);
    // Not deleted; others are told it does not exist (the author's own view: community.test.ts).
    expect((await call(student, "GET", `/api/community/discussions/${discussion.id}`)).status).toBe(404);
    expect((await auditFor("report.hide")).some((a) => a.target_id === discussion.id)).toBe(true);
  });

  it("Remove deletes a reported discussion, and the decision goes to its author", async () => {
    const { discussion, report } = await reportedDiscussion(
      student,
      other,
      "Mua khóa học giá rẻ",
      "Liên hệ zalo 0900",
    );
    const listed = (await (await call(admin, "GET", "/api/admin/reports?status=pending")).json()) as {
      reports: Array<{
        id: string;
        targetTitle: string | null;
        targetExcerpt: string | null;
        targetLink: string | null;
      }>;
    };
    expect(listed.reports.find((r) => r.id === report.id)).toMatchObject({
      targetTitle: "Mua khóa học giá rẻ",
      targetExcerpt: "Mua khóa học giá rẻ — Liên hệ zalo 0900",
      targetLink: `/dashboard/community?discussion=${discussion.id}`,
    });
    expect(
      (await call(admin, "POST", `/api/admin/reports/${report.id}/review`, { decision: "removed" })).status,
    ).toBe(204);
    const left = (await ctx.runtime.db.execute(
      sql`select count(*)::int as n from discussions where id = ${discussion.id}::uuid`,
    )) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(left.rows[0].n).toBe(0);
    const toAuthor = await ctx.runtime.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to_address, student.email.toLowerCase()),
          eq(emailOutbox.template, "moderation-decision"),
        ),
      );
    expect(toAuthor).toHaveLength(1);
    expect((await auditFor("report.remove")).some((a) => a.target_id === discussion.id)).toBe(true);
  });
});
