/**
 * Security round 2 (issue 25 item 4): the audit's findings N8–N12 and N14–N16
 * (../shared/audits/2026-11-28/security.md), each reproduced and now answered safely.
 */
import {
  achievementListSchema,
  type ErrorBody,
  HELP_MESSAGES,
  JSON_TOO_DEEP_MESSAGE,
  jsonTooDeep,
  NUL_MESSAGE,
  SERVER_MESSAGES,
  sectionContentProblem,
} from "@academy/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox, orders, profiles } from "../src/db/schema/index.ts";
import { TICKET_REPLIES_PER_HOUR, TICKETS_PER_HOUR } from "../src/features/help/tickets.service.ts";
import {
  CLIENT_ERROR_BODY_LIMIT,
  CLIENT_ERRORS_PER_IP_PER_MINUTE,
  redactSecretQueryValues,
} from "../src/features/platform/platform.routes.ts";
import { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS_MESSAGE } from "../src/lib/stream-slots.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // a creator
let courseId: string;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000", TRUST_PROXY: "true" });
  cara = await signUpAndSignIn(ctx, { name: "Creator Cara" });
  courseId = await publishCourse(ctx, cara.cookie, oneLessonDraft("Round two"));
});
afterAll(async () => {
  await ctx?.close();
});

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

/** JSON text of `levels` nested arrays around a string. */
function deepJson(levels: number): string {
  return `${"[".repeat(levels)}"x"${"]".repeat(levels)}`;
}

