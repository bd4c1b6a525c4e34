import { type ErrorBody, HELP_MESSAGES } from "@academy/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  emailOutbox,
  featureRequests,
  featureVotes,
  guides,
  profiles,
  supportTickets,
} from "../src/db/schema/index.ts";
import { setAdminByEmail } from "../src/features/admin/admin.service.ts";
import {
  createTestContext,
  enrolTwoFactor,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let admin: Account;
let creator: Account;
let other: Account;
let student: Account;
let outsider: Account; // a student of another creator's course
let courseId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}
async function mailsTo(email: string) {
  return ctx.runtime.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, email.toLowerCase()), eq(emailOutbox.template, "support-ticket")));
}

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, creator, other, student, outsider] = await Promise.all([
    signUpAndSignIn(ctx, { name: "Ada Admin" }),
    signUpAndSignIn(ctx, { name: "Cara Creator" }),
    signUpAndSignIn(ctx, { name: "Dan Creator" }),
    signUpAndSignIn(ctx, { name: "Stu Student" }),
    signUpAndSignIn(ctx, { name: "Out Sider" }),
  ]);
  await setAdminByEmail(ctx.runtime.db, admin.email, true, { id: null, email: "test" });
  await enrolTwoFactor(ctx, admin); // admin routes need two-factor sign-in (issue 25 item 6)
  courseId = await publishCourse(ctx, creator.cookie, oneLessonDraft("Bánh mì basics"));
  const otherCourse = await publishCourse(ctx, other.cookie, oneLessonDraft("Other course"));
  for (const [who, id] of [
    [student, courseId],
    [outsider, otherCourse],
  ] as const) {
    const response = await call(who, "POST", `/api/courses/${id}/enroll`);
    expect(response.status).toBe(200);
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
  }
}, 60_000);
afterAll(() => ctx?.close());

describe("FAQ and guides", () => {
  it("serves seeded FAQ by role, searchable in both languages, by category; anonymous refused", async () => {
    expect((await call(null, "GET", "/api/help/faq")).status).toBe(401);
    const forCreator = (await (await call(creator, "GET", "/api/help/faq")).json()) as {
      entries: Array<{ audience: string; questionEn: string }>;
    };
    expect(forCreator.entries.length).toBeGreaterThan(3);
    expect(forCreator.entries.every((e) => e.audience !== "student")).toBe(true);
    const forStudent = (await (await call(student, "GET", "/api/help/faq?category=certificates")).json()) as {
      entries: Array<{ category: string; answerEn: string }>;
    };
    expect(forStudent.entries.every((e) => e.category === "certificates")).toBe(true);
    expect(forStudent.entries[0].answerEn).toContain("100%");
    // Accent-insensitive Vietnamese search ("chung chi" finds "chứng chỉ").
    const vi = (await (await call(student, "GET", "/api/help/faq?search=chung%20chi")).json()) as {
      entries: Array<{ questionVi: string }>;
    };
    expect(vi.entries.some((e) => e.questionVi.includes("chứng chỉ"))).toBe(true);
    const none = (await (await call(student, "GET", "/api/help/faq?search=zzzqqq")).json()) as {
      entries: unknown[];
    };
    expect(none.entries).toHaveLength(0);
  });

  it("admins manage FAQ entries in both languages (others refused)", async () => {
    const body = {
      category: "account",
      questionEn: "Can I delete my account?",
      answerEn: "Write to support.",
      questionVi: "Tôi có thể xóa tài khoản không?",
      answerVi: "Hãy viết cho bộ phận hỗ trợ.",
    };
    expect((await call(creator, "POST", "/api/admin/faq", body)).status).toBe(403);
    const missing = await call(admin, "POST", "/api/admin/faq", { ...body, answerVi: "" });
    expect((await errorOf(missing)).message).toBe(HELP_MESSAGES.required);
    const created = await call(admin, "POST", "/api/admin/faq", body);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const found = (await (await call(student, "GET", "/api/help/faq?search=delete")).json()) as {
      entries: Array<{ id: string }>;
    };
    expect(found.entries.map((e) => e.id)).toContain(id);
    expect((await call(admin, "DELETE", `/api/admin/faq/${id}`)).status).toBe(204);
  });

  it("serves guides (markdown) by role", async () => {
    const guides = (await (await call(creator, "GET", "/api/help/guides")).json()) as {
      guides: Array<{ audience: string; bodyEn: string }>;
    };
    expect(guides.guides.length).toBeGreaterThan(0);
    expect(guides.guides.every((g) => g.audience !== "student")).toBe(true);
    expect(guides.guides[0].bodyEn).toContain("## ");
  });
});

