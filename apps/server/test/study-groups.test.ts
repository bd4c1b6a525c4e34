import {
  type ErrorBody,
  STUDY_GROUP_MESSAGES,
  type StudyGroupDetail,
  studyGroupDetailSchema,
  studyGroupListSchema,
} from "@academy/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, studyGroupMembers, studyGroups } from "../src/db/schema/index.ts";
import {
  createTestContext,
  oneLessonDraft,
  publishCourse,
  signUpAndSignIn,
  type TestContext,
} from "./harness.ts";

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signUpAndSignIn>>;
let cara: Account; // creator of course A
let dan: Account; // another creator
let stu: Account; // enrolled in A (group owner)
let sam: Account; // enrolled in A
let una: Account; // not enrolled
let courseA: string;
const crowd: Account[] = [];

function call(who: Account | null, method: string, pathname: string, json?: unknown) {
  return ctx.request(pathname, { method, cookie: who?.cookie, json });
}
async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}
async function enrol(who: Account, id: string) {
  const response = await call(who, "POST", `/api/courses/${id}/enroll`);
  if (response.status !== 200) throw new Error(`enrol failed: ${response.status}`);
}
async function create(who: Account, input: Record<string, unknown>): Promise<StudyGroupDetail> {
  const response = await call(who, "POST", "/api/study-groups", input);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return studyGroupDetailSchema.parse(await response.json());
}

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_MAX: "1000" });
  cara = await signUpAndSignIn(ctx, { name: "Teacher Cara" });
  dan = await signUpAndSignIn(ctx, { name: "Teacher Dan" });
  stu = await signUpAndSignIn(ctx, { name: "Stu" });
  sam = await signUpAndSignIn(ctx, { name: "Sam" });
  una = await signUpAndSignIn(ctx, { name: "Una" });
  for (const who of [stu, sam, una])
    await ctx.runtime.db.update(profiles).set({ role: "student" }).where(eq(profiles.user_id, who.userId));
  courseA = await publishCourse(ctx, cara.cookie, oneLessonDraft("Groups course"));
  await enrol(stu, courseA);
  await enrol(sam, courseA);
  for (let i = 0; i < 6; i += 1) {
    const who = await signUpAndSignIn(ctx, { name: `Crowd ${i}` });
    await enrol(who, courseA);
    crowd.push(who);
  }
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe("study groups (issue 13 §3)", () => {
  it("validates input with clear messages and writes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: " ", courseId: courseA, capacity: 5 }, STUDY_GROUP_MESSAGES.nameRequired],
      [{ name: "x".repeat(100_000), courseId: courseA, capacity: 5 }, STUDY_GROUP_MESSAGES.nameTooLong],
      [{ name: "ok", courseId: courseA, capacity: 1 }, STUDY_GROUP_MESSAGES.capacity],
      [{ name: "ok", courseId: courseA, capacity: 101 }, STUDY_GROUP_MESSAGES.capacity],
      [{ name: "a\u0000b", courseId: courseA, capacity: 5 }, STUDY_GROUP_MESSAGES.nulCharacter],
    ];
    for (const [input, message] of cases) {
      const response = await call(stu, "POST", "/api/study-groups", input);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const [{ n }] = await ctx.runtime.db.select({ n: count() }).from(studyGroups);
    expect(Number(n)).toBe(0);
  });

  it("authorization: anonymous 401; outsiders and other creators 403; members see members", async () => {
    const group = await create(stu, {
      name: "Night owls",
      description: "We study late",
      courseId: courseA,
      capacity: 5,
    });
    expect(group).toMatchObject({ memberCount: 1, isOwner: true, isMember: true });
    expect((await call(null, "GET", "/api/study-groups")).status).toBe(401);
    expect((await call(null, "POST", `/api/study-groups/${group.id}/join`, {})).status).toBe(401);
    for (const who of [una, dan]) {
      expect((await call(who, "GET", `/api/study-groups/${group.id}`)).status).toBe(403);
      expect((await call(who, "POST", `/api/study-groups/${group.id}/join`, {})).status).toBe(403);
      expect(
        (await call(who, "POST", "/api/study-groups", { name: "x", courseId: courseA, capacity: 3 })).status,
      ).toBe(403);
      const list = studyGroupListSchema.parse(await (await call(who, "GET", "/api/study-groups")).json());
      expect(list.groups.map((g) => g.id)).not.toContain(group.id);
    }
    // A non-member sees the group but not its members or invite token.
    const outside = studyGroupDetailSchema.parse(
      await (await call(sam, "GET", `/api/study-groups/${group.id}`)).json(),
    );
    expect(outside.members).toEqual([]);
    expect(outside.inviteToken).toBeNull();
    // Only the owner or the course's creator removes others; the owner cannot leave.
    const join = await call(sam, "POST", `/api/study-groups/${group.id}/join`, {});
    expect(studyGroupDetailSchema.parse(await join.json()).members.map((m) => m.id)).toContain(sam.userId);
    expect(
      (await call(sam, "POST", `/api/study-groups/${group.id}/leave`, { memberId: stu.userId })).status,
    ).toBe(403);
    const ownerLeaves = await call(stu, "POST", `/api/study-groups/${group.id}/leave`, {});
    expect(ownerLeaves.status).toBe(400);
    expect((await errorOf(ownerLeaves)).message).toBe(STUDY_GROUP_MESSAGES.ownerCannotLeave);
  });

  it("joins race to exactly the capacity; a removed member loses the group's discussions at once", async () => {
    const group = await create(stu, { name: "Small", courseId: courseA, capacity: 4 });
    const results = await Promise.all(
      [...crowd, sam].map((who) => call(who, "POST", `/api/study-groups/${group.id}/join`, {})),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const full = results.filter((r) => r.status === 409);
    expect(full).toHaveLength(4);
    expect((await errorOf(full[0])).message).toBe(STUDY_GROUP_MESSAGES.full);
    const [row] = await ctx.runtime.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    const [{ n }] = await ctx.runtime.db
      .select({ n: count() })
      .from(studyGroupMembers)
      .where(eq(studyGroupMembers.group_id, group.id));
    expect(row.member_count).toBe(4);
    expect(Number(n)).toBe(4);

    // Group discussion: members only; the course's creator moderates.
    const rows = await ctx.runtime.db
      .select()
      .from(studyGroupMembers)
      .where(eq(studyGroupMembers.group_id, group.id));
    const ids = new Set(rows.map((r) => r.user_id));
    const joiners = [...crowd, sam];
    const member = joiners.find((w) => ids.has(w.userId)) as Account;
    const outsider = joiners.find((w) => !ids.has(w.userId)) as Account;
    const post = await call(member, "POST", "/api/community/discussions", {
      title: "Group plan",
      body: "Week 1",
      groupId: group.id,
    });
    expect(post.status).toBe(201);
    const discussionId = ((await post.json()) as { id: string }).id;
    expect((await call(outsider, "GET", `/api/community/discussions/${discussionId}`)).status).toBe(403);
    expect((await call(cara, "GET", `/api/community/discussions/${discussionId}`)).status).toBe(200);
    // Not in the course-wide list, only in the group's.
    const courseList = (await (
      await call(member, "GET", `/api/community/discussions?courseId=${courseA}`)
    ).json()) as {
      items: { id: string }[];
    };
    expect(courseList.items.map((d) => d.id)).not.toContain(discussionId);
    const groupList = (await (
      await call(member, "GET", `/api/community/discussions?groupId=${group.id}`)
    ).json()) as {
      items: { id: string }[];
    };
    expect(groupList.items.map((d) => d.id)).toEqual([discussionId]);

    expect(
      (await call(stu, "POST", `/api/study-groups/${group.id}/leave`, { memberId: member.userId })).status,
    ).toBe(200);
    expect((await call(member, "GET", `/api/community/discussions/${discussionId}`)).status).toBe(403);
    const [after] = await ctx.runtime.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(after.member_count).toBe(3);
  });

  it("invite-only groups need the token; sessions download as .ics for members only", async () => {
    const group = await create(stu, {
      name: "Invite only",
      courseId: courseA,
      capacity: 3,
      visibility: "invite",
    });
    expect(group.inviteToken).toBeTruthy();
    const refused = await call(sam, "POST", `/api/study-groups/${group.id}/join`, {});
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(STUDY_GROUP_MESSAGES.inviteRequired);
    expect(
      (await call(sam, "POST", `/api/study-groups/${group.id}/join`, { inviteToken: "wrong" })).status,
    ).toBe(403);
    expect(
      (await call(sam, "POST", `/api/study-groups/${group.id}/join`, { inviteToken: group.inviteToken }))
        .status,
    ).toBe(200);

    const past = await call(stu, "POST", `/api/study-groups/${group.id}/sessions`, {
      title: "Old",
      startsAt: "2020-01-01T10:00:00Z",
    });
    expect(past.status).toBe(400);
    expect((await errorOf(past)).message).toBe(STUDY_GROUP_MESSAGES.sessionInPast);
    const badLink = await call(stu, "POST", `/api/study-groups/${group.id}/sessions`, {
      title: "Bad",
      startsAt: "2030-01-01T10:00:00Z",
      link: "javascript:alert(1)",
    });
    expect(badLink.status).toBe(400);
    const created = await call(sam, "POST", `/api/study-groups/${group.id}/sessions`, {
      title: "Review week 1",
      startsAt: "2030-03-04T12:30:00+07:00",
      durationMinutes: 90,
      link: "https://meet.example.com/abc",
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as { id: string; startsAt: string };
    expect(session.startsAt).toBe("2030-03-04T05:30:00.000Z");
    const detail = studyGroupDetailSchema.parse(
      await (await call(stu, "GET", `/api/study-groups/${group.id}`)).json(),
    );
    expect(detail.nextSession?.id).toBe(session.id);

    const ics = await call(sam, "GET", `/api/study-group-sessions/${session.id}.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect(ics.headers.get("content-disposition")).toContain(".ics");
    const text = await ics.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("DTSTART:20300304T053000Z");
    expect(text).toContain("Review week 1");
    expect(text).toContain("DURATION:PT90M");
    for (const who of [crowd[5], una, dan])
      expect((await call(who, "GET", `/api/study-group-sessions/${session.id}.ics`)).status).toBe(403);
    expect((await call(null, "GET", `/api/study-group-sessions/${session.id}.ics`)).status).toBe(401);
  });
});