describe("N16: NUL in page paths and very deep JSON answer 400", () => {
  it("GET /lp/a%00b and /s/a%00b answer 400, not 500", async () => {
    for (const path of ["/lp/a%00b", "/s/a%00b", "/s/school/a%00b"]) {
      const response = await ctx.request(path);
      expect(response.status, path).toBe(400);
      expect((await errorOf(response)).message).toBe(NUL_MESSAGE);
    }
  });

  it("a JSON body nested 5,000 levels deep answers 400 with a readable message on any JSON endpoint", async () => {
    const endpoints: Array<[string, string, string]> = [
      ["POST", "/api/courses/publish", `{"title":${deepJson(5000)}}`],
      [
        "PUT",
        "/api/landing-pages/00000000-0000-4000-8000-000000000000",
        `{"sections":[{"content":${deepJson(5000)}}]}`,
      ],
      ["POST", "/api/client-errors", deepJson(5000)],
      ["POST", "/api/auth/sign-in/email", `{"email":${deepJson(5000)}}`],
    ];
    for (const [method, path, body] of endpoints) {
      const response = await ctx.request(path, {
        method,
        cookie: cara.cookie,
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, path).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe(JSON_TOO_DEEP_MESSAGE);
    }
  });

  it("ordinary bodies and brackets inside strings still pass", async () => {
    expect(jsonTooDeep(`{"a":"${"[".repeat(5000)}"}`)).toBe(false);
    expect(jsonTooDeep(deepJson(100))).toBe(false);
    expect(jsonTooDeep(deepJson(101))).toBe(true);
    expect(await publishCourse(ctx, cara.cookie, oneLessonDraft("Brackets [[{{ in a title"))).toBeTruthy();
  });

  it("landing-section content 5,000 levels deep is refused by its own check without overflowing", () => {
    let content: unknown = "x";
    for (let i = 0; i < 5000; i++) content = { a: content };
    expect(sectionContentProblem("text", content)).toBe("Its content is nested too deeply");
  });
});

describe("N12: /api/client-errors is bounded in size and rate and redacts secrets", () => {
  const report = (url: string) => ({
    message: "TypeError: x is undefined",
    timestamp: new Date().toISOString(),
    url,
    userAgent: "vitest",
  });

  it("logs the page address with token, code, sig, secret and password values redacted", async () => {
    const warn = vi.spyOn(ctx.runtime.logger, "warn");
    try {
      const url =
        "http://localhost:3000/reset-password?token=SECRETQUERYTOKEN&code=CODE1&sig=SIG1&secret=S1&password=P1&invitation=INV1&access_token=AT1&page=2";
      const response = await ctx.request("/api/client-errors", {
        method: "POST",
        ip: "10.25.0.1",
        json: report(url),
      });
      expect(response.status).toBe(204);
      const logged = JSON.stringify(warn.mock.calls.at(-1));
      for (const secret of ["SECRETQUERYTOKEN", "CODE1", "SIG1", "S1&", "P1", "INV1", "AT1"]) {
        expect(logged).not.toContain(secret);
      }
      expect(logged).toContain("token=[redacted]");
      expect(logged).toContain("page=2");
    } finally {
      warn.mockRestore();
    }
    expect(redactSecretQueryValues("at http://x/a?Token=abc#k")).toBe("at http://x/a?Token=[redacted]#k");
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await ctx.request("/api/client-errors", {
      method: "POST",
      ip: "10.25.0.2",
      json: { ...report("http://localhost:3000/"), stack: "x".repeat(CLIENT_ERROR_BODY_LIMIT + 1) },
    });
    expect(response.status).toBe(413);
  });

  it("answers 429 with the usual error shape after the per-IP limit, other addresses unaffected", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ERRORS_PER_IP_PER_MINUTE + 3; i++) {
      const response = await ctx.request("/api/client-errors", {
        method: "POST",
        ip: "10.25.0.3",
        json: report("http://localhost:3000/"),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        const error = await errorOf(response);
        expect(error.code).toBe("RATE_LIMITED");
        expect(error.message).toBe(SERVER_MESSAGES.tooManyEvents);
      }
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(CLIENT_ERRORS_PER_IP_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const other = await ctx.request("/api/client-errors", {
      method: "POST",
      ip: "10.25.0.4",
      json: report("http://localhost:3000/"),
    });
    expect(other.status).toBe(204);
  });
});

describe("N10: per-user caps on the community and checkout event streams", () => {
  /** Opens `path` as an event stream; `close` aborts it like a closed tab. */
  async function openStream(path: string, cookie: string) {
    const controller = new AbortController();
    const response = await ctx.request(path, { cookie, signal: controller.signal });
    return { response, close: () => controller.abort() };
  }

  /** Opens MAX_STREAMS_PER_USER streams, checks the next is 429, frees one and opens it again. */
  async function expectCapped(path: string, cookie: string) {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await openStream(path, cookie);
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const over = await openStream(path, cookie);
    expect(over.response.status).toBe(429);
    const error = await errorOf(over.response);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe(TOO_MANY_STREAMS_MESSAGE);
    open.shift()?.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const again = await openStream(path, cookie);
    expect(again.response.status).toBe(200);
    open.push(again);
    for (const stream of open) stream.close();
  }

  it("a discussion's stream: 10 per user, then 429; closing one frees a slot", async () => {
    const created = await ctx.request("/api/community/discussions", {
      method: "POST",
      cookie: cara.cookie,
      json: { title: "Streams", body: "How many tabs?", courseId },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await expectCapped(`/api/community/discussions/${id}/events`, cara.cookie);
    const other = await signUpAndSignIn(ctx, { name: "Other Tab User" });
    await ctx.request(`/api/courses/${courseId}/enroll`, { method: "POST", cookie: other.cookie });
    const otherStream = await openStream(`/api/community/discussions/${id}/events`, other.cookie);
    expect(otherStream.response.status).toBe(200);
    otherStream.close();
  });

  it("a checkout's stream: 10 per user, then 429; closing one frees a slot", async () => {
    const buyer = await signUpAndSignIn(ctx, { name: "Buyer Tabs" });
    const reference = "SECTWXAB";
    await ctx.runtime.db.insert(orders).values({
      reference,
      course_id: courseId,
      student_id: buyer.userId,
      list_amount: 100000,
      amount: 100000,
      currency: "VND",
      expires_at: new Date(Date.now() + 3600_000),
    });
    await expectCapped(`/api/checkout/${reference}/events`, buyer.cookie);
  });
});

describe("N11: rate limits on help tickets, replies and contact-instructor e-mails", () => {
  async function mailCount() {
    return (await ctx.runtime.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
  }

  it("new tickets: TICKETS_PER_HOUR an hour, then 429 with a readable message", async () => {
    const eve = await signUpAndSignIn(ctx, { name: "Ticket Eve" });
    const statuses: number[] = [];
    for (let i = 0; i < TICKETS_PER_HOUR + 2; i++) {
      const response = await ctx.request("/api/help/tickets", {
        method: "POST",
        cookie: eve.cookie,
        json: { subject: `Help ${i}`, description: "Please help" },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        const error = await errorOf(response);
        expect(error.code).toBe("RATE_LIMITED");
        expect(error.message).toBe(HELP_MESSAGES.tooManyTickets);
        expect(error.reason).toBe("help.tooManyTickets");
      }
    }
    expect(statuses).toEqual([...Array(TICKETS_PER_HOUR).fill(201), 429, 429]);
  });

  it("replies to one's own ticket: TICKET_REPLIES_PER_HOUR an hour, then 429 and no more e-mails", async () => {
    const ed = await signUpAndSignIn(ctx, { name: "Reply Ed" });
    const ticket = await ctx.request("/api/help/tickets", {
      method: "POST",
      cookie: ed.cookie,
      json: { subject: "Flood", description: "Replies" },
    });
    const { id } = (await ticket.json()) as { id: string };
    const reply = () =>
      ctx.request(`/api/help/tickets/${id}/replies`, {
        method: "POST",
        cookie: ed.cookie,
        json: { body: "ping" },
      });
    for (let i = 0; i < TICKET_REPLIES_PER_HOUR; i++) expect((await reply()).status).toBe(201);
    const mailsBefore = await mailCount();
    const over = await reply();
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toBe(HELP_MESSAGES.tooManyReplies);
    expect(await mailCount()).toBe(mailsBefore);
  });

  it("contact instructor: TICKETS_PER_HOUR e-mails an hour, then 429 and no e-mail", async () => {
    const sue = await signUpAndSignIn(ctx, { name: "Contact Sue" });
    expect(
      (await ctx.request(`/api/courses/${courseId}/enroll`, { method: "POST", cookie: sue.cookie })).status,
    ).toBe(200);
    const contact = () =>
      ctx.request("/api/help/contact-instructor", {
        method: "POST",
        cookie: sue.cookie,
        json: { subject: "Question", message: "Hello", courseId },
      });
    for (let i = 0; i < TICKETS_PER_HOUR; i++) expect((await contact()).status).toBe(201);
    const mailsBefore = await mailCount();
    const over = await contact();
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toBe(HELP_MESSAGES.tooManyTickets);
    expect(await mailCount()).toBe(mailsBefore);
  });
});

describe("N8: an invite-only study group's sessions and links only for members", () => {
  it("a course student who is not a member sees no next session in the list or the detail", async () => {
    const owner = await signUpAndSignIn(ctx, { name: "Group Owner" });
    const outsider = await signUpAndSignIn(ctx, { name: "Group Outsider" });
    for (const who of [owner, outsider]) {
      const enrolled = await ctx.request(`/api/courses/${courseId}/enroll`, {
        method: "POST",
        cookie: who.cookie,
      });
      expect(enrolled.status).toBe(200);
    }
    const nextSessionOf = async (who: Account, id: string) => {
      const list = (await (
        await ctx.request(`/api/study-groups?courseId=${courseId}`, { cookie: who.cookie })
      ).json()) as {
        groups: Array<{ id: string; nextSession: { link: string | null } | null }>;
      };
      const detail = await ctx.request(`/api/study-groups/${id}`, { cookie: who.cookie });
      expect(detail.status).toBe(200);
      const body = (await detail.json()) as {
        nextSession: { link: string | null } | null;
        sessions: unknown[];
      };
      return {
        inList: list.groups.find((g) => g.id === id)?.nextSession ?? null,
        inDetail: body.nextSession,
      };
    };
    const groupOf = async (visibility: "open" | "invite") => {
      const created = await ctx.request("/api/study-groups", {
        method: "POST",
        cookie: owner.cookie,
        json: { name: `Group ${visibility}`, courseId, capacity: 5, visibility },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const session = await ctx.request(`/api/study-groups/${id}/sessions`, {
        method: "POST",
        cookie: owner.cookie,
        json: {
          title: "Secret session",
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          link: "https://meet.example/secret",
        },
      });
      expect(session.status).toBe(201);
      return id;
    };
    const invite = await groupOf("invite");
    expect(await nextSessionOf(outsider, invite)).toEqual({ inList: null, inDetail: null });
    const ownView = await nextSessionOf(owner, invite);
    expect(ownView.inList?.link).toBe("https://meet.example/secret");
    expect(ownView.inDetail?.link).toBe("https://meet.example/secret");
    const creatorView = await nextSessionOf(cara, invite);
    expect(creatorView.inDetail?.link).toBe("https://meet.example/secret");
    // An open group still shows its next session to the course's students.
    const open = await groupOf("open");
    expect((await nextSessionOf(outsider, open)).inDetail).not.toBeNull();
  });
});

describe("N14: the helper achievement counts only answers accepted by someone else", () => {
  it("three self-marked answers earn nothing; an answer accepted by another student counts", async () => {
    const nina = await signUpAndSignIn(ctx, { name: "Self Helper" });
    const olga = await signUpAndSignIn(ctx, { name: "Asking Olga" });
    for (const who of [nina, olga]) {
      await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
      const enrolled = await ctx.request(`/api/courses/${courseId}/enroll`, {
        method: "POST",
        cookie: who.cookie,
      });
      expect(enrolled.status).toBe(200);
    }
    const post = async (who: Account, title: string) => {
      const response = await ctx.request("/api/community/discussions", {
        method: "POST",
        cookie: who.cookie,
        json: { title, body: "Question?", courseId },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const reply = async (who: Account, discussionId: string) => {
      const response = await ctx.request(`/api/community/discussions/${discussionId}/replies`, {
        method: "POST",
        cookie: who.cookie,
        json: { body: "The answer" },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const mark = async (who: Account, discussionId: string, replyId: string) => {
      const response = await ctx.request(`/api/community/discussions/${discussionId}/answer`, {
        method: "PUT",
        cookie: who.cookie,
        json: { replyId },
      });
      expect(response.status).toBe(200);
    };
    const helper = async () => {
      const response = await ctx.request("/api/community/achievements", { cookie: nina.cookie });
      const list = achievementListSchema.parse(await response.json());
      return list.achievements.find((a) => a.id === "helper");
    };
    for (let i = 0; i < 3; i++) {
      const discussionId = await post(nina, `Own question ${i}`);
      await mark(nina, discussionId, await reply(nina, discussionId));
    }
    expect(await helper()).toMatchObject({ earned: false, current: 0 });
    const asked = await post(olga, "Olga asks");
    await mark(olga, asked, await reply(nina, asked));
    expect(await helper()).toMatchObject({ earned: false, current: 1 });
  });
});