describe("guides managed by admins (issue 14)", () => {
  type GuideDto = { id: string; slug: string; titleEn: string; bodyEn: string; isPublished: boolean };
  const input = {
    titleEn: "Pricing your first course",
    bodyEn:
      "## Price\n\nStart <script>alert(1)</script>low. [Click](javascript:alert(1)) <img src=x onerror=alert(1)>\n<!-- hidden -->\n> tip",
    titleVi: "Định giá khóa học đầu tiên",
    bodyVi: "## Giá\n\nBắt đầu thấp.",
    audience: "creator",
  };
  const titlesFor = async (who: Account) =>
    ((await (await call(who, "GET", "/api/help/guides")).json()) as { guides: GuideDto[] }).guides.map(
      (g) => g.titleEn,
    );

  it("creates a draft with cleaned markdown and a slug; publishing shows it to its audience only", async () => {
    const created = await call(admin, "POST", "/api/admin/guides", input);
    expect(created.status).toBe(201);
    const guide = (await created.json()) as GuideDto;
    expect(guide).toMatchObject({ slug: "pricing-your-first-course", isPublished: false });
    expect(guide.bodyEn).not.toMatch(/<script|<img|javascript:|<!--/i);
    expect(guide.bodyEn).toContain("## Price");
    expect(guide.bodyEn).toContain("> tip");
    expect(guide.bodyEn).toContain("[Click](#)");

    expect(await titlesFor(creator)).not.toContain(input.titleEn);
    expect(await titlesFor(admin)).toContain(input.titleEn);

    const published = await call(admin, "PATCH", `/api/admin/guides/${guide.id}/publish`, {
      isPublished: true,
    });
    expect(((await published.json()) as GuideDto).isPublished).toBe(true);
    expect(await titlesFor(creator)).toContain(input.titleEn);
    expect(await titlesFor(student)).not.toContain(input.titleEn);

    // A second guide with the same title gets the next free address; a typed one that is taken is 409.
    const twin = (await (await call(admin, "POST", "/api/admin/guides", input)).json()) as GuideDto;
    expect(twin.slug).toBe("pricing-your-first-course-2");
    const taken = await call(admin, "PUT", `/api/admin/guides/${twin.id}`, {
      ...input,
      slug: "pricing-your-first-course",
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe(HELP_MESSAGES.guideSlugTaken);

    const edited = await call(admin, "PUT", `/api/admin/guides/${guide.id}`, {
      ...input,
      titleEn: "Pricing, revised",
      isPublished: true,
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()) as GuideDto).toMatchObject({
      titleEn: "Pricing, revised",
      slug: "pricing-your-first-course",
    });

    const unpublished = await call(admin, "PATCH", `/api/admin/guides/${guide.id}/publish`, {
      isPublished: false,
    });
    expect(unpublished.status).toBe(200);
    expect(await titlesFor(creator)).not.toContain("Pricing, revised");

    expect((await call(admin, "DELETE", `/api/admin/guides/${guide.id}`)).status).toBe(204);
    expect((await call(admin, "DELETE", `/api/admin/guides/${guide.id}`)).status).toBe(404);
    expect(await titlesFor(admin)).not.toContain("Pricing, revised");
    const actions = (
      await ctx.runtime.db.select().from(adminAuditLog).where(eq(adminAuditLog.target_id, guide.id))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "guide.create",
        "guide.publish",
        "guide.update",
        "guide.unpublish",
        "guide.delete",
      ]),
    );
  });

  it("validates with the shared schema and refuses creators and students", async () => {
    const missing = await call(admin, "POST", "/api/admin/guides", { ...input, titleVi: " " });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe(HELP_MESSAGES.required);
    const badSlug = await call(admin, "POST", "/api/admin/guides", { ...input, slug: "not a slug!" });
    expect(badSlug.status).toBe(400);
    for (const who of [creator, student]) {
      expect((await call(who, "POST", "/api/admin/guides", input)).status).toBe(403);
    }
    const before = await ctx.runtime.db.select({ n: count() }).from(guides);
    expect((await call(creator, "DELETE", `/api/admin/guides/${UNKNOWN}`)).status).toBe(403);
    expect(await ctx.runtime.db.select({ n: count() }).from(guides)).toEqual(before);
  });
});

describe("support tickets", () => {
  it("requires subject and description with the spec's text and writes nothing", async () => {
    const before = await ctx.runtime.db.select({ n: count() }).from(supportTickets);
    for (const body of [{}, { subject: "Hi", description: "" }, { subject: " ", description: "x" }]) {
      const response = await call(creator, "POST", "/api/help/tickets", body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe("Please fill in all required fields");
    }
    expect(
      (await call(creator, "POST", "/api/help/tickets", { subject: "x".repeat(100_000), description: "d" }))
        .status,
    ).toBe(400);
    expect(
      (await call(creator, "POST", "/api/help/tickets", { subject: "a\u0000b", description: "d" })).status,
    ).toBe(400);
    expect((await call(null, "POST", "/api/help/tickets", { subject: "a", description: "d" })).status).toBe(
      401,
    );
    const after = await ctx.runtime.db.select({ n: count() }).from(supportTickets);
    expect(after[0].n).toBe(before[0].n);
  });

  it("a creator files a platform ticket; only the creator and admins see it; replies e-mail the other side", async () => {
    const created = await call(creator, "POST", "/api/help/tickets", {
      subject: "Payout question",
      description: "When are payouts sent?",
      priority: "high",
    });
    expect(created.status).toBe(201);
    const ticket = (await created.json()) as {
      id: string;
      status: string;
      priority: string;
      canManage: boolean;
    };
    expect(ticket).toMatchObject({ status: "open", priority: "high", canManage: false });

    for (const who of [other, student]) {
      expect((await call(who, "GET", `/api/help/tickets/${ticket.id}`)).status).toBe(403);
      expect((await call(who, "POST", `/api/help/tickets/${ticket.id}/replies`, { body: "hi" })).status).toBe(
        403,
      );
    }
    expect((await call(null, "GET", `/api/help/tickets/${ticket.id}`)).status).toBe(401);
    expect((await call(admin, "GET", `/api/help/tickets/${UNKNOWN}`)).status).toBe(404);

    const inbox = (await (await call(admin, "GET", "/api/help/tickets?box=inbox")).json()) as {
      tickets: Array<{ id: string }>;
    };
    expect(inbox.tickets.map((t) => t.id)).toContain(ticket.id);
    const otherInbox = (await (await call(other, "GET", "/api/help/tickets?box=inbox")).json()) as {
      tickets: Array<{ id: string }>;
    };
    expect(otherInbox.tickets.map((t) => t.id)).not.toContain(ticket.id);

    const answered = await call(admin, "POST", `/api/help/tickets/${ticket.id}/replies`, {
      body: "Every Monday.",
    });
    expect(answered.status).toBe(201);
    const thread = (await answered.json()) as {
      status: string;
      replies: Array<{ fromStaff: boolean; body: string }>;
    };
    expect(thread.status).toBe("pending");
    expect(thread.replies).toEqual([expect.objectContaining({ fromStaff: true, body: "Every Monday." })]);
    expect(await mailsTo(creator.email)).toHaveLength(1);

    const back = await call(creator, "POST", `/api/help/tickets/${ticket.id}/replies`, { body: "Thanks!" });
    expect(((await back.json()) as { status: string }).status).toBe("open");
    expect(await mailsTo("support@academy.local")).toHaveLength(1);

    // The requester may only resolve; the admin sets any status.
    expect(
      (await call(creator, "PATCH", `/api/help/tickets/${ticket.id}/status`, { status: "pending" })).status,
    ).toBe(403);
    const resolved = await call(admin, "PATCH", `/api/help/tickets/${ticket.id}/status`, {
      status: "resolved",
    });
    expect(((await resolved.json()) as { status: string }).status).toBe("resolved");
  });

  it("a student contacts their instructor; the creator answers; other creators and students cannot see it", async () => {
    const missing = await call(student, "POST", "/api/help/contact-instructor", {
      subject: "",
      message: "x",
    });
    expect((await errorOf(missing)).message).toBe("Please fill in all required fields");
    const options = (await (await call(student, "GET", "/api/help/contact-instructor")).json()) as {
      courses: Array<{ courseId: string; instructorName: string }>;
    };
    expect(options.courses).toEqual([expect.objectContaining({ courseId, instructorName: "Cara Creator" })]);
    // Not enrolled in the other creator's course.
    const notMine = await call(outsider, "POST", "/api/help/contact-instructor", {
      subject: "Hi",
      message: "Question",
      courseId,
    });
    expect(notMine.status).toBe(403);

    const sent = await call(student, "POST", "/api/help/contact-instructor", {
      subject: "Lesson 1",
      message: "Where is the recipe?",
      priority: "normal",
    });
    expect(sent.status).toBe(201);
    const ticket = (await sent.json()) as { id: string; kind: string; priority: string; courseTitle: string };
    expect(ticket).toMatchObject({ kind: "instructor", priority: "medium", courseTitle: "Bánh mì basics" });
    expect(await mailsTo(creator.email)).toHaveLength(2);

    const creatorInbox = (await (await call(creator, "GET", "/api/help/tickets?box=inbox")).json()) as {
      tickets: Array<{ id: string; canManage: boolean }>;
    };
    expect(creatorInbox.tickets.find((t) => t.id === ticket.id)?.canManage).toBe(true);
    for (const who of [other, outsider]) {
      expect((await call(who, "GET", `/api/help/tickets/${ticket.id}`)).status).toBe(403);
    }
    expect((await call(admin, "GET", `/api/help/tickets/${ticket.id}`)).status).toBe(200);
    const reply = await call(creator, "POST", `/api/help/tickets/${ticket.id}/replies`, {
      body: "In the notes.",
    });
    expect(reply.status).toBe(201);
    expect(await mailsTo(student.email)).toHaveLength(1);
    const mine = (await (await call(student, "GET", "/api/help/tickets?box=mine")).json()) as {
      tickets: Array<{ id: string; status: string }>;
    };
    expect(mine.tickets.find((t) => t.id === ticket.id)?.status).toBe("pending");
  });
});

describe("roadmap", () => {
  it("validates, starts under-review with the author's vote, sorts by votes, admins set status", async () => {
    const missing = await call(creator, "POST", "/api/help/feature-requests", {
      title: "",
      description: "d",
      category: "mobile",
    });
    expect((await errorOf(missing)).message).toBe("Please fill in all required fields");
    expect(
      (
        await call(null, "POST", "/api/help/feature-requests", {
          title: "t",
          description: "d",
          category: "mobile",
        })
      ).status,
    ).toBe(401);
    const a = (await (
      await call(creator, "POST", "/api/help/feature-requests", {
        title: "Dark mode",
        description: "Please",
        category: "ui-ux",
      })
    ).json()) as { id: string };
    const b = (await (
      await call(student, "POST", "/api/help/feature-requests", {
        title: "Mobile app",
        description: "iOS",
        category: "mobile",
      })
    ).json()) as { id: string };
    const vote = await call(other, "POST", `/api/help/feature-requests/${b.id}/vote`);
    expect(await vote.json()).toEqual({ votes: 2, hasVoted: true });
    const list = (await (await call(creator, "GET", "/api/help/feature-requests")).json()) as {
      requests: Array<{ id: string; votes: number; status: string; hasVoted: boolean }>;
    };
    expect(list.requests.map((r) => r.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect(list.requests.find((r) => r.id === a.id)).toMatchObject({
      votes: 1,
      status: "under-review",
      hasVoted: true,
    });
    expect(list.requests.find((r) => r.id === b.id)).toMatchObject({ hasVoted: false });
    // Toggling again removes the vote.
    expect(await (await call(other, "POST", `/api/help/feature-requests/${b.id}/vote`)).json()).toEqual({
      votes: 1,
      hasVoted: false,
    });

    for (const who of [creator, student]) {
      expect(
        (await call(who, "PATCH", `/api/admin/feature-requests/${a.id}/status`, { status: "planned" }))
          .status,
      ).toBe(403);
    }
    expect(
      (await call(admin, "PATCH", `/api/admin/feature-requests/${a.id}/status`, { status: "in-progress" }))
        .status,
    ).toBe(204);
    const [row] = await ctx.runtime.db.select().from(featureRequests).where(eq(featureRequests.id, a.id));
    expect(row.status).toBe("in-progress");
    expect(
      (await call(admin, "PATCH", `/api/admin/feature-requests/${a.id}/status`, { status: "shipped" }))
        .status,
    ).toBe(400);
  });

  it("vote toggling stays exact under 50 concurrent toggles", async () => {
    const { id } = (await (
      await call(creator, "POST", "/api/help/feature-requests", {
        title: "Zalo login",
        description: "Sign in",
        category: "integration",
      })
    ).json()) as { id: string };
    const voters = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signUpAndSignIn(ctx, { name: `Voter ${i}` })),
    );
    // 50 toggles: each of 5 voters toggles 10 times at once (an even number → no vote left),
    // plus the author's own vote untouched.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(voters[i % 5], "POST", `/api/help/feature-requests/${id}/vote`),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await ctx.runtime.db.select().from(featureRequests).where(eq(featureRequests.id, id));
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(featureVotes)
      .where(eq(featureVotes.request_id, id));
    expect(row.vote_count).toBe(n);
    expect(n).toBe(1);

    // 50 distinct toggles at once (the 5 voters × 10 concurrent odd rounds are covered above): each
    // voter once more → exactly 6 votes.
    await Promise.all(voters.map((v) => call(v, "POST", `/api/help/feature-requests/${id}/vote`)));
    const [after] = await ctx.runtime.db.select().from(featureRequests).where(eq(featureRequests.id, id));
    expect(after.vote_count).toBe(6);
  }, 60_000);
});
